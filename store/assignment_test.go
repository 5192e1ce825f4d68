package store

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"sync"
	"testing"
	"time"

	"feedlab/store/db"
)

// clock is a fake clock for the store.
type clock struct{ at time.Time }

func (c *clock) now() time.Time          { return c.at }
func (c *clock) advance(d time.Duration) { c.at = c.at.Add(d) }
func withClock(s *Store) *clock {
	c := &clock{at: time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)}
	s.now = c.now
	return c
}
func firstOfTies(s *Store) *int {
	ties := new(int)
	s.pickTie = func(n int) int { *ties = n; return 0 }
	return ties
}

func register(t *testing.T, s *Store, id string, ents []Entity, user string, n int, a Assignment) (Participant, error) {
	t.Helper()
	p, _, err := s.RegisterParticipant(context.Background(), Registration{ExperimentID: id, UserID: user, NConditions: n, Assignment: a}, composeAll(ents))
	return p, err
}

func mustRegister(t *testing.T, s *Store, id string, ents []Entity, user string, n int, a Assignment) Participant {
	t.Helper()
	p, err := register(t, s, id, ents, user, n, a)
	if err != nil {
		t.Fatalf("register %s: %v", user, err)
	}
	return p
}

// touchOutsideWriter is touchParticipants with nothing remembered, as a test's own
// transaction has it.
func touchOutsideWriter(ctx context.Context, q *db.Queries, touches map[int64]*touch, now int64) error {
	_, err := touchParticipants(ctx, q, &knownParticipants{m: map[int64]knownParticipant{}}, touches, now)
	return err
}

// seen records an event of participant id at the store's clock, as the event writer does.
func seen(t *testing.T, s *Store, id int64) {
	t.Helper()
	err := s.withTx(context.Background(), func(q *db.Queries) error {
		return touchOutsideWriter(context.Background(), q, map[int64]*touch{id: {}}, s.millis())
	})
	if err != nil {
		t.Fatal(err)
	}
}

func TestAssignmentCountsCompletedAndRecentlyActive(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	c := withClock(s)
	ties := firstOfTies(s)
	id, ents := seedStudy(t, s, 2)
	a := Assignment{ActiveWindow: 30 * time.Minute}

	p1 := mustRegister(t, s, id, ents, "p1", 2, a)
	if p1.Condition != 1 || *ties != 2 {
		t.Fatalf("first arrival: condition %d after a tie of %d", p1.Condition, *ties)
	}
	for i := 0; i < 5; i++ { // test participants never count
		if _, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: fmt.Sprint("test", i), NConditions: 2, IsTest: true, Condition: 2}, composeAll(ents)); err != nil {
			t.Fatal(err)
		}
	}
	c.advance(time.Minute)
	p2 := mustRegister(t, s, id, ents, "p2", 2, a)
	if p2.Condition != 2 || *ties != 1 {
		t.Fatalf("p1 is active: p2 got condition %d (ties %d), want 2", p2.Condition, *ties)
	}
	if err := s.CompleteParticipant(ctx, p2.ParticipantID, ""); err != nil {
		t.Fatal(err)
	}
	c.advance(19 * time.Minute)
	seen(t, s, p1.ParticipantID) // an event at minute 20 keeps p1 active until minute 50

	c.advance(25 * time.Minute) // minute 45: p1 active, p2 completed: a tie
	*ties = 0
	p3 := mustRegister(t, s, id, ents, "p3", 2, a)
	if *ties != 2 {
		t.Fatalf("minute 45: want a tie between both conditions, got condition %d (ties %d)", p3.Condition, *ties)
	}
	// p3 took condition 1 (first of the tie). At minute 85 both p1 and p3 are inactive:
	// condition 1 counts nobody, condition 2 its completed participant.
	c.advance(40 * time.Minute)
	p4 := mustRegister(t, s, id, ents, "p4", 2, a)
	if p4.Condition != 1 || *ties != 1 {
		t.Fatalf("minute 85: p4 got condition %d (ties %d), want 1", p4.Condition, *ties)
	}

	// A returned participant frees their place: condition 2 now counts nobody, condition 1 p4.
	if err := s.SetExitState(ctx, p2.ParticipantID, ExitReturned); err != nil {
		t.Fatal(err)
	}
	p5 := mustRegister(t, s, id, ents, "p5", 2, a)
	if p5.Condition != 2 {
		t.Fatalf("after p2 returned: p5 got condition %d, want 2", p5.Condition)
	}

	// Under the arrivals rule every place-holding arrival counts: 1: p1, p3, p4; 2: p5.
	p6 := mustRegister(t, s, id, ents, "p6", 2, Assignment{ByArrivals: true})
	if p6.Condition != 2 {
		t.Fatalf("arrivals rule: p6 got condition %d, want 2", p6.Condition)
	}
	// A window of 0 counts completed participants only: nobody, so a tie.
	*ties = 0
	mustRegister(t, s, id, ents, "p7", 2, Assignment{CompletedOnly: true})
	if *ties != 2 {
		t.Fatalf("window 0: want a tie, got %d", *ties)
	}
}

func TestSetExitStateRefusesUnknownStatesAndParticipants(t *testing.T) {
	s := openTest(t)
	id, ents := seedStudy(t, s, 1)
	p := mustRegister(t, s, id, ents, "u", 1, Assignment{})
	if err := s.SetExitState(context.Background(), p.ParticipantID, "paid"); err == nil {
		t.Fatal("unknown state accepted")
	}
	if err := s.SetExitState(context.Background(), 9999, ExitReturned); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown participant: %v", err)
	}
	if err := s.CompleteParticipant(context.Background(), p.ParticipantID, ""); err != nil {
		t.Fatal(err)
	}
	got, _ := s.Participant(context.Background(), id, "u")
	if got.ExitState != ExitCompleted {
		t.Fatalf("exit state after completion %q", got.ExitState)
	}
}

func TestQuotasTurnArrivalsAwayAndCloseTheStudy(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	withClock(s)
	id, ents := seedStudy(t, s, 2)
	a := Assignment{ActiveWindow: 30 * time.Minute, Quotas: []int{1, 1}}
	p1 := mustRegister(t, s, id, ents, "p1", 2, a)
	p2 := mustRegister(t, s, id, ents, "p2", 2, a)
	if p1.Condition == p2.Condition {
		t.Fatalf("both in condition %d", p1.Condition)
	}
	// Both places are held by participants in progress: over quota, but the study stays
	// open (either may still drop out).
	if _, err := register(t, s, id, ents, "p3", 2, a); !errors.Is(err, ErrOverQuota) {
		t.Fatalf("p3: %v, want ErrOverQuota", err)
	}
	if st, _ := s.Study(ctx, id); st.Status != StatusOpen {
		t.Fatalf("status %s while places are only held", st.Status)
	}
	if _, err := s.Participant(ctx, id, "p3"); !errors.Is(err, ErrNotFound) {
		t.Fatal("an over-quota arrival was registered")
	}
	for _, p := range []Participant{p1, p2} {
		if err := s.CompleteParticipant(ctx, p.ParticipantID, ""); err != nil {
			t.Fatal(err)
		}
	}
	closed, err := s.CloseIfQuotasReached(ctx, id, 2, a)
	if err != nil || !closed {
		t.Fatalf("close: %v %v", closed, err)
	}
	if st, _ := s.Study(ctx, id); st.Status != StatusClosed {
		t.Fatalf("status %s after the quotas were reached", st.Status)
	}
	log, err := s.AuditLog(ctx, id)
	if err != nil || len(log) == 0 || log[len(log)-1].Action != AuditStatus || log[len(log)-1].Detail != QuotaReachedDetail {
		t.Fatalf("audit log %+v %v", log, err)
	}
	// Later arrivals still get the over-quota exit, not "not accepting"; a registered
	// participant still gets their record.
	if _, err := register(t, s, id, ents, "p4", 2, a); !errors.Is(err, ErrOverQuota) {
		t.Fatalf("p4: %v, want ErrOverQuota", err)
	}
	if _, err := register(t, s, id, ents, "p1", 2, a); err != nil {
		t.Fatalf("registered participant after closing: %v", err)
	}
}

func TestQuotaTotalClosesAtArrival(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	withClock(s)
	id, ents := seedStudy(t, s, 2)
	a := Assignment{ActiveWindow: 30 * time.Minute, QuotaTotal: 1}
	p := mustRegister(t, s, id, ents, "p1", 2, a)
	if err := s.CompleteParticipant(ctx, p.ParticipantID, ""); err != nil {
		t.Fatal(err)
	}
	if _, err := register(t, s, id, ents, "p2", 2, a); !errors.Is(err, ErrOverQuota) {
		t.Fatalf("p2: %v", err)
	}
	if st, _ := s.Study(ctx, id); st.Status != StatusClosed {
		t.Fatalf("status %s", st.Status)
	}
}

// simulate runs arrivals one every 20 s, each session lasting 5 to 25 minutes, with
// dropout rates per condition; dropouts leave after their first minutes without another
// event. It answers the completers per condition once every session has ended.
func simulate(t *testing.T, a Assignment, arrivals int, dropout []float64) []int {
	s := openSimulation(t)
	ctx := context.Background()
	c := withClock(s)
	rng := rand.New(rand.NewPCG(1, 2))
	s.pickTie = rng.IntN
	n := len(dropout)
	id, ents := seedStudy(t, s, n)
	type pending struct {
		at        time.Time
		id        int64
		completes bool
	}
	var queue []pending
	finishDue := func(until time.Time) {
		rest := queue[:0]
		for _, p := range queue {
			if p.at.After(until) {
				rest = append(rest, p)
				continue
			}
			if p.completes {
				if err := s.CompleteParticipant(ctx, p.id, ""); err != nil {
					t.Fatal(err)
				}
			}
		}
		queue = rest
	}
	for i := 0; i < arrivals; i++ {
		c.advance(20 * time.Second)
		finishDue(c.at)
		p, err := register(t, s, id, ents, fmt.Sprint("u", i), n, a)
		if errors.Is(err, ErrOverQuota) {
			continue // sent to the over-quota exit
		}
		if err != nil {
			t.Fatal(err)
		}
		completes := rng.Float64() >= dropout[p.Condition-1]
		queue = append(queue, pending{at: c.at.Add(time.Duration(5+rng.IntN(20)) * time.Minute), id: p.ParticipantID, completes: completes})
	}
	finishDue(c.at.Add(24 * time.Hour))
	out := make([]int, n)
	for i := range arrivals {
		p, _ := s.Participant(ctx, id, fmt.Sprint("u", i))
		if p.CompletedAt.Valid {
			out[p.Condition-1]++
		}
	}
	return out
}

func spread(counts []int) int { return maxOf(counts) - minOf(counts) }
func maxOf(xs []int) int {
	m := xs[0]
	for _, x := range xs {
		m = max(m, x)
	}
	return m
}
func minOf(xs []int) int {
	m := xs[0]
	for _, x := range xs {
		m = min(m, x)
	}
	return m
}

// TestDropoutSimulation: about 2,000 arrivals, 30% dropout on average spread unevenly over
// three conditions (10%, 30%, 50%).
//
// The first run is how a study recruits on Prolific: the platform holds the places the
// researcher bought, and a participant who returns or times out has their place reopened
// and refilled by a new arrival; participants send events while they take part and
// dropouts go quiet. Under the default rule (completed plus active in the last 30 minutes,
// no quota) the study ends with completers within ±1 of each other; the old rule (all
// arrivals) ends far apart.
//
// The second run is a stream of 2,000 arrivals to a study with a quota of 350 per
// condition: it ends with exactly the quota everywhere.
func TestDropoutSimulation(t *testing.T) {
	if testing.Short() {
		t.Skip("2,000 registrations")
	}
	dropout := []float64{0.1, 0.3, 0.5}
	places := platform{places: 1350, timeout: 40 * time.Minute}
	// The three simulations are independent (each its own store, clock and tie-break),
	// so they run side by side; the group returns when all three are done.
	var completed, byArrivals, withQuota []int
	var arrivals, arrivalsOld int
	t.Run("simulations", func(t *testing.T) {
		t.Run("balanced-completed", func(t *testing.T) {
			t.Parallel()
			completed, arrivals = simulatePlaces(t, Assignment{ActiveWindow: 30 * time.Minute}, places, dropout)
		})
		t.Run("balanced-arrivals", func(t *testing.T) {
			t.Parallel()
			byArrivals, arrivalsOld = simulatePlaces(t, Assignment{ByArrivals: true}, places, dropout)
		})
		t.Run("quota", func(t *testing.T) {
			t.Parallel()
			withQuota = simulate(t, Assignment{ActiveWindow: 30 * time.Minute, Quotas: []int{350, 350, 350}}, 2000, dropout)
		})
	})
	if t.Failed() {
		return
	}
	t.Logf("platform with %d places: completers %v after %d arrivals (balanced-completed), %v after %d (balanced-arrivals); 2,000 arrivals with quota 350: %v",
		places.places, completed, arrivals, byArrivals, arrivalsOld, withQuota)
	if spread(completed) > 1 {
		t.Fatalf("balanced-completed: completers %v are not within ±1", completed)
	}
	if arrivals < 1800 {
		t.Fatalf("only %d arrivals: the simulation is smaller than the issue's", arrivals)
	}
	if spread(byArrivals) < 100 {
		t.Fatalf("the simulation is too easy: the old rule already balances completers %v", byArrivals)
	}
	if spread(withQuota) > 1 || minOf(withQuota) < 349 {
		t.Fatalf("completers %v are not within ±1 of the quota", withQuota)
	}
}

// openSimulation opens a store for a simulation in memory-backed storage (/dev/shm) when
// the machine has it: the simulations test the assignment rule over thousands of
// registrations, not durability, and each registration's fsync was half their time. It is
// the same SQLite file format and code path; only the disk under it is faster.
func openSimulation(t *testing.T) *Store {
	t.Helper()
	dir := ""
	if fi, err := os.Stat("/dev/shm"); err == nil && fi.IsDir() {
		if d, err := os.MkdirTemp("/dev/shm", "feedlab-sim-"); err == nil {
			dir = d
			t.Cleanup(func() { os.RemoveAll(d) })
		}
	}
	if dir == "" {
		dir = t.TempDir()
	}
	s, err := Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// platform is a recruitment platform that keeps a number of places filled: a participant
// holds a place from arrival until they complete (for good) or until the platform's time
// limit passes without a completion (then the place reopens for someone new, as Prolific
// does for returns and time-outs).
type platform struct {
	places  int
	timeout time.Duration
}

// simulatePlaces runs a study recruited through p: while a place is open a participant
// arrives every 20 s; a completer takes 5 to 25 minutes and sends an event every minute, a
// dropout sends events for 1 to 5 minutes and then nothing. It ends when every place is
// completed, and answers the completers per condition and the number of arrivals.
func simulatePlaces(t *testing.T, a Assignment, p platform, dropout []float64) ([]int, int) {
	s := openSimulation(t)
	ctx := context.Background()
	c := withClock(s)
	rng := rand.New(rand.NewPCG(3, 4))
	s.pickTie = rng.IntN
	n := len(dropout)
	id, ents := seedStudy(t, s, n)
	type session struct {
		id           int64
		condition    int
		quietAt      time.Time // no more events from then on
		completesAt  time.Time // zero for a dropout
		placeFreedAt time.Time // a dropout's place reopens on the platform
	}
	var live []session
	completed := make([]int, n)
	done, arrivals := 0, 0
	for tick := 0; done < p.places; tick++ {
		if tick > 100_000 {
			t.Fatalf("no end after %d ticks: %v completed", tick, completed)
		}
		c.advance(20 * time.Second)
		active := map[int64]*touch{}
		rest := live[:0]
		for _, ses := range live {
			switch {
			case !ses.completesAt.IsZero() && !ses.completesAt.After(c.at):
				if err := s.CompleteParticipant(ctx, ses.id, ""); err != nil {
					t.Fatal(err)
				}
				completed[ses.condition-1]++
				done++
				continue
			case ses.completesAt.IsZero() && !ses.placeFreedAt.After(c.at):
				continue // the platform reopened the place
			}
			if tick%3 == 0 && ses.quietAt.After(c.at) {
				active[ses.id] = &touch{}
			}
			rest = append(rest, ses)
		}
		live = rest
		if len(active) > 0 {
			err := s.withTx(ctx, func(q *db.Queries) error { return touchOutsideWriter(ctx, q, active, s.millis()) })
			if err != nil {
				t.Fatal(err)
			}
		}
		if done+len(live) >= p.places {
			continue // every place is taken
		}
		part := mustRegister(t, s, id, ents, fmt.Sprint("u", arrivals), n, a)
		arrivals++
		ses := session{id: part.ParticipantID, condition: int(part.Condition)}
		if rng.Float64() < dropout[part.Condition-1] {
			ses.quietAt = c.at.Add(time.Duration(1+rng.IntN(5)) * time.Minute)
			ses.placeFreedAt = c.at.Add(p.timeout)
		} else {
			ses.completesAt = c.at.Add(time.Duration(5+rng.IntN(21)) * time.Minute)
			ses.quietAt = ses.completesAt
		}
		live = append(live, ses)
	}
	return completed, arrivals
}

// TestConcurrentArrivalsStayBalanced: 100 simultaneous arrivals over 4 conditions.
func TestConcurrentArrivalsStayBalanced(t *testing.T) {
	s := openTest(t)
	id, ents := seedStudy(t, s, 4)
	a := Assignment{ActiveWindow: 30 * time.Minute}
	var wg sync.WaitGroup
	conds := make([]int, 100)
	errs := make([]error, 100)
	for i := range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, _, err := s.RegisterParticipant(context.Background(), Registration{ExperimentID: id, UserID: fmt.Sprint("u", i), NConditions: 4, Assignment: a}, composeAll(ents))
			conds[i], errs[i] = int(p.Condition), err
		}()
	}
	wg.Wait()
	counts := make([]int, 4)
	for i, c := range conds {
		if errs[i] != nil {
			t.Fatal(errs[i])
		}
		counts[c-1]++
	}
	if spread(counts) != 0 {
		t.Fatalf("100 simultaneous arrivals split %v, want 25 each", counts)
	}
}

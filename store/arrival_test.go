package store

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"
)

// TestComposingHoldsNoWriter: a participant's feed is composed while nothing holds the
// single writer, so a slow ranking (a researcher's script at its time bound) never stops
// other participants' events (issue 20, item 1). Before, composition ran inside the
// registration's write transaction and the event below waited for it.
func TestComposingHoldsNoWriter(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	other, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "other", NConditions: 1}, composeAll(ents))
	if err != nil {
		t.Fatal(err)
	}

	composing, release := make(chan struct{}), make(chan struct{})
	slow := func(ctx context.Context, c int, seed uint64, e EntityLookup) ([]InventoryItem, error) {
		close(composing)
		<-release
		return composeAll(ents)(ctx, c, seed, e)
	}
	done := make(chan error, 1)
	go func() {
		_, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "slow", NConditions: 1}, slow)
		done <- err
	}()
	<-composing

	// While the slow feed is being composed, another participant's event commits.
	stored := make(chan error, 1)
	go func() {
		_, err := s.RecordEvent(ctx, Event{Answers: []Answer{{EventID: "e1", ParticipantID: other.ParticipantID, Kind: "checkpoint", Field: "x", Response: "1"}}})
		stored <- err
	}()
	select {
	case err := <-stored:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(5 * time.Second):
		close(release)
		t.Fatal("an event waited for another participant's feed to be composed: composition holds the writer")
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestSlowConcurrentArrivalsStayBalanced: arrivals composed at the same time see each other's
// reservations, so 60 at once over 3 conditions end 20/20/20, as the one-transaction
// registration did.
func TestSlowConcurrentArrivalsStayBalanced(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 3)
	slow := func(ctx context.Context, c int, seed uint64, e EntityLookup) ([]InventoryItem, error) {
		time.Sleep(20 * time.Millisecond)
		return composeAll(ents)(ctx, c, seed, e)
	}
	a := Assignment{ActiveWindow: 30 * time.Minute}
	var wg sync.WaitGroup
	for i := range 60 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: fmt.Sprintf("u%d", i), NConditions: 3, Assignment: a}, slow); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	counts := conditionCounts(t, s, id)
	if counts[1] != 20 || counts[2] != 20 || counts[3] != 20 {
		t.Fatalf("60 concurrent arrivals: %v, want 20 each", counts)
	}
	if len(s.reserved.pending) != 0 {
		t.Errorf("reservations left behind: %v", s.reserved.pending)
	}
}

func conditionCounts(t *testing.T, s *Store, id string) map[int64]int {
	t.Helper()
	rows, err := s.read.QueryContext(context.Background(), `SELECT condition, count(*) FROM participants WHERE experiment_id = ? GROUP BY condition`, id)
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var c int64
		var n int
		rows.Scan(&c, &n)
		out[c] = n
	}
	return out
}

// TestAFailedCompositionRegistersNothing: a ranking that fails leaves no participant, no
// reservation and no funnel count; the same person may retry.
func TestAFailedCompositionRegistersNothing(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 2)
	boom := errors.New("script ran over 200ms")
	failing := func(context.Context, int, uint64, EntityLookup) ([]InventoryItem, error) { return nil, boom }
	reg := Registration{ExperimentID: id, UserID: "u1", NConditions: 2, PlatformIDs: map[string]string{"PROLIFIC_PID": "pid1"}}
	if _, _, err := s.RegisterParticipant(ctx, reg, failing); !errors.Is(err, boom) {
		t.Fatalf("err = %v, want the composition's error", err)
	}
	if n := conditionCounts(t, s, id); len(n) != 0 {
		t.Fatalf("a failed composition registered %v", n)
	}
	if len(s.reserved.pending) != 0 {
		t.Errorf("reservation kept: %v", s.reserved.pending)
	}
	if _, created, err := s.RegisterParticipant(ctx, reg, composeAll(ents)); err != nil || !created {
		t.Fatalf("retry: created=%v err=%v", created, err)
	}
}

// TestOnePersonIsOneParticipant: within a study a platform person id names one
// participant (issue 20, item 3). The same PROLIFIC_PID from a second browser resumes the
// first participant (same condition, same feed); once they completed or left, a second
// arrival is ErrAlreadyTookPart and registers nothing. Test participants, unfilled
// placeholders and other studies are apart.
func TestOnePersonIsOneParticipant(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 3)
	reg := func(user string, ids map[string]string) Registration {
		return Registration{ExperimentID: id, UserID: user, NConditions: 3, PlatformIDs: ids}
	}
	first, created, err := s.RegisterParticipant(ctx, reg("browser-a", map[string]string{"PROLIFIC_PID": "PID004", "SESSION_ID": "s1"}), composeAll(ents))
	if err != nil || !created {
		t.Fatal(created, err)
	}
	// The phone: another user id, another session id, the same person.
	for i := range 6 {
		again, created, err := s.RegisterParticipant(ctx, reg(fmt.Sprintf("phone-%d", i), map[string]string{"PROLIFIC_PID": " PID004 ", "SESSION_ID": "s2"}), composeAll(ents))
		if err != nil || created || again.ParticipantID != first.ParticipantID || again.UserID != "browser-a" || again.Condition != first.Condition {
			t.Fatalf("second browser %d: %+v created=%v err=%v; want participant %d resumed", i, again, created, err, first.ParticipantID)
		}
	}
	// Lucid's rid and RID are one id; MTurk's workerId and Connect's participantId count.
	for _, ids := range []map[string]string{{"rid": "R1"}, {"workerId": "W1"}, {"participantId": "C1"}} {
		a, _, err := s.RegisterParticipant(ctx, reg("x-"+fmt.Sprint(ids), ids), composeAll(ents))
		if err != nil {
			t.Fatal(err)
		}
		other := map[string]string{}
		for k, v := range ids {
			if k == "rid" {
				k = "RID"
			}
			other[k] = v
		}
		b, created, err := s.RegisterParticipant(ctx, reg("y-"+fmt.Sprint(ids), other), composeAll(ents))
		if err != nil || created || b.ParticipantID != a.ParticipantID {
			t.Fatalf("%v: second arrival created=%v err=%v", ids, created, err)
		}
	}
	// Unfilled placeholders and empty values are nobody's id: each browser is its own.
	for _, v := range []string{"{{%PROLIFIC_PID%}}", "", "${workerId}"} {
		a, _, _ := s.RegisterParticipant(ctx, reg("ph-a"+v, map[string]string{"PROLIFIC_PID": v}), composeAll(ents))
		b, created, err := s.RegisterParticipant(ctx, reg("ph-b"+v, map[string]string{"PROLIFIC_PID": v}), composeAll(ents))
		if err != nil || !created || a.ParticipantID == b.ParticipantID {
			t.Fatalf("placeholder %q joined two browsers: created=%v err=%v", v, created, err)
		}
	}
	// A test participant with the same id is apart, and takes nobody's id.
	test, created, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "preview", NConditions: 3, IsTest: true, Condition: 2, PlatformIDs: map[string]string{"PROLIFIC_PID": "PID004"}}, composeAll(ents))
	if err != nil || !created || test.ParticipantID == first.ParticipantID {
		t.Fatalf("test participant: created=%v err=%v", created, err)
	}

	// Completed: a second arrival is refused and registers nothing.
	if err := s.CompleteParticipant(ctx, first.ParticipantID, ""); err != nil {
		t.Fatal(err)
	}
	before := conditionCounts(t, s, id)
	p, _, err := s.RegisterParticipant(ctx, reg("laptop", map[string]string{"PROLIFIC_PID": "PID004"}), composeAll(ents))
	if !errors.Is(err, ErrAlreadyTookPart) || p.ParticipantID != first.ParticipantID {
		t.Fatalf("after completion: %+v %v, want ErrAlreadyTookPart with the participant", p, err)
	}
	if after := conditionCounts(t, s, id); fmt.Sprint(after) != fmt.Sprint(before) {
		t.Fatalf("a refused arrival registered someone: %v → %v", before, after)
	}
	// The first browser itself still reloads its finished session.
	if p, _, err := s.RegisterParticipant(ctx, reg("browser-a", map[string]string{"PROLIFIC_PID": "PID004"}), composeAll(ents)); err != nil || !p.CompletedAt.Valid {
		t.Fatalf("the first browser's reload: %+v %v", p, err)
	}
	// A participant who returned the study (an exit state) is refused too.
	w, _, _ := s.RegisterParticipant(ctx, reg("ret-1", map[string]string{"PROLIFIC_PID": "PID777"}), composeAll(ents))
	if err := s.SetExitState(ctx, w.ParticipantID, ExitReturned); err != nil {
		t.Fatal(err)
	}
	if _, _, err := s.RegisterParticipant(ctx, reg("ret-2", map[string]string{"PROLIFIC_PID": "PID777"}), composeAll(ents)); !errors.Is(err, ErrAlreadyTookPart) {
		t.Fatalf("after a return: %v", err)
	}
	// The same id in another study is another participant.
	id2, _ := seedStudyNamed(t, s, 1)
	if _, created, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id2, UserID: "browser-a", NConditions: 1, PlatformIDs: map[string]string{"PROLIFIC_PID": "PID004"}}, composeAll(ents)); err != nil || !created {
		t.Fatalf("another study: created=%v err=%v", created, err)
	}
}

func seedStudyNamed(t *testing.T, s *Store, n int) (string, error) {
	t.Helper()
	id, err := s.CreateStudy(context.Background(), NewStudy{NConditions: n, Params: []Param{{Condition: 1, Param: "feed", Value: "scroll"}}})
	if err != nil {
		t.Fatal(err)
	}
	return id, nil
}

// TestSamePersonFromTwoBrowsersAtOnce: the same person id arriving from two browsers at
// the same moment makes one participant: the commit checks the id again.
func TestSamePersonFromTwoBrowsersAtOnce(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 2)
	slow := func(ctx context.Context, c int, seed uint64, e EntityLookup) ([]InventoryItem, error) {
		time.Sleep(30 * time.Millisecond)
		return composeAll(ents)(ctx, c, seed, e)
	}
	var wg sync.WaitGroup
	ids := make([]int64, 8)
	for i := range ids {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: fmt.Sprintf("b%d", i), NConditions: 2, PlatformIDs: map[string]string{"workerId": "A1B2C3"}}, slow)
			if err != nil {
				t.Error(err)
			}
			ids[i] = p.ParticipantID
		}()
	}
	wg.Wait()
	for _, v := range ids {
		if v != ids[0] {
			t.Fatalf("one worker from eight browsers at once became participants %v", ids)
		}
	}
	if n := conditionCounts(t, s, id); n[1]+n[2] != 1 {
		t.Fatalf("registered %v, want one participant", n)
	}
}

// TestMigrationGivesEachPersonIDToItsFirstParticipant: participants registered before
// migration 0014 keep their ids; a person registered twice (the old behaviour) is resumed
// as the first of them, and placeholders and test participants take no id.
func TestMigrationGivesEachPersonIDToItsFirstParticipant(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	s := openMigratedFrom(t, dir, "0014", []string{
		"PRAGMA user_version = 13",
		`INSERT INTO studies (experiment_id, n_conditions, created_at) VALUES ('x', 2, 1)`,
		`INSERT INTO participants (participant_id, experiment_id, user_id, condition, seed, platform_ids, query_params, started_at, is_test) VALUES
			(1, 'x', 'a', 1, 1, '{"PROLIFIC_PID":"PID004","SESSION_ID":"s"}', '{}', 100, 0),
			(2, 'x', 'b', 2, 1, '{"PROLIFIC_PID":"PID004"}', '{}', 200, 0),
			(3, 'x', 'c', 1, 1, '{"PROLIFIC_PID":"{{%PROLIFIC_PID%}}"}', '{}', 300, 0),
			(4, 'x', 'd', 1, 1, '{"rid":"R9"}', '{}', 400, 1)`,
	})
	var got []string
	rows, _ := s.read.QueryContext(ctx, `SELECT identity || '→' || participant_id FROM participant_identities ORDER BY 1`)
	for rows.Next() {
		var v string
		rows.Scan(&v)
		got = append(got, v)
	}
	rows.Close()
	if fmt.Sprint(got) != "[PROLIFIC_PID=PID004→1]" {
		t.Fatalf("identities after migration: %v", got)
	}
}

// TestAnEditDuringAnArrivalIsNotMixedIn: the researcher changes the design while a
// participant's feed is being composed from the old one. The arrival's commit sees that
// the study changed since its plan and registers nothing (ErrStudyChanged: the caller
// composes again from the study as it is now), so no participant carries a feed of a
// design the study no longer has (issue 21, item 2).
func TestAnEditDuringAnArrivalIsNotMixedIn(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	editing := func(ctx context.Context, c int, seed uint64, e EntityLookup) ([]InventoryItem, error) {
		if _, err := s.EditParam(ctx, ParamEdit{ExperimentID: id, Condition: 1, Param: "feed", Value: "swipe", By: "ada"}); err != nil {
			return nil, err
		}
		return composeAll(ents)(ctx, c, seed, e)
	}
	_, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "u1", NConditions: 1}, editing)
	if !errors.Is(err, ErrStudyChanged) {
		t.Fatalf("err = %v, want ErrStudyChanged", err)
	}
	if n := conditionCounts(t, s, id); len(n) != 0 {
		t.Fatalf("registered %v from a design the study no longer has", n)
	}
	if len(s.reserved.pending) != 0 {
		t.Errorf("reservation kept: %v", s.reserved.pending)
	}
	if _, created, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "u1", NConditions: 1}, composeAll(ents)); err != nil || !created {
		t.Fatalf("the retry: created=%v err=%v", created, err)
	}
}

// TestTheDesignLockAndTheAuditRowAreInTheEditsTransaction: once a real participant
// arrived, a design parameter is refused inside the edit's own transaction (nothing
// changed, no version, no audit row); a text edit commits its new value, its version and
// its audit row together.
func TestTheDesignLockAndTheAuditRowAreInTheEditsTransaction(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	detail := func(v int64) string { return fmt.Sprintf("condition 1 (version %d)", v) }
	if _, err := s.EditParam(ctx, ParamEdit{ExperimentID: id, Condition: 1, Param: "feed", Value: "swipe", By: "ada", AuditDetail: detail}); err != nil {
		t.Fatalf("before anyone arrived: %v", err)
	}
	if _, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "u1", NConditions: 1}, composeAll(ents)); err != nil {
		t.Fatal(err)
	}
	before, _ := s.Study(ctx, id)
	if _, err := s.EditParam(ctx, ParamEdit{ExperimentID: id, Condition: 1, Param: "feed", Value: "scroll", By: "ada", AuditDetail: detail}); !errors.Is(err, ErrDesignLocked) {
		t.Fatalf("design edit after an arrival: %v, want ErrDesignLocked", err)
	}
	after, _ := s.Study(ctx, id)
	params, _ := s.StudyParams(ctx, id)
	log, _ := s.AuditLog(ctx, id)
	if after.TextVersion != before.TextVersion || params[0].Value != "swipe" || len(log) != 1 {
		t.Fatalf("a refused edit changed something: version %d → %d, params %+v, log %+v", before.TextVersion, after.TextVersion, params, log)
	}
	v, err := s.EditParam(ctx, ParamEdit{ExperimentID: id, Condition: 1, Param: "feed", Value: "scroll", By: "ada", Text: true, AuditDetail: detail})
	if err != nil {
		t.Fatal(err)
	}
	log, _ = s.AuditLog(ctx, id)
	if v != after.TextVersion+1 || len(log) != 2 || log[1].Action != AuditEditText || log[1].Detail != fmt.Sprintf("condition 1 (version %d)", v) {
		t.Fatalf("text edit: version %d, log %+v", v, log)
	}
}

// TestMarkingReturnsIsOneTransaction: reconciliation's returns free their places and
// write their audit entry together, or not at all (issue 21, item 2).
func TestMarkingReturnsIsOneTransaction(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "u1", NConditions: 1}, composeAll(ents))
	if err != nil {
		t.Fatal(err)
	}
	by := AuditRecord{Researcher: "ada", Detail: "2 returned or timed-out Prolific submissions"}
	err = s.MarkExits(ctx, id, []ExitMark{{ParticipantID: p.ParticipantID, State: ExitReturned}, {ParticipantID: 99999, State: ExitTimedOut}}, by)
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("an unknown participant among the marks: %v, want ErrNotFound", err)
	}
	after, _ := s.Participant(ctx, id, "u1")
	if log, _ := s.AuditLog(ctx, id); after.ExitState != "" || len(log) != 0 {
		t.Fatalf("a failed marking changed something: exit %q, log %+v", after.ExitState, log)
	}
	if err := s.MarkExits(ctx, id, []ExitMark{{ParticipantID: p.ParticipantID, State: ExitReturned}}, by); err != nil {
		t.Fatal(err)
	}
	after, _ = s.Participant(ctx, id, "u1")
	log, _ := s.AuditLog(ctx, id)
	if after.ExitState != ExitReturned || len(log) != 1 || log[0].Action != AuditMarkReturns {
		t.Fatalf("exit %q, log %+v", after.ExitState, log)
	}
}

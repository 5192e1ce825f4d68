package study

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"feedlab/params"
	"feedlab/store"
)

// Register registers a participant arriving at the study with their arrival URL
// parameters: a balanced condition, their platform ids and their composed feed, in one
// transaction. A participant already registered is returned as they are.
// userAgent is the participant's browser at arrival (from store.UserAgentID; may be null).
func (d *Definition) Register(ctx context.Context, st *store.Store, userID string, query map[string]string, userAgent sql.NullInt64) (store.Participant, error) {
	reg := d.registration(userID, query, userAgent)
	reg.Assignment = d.Assignment()
	return d.register(ctx, st, reg)
}

// registration is what every arrival stores: who, from where, with which browser.
func (d *Definition) registration(userID string, query map[string]string, userAgent sql.NullInt64) store.Registration {
	return store.Registration{
		ExperimentID: d.ExperimentID,
		UserID:       userID,
		NConditions:  len(d.Study.Conditions),
		QueryParams:  query,
		PlatformIDs:  PlatformIDs(query),
		UserAgentID:  userAgent,
	}
}

// Assignment is the study's assignment rule and quotas, as the store applies them.
func (d *Definition) Assignment() store.Assignment {
	r := d.Study.Recruitment
	if r.Assignment == "" {
		r = params.DefaultRecruitment()
	}
	a := store.Assignment{
		ByArrivals:    r.Assignment == params.AssignBalancedArrivals,
		ActiveWindow:  time.Duration(r.ActiveMinutes) * time.Minute,
		CompletedOnly: r.ActiveMinutes == 0,
		QuotaTotal:    r.QuotaTotal,
	}
	for _, c := range d.Study.Conditions {
		a.Quotas = append(a.Quotas, c.Quota)
	}
	return a
}

// register stores reg with the feed its condition's algorithm composes.
func (d *Definition) register(ctx context.Context, st *store.Store, reg store.Registration) (store.Participant, error) {
	in := Inputs{Arrival: reg.QueryParams}
	if d.needsStats() {
		// Read before the registration's transaction: a bandit's snapshot a moment old
		// is as good, and the single writer is not held by the aggregate.
		if _, err := st.Participant(ctx, d.ExperimentID, reg.UserID); err != nil {
			stats, err := st.CardStats(ctx, d.ExperimentID)
			if err != nil {
				return store.Participant{}, err
			}
			in.Stats = stats
		}
	}
	p, _, err := st.RegisterParticipant(ctx, reg, d.ComposerFor(in))
	return p, err
}

// View is what a participant's browser receives of the study: their condition's
// parameters (without what stays hidden), its texts rendered, and their feed.
type View struct {
	Parameters []params.Param
	// ParametersJSON is Parameters as the load answer's experiment_parameters carries
	// them: a JSON string of their JSON, encoded once per condition.
	ParametersJSON json.RawMessage
	// Texts are shared by the condition's participants: read only.
	Texts     map[string]string
	OrderData []Card
	// Pending is true while the feed waits for the answers given before it
	// (answers_ranking.go): OrderData is then empty and the page asks again.
	Pending bool
	// LureData are the participant's lure cards (lures.go); nil when no questionnaire of
	// their condition asks about lures.
	LureData []Card
	// OwnPosts are the posts the participant wrote (feed-compose), oldest first; nil when
	// none.
	OwnPosts []OwnPost
}

// View is participant p's view of the study.
func (d *Definition) View(ctx context.Context, st *store.Store, p store.Participant) (View, error) {
	cond := d.Condition(int(p.Condition))
	if cond == nil {
		return View{}, fmt.Errorf("study: participant %d has condition %d outside study %s", p.ParticipantID, p.Condition, d.ExperimentID)
	}
	items, err := st.Feed(ctx, p.ParticipantID)
	if err != nil {
		return View{}, err
	}
	pending := false
	if len(items) == 0 && ReadsAnswers(*cond) {
		if items, pending, err = d.lateFeed(ctx, st, p, *cond); err != nil {
			return View{}, err
		}
	}
	texts, err := d.conditionTexts(cond)
	if err != nil {
		return View{}, err
	}
	lures, err := d.Lures(ctx, st, p)
	if err != nil {
		return View{}, err
	}
	view := View{Parameters: d.participantParameters(cond), ParametersJSON: d.participantParametersJSON(cond), Texts: texts, OrderData: orderData(items), Pending: pending}
	if err := attachComments(ctx, st, *cond, items, view.OrderData); err != nil {
		return View{}, err
	}
	if view.OwnPosts, err = attachSpeech(ctx, st, *cond, p, items, view.OrderData); err != nil {
		return View{}, err
	}
	if len(lures) > 0 && !pending { // lures are drawn from the cards the feed does not show
		view.LureData = lureData(lures)
	}
	return view, nil
}

// Complete marks a participant finished and returns their completion code: for MTurk, their
// condition's completion-code parameter when set, otherwise one generated for them; for
// every other platform none (""). The first code given is kept, so finishing again answers
// the same code.
func (d *Definition) Complete(ctx context.Context, st *store.Store, userID string, target store.EventTarget) (string, error) {
	// Only MTurk uses a completion code (the worker pastes it into the HIT; PLATFORMS.md):
	// Prolific, Lucid and custom platforms send the participant on by the redirect URL, and
	// a study without a platform has nowhere to paste one, so they get none.
	code := ""
	if c := d.Condition(int(target.Condition)); c != nil && c.Platform == "mturk" {
		code = c.CompletionCode
		if code == "" {
			code = newCompletionCode()
		}
	}
	if err := st.CompleteParticipant(ctx, target.ParticipantID, code); err != nil {
		return "", err
	}
	// The completion that meets the quotas closes the study (participants in progress
	// still finish).
	if _, err := st.CloseIfQuotasReached(ctx, d.ExperimentID, len(d.Study.Conditions), d.Assignment()); err != nil {
		return "", err
	}
	p, err := st.Participant(ctx, d.ExperimentID, userID)
	if err != nil {
		return "", err
	}
	return p.CompletionCode, nil
}

// newCompletionCode makes a code a participant can copy without mistakes: 10 characters
// without look-alike letters.
func newCompletionCode() string {
	const alphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	b := make([]byte, 10)
	rand.Read(b)
	for i := range b {
		b[i] = alphabet[int(b[i])%len(alphabet)]
	}
	return string(b)
}

// RegisterTest registers a test participant (preview, pilot) in the given condition,
// whatever the study's status; tests never count in balancing, the dashboard or exports.
func (d *Definition) RegisterTest(ctx context.Context, st *store.Store, userID string, condition int, query map[string]string, userAgent sql.NullInt64) (store.Participant, error) {
	if d.Condition(condition) == nil {
		return store.Participant{}, fmt.Errorf("study: %s has no condition %d", d.ExperimentID, condition)
	}
	reg := d.registration(userID, query, userAgent)
	reg.IsTest, reg.Condition = true, condition
	return d.register(ctx, st, reg)
}

// EditableTexts are the parameters that may change after participants arrived: pure
// texts, which change what the next participant reads but not the design (conditions,
// sets, algorithm, buttons, forms, platform and completion stay as they were). Each edit
// is versioned (docs/decisions.md).
var EditableTexts = []string{"consent", "instruct", "custom-msg", "title"}

// ReturnURL is where a participant turned away (study paused or closed) can go back to
// their platform, or "" when the platform has no such link. The study's completion link is
// never used: it would pay someone who took no part.
func ReturnURL(c params.Condition) string {
	p, _ := params.PlatformNamed(c.Platform)
	return p.ReturnURL
}

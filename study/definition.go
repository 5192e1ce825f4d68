package study

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"math"
	"sync"

	"feedlab/feed"
	"feedlab/params"
	"feedlab/store"
)

// Definition is a stored study with its parameters parsed back into conditions.
type Definition struct {
	ExperimentID string
	Study        params.Study
	// parameters holds each condition's parameters as its participants receive them
	// (condition number → []params.Param), built on the first arrival: they are the same
	// for every participant of the condition, and building them renders the markdown of
	// every questionnaire the condition names.
	parameters sync.Map
	// parametersJSON holds the same list encoded as the page receives it (a JSON string
	// holding JSON: experiment_parameters), and texts each condition's texts rendered
	// (Texts: goldmark and the sanitizer over the consent and instructions): both the same
	// for every participant, and each was a large share of an arrival's CPU when redone
	// for every one (issue 28).
	parametersJSON sync.Map
	texts          sync.Map
}

// participantParameters is condition c's parameter list as its participants' browsers
// receive it (participant.go), built once per condition and shared read-only.
func (d *Definition) participantParameters(c *params.Condition) []params.Param {
	if p, ok := d.parameters.Load(c.Number); ok {
		return p.([]params.Param)
	}
	p, _ := d.parameters.LoadOrStore(c.Number, participantParameters(d.Study, *c))
	return p.([]params.Param)
}

// participantParametersJSON is participantParameters encoded as the value of the load
// answer's experiment_parameters: a JSON string whose content is the list in JSON.
func (d *Definition) participantParametersJSON(c *params.Condition) json.RawMessage {
	if p, ok := d.parametersJSON.Load(c.Number); ok {
		return p.(json.RawMessage)
	}
	list, err := json.Marshal(d.participantParameters(c))
	if err != nil {
		panic(err.Error()) // a list of string pairs: cannot fail
	}
	quoted, _ := json.Marshal(string(list))
	p, _ := d.parametersJSON.LoadOrStore(c.Number, json.RawMessage(quoted))
	return p.(json.RawMessage)
}

// conditionTexts is Texts(c), rendered once per condition and shared read-only.
func (d *Definition) conditionTexts(c *params.Condition) (map[string]string, error) {
	if t, ok := d.texts.Load(c.Number); ok {
		return t.(map[string]string), nil
	}
	t, err := Texts(*c)
	if err != nil {
		return nil, err // not kept: a text that fails to render fails every arrival alike
	}
	kept, _ := d.texts.LoadOrStore(c.Number, t)
	return kept.(map[string]string), nil
}

// Condition returns condition n (from 1), or nil when the study has no such condition.
func (d *Definition) Condition(n int) *params.Condition {
	if n < 1 || n > len(d.Study.Conditions) {
		return nil
	}
	return &d.Study.Conditions[n-1]
}

// Composer is how a new participant's feed is composed: by feed.ComposeFor, from their
// condition and seed, over the cards the store holds.
func (d *Definition) Composer() store.Composer {
	return d.ComposerFor(Inputs{})
}

// Inputs is what a new participant brings to their feed besides the seed: their arrival
// parameters and the study's engagement so far (per condition and card).
type Inputs struct {
	Arrival map[string]string
	Stats   map[int]map[int64]store.CardStat
}

// participant is what feed needs of the inputs for one condition.
func (in Inputs) participant(condition int) feed.Participant {
	p := feed.Participant{Arrival: in.Arrival}
	if st := in.Stats[condition]; len(st) > 0 {
		p.Stats = make(map[int64]feed.Stats, len(st))
		for id, s := range st {
			p.Stats[id] = feed.Stats{Impressions: s.Impressions, Engaged: s.Engaged}
		}
	}
	return p
}

// ComposerFor composes a new participant's feed with what they bring.
func (d *Definition) ComposerFor(in Inputs) store.Composer {
	return func(ctx context.Context, condition int, seed uint64, entities store.EntityLookup) ([]store.InventoryItem, error) {
		c := d.Condition(condition)
		if c == nil {
			return nil, fmt.Errorf("study: %s has no condition %d", d.ExperimentID, condition)
		}
		if ReadsAnswers(*c) {
			// Registered without a feed: it is composed from the answers given before it
			// (answers_ranking.go).
			return nil, nil
		}
		// A script's failure is a *feed.ScriptError, which is feed.ErrRankingFailed.
		return ComposeFor(ctx, feedCondition(d.ExperimentID, *c), seed, entities, in.participant(condition))
	}
}

// needsStats reports whether any condition ranks by the study's observed engagement.
func (d *Definition) needsStats() bool {
	for _, c := range d.Study.Conditions {
		if c.Algorithm == feed.Thompson || c.Algorithm == feed.Engagement && c.Ranking.Mode == feed.SignalObserved {
			return true
		}
	}
	return false
}

// ComposeFor runs feed.ComposeFor over the store's cards for a participant and turns its
// items into the inventory the store keeps, each with its algorithm, score and reason.
func ComposeFor(ctx context.Context, c feed.Condition, seed uint64, entities store.EntityLookup, p feed.Participant) ([]store.InventoryItem, error) {
	items, err := feed.ComposeFor(ctx, c, seed, func(set string) ([]feed.Card, error) {
		ents, err := entities(set)
		if err != nil {
			return nil, err
		}
		return feedCards(ents), nil
	}, p)
	if err != nil {
		return nil, err
	}
	out := make([]store.InventoryItem, len(items))
	for i, it := range items {
		out[i] = store.InventoryItem{EntityID: it.EntityID, Shares: shown(it.Shares), Likes: shown(it.Likes),
			ReadLater: shown(it.ReadLater), Upvote: shown(it.Upvote), Downvote: shown(it.Downvote),
			Algorithm: it.Algorithm, Score: score(it.Score), Reason: it.Reason, Inputs: it.Inputs}
	}
	return out, nil
}

func shown(c feed.Count) sql.NullInt64 { return sql.NullInt64{Int64: c.N, Valid: c.Shown} }

// score is NULL for NaN (the algorithm gives no score) and for infinities.
func score(f float64) sql.NullFloat64 {
	return sql.NullFloat64{Float64: f, Valid: !math.IsNaN(f) && !math.IsInf(f, 0)}
}

// feedCondition is what feed.ComposeFor needs of a study condition.
func feedCondition(experimentID string, c params.Condition) feed.Condition {
	fc := feed.Condition{ExperimentID: experimentID, Algorithm: c.Algorithm, Ranking: c.Ranking, Buttons: c.Buttons}
	for _, es := range c.EntitySets {
		fc.Sets = append(fc.Sets, feed.SetChoice{Set: es.EntitySet, NumberToShow: es.NumberToShow, Randomize: es.RandomizeBetweenSubjects != "no"})
	}
	return fc
}

// Definitions loads study definitions. Stimulus sets never change once created and a
// study's design never changes once someone arrived (only its texts, after which Forget is
// called), so a parsed study is kept in memory: a Prolific launch sends hundreds of
// participants to the same study within seconds. It is safe for concurrent use.
type Definitions struct {
	store   *store.Store
	studies sync.Map // experiment_id → *Definition
}

// NewDefinitions returns an empty cache of the studies in st.
func NewDefinitions(st *store.Store) *Definitions {
	return &Definitions{store: st}
}

// Load returns a study's definition. An unknown study gives an error matching
// store.ErrNotFound.
func (d *Definitions) Load(ctx context.Context, experimentID string) (*Definition, error) {
	if def, ok := d.studies.Load(experimentID); ok {
		return def.(*Definition), nil
	}
	def, err := load(ctx, d.store, experimentID)
	if err != nil {
		return nil, err
	}
	d.studies.Store(experimentID, def)
	return def, nil
}

// Forget drops a study's cached definition, so the next participant gets its texts as
// stored now (after a text edit).
func (d *Definitions) Forget(experimentID string) { d.studies.Delete(experimentID) }

func load(ctx context.Context, st *store.Store, experimentID string) (*Definition, error) {
	if _, err := st.Study(ctx, experimentID); err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	stored, err := st.StudyParams(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	sizes, err := st.SetSizes(ctx)
	if err != nil {
		return nil, fmt.Errorf("study: %w", err)
	}
	s, err := params.Validate(Rows(stored), sizes)
	if err != nil {
		return nil, fmt.Errorf("study: %s no longer validates: %w", experimentID, err)
	}
	return &Definition{ExperimentID: experimentID, Study: s}, nil
}

package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"

	"feedlab/feed"
	"feedlab/markdown"
	"feedlab/params"
	"feedlab/store"
	"feedlab/store/db"
)

// PlatformIDKeys are the arrival parameters that identify a participant on a recruitment
// platform (Prolific, MTurk/CloudResearch, Lucid/Cint). They are kept with the participant
// because researchers need them for payment.
var PlatformIDKeys = []string{"PROLIFIC_PID", "STUDY_ID", "SESSION_ID", "workerId", "assignmentId", "hitId", "rid", "RID"}

const (
	maxQueryParams     = 50
	maxQueryParamName  = 100
	maxQueryParamValue = 2000
)

type loadRequest struct {
	UserID       text              `json:"user_id"`
	ExperimentID text              `json:"experiment_id"`
	QueryParams  map[string]string `json:"query_params"`
}

// loadExperiment registers a participant on their first call (condition, feed), and
// answers their feed and their condition's parameters; later calls answer the same.
// GET takes user_id and experiment_id from the query string, every other query parameter
// being an arrival parameter.
func (s *Server) loadExperiment(w http.ResponseWriter, r *http.Request) {
	var req loadRequest
	if r.Method == http.MethodGet {
		q := r.URL.Query()
		req.UserID, req.ExperimentID = text(q.Get("user_id")), text(q.Get("experiment_id"))
		req.QueryParams = map[string]string{}
		for k, v := range q {
			if k != "user_id" && k != "experiment_id" && len(v) > 0 {
				req.QueryParams[k] = v[0]
			}
		}
	} else if err := decode(w, r, limitEvent, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	ref := participantRef{UserID: req.UserID, ExperimentID: req.ExperimentID}
	if err := ref.check(); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := checkQueryParams(req.QueryParams); err != nil {
		s.fail(w, r, err)
		return
	}
	ctx := r.Context()
	def, err := s.studyDefinition(ctx, string(req.ExperimentID))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	reg := store.Registration{
		ExperimentID: def.experimentID,
		UserID:       string(req.UserID),
		NConditions:  len(def.study.Conditions),
		QueryParams:  req.QueryParams,
		PlatformIDs:  map[string]string{},
	}
	for _, k := range PlatformIDKeys {
		if v, ok := req.QueryParams[k]; ok {
			reg.PlatformIDs[k] = v
		}
	}
	p, _, err := s.store.RegisterParticipant(ctx, reg, func(condition int, seed uint64, entities store.EntityLookup) ([]store.InventoryItem, error) {
		return feed.Compose(feedCondition(def.experimentID, *def.condition(condition)), seed, entities)
	})
	if err != nil {
		s.fail(w, r, err)
		return
	}
	cond := def.condition(int(p.Condition))
	if cond == nil {
		s.fail(w, r, fmt.Errorf("api: participant %d has condition %d outside the study", p.ParticipantID, p.Condition))
		return
	}
	items, err := s.store.Feed(ctx, p.ParticipantID)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	texts, err := renderTexts(*cond)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	paramsJSON, _ := json.Marshal(participantParameters(*cond))
	ok(w, map[string]any{
		"user_id":               p.UserID,
		"experiment_id":         p.ExperimentID,
		"condition":             p.Condition,
		"order_data":            orderData(items),
		"experiment_parameters": string(paramsJSON),
		"texts":                 texts,
		"completed":             p.CompletedAt.Valid,
	})
}

// hiddenFromParticipants are parameters a participant's browser never receives:
// entity_sets, because set names (say "fakenews_high") could reveal the manipulation to a
// participant reading browser storage, completion-code, which would let a participant
// claim payment without finishing (the end-redirect checkpoint answers the code), and the
// study's title, which is for researchers and could name the manipulation.
var hiddenFromParticipants = []string{"entity_sets", "completion-code", "title"}

// participantParameters is the condition's parameter list as the participant's browser
// receives it.
func participantParameters(c params.Condition) []params.Param {
	var out []params.Param
	for _, p := range withDefaultTexts(c).ExperimentParameters() {
		if !slices.Contains(hiddenFromParticipants, p.Param) {
			out = append(out, p)
		}
	}
	return out
}

func checkQueryParams(q map[string]string) *apiError {
	if len(q) > maxQueryParams {
		return badRequest("query_params has more than %d parameters.", maxQueryParams)
	}
	for k, v := range q {
		if k == "" || len(k) > maxQueryParamName || len(v) > maxQueryParamValue {
			return badRequest("query parameter %q is too long (names up to %d, values up to %d characters).", truncate(k, 40), maxQueryParamName, maxQueryParamValue)
		}
	}
	return nil
}

// feedCondition is what feed.Compose needs of a study condition.
func feedCondition(experimentID string, c params.Condition) feed.Condition {
	fc := feed.Condition{ExperimentID: experimentID, Algorithm: c.Algorithm, Buttons: c.Buttons}
	for _, es := range c.EntitySets {
		fc.Sets = append(fc.Sets, feed.SetChoice{Set: es.EntitySet, NumberToShow: es.NumberToShow, Randomize: es.RandomizeBetweenSubjects != "no"})
	}
	return fc
}

// orderData is the feed as the participant's browser receives it: each card with its id,
// URL, fields and covariates, and the social counts it displays (not its set's name, for
// the reason given at participantParameters).
func orderData(items []db.ListInventoryRow) []map[string]any {
	out := make([]map[string]any, len(items))
	for i, it := range items {
		card := map[string]any{}
		for k, v := range store.Covariates(it.Covariates) {
			card[k] = v
		}
		card["entity_id"] = itoa(it.EntityID)
		card["entity_url"] = it.EntityUrl
		card["entity_type"] = it.EntityType
		card["source_url"] = it.SourceUrl
		card["filename"] = it.Filename
		card["retrieve_date"] = it.RetrieveDate
		card["headline"] = it.Headline
		card["idx"] = it.ItemOrder
		counts := map[string]int64{}
		for name, v := range map[string]struct {
			n     int64
			valid bool
		}{
			"shares": {it.ShownShares.Int64, it.ShownShares.Valid}, "likes": {it.ShownLikes.Int64, it.ShownLikes.Valid},
			"read_later": {it.ShownReadLater.Int64, it.ShownReadLater.Valid}, "upvote": {it.ShownUpvote.Int64, it.ShownUpvote.Valid},
			"downvote": {it.ShownDownvote.Int64, it.ShownDownvote.Valid},
		} {
			if v.valid {
				counts[name] = v.n
			}
		}
		card["shown_counts"] = counts
		out[i] = card
	}
	return out
}

// DefaultTextKeyword, as the value of consent or instruct, stands for the built-in text.
const DefaultTextKeyword = "default"

// DefaultConsent is the consent text used when a study's consent parameter is "default".
const DefaultConsent = `## Consent to take part

You are invited to take part in a research study about how people interact with news on social media.

- Taking part is **voluntary**: you may stop at any time without giving a reason.
- You confirm that you are **18 years or older**.
- Your answers and your interactions with the feed are recorded. The data are **anonymized** and may be **shared in public research repositories**.

Click 'Agree and continue' if you agree to take part.`

// DefaultInstructions is the instruction text used when a study's instruct parameter is
// "default".
const DefaultInstructions = `## Instructions

On the next screen you will see a **newsfeed** like the ones on social media.

Scroll through it as you normally would. For each card, indicate whether you would consider **sharing** it. When you reach the end of the feed, click the button at the bottom to continue.`

// withDefaultTexts replaces the "default" keyword of consent and instruct with the texts.
func withDefaultTexts(c params.Condition) params.Condition {
	if c.Consent == DefaultTextKeyword {
		c.Consent = DefaultConsent
	}
	if c.Instruct == DefaultTextKeyword {
		c.Instruct = DefaultInstructions
	}
	return c
}

// renderTexts renders the condition's markdown texts to sanitized HTML; an empty text
// stays empty (its modal is not shown).
func renderTexts(c params.Condition) (map[string]string, error) {
	c = withDefaultTexts(c)
	out := map[string]string{}
	for name, src := range map[string]string{"consent": c.Consent, "instruct": c.Instruct, "custom-msg": c.CustomMsg} {
		if src == "" {
			out[name] = ""
			continue
		}
		html, err := markdown.ToHTML(src)
		if err != nil {
			return nil, err
		}
		out[name] = html
	}
	return out, nil
}

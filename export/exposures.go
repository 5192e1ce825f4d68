package export

import (
	"context"
	"slices"
	"strconv"
	"strings"

	"feedlab/store"
)

// ExposureColumns are the exposures export's fixed columns: one row per participant and
// card shown. The cards' covariates, then the study's parameters, follow.
var ExposureColumns = []string{
	"user_id", "experiment_id", "condition", "item_order", "entity_id", "entity_set", "entity_category", "entity_type",
	"dwell_ms", "dwell_visits", "dwell_visits_ms", "dwell_raw_ms", "seen",
	"shares", "likes", "read_later", "upvote", "downvote", "accuracy_score",
	"videomute_true", "videomute_false", "videopause_true", "videopause_false",
	"shown_shares", "shown_likes", "shown_read_later", "shown_upvote", "shown_downvote",
	"cards_in_feed", "saw_every_card", "study_version", "is_test",
}

// ExclusionColumns end the participants and exposures exports: whether a researcher
// excluded the participant (1/0) and why (empty when not excluded).
var ExclusionColumns = []string{"excluded", "exclusion_reason"}

// toggleEngagements are buttons a participant turns on and off: the column holds the
// state the card was left in (the response of the last such event, 0 or 1).
var toggleEngagements = []string{"shares", "likes", "read_later", "upvote", "downvote"}

// videoEngagements are a video card's events: the column says whether one happened.
var videoEngagements = []string{"videomute_true", "videomute_false", "videopause_true", "videopause_false"}

// exposure is what one participant did with one card.
type exposure struct {
	visits   []int64 // cleaned dwell per visit, in order
	raw      int64
	toggles  map[string]string
	accuracy string
	video    map[string]bool
}

func writeExposures(ctx context.Context, st *store.Store, cw recordWriter, id string, pc paramColumns, ps []store.Param, clean Cleaning, includeTest bool) error {
	participants, err := studyParticipants(ctx, st, id, includeTest)
	if err != nil {
		return err
	}
	_, covariates, err := studySets(ctx, st, ps)
	if err != nil {
		return err
	}
	categories, err := setCategories(ctx, st)
	if err != nil {
		return err
	}
	excluded, err := st.StudyExclusions(ctx, id)
	if err != nil {
		return err
	}
	covCols := covariateColumns(covariates, ExposureColumns)
	// The exclusion columns come last, after the generated ones, so that scripts reading
	// the columns by position before exclusions existed still read the same columns.
	// A study whose own questionnaires ask about feed cards gains one column per card
	// question, the answer about the row's card, at the very end (issue 23).
	cardCols := cardQuestions(ps)
	header := slices.Concat(ExposureColumns, covCols, pc.names, ExclusionColumns, cardCols)
	if err := cw.Write(header); err != nil {
		return err
	}
	rec := make([]string, 0, len(header))
	for _, p := range participants {
		ex, isExcluded := excluded[p.ParticipantID]
		if isExcluded && clean.DropExcluded {
			continue
		}
		feed, err := st.Feed(ctx, p.ParticipantID)
		if err != nil {
			return err
		}
		if len(feed) == 0 {
			continue
		}
		events, err := st.ParticipantEvents(ctx, p.ParticipantID)
		if err != nil {
			return err
		}
		byCard := exposuresOf(events, clean)
		var answers map[int64]map[string]string
		if len(cardCols) > 0 {
			if answers, err = cardAnswersOf(ctx, st, p.ParticipantID); err != nil {
				return err
			}
		}
		// The cards kept after trimming, and whether every one of them was seen.
		lo, hi := clean.Trim, len(feed)-clean.Trim
		if lo >= hi {
			continue
		}
		kept := feed[lo:hi]
		sawAll := true
		for _, c := range kept {
			if x := byCard[c.EntityID]; x == nil || !x.seen() {
				sawAll = false
				break
			}
		}
		if clean.SawEveryCard && !sawAll {
			continue
		}
		for _, c := range kept {
			x := byCard[c.EntityID]
			if x == nil {
				x = &exposure{}
			}
			var dwell int64
			strs := make([]string, len(x.visits))
			for i, v := range x.visits {
				dwell += v
				strs[i] = itoa(v)
			}
			rec = append(rec[:0], p.UserID, id, itoa(p.Condition), itoa(c.ItemOrder), itoa(c.EntityID), c.EntitySet,
				categories[c.EntitySet], c.EntityType, itoa(dwell), strconv.Itoa(len(x.visits)), strings.Join(strs, ";"),
				itoa(x.raw), bit(dwell > 0))
			for _, t := range toggleEngagements {
				v := x.toggles[t]
				rec = append(rec, bit(v == "1" || v == "true"))
			}
			rec = append(rec, x.accuracy)
			for _, t := range videoEngagements {
				rec = append(rec, bit(x.video[t]))
			}
			rec = append(rec, nullable(c.ShownShares), nullable(c.ShownLikes), nullable(c.ShownReadLater),
				nullable(c.ShownUpvote), nullable(c.ShownDownvote), strconv.Itoa(len(feed)), bit(sawAll),
				itoa(p.StudyVersion), itoa(p.IsTest))
			cov := store.Covariates(c.Covariates)
			for _, name := range covariates {
				rec = append(rec, cov[name])
			}
			rec = append(rec, pc.row(p.Condition)...)
			rec = append(rec, bit(isExcluded), ex.Reason)
			for _, f := range cardCols {
				rec = append(rec, answers[c.EntityID][f])
			}
			if err := cw.Write(rec); err != nil {
				return err
			}
		}
	}
	return nil
}

// seen reports whether the card was in view for any time after cleaning.
func (x *exposure) seen() bool {
	for _, v := range x.visits {
		if v > 0 {
			return true
		}
	}
	return false
}

// exposuresOf folds a participant's events into what they did with each card.
func exposuresOf(events []store.ParticipantEvent, clean Cleaning) map[int64]*exposure {
	out := map[int64]*exposure{}
	get := func(id int64) *exposure {
		x := out[id]
		if x == nil {
			x = &exposure{toggles: map[string]string{}, video: map[string]bool{}}
			out[id] = x
		}
		return x
	}
	for _, e := range events {
		x := get(e.EntityID)
		switch t := e.EngagementType; {
		case t == "dwell":
			ms, err := strconv.ParseInt(e.Response, 10, 64)
			if err != nil || ms < 0 {
				continue // the server stores only non-negative integers; never seen
			}
			x.raw += ms
			if ms < clean.DwellFloorMs {
				continue
			}
			if clean.DwellCapMs > 0 && ms > clean.DwellCapMs {
				ms = clean.DwellCapMs
			}
			x.visits = append(x.visits, ms)
		case slices.Contains(toggleEngagements, t):
			x.toggles[t] = e.Response
		case t == "accuracy_score":
			x.accuracy = e.Response
		case slices.Contains(videoEngagements, t):
			x.video[t] = true
		}
	}
	return out
}

// covariateColumns names the covariate columns: a covariate called like a fixed column
// gets the prefix covariate_ so no two columns share a name.
func covariateColumns(covariates, fixed []string) []string {
	out := make([]string, len(covariates))
	for i, c := range covariates {
		out[i] = c
		if slices.Contains(fixed, c) {
			out[i] = "covariate_" + c
		}
	}
	return out
}

// setCategories returns each set's category.
func setCategories(ctx context.Context, st *store.Store) (map[string]string, error) {
	sets, err := st.ListEntitySets(ctx)
	if err != nil {
		return nil, err
	}
	out := make(map[string]string, len(sets))
	for _, s := range sets {
		out[s.Name] = s.Category
	}
	return out, nil
}

func bit(b bool) string {
	if b {
		return "1"
	}
	return "0"
}

package export

import (
	"context"
	"database/sql"
	"encoding/csv"
	"encoding/json"
	"slices"

	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

// EngagementColumns are the engagement export's fixed columns; the study's parameters
// follow as further columns. The original platform's columns come first, in its order and
// with its types (every time in epoch milliseconds; ip_address is left out, since no
// address is stored), so the field's existing analysis scripts read the file unchanged; ours
// follow them.
var EngagementColumns = []string{
	// The original shape.
	"time_stamp", "time_engagement", "time_content_viewed", "user_id", "entity_id", "condition",
	"experiment_id", "engagement_type", "response", "accuracy_score", "entity_category", "entity_set",
	"entity_url", "item_order", "likes", "read_later", "shares", "user_agent",
	// Ours.
	"time_stamp_iso", "event_id", "shown_shares", "shown_likes", "shown_read_later", "shown_upvote", "shown_downvote",
	"study_version", "is_test",
}

// SpeechColumns end the engagement export of a study whose participants may speak
// (feed-button-comment, comment-like, feed-compose; docs/social.md): what a comment, reply
// or post said or a reaction showed, and what it is about. A study without them has no
// such columns, so its file is what it was before they existed.
var SpeechColumns = []string{"text", "target_id"}

func writeEngagements(ctx context.Context, st *store.Store, cw recordWriter, id string, pc paramColumns, speech, includeTest bool) error {
	// Participants, cards and the inventory are loaded once and looked up per row (joining
	// them in SQL on every page cost more than the rest of the export); user agents are
	// read once per distinct id.
	participants, err := st.ParticipantsOf(ctx, id)
	if err != nil {
		return err
	}
	cards, err := st.Cards(ctx)
	if err != nil {
		return err
	}
	shown, err := st.StudyInventory(ctx, id)
	if err != nil {
		return err
	}
	agents := st.UserAgentNames()
	header := append(slices.Clone(EngagementColumns), pc.names...)
	if speech {
		header = append(header, SpeechColumns...)
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	rec := make([]string, 0, len(header))
	return st.EachEngagement(ctx, id, func(r store.EngagementRow) error {
		p, c := participants[r.ParticipantID], cards[r.EntityID]
		if p.IsTest != 0 && !includeTest {
			return nil
		}
		sh, inFeed := shown[store.ShownKey{ParticipantID: r.ParticipantID, EntityID: r.EntityID}]
		order := sql.NullInt64{Int64: sh.ItemOrder, Valid: inFeed}
		// The browser that sent the event; the one the participant arrived with for rows
		// stored before events carried it.
		agentID := r.UserAgentID
		if !agentID.Valid {
			agentID = p.UserAgentID
		}
		agent, err := agents.Name(ctx, agentID)
		if err != nil {
			return err
		}
		rec = append(rec[:0],
			itoa(r.ReceivedAt), nullable(r.TimeEngagement), nullable(r.TimeContentViewed),
			p.UserID, cardText(r.EntityID), itoa(p.Condition), id, r.EngagementType,
			decoded(r.Response), nullable(r.AccuracyScore), c.Category, c.Set, c.URL, nullable(order),
			nullable(r.Likes), nullable(r.ReadLater), nullable(r.Shares), agent,
			timestamp(r.ReceivedAt), r.EventID, nullable(sh.ShownShares), nullable(sh.ShownLikes), nullable(sh.ShownReadLater),
			nullable(sh.ShownUpvote), nullable(sh.ShownDownvote), itoa(p.StudyVersion), itoa(p.IsTest),
		)
		rec = append(rec, pc.row(p.Condition)...)
		if speech {
			rec = append(rec, r.Text, r.TargetID)
		}
		return cw.Write(rec)
	})
}

// UserFormColumns are the user_form export's fixed columns (the long shape: one row per
// answer, checkpoint, URLParams-* value and condition); parameters follow. The original
// five come first with time_stamp in epoch milliseconds; ours follow.
var UserFormColumns = []string{"time_stamp", "user_id", "experiment_id", "field", "response", "time_stamp_iso", "event_id", "kind", "condition", "client_time",
	"study_version", "is_test"}

// CardAnswerColumns end the user_form export of a study whose own questionnaires ask about
// feed cards (issue 23): the card an answer is about, whether it was a lure, its place in
// the questionnaire; empty for every other row. A study without such a question has no
// such columns, so its file is what it was before they existed.
var CardAnswerColumns = []string{"entity_id", "lure", "position"}

func writeAnswers(ctx context.Context, st *store.Store, cw recordWriter, id string, pc paramColumns, cards, includeTest bool) error {
	header := append(slices.Clone(UserFormColumns), pc.names...)
	if cards {
		header = append(header, CardAnswerColumns...)
	}
	if err := cw.Write(header); err != nil {
		return err
	}
	rec := make([]string, 0, len(header))
	return st.EachAnswer(ctx, id, func(r store.AnswerRow) error {
		if r.IsTest != 0 && !includeTest {
			return nil
		}
		rec = append(rec[:0], itoa(r.ReceivedAt), r.UserID, r.ExperimentID, r.Field,
			decoded(r.Response), timestamp(r.ReceivedAt), r.EventID, r.Kind, itoa(r.Condition), nullable(r.ClientTime),
			itoa(r.StudyVersion), itoa(r.IsTest))
		rec = append(rec, pc.row(r.Condition)...)
		if cards {
			rec = append(rec, nullable(r.EntityID), nullable(r.Lure), nullable(r.Position))
		}
		return cw.Write(rec)
	})
}

// InventoryColumns are the inventory export's columns: every card each participant was
// shown, in feed order, with the social counts it displayed, then why it is there: the
// ranking algorithm, its score (empty when the algorithm gives none), the reason in words
// and the inputs that produced it (JSON: seed, posterior, script_sha256).
var InventoryColumns = []string{"user_id", "experiment_id", "condition", "item_order", "entity_id", "entity_set", "entity_url",
	"shown_shares", "shown_likes", "shown_read_later", "shown_upvote", "shown_downvote",
	"algorithm", "score", "reason", "inputs", "is_test"}

func writeInventory(ctx context.Context, st *store.Store, cw recordWriter, id string, includeTest bool) error {
	if err := cw.Write(InventoryColumns); err != nil {
		return err
	}
	return st.EachInventoryItem(ctx, id, func(r store.InventoryRow) error {
		if r.IsTest != 0 && !includeTest {
			return nil
		}
		return cw.Write([]string{r.UserID, r.ExperimentID, itoa(r.Condition), itoa(r.ItemOrder), itoa(r.EntityID),
			r.EntitySet, r.EntityUrl, nullable(r.ShownShares), nullable(r.ShownLikes), nullable(r.ShownReadLater),
			nullable(r.ShownUpvote), nullable(r.ShownDownvote), r.Algorithm, nullableFloat(r.Score), r.Reason, r.Inputs, itoa(r.IsTest)})
	})
}

// writeParams writes the study's rows in the params.csv shape (condition,param,value), so
// the file can recreate the study with 'feedlab study create --from'. The rows go through
// params.WriteRows, the one writer of params.csv rows; the line ending is this export's,
// like every other export's.
func writeParams(cw *csv.Writer, ps []store.Param) error {
	return params.WriteRows(cw, study.Rows(ps))
}

// entityBaseColumns are the columns every card has.
var entityBaseColumns = []string{"entity_id", "entity_set", "entity_category", "entity_url", "source_url", "filename", "retrieve_date", "entity_type", "headline"}

// studySets returns the stimulus sets a study uses, in the order its entity_sets
// parameters name them, and the union of their covariate columns in first-seen order.
func studySets(ctx context.Context, st *store.Store, ps []store.Param) ([]store.EntitySet, []string, error) {
	var setNames []string
	for _, p := range ps {
		if p.Param != "entity_sets" {
			continue
		}
		var choices []struct {
			EntitySet string `json:"entity_set"`
		}
		_ = json.Unmarshal([]byte(p.Value), &choices) // validated when the study was created
		for _, c := range choices {
			if !slices.Contains(setNames, c.EntitySet) {
				setNames = append(setNames, c.EntitySet)
			}
		}
	}
	sets := make([]store.EntitySet, 0, len(setNames))
	var covariates []string
	for _, name := range setNames {
		set, err := st.EntitySet(ctx, name)
		if err != nil {
			return nil, nil, err
		}
		sets = append(sets, set)
		for _, c := range set.Columns {
			if !slices.Contains(entityBaseColumns, c) && !slices.Contains(covariates, c) {
				covariates = append(covariates, c)
			}
		}
	}
	return sets, covariates, nil
}

// writeEntityInfo writes the cards (and their covariates) of every set the study uses.
func writeEntityInfo(ctx context.Context, st *store.Store, cw recordWriter, ps []store.Param) error {
	sets, covariates, err := studySets(ctx, st, ps)
	if err != nil {
		return err
	}
	if err := cw.Write(append(slices.Clone(entityBaseColumns), covariates...)); err != nil {
		return err
	}
	for _, set := range sets {
		err := st.EachEntity(ctx, set.EntitySet, func(e store.Entity) error {
			cov := store.Covariates(e.Covariates)
			rec := []string{itoa(e.EntityID), e.EntitySet, set.EntityCategory, e.EntityUrl, e.SourceUrl, e.Filename, e.RetrieveDate, e.EntityType, e.Headline}
			for _, c := range covariates {
				rec = append(rec, cov[c])
			}
			return cw.Write(rec)
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// writeStimulusSet writes a set back in its uploaded columns, with entity_id and
// entity_url added, so it can be inspected or uploaded elsewhere.
func writeStimulusSet(ctx context.Context, st *store.Store, cw recordWriter, name string) error {
	set, err := st.EntitySet(ctx, name)
	if err != nil {
		return err
	}
	cols := set.Columns
	header := []string{"entity_id"}
	if !slices.Contains(cols, "entity_url") {
		header = append(header, "entity_url")
	}
	header = append(header, cols...)
	if err := cw.Write(header); err != nil {
		return err
	}
	return st.EachEntity(ctx, name, func(e store.Entity) error {
		cov := store.Covariates(e.Covariates)
		fixed := map[string]string{"entity_id": itoa(e.EntityID), "entity_url": e.EntityUrl, "source_url": e.SourceUrl,
			"filename": e.Filename, "retrieve_date": e.RetrieveDate, "entity_type": e.EntityType, "headline": e.Headline}
		rec := make([]string, len(header))
		for i, c := range header {
			if v, ok := fixed[c]; ok {
				rec[i] = v
			} else {
				rec[i] = cov[c]
			}
		}
		return cw.Write(rec)
	})
}

func nullable(n sql.NullInt64) string {
	if !n.Valid {
		return ""
	}
	return itoa(n.Int64)
}

// StudySets returns the stimulus sets a study's parameters use, in first-named order.
func StudySets(ctx context.Context, st *store.Store, ps []store.Param) ([]store.EntitySet, error) {
	sets, _, err := studySets(ctx, st, ps)
	return sets, err
}

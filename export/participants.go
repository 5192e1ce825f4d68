package export

import (
	"context"
	"encoding/json"
	"slices"
	"sort"
	"strconv"
	"strings"

	"feedlab/params"
	"feedlab/store"
)

// ParticipantColumns are the participants export's fixed columns: one row per
// participant. Platform ids (platform_*), the study's parameters, every questionnaire
// answer, the arrival URL parameters (URLParams-*) and the checkpoints (checkpoint_*)
// follow as further columns.
var ParticipantColumns = []string{
	"user_id", "experiment_id", "condition", "stage", "completed", "completion_code", "exit_state",
	"started_at_ms", "completed_at_ms", "time_to_complete_ms",
	"cards_in_feed", "cards_seen", "dwell_total_ms", "engagements", "study_version", "is_test",
}

// Prefixes of the participants export's generated columns.
const (
	platformPrefix   = "platform_"
	checkpointPrefix = "checkpoint_"
	urlParamsPrefix  = "URLParams-"
)

// skippedCheckpoint reports checkpoints left out of the participants export: one per
// card of the feed (feed-entity-idx-N), which the exposures export holds per card.
func skippedCheckpoint(name string) bool { return strings.HasPrefix(name, "feed-entity-idx-") }

// participantLayout is the participants export's header, worked out before any row.
type participantLayout struct {
	platform    []string // platform id keys
	answers     []string // answer fields, questionnaire order first
	arrivals    []string // URLParams-* fields
	checkpoints []string // checkpoint names
	header      []string
	answerCol   map[string]int // field → column, for kind answer
	arrivalCol  map[string]int
	checkCol    map[string]int
	platformCol map[string]int
	excludedCol int
	reasonCol   int
	textSizeCol int // -1 when the study does not set text-size
}

func newParticipantLayout(participants []store.Participant, fields []store.AnswerField, forms []Questionnaire, pc paramColumns, textSizes bool) participantLayout {
	l := participantLayout{textSizeCol: -1}
	for _, p := range participants {
		for k := range platformIDs(p) {
			if !slices.Contains(l.platform, k) {
				l.platform = append(l.platform, k)
			}
		}
	}
	sort.Strings(l.platform)
	// Questionnaire fields in the pages' order, whether or not anyone answered them yet,
	// then any other answer field the study's data holds.
	for _, q := range forms {
		for _, f := range q.Fields {
			if q.saved(f.Name) && !slices.Contains(l.answers, f.Name) {
				l.answers = append(l.answers, f.Name)
			}
		}
	}
	for _, f := range fields {
		switch f.Kind {
		case store.AnswerKindAnswer:
			if !slices.Contains(l.answers, f.Field) {
				l.answers = append(l.answers, f.Field)
			}
		case store.AnswerKindArrival:
			if f.Field != "condition" { // already a fixed column
				l.arrivals = append(l.arrivals, f.Field)
			}
		case store.AnswerKindCheckpoint:
			if !skippedCheckpoint(f.Field) {
				l.checkpoints = append(l.checkpoints, f.Field)
			}
		}
	}
	used := map[string]bool{}
	add := func(name string) int {
		// A generated name that is already a column (an answer field called user_id, a
		// parameter called like a question) gets a prefix that says what it is.
		for used[name] {
			name = "answer_" + name
		}
		used[name] = true
		l.header = append(l.header, name)
		return len(l.header) - 1
	}
	for _, c := range ParticipantColumns {
		add(c)
	}
	for _, c := range ExclusionColumns {
		used[c] = true // written last (below), but theirs: a generated column gets the prefix
	}
	if textSizes {
		used[textSizeColumn] = true // likewise
	}
	l.platformCol = map[string]int{}
	for _, k := range l.platform {
		l.platformCol[k] = add(platformPrefix + k)
	}
	for _, n := range pc.names {
		add(n)
	}
	l.answerCol = map[string]int{}
	for _, f := range l.answers {
		l.answerCol[f] = add(f)
	}
	l.arrivalCol = map[string]int{}
	for _, f := range l.arrivals {
		l.arrivalCol[f] = add(f)
	}
	l.checkCol = map[string]int{}
	for _, c := range l.checkpoints {
		l.checkCol[c] = add(checkpointPrefix + c)
	}
	// Last, after every generated column, so that scripts written before exclusions
	// existed find every column where it was.
	l.header = append(l.header, ExclusionColumns...)
	l.excludedCol, l.reasonCol = len(l.header)-2, len(l.header)-1
	// The text size after them, for the same reason: it came later still.
	if textSizes {
		l.header = append(l.header, textSizeColumn)
		l.textSizeCol = len(l.header) - 1
	}
	return l
}

func platformIDs(p store.Participant) map[string]string {
	var m map[string]string
	_ = json.Unmarshal([]byte(p.PlatformIds), &m) // written by the server as a JSON object
	return m
}

func writeParticipants(ctx context.Context, st *store.Store, cw recordWriter, id string, pc paramColumns, ps []store.Param, includeTest bool) error {
	participants, err := studyParticipants(ctx, st, id, includeTest)
	if err != nil {
		return err
	}
	fields, err := st.StudyAnswerFields(ctx, id)
	if err != nil {
		return err
	}
	excluded, err := st.StudyExclusions(ctx, id)
	if err != nil {
		return err
	}
	sizes := studyTextSizes(ps)
	l := newParticipantLayout(participants, fields, studyForms(ps), pc, sizes != nil)
	if err := cw.Write(l.header); err != nil {
		return err
	}
	rec := make([]string, len(l.header))
	nFixed := len(ParticipantColumns)
	for _, p := range participants {
		clear(rec)
		answers, err := st.ParticipantAnswers(ctx, p.ParticipantID)
		if err != nil {
			return err
		}
		feed, err := st.Feed(ctx, p.ParticipantID)
		if err != nil {
			return err
		}
		events, err := st.ParticipantEvents(ctx, p.ParticipantID)
		if err != nil {
			return err
		}
		var dwell, engagements int64
		chosenSize := ""

		seen := map[int64]bool{}
		for _, e := range events {
			if e.EngagementType == "dwell" {
				if ms, err := strconv.ParseInt(e.Response, 10, 64); err == nil && ms > 0 {
					dwell += ms
					seen[e.EntityID] = true
				}
			} else {
				engagements++
			}
		}
		for _, a := range answers {
			switch a.Kind {
			case store.AnswerKindAnswer:
				rec[l.answerCol[a.Field]] = decoded(a.Response) // the last answer wins
			case store.AnswerKindArrival:
				if i, ok := l.arrivalCol[a.Field]; ok {
					rec[i] = decoded(a.Response)
				}
			case store.AnswerKindCheckpoint:
				if i, ok := l.checkCol[a.Field]; ok && rec[i] == "" {
					rec[i] = itoa(a.ReceivedAt) // the first time it was reached
				}
				if a.Field == params.CheckpointTextSize {
					chosenSize = a.Response // the last choice wins
				}
			}
		}
		// The stage is the one the dashboard counts (store keeps it as checkpoints arrive),
		// so the export and the funnel agree on what "reached the feed" means.
		stage := p.Stage
		toComplete := ""
		if p.CompletedAt.Valid {
			toComplete = itoa(p.CompletedAt.Int64 - p.StartedAt)
		}
		copy(rec, []string{p.UserID, id, itoa(p.Condition), stage, bit(p.CompletedAt.Valid), p.CompletionCode, p.ExitState,
			itoa(p.StartedAt), nullable(p.CompletedAt), toComplete,
			strconv.Itoa(len(feed)), strconv.Itoa(len(seen)), itoa(dwell), itoa(engagements), itoa(p.StudyVersion), itoa(p.IsTest)})
		for k, v := range platformIDs(p) {
			rec[l.platformCol[k]] = v
		}
		copy(rec[nFixed+len(l.platform):], pc.row(p.Condition))
		ex, isExcluded := excluded[p.ParticipantID]
		rec[l.excludedCol], rec[l.reasonCol] = bit(isExcluded), ex.Reason
		if l.textSizeCol >= 0 {
			rec[l.textSizeCol] = participantTextSize(sizes[int(p.Condition)], chosenSize)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	return nil
}

// studyParticipants are the study's participants the export covers: test participants
// (preview, pilot) only when asked for.
func studyParticipants(ctx context.Context, st *store.Store, id string, includeTest bool) ([]store.Participant, error) {
	all, err := st.StudyParticipants(ctx, id)
	if err != nil || includeTest {
		return all, err
	}
	return slices.DeleteFunc(all, func(p store.Participant) bool { return p.IsTest != 0 }), nil
}

package export

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	cq "feedlab/questionnaire"
	"feedlab/store"
)

// A study's own questionnaires (issue 23) in the codebooks: each answer field with its
// text, type, options and their values or scale, when it is shown (show_if), and for a
// cards item's questions how the cards were chosen. The definitions are the study's
// questionnaires parameter, checked when the study was created.

// customQuestionnaires reads the study's questionnaires parameter; nil when it has none.
func customQuestionnaires(ps []store.Param) []cq.Questionnaire {
	for _, p := range ps {
		if p.Param != "questionnaires" {
			continue
		}
		qs, err := cq.Parse([]byte(p.Value), nil) // the built-in names were refused at creation
		if err == nil {
			return qs
		}
	}
	return nil
}

// asksAboutCards tells whether one of the study's own questionnaires has a cards item.
func asksAboutCards(ps []store.Param) bool {
	for _, q := range customQuestionnaires(ps) {
		if q.HasCards() {
			return true
		}
	}
	return false
}

// cardQuestions are the answer fields of the study's card questions (<cards item>.<question>),
// the exposures export's last columns; none when no questionnaire asks about cards.
func cardQuestions(ps []store.Param) []string {
	var out []string
	for _, q := range customQuestionnaires(ps) {
		for _, f := range customForm(q).Fields {
			if f.Cards != "" {
				out = append(out, f.Name)
			}
		}
	}
	return out
}

// cardAnswersOf maps each card of a participant's feed to their answers about it (the last
// one when a page was sent twice), decoded; answers about lures are left out (a lure is no
// exposure).
func cardAnswersOf(ctx context.Context, st *store.Store, participantID int64) (map[int64]map[string]string, error) {
	rows, err := st.ParticipantAnswers(ctx, participantID)
	if err != nil {
		return nil, err
	}
	out := map[int64]map[string]string{}
	for _, r := range rows {
		if r.Kind != store.AnswerKindAnswer || !r.EntityID.Valid || r.Lure.Int64 != 0 {
			continue
		}
		if out[r.EntityID.Int64] == nil {
			out[r.EntityID.Int64] = map[string]string{}
		}
		out[r.EntityID.Int64][r.Field] = decoded(r.Response)
	}
	return out, nil
}

// customForm is a custom questionnaire as the codebooks list it.
func customForm(q cq.Questionnaire) Questionnaire {
	out := Questionnaire{Name: q.Name, Title: q.Title, Custom: true}
	var add func(prefix, cards string, it cq.Item)
	add = func(prefix, cards string, it cq.Item) {
		if !it.IsSaved() {
			return // asked, never stored: no column, no codebook line
		}
		f := QField{Name: prefix + it.ID, Kind: it.Type, Question: it.Text, Required: it.IsRequired(), ShowIf: showIfText(it.ShowIf), Cards: cards}
		switch it.Type {
		case cq.Single, cq.Multi, cq.Attention:
			for _, o := range it.Options {
				f.Options = append(f.Options, QOption{Value: o.Value, Text: o.Label})
			}
			if it.Other {
				f.Options = append(f.Options, QOption{Value: "other", Text: "Other (the text typed is the field " + f.Name + ".other)"})
			}
			if it.Type == cq.Attention {
				f.Scale = "passes with " + it.Expect
			}
			if it.Type == cq.Multi && (it.Min != nil || it.Max != nil) {
				f.Scale = selections(it)
			}
		case cq.Likert:
			f.Scale = scaleText(it.Points, it.Labels)
		case cq.Slider:
			f.Min, f.Max, f.Step = it.Min, it.Max, it.Step
			f.Scale = rangeText(it)
		case cq.Number:
			f.Format = "decimal"
			if it.Integer {
				f.Format = "integer"
			}
			f.Min, f.Max = it.Min, it.Max
			f.Scale = rangeText(it)
		case cq.Text, cq.Textarea:
			if it.MaxLength > 0 {
				f.Scale = fmt.Sprintf("at most %d characters", it.MaxLength)
			}
		case cq.Matrix:
			for _, s := range it.Statements {
				out.Fields = append(out.Fields, QField{Name: prefix + it.ID + "." + s.ID, Kind: "matrix", Question: it.Text + ": " + s.Text,
					Required: it.IsRequired(), Scale: scaleText(it.Points, it.Labels), ShowIf: f.ShowIf, Cards: cards})
			}
			return
		case cq.Cards:
			how := cardsText(it)
			for _, sub := range it.Items {
				add(prefix+it.ID+".", how, sub)
			}
			return
		}
		out.Fields = append(out.Fields, f)
		if it.Other {
			out.Fields = append(out.Fields, QField{Name: f.Name + ".other", Kind: "text", Question: "What else (typed when “Other” is chosen in " + f.Name + ")", ShowIf: "shown when " + f.Name + " is other", Cards: cards})
		}
	}
	for _, p := range q.Pages {
		for _, it := range p.Items {
			add("", "", it)
		}
	}
	return out
}

func num(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

func scaleText(points int, labels []string) string {
	s := fmt.Sprintf("1 to %d", points)
	switch len(labels) {
	case 2:
		s += fmt.Sprintf(" (1 = %s, %d = %s)", labels[0], points, labels[1])
	case points:
		var parts []string
		for i, l := range labels {
			parts = append(parts, fmt.Sprintf("%d = %s", i+1, l))
		}
		s += " (" + strings.Join(parts, ", ") + ")"
	}
	return s
}

func rangeText(it cq.Item) string {
	var parts []string
	switch {
	case it.Min != nil && it.MinExclusive:
		parts = append(parts, "above "+num(*it.Min))
	case it.Min != nil:
		parts = append(parts, "from "+num(*it.Min))
	}
	if it.Max != nil {
		parts = append(parts, "to "+num(*it.Max))
	}
	if it.Unit != "" {
		parts = append(parts, "unit "+it.Unit)
	}
	if it.Step != nil {
		parts = append(parts, "step "+num(*it.Step))
	}
	if it.Type == cq.Slider {
		if len(it.Labels) == 2 {
			parts = append(parts, fmt.Sprintf("ends labelled %s and %s", it.Labels[0], it.Labels[1]))
		}
		if it.Default != nil {
			parts = append(parts, "starting at "+num(*it.Default))
		} else {
			parts = append(parts, "no starting position (must be moved)")
		}
	}
	return strings.Join(parts, ", ")
}

func selections(it cq.Item) string {
	var parts []string
	if it.Min != nil {
		parts = append(parts, "at least "+num(*it.Min))
	}
	if it.Max != nil {
		parts = append(parts, "at most "+num(*it.Max))
	}
	return strings.Join(parts, " and ") + " selections"
}

func showIfText(s *cq.ShowIf) string {
	switch {
	case s == nil:
		return ""
	case s.Equals != nil:
		return fmt.Sprintf("shown when %s is %s", s.Item, *s.Equals)
	default:
		return fmt.Sprintf("shown when %s is one of %s", s.Item, strings.Join(s.In, ", "))
	}
}

func cardsText(it cq.Item) string {
	s := "asked about each card the participant was shown in the feed"
	if it.Sample > 0 {
		s = fmt.Sprintf("asked about %d cards drawn from those the participant was shown in the feed", it.Sample)
	}
	if it.Order == "shuffled" {
		s += ", in a shuffled order"
	} else {
		s += ", in feed order"
	}
	if it.Lures > 0 {
		s += fmt.Sprintf(", with %d lures (cards of the same sets the participant was not shown) mixed in", it.Lures)
	}
	return s
}

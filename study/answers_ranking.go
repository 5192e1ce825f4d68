package study

import (
	"context"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"feedlab/feed"
	"feedlab/params"
	"feedlab/questionnaire"
	"feedlab/store"
)

// Ranking from the answers given before the feed (issue 23). A condition whose ranking
// reads them cannot compose its feed at arrival, before they exist: its participants are
// registered with no feed, and the feed is composed when the participant's page asks for
// it after the last forms-before questionnaire was stored (its form-done checkpoint), from
// the seed, the arrival parameters and those answers. Until then load_experiment answers an
// empty feed marked pending. Every other condition composes at arrival as before.

// ReadsAnswers tells whether condition c's ranking reads answers given before the feed: a
// custom script (participant["answers"]) or attitude_filter_feed with answer:<q>.<item>,
// in a condition with forms-before. A custom script of a condition without forms-before
// gets no answers and composes at arrival as before.
func ReadsAnswers(c params.Condition) bool {
	if len(c.FormsBefore) == 0 {
		return false
	}
	return c.Algorithm == feed.Custom ||
		c.Algorithm == feed.AttitudeFeed && strings.HasPrefix(c.Ranking.AttitudeParam, feed.AnswerPrefix)
}

// questionnaireOf is a forms-before questionnaire's definition, custom or built-in.
func (d *Definition) questionnaireOf(name string) (questionnaire.Questionnaire, bool) {
	if q, ok := d.Study.Questionnaire(name); ok {
		return q, true
	}
	return questionnaire.Builtin(name)
}

// answersBefore are participant p's answers to condition c's forms-before questionnaires,
// keyed "<questionnaire>.<field>" (a matrix statement's field is <item>.<statement>, an
// Other box's <item>.other) with the values as stored, URL-decoded as the exports decode
// them; done is true once every one of those questionnaires has its form-done checkpoint.
// An item id shared by two forms-before questionnaires takes its latest answer under both.
func (d *Definition) answersBefore(ctx context.Context, st *store.Store, p store.Participant, c params.Condition) (map[string]string, bool, error) {
	rows, err := st.ParticipantAnswers(ctx, p.ParticipantID)
	if err != nil {
		return nil, false, err
	}
	latest := map[string]string{}
	finished := map[string]bool{}
	for _, a := range rows { // oldest first: a later answer to a field wins
		switch a.Kind {
		case store.AnswerKindAnswer:
			if a.EntityID.Valid {
				continue // about a card: none before the feed
			}
			v, err := url.PathUnescape(a.Response)
			if err != nil {
				v = a.Response
			}
			latest[a.Field] = v
		case store.AnswerKindCheckpoint:
			if name, ok := strings.CutPrefix(a.Field, store.FormDoneCheckpoint); ok {
				finished[name] = true
			}
		}
	}
	answers := map[string]string{}
	done := true
	for _, name := range c.FormsBefore {
		done = done && finished[name]
		q, ok := d.questionnaireOf(name)
		if !ok {
			continue
		}
		for _, field := range answerFields(q) {
			if v, ok := latest[field]; ok {
				answers[name+"."+field] = v
			}
		}
	}
	return answers, done, nil
}

// answerFields are the user_form fields a questionnaire's answers are stored under.
func answerFields(q questionnaire.Questionnaire) []string {
	var out []string
	for _, pg := range q.Pages {
		for _, it := range pg.Items {
			out = append(out, it.ID)
			for _, s := range it.Statements {
				out = append(out, it.ID+"."+s.ID)
			}
			if it.Other {
				out = append(out, it.ID+".other")
			}
		}
	}
	return out
}

// lateFeed composes and stores the feed of participant p of condition c, registered
// without one, once their forms-before questionnaires are stored. pending is true (and the
// feed empty) while they are not: the page asks again after sending them.
func (d *Definition) lateFeed(ctx context.Context, st *store.Store, p store.Participant, c params.Condition) (items []store.FeedCard, pending bool, err error) {
	answers, done, err := d.answersBefore(ctx, st, p, c)
	if err != nil || !done {
		return nil, true, err
	}
	in := feed.Participant{Arrival: map[string]string{}, Answers: answers}
	_ = json.Unmarshal([]byte(p.QueryParams), &in.Arrival) // written by RegisterParticipant
	composed, err := ComposeFor(ctx, feedCondition(d.ExperimentID, c), uint64(p.Seed), func(set string) ([]store.Entity, error) {
		return st.Entities(ctx, set)
	}, in)
	if err != nil {
		return nil, false, err
	}
	items, err = st.ComposeLateFeed(ctx, p, composed)
	return items, false, err
}

// sampleAnswers are the answers every participant of condition c gives before the feed,
// for a script's dry run: each required item shown unconditionally, with a value of its
// kind (the first option, point 1, the range's low end, a word). Optional items and items
// behind a show_if are left out, as a participant may leave them out, and items never
// stored (save false), whose answers no script can read.
func sampleAnswers(s params.Study, c params.Condition) map[string]string {
	out := map[string]string{}
	for _, name := range c.FormsBefore {
		q, ok := s.Questionnaire(name)
		if !ok {
			q, ok = questionnaire.Builtin(name)
		}
		if !ok {
			continue
		}
		for _, pg := range q.Pages {
			for _, it := range pg.Items {
				if !it.IsRequired() || it.ShowIf != nil || !it.IsSaved() {
					continue
				}
				key := name + "." + it.ID
				switch it.Type {
				case questionnaire.Single, questionnaire.Multi, questionnaire.Attention:
					if len(it.Options) > 0 {
						out[key] = it.Options[0].Value
					}
				case questionnaire.Likert:
					out[key] = "1"
				case questionnaire.Matrix:
					for _, st := range it.Statements {
						out[key+"."+st.ID] = "1"
					}
				case questionnaire.Slider, questionnaire.Number:
					v := 0.0
					if it.Min != nil {
						v = *it.Min
					}
					out[key] = strconv.FormatFloat(v, 'f', -1, 64)
				case questionnaire.Text, questionnaire.Textarea:
					out[key] = "text"
				}
			}
		}
	}
	return out
}

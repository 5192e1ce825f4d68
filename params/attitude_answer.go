package params

import (
	"slices"
	"strconv"
	"strings"

	"feedlab/feed"
	"feedlab/questionnaire"
)

// attitudeAnswer checks an attitude_filter_feed condition whose algorithm-attitude-param
// names a questionnaire answer (answer:<questionnaire>.<item>, issue 23): the questionnaire
// must be in the condition's forms-before (only those answers exist when the feed is
// composed), and the item must store a number that can be an attitude. A likert stores its
// point from 1, so its midpoint is kept in the ranking and subtracted (its answers are then
// centred at 0, like the lean).
func (v *validator) attitudeAnswer(f field, c *Condition) {
	key, ok := strings.CutPrefix(c.Ranking.AttitudeParam, feed.AnswerPrefix)
	if c.Algorithm != feed.AttitudeFeed || !ok {
		return
	}
	name, id, ok := strings.Cut(key, ".")
	if !ok || name == "" || id == "" {
		f.fail("%s must name a questionnaire answer as answer:<questionnaire>.<item>, such as answer:about_you.ideology", quote(c.Ranking.AttitudeParam))
		return
	}
	q, custom := questionnaireIn(v.customQ, name)
	if !custom {
		q, custom = questionnaire.Builtin(name)
	}
	switch {
	case !custom && v.customBroken:
		return // perhaps defined in the questionnaires that could not be read
	case !slices.Contains(c.FormsBefore, name):
		f.fail("the attitude comes from questionnaire %s, which is not in this condition's forms-before; only answers given before the feed can rank it", quote(name))
		return
	case !custom:
		return // forms-before already named an unknown questionnaire
	}
	it, found := itemOf(q, id)
	if !found {
		f.fail("questionnaire %s has no item %s (its items: %s)", quote(name), quote(id), strings.Join(itemIDs(q), ", "))
		return
	}
	if !it.IsSaved() {
		f.fail("item %s of questionnaire %s is asked but never stored (save false); an attitude needs a stored answer", quote(id), quote(name))
		return
	}
	switch it.Type {
	case questionnaire.Likert:
		c.Ranking.AttitudeMidpoint = float64(it.Points+1) / 2
	case questionnaire.Slider, questionnaire.Number:
	case questionnaire.Single:
		if it.Other {
			f.fail("item %s of questionnaire %s offers Other, whose answer is no number; an attitude needs every answer to be a number", quote(id), quote(name))
			return
		}
		for _, o := range it.Options {
			if _, err := strconv.ParseFloat(o.Value, 64); err != nil {
				f.fail("item %s of questionnaire %s has the option value %s, which is not a number; an attitude needs numeric values centred at 0, such as -1, 0 and 1", quote(id), quote(name), quote(o.Value))
				return
			}
		}
	default:
		f.fail("item %s of questionnaire %s is a %s item; an attitude comes from a single (with numeric option values), likert, number or slider item", quote(id), quote(name), it.Type)
	}
}

// itemOf finds an item by id on any page of q (cards items' questions are not answers
// given before the feed, so they are not looked into).
func itemOf(q questionnaire.Questionnaire, id string) (questionnaire.Item, bool) {
	for _, p := range q.Pages {
		for _, it := range p.Items {
			if it.ID == id {
				return it, true
			}
		}
	}
	return questionnaire.Item{}, false
}

func itemIDs(q questionnaire.Questionnaire) []string {
	var out []string
	for _, p := range q.Pages {
		for _, it := range p.Items {
			out = append(out, it.ID)
		}
	}
	return out
}

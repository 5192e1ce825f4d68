package params

import (
	"reflect"
	"slices"
	"strings"

	"feedlab/questionnaire"
)

// Custom questionnaires (issue 23): the study-wide parameter questionnaires is a JSON list
// of the researcher's own definitions (package questionnaire). A condition's forms may name
// them beside the built-ins, and its forms-before lists questionnaires shown after consent
// and before the feed. Like the study title, questionnaires may be given on any condition
// and must be the same wherever given (the wizard sends it with every condition); Rows
// writes it once, on condition 1, only when there is one, and forms-before only when a
// condition has any, so the rows of a study without them are as before.
const (
	paramQuestionnaires = "questionnaires"
	paramFormsBefore    = "forms-before"
)

// Questionnaire returns the study's custom questionnaire of that name.
func (s Study) Questionnaire(name string) (questionnaire.Questionnaire, bool) {
	i := slices.IndexFunc(s.Questionnaires, func(q questionnaire.Questionnaire) bool { return q.Name == name })
	if i < 0 {
		return questionnaire.Questionnaire{}, false
	}
	return s.Questionnaires[i], true
}

// customQuestionnaires checks the study-wide questionnaires parameter: a valid list, the
// same on every condition that gives it. It records the names for the forms checks.
func (v *validator) customQuestionnaires(byCond map[int]map[string]Row, top int) []questionnaire.Questionnaire {
	var list []questionnaire.Questionnaire
	from := 0
	for c := 1; c <= top; c++ {
		r, ok := byCond[c][paramQuestionnaires]
		if !ok {
			continue
		}
		f := field{v: v, cond: c, param: paramQuestionnaires, raw: r.Value, line: r.Line}
		qs, err := questionnaire.Parse([]byte(f.text()), knownForms)
		if err != nil {
			v.customBroken = true
			if ps, ok := err.(questionnaire.Problems); ok {
				for _, p := range ps {
					f.fail("%s", p.String())
				}
			} else {
				f.fail("%v", err)
			}
			continue
		}
		if from == 0 {
			list, from = qs, c
			continue
		}
		if !reflect.DeepEqual(qs, list) {
			f.fail("differs from the questionnaires given for condition %d; questionnaires is study-wide, the same on every condition", from)
		}
	}
	for _, q := range list {
		v.custom = append(v.custom, q.Name)
	}
	v.customQ = list
	return list
}

// formList checks forms or forms-before: a JSON list naming built-in and custom
// questionnaires, each once.
func (v *validator) formList(f field) []string {
	t := f.text()
	if t == "" {
		return nil
	}
	if len(t) > maxJSONLen {
		f.fail("the list is longer than %d bytes", maxJSONLen)
		return nil
	}
	var names []string
	if err := jsonList(t, &names); err != nil {
		f.fail(`must be a JSON list of questionnaire names such as ["crt","ses","final"]`)
		return nil
	}
	known := append(slices.Clone(knownForms), v.custom...)
	var out []string
	for _, n := range names {
		n = strings.ToLower(strings.TrimSpace(n))
		switch {
		case !slices.Contains(known, n):
			if v.customBroken {
				continue // perhaps defined in the questionnaires that could not be read
			}
			msg := "unknown questionnaire " + quote(n)
			if c := closest(n, known); c != "" {
				msg += " (did you mean " + c + "?)"
			}
			f.fail("%s; known: %s", msg, strings.Join(known, ", "))
		case slices.Contains(out, n):
			f.fail("questionnaire %s is listed more than once", n)
		default:
			out = append(out, n)
		}
	}
	return out
}

// formsBefore checks a condition's forms-before: questionnaires shown before the feed, so
// none may ask about feed cards or be the end message, and none may also be in forms
// (its answers would be stored twice under the same names).
func (v *validator) formsBefore(f field, c *Condition) []string {
	names := v.formList(f)
	var out []string
	for _, n := range names {
		q, custom := questionnaireIn(v.customQ, n)
		switch {
		case n == CustomMsgForm:
			f.fail("%s is the end message page; it cannot come before the feed", CustomMsgForm)
		case custom && q.HasCards():
			f.fail("questionnaire %s asks about feed cards, and before the feed no card has been shown; list it in forms (after the feed) instead", n)
		case slices.Contains(c.Forms, n):
			f.fail("questionnaire %s is in both forms-before and forms; a participant answers it once", n)
		default:
			out = append(out, n)
		}
	}
	return out
}

func questionnaireIn(list []questionnaire.Questionnaire, name string) (questionnaire.Questionnaire, bool) {
	i := slices.IndexFunc(list, func(q questionnaire.Questionnaire) bool { return q.Name == name })
	if i < 0 {
		return questionnaire.Questionnaire{}, false
	}
	return list[i], true
}

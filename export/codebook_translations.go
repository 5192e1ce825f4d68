package export

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"feedlab/params"
	cq "feedlab/questionnaire"
	"feedlab/store"
)

// A built-in questionnaire reaches a condition in another language in feedlab's own
// translation when it has one (questionnaire/builtins/<tag>/). Its answers are stored under
// the English fields and values, so the tables do not change; the codebook says, once per
// questionnaire and language, which conditions read it translated and that the translation
// is not validated: comparing answers across languages needs a validated instrument
// (docs/languages.md). A study's own questionnaire is written in the study's language and
// never marked; an English study's codebook is as before.

// Translation is one language a built-in questionnaire was served in to some conditions.
type Translation struct {
	Catalogue  string   // the translation's tag (builtins/<Catalogue>/NAME.json)
	Conditions []int    // the conditions that receive it
	Languages  []string // those conditions' language tags as the study sets them
}

// builtinTranslations lists, for each built-in a condition names in forms or forms-before,
// the translations its conditions receive, by catalogue tag in sorted order.
func builtinTranslations(ps []store.Param) map[string][]Translation {
	langs := map[int]string{}
	for _, p := range ps {
		if p.Param == "language" {
			if tag, ok := params.CanonicalLanguage(p.Value); ok && tag != params.DefaultLanguage {
				langs[p.Condition] = tag
			}
		}
	}
	out := map[string][]Translation{}
	if len(langs) == 0 {
		return out
	}
	seen := map[string]bool{} // "<name> <condition>": forms and forms-before may both name it
	for _, p := range ps {
		lang, ok := langs[p.Condition]
		if !ok || (p.Param != "forms" && p.Param != "forms-before") {
			continue
		}
		var names []string
		_ = json.Unmarshal([]byte(p.Value), &names) // validated when the study was created
		for _, name := range names {
			_, served, ok := cq.BuiltinIn(name, params.BuiltInCatalogue(lang))
			key := name + " " + strconv.Itoa(p.Condition)
			if !ok || served == cq.English || seen[key] {
				continue
			}
			seen[key] = true
			i := slices.IndexFunc(out[name], func(t Translation) bool { return t.Catalogue == served })
			if i < 0 {
				out[name] = append(out[name], Translation{Catalogue: served})
				i = len(out[name]) - 1
			}
			t := &out[name][i]
			t.Conditions = append(t.Conditions, p.Condition)
			if !slices.Contains(t.Languages, lang) {
				t.Languages = append(t.Languages, lang)
			}
		}
	}
	for name := range out {
		slices.SortFunc(out[name], func(a, b Translation) int { return strings.Compare(a.Catalogue, b.Catalogue) })
		for i := range out[name] {
			slices.Sort(out[name][i].Conditions)
			slices.Sort(out[name][i].Languages)
		}
	}
	return out
}

// writeTranslations marks a built-in's translations below its table.
func writeTranslations(b *strings.Builder, q Questionnaire) {
	for _, t := range q.Translations {
		conds := make([]string, len(t.Conditions))
		for i, c := range t.Conditions {
			conds[i] = strconv.Itoa(c)
		}
		which := "Condition " + conds[0]
		if len(conds) > 1 {
			which = "Conditions " + strings.Join(conds, ", ")
		}
		fmt.Fprintf(b, "**%s: translation not validated.** %s (language %s) received this questionnaire in feedlab's %s translation (`feedlab questionnaire show %s --language %s`), not in English. "+
			"Its answers are stored under the same fields and values as above; the translation is careful but has not been tested for equivalence with the English items, so compare answers across languages with care (docs/languages.md).\n\n",
			t.Catalogue, which, strings.Join(t.Languages, ", "), t.Catalogue, q.Name, t.Catalogue)
	}
}

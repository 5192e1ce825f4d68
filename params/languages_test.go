package params

import (
	"encoding/json"
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestLanguageIsABCP47TagWrittenOnlyWhenUsed: a condition's language is checked and written
// the usual way, written on every condition of a study that sets one (and on none of a
// study that does not), and sent to the browser only where it is not English.
func TestLanguageIsABCP47TagWrittenOnlyWhenUsed(t *testing.T) {
	t.Parallel()
	s := mustValidate(t, []Row{
		minimal(1),
		minimal(2), {Condition: 2, Param: "language", Value: " pt-br "},
		minimal(3), {Condition: 3, Param: "language", Value: "EN"},
	})
	if got := []string{s.Conditions[0].Language, s.Conditions[1].Language, s.Conditions[2].Language}; !slices.Equal(got, []string{"", "pt-BR", ""}) {
		t.Fatalf("languages %q, want the default, pt-BR and the default", got)
	}
	if !s.UsesLanguage() {
		t.Error("UsesLanguage is false for a study with a Portuguese condition")
	}
	var written []string
	for _, r := range s.Rows() {
		if r.Param == "language" {
			written = append(written, string(rune('0'+r.Condition))+" "+r.Value)
		}
	}
	if want := []string{"1 en", "2 pt-BR", "3 en"}; !slices.Equal(written, want) {
		t.Errorf("Rows wrote %q, want %q", written, want)
	}
	if again := mustValidate(t, s.Rows()); !reflect.DeepEqual(again, s) {
		t.Errorf("round trip changed the study:\n got %+v\nwant %+v", again, s)
	}
	sent := func(c Condition) []Param {
		return slices.DeleteFunc(c.ExperimentParameters(), func(p Param) bool { return p.Param != "language" })
	}
	if p := sent(s.Conditions[1]); !slices.Equal(p, []Param{{"language", "pt-BR"}}) {
		t.Errorf("the Portuguese condition's browser gets %v", p)
	}
	if p := sent(s.Conditions[0]); len(p) != 0 {
		t.Errorf("an English condition sends %v; its browser should get what it always did", p)
	}
	plain := mustValidate(t, []Row{minimal(1)})
	if plain.UsesLanguage() || slices.ContainsFunc(plain.Rows(), func(r Row) bool { return r.Param == "language" || r.Param == "translations" }) {
		t.Errorf("a study without a language writes %v", plain.Rows())
	}
}

func TestLanguageTagsRefusedWithClearWords(t *testing.T) {
	t.Parallel()
	for _, bad := range []string{"english", "e", "es_", "pt-BRAZILIAN-", "123", "es--MX", "zh Hans"} {
		_, err := Validate([]Row{minimal(1), {Condition: 1, Param: "language", Value: bad, Line: 3}}, lookup)
		want := quote(bad) + " is not a language tag; write a BCP 47 tag such as en, es"
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("language %q: %v, want %q", bad, err, want)
		}
	}
	for _, good := range []string{"sr-Latn-RS", "es-419", "de-CH-1996", "ar_EG", "haw"} {
		if _, err := Validate([]Row{minimal(1), {Condition: 1, Param: "language", Value: good}}, lookup); err != nil {
			t.Errorf("language %q refused: %v", good, err)
		}
	}
}

// TestBuiltInCatalogueAndDirectionFollowTheSharedCases: the Go rule that Verify uses picks
// the same catalogue and direction as the participant bundle (the same file drives both tests).
func TestBuiltInCatalogueAndDirectionFollowTheSharedCases(t *testing.T) {
	t.Parallel()
	b, err := os.ReadFile("testdata/language_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		Cases []struct {
			Tag, Catalogue string // (the file's RTL is the participant bundle's rule, tested there)
		}
	}
	if err := json.Unmarshal(b, &file); err != nil || len(file.Cases) == 0 {
		t.Fatalf("language_cases.json: %v", err)
	}
	for _, c := range file.Cases {
		if got := BuiltInCatalogue(c.Tag); got != c.Catalogue {
			t.Errorf("BuiltInCatalogue(%s) = %s, want %s", c.Tag, got, c.Catalogue)
		}
	}
}

// TestTranslationsAreValidatedAndSentForTheConditionsLanguage: the study's own texts are
// checked key by key (unknown keys named, non-text values refused), study-wide, written
// once, and a participant receives those of their condition's language only.
func TestTranslationsAreValidatedAndSentForTheConditionsLanguage(t *testing.T) {
	t.Parallel()
	value := `{"es": {"feed.submit": "Ir al cuestionario"}, "it": {"button.like": "Mi piace"}}`
	s := mustValidate(t, []Row{
		minimal(1), {Condition: 1, Param: "language", Value: "es"}, {Condition: 1, Param: "translations", Value: value},
		minimal(2), {Condition: 2, Param: "language", Value: "it"}, {Condition: 2, Param: "translations", Value: value},
	})
	want := map[string]map[string]string{"es": {"feed.submit": "Ir al cuestionario"}, "it": {"button.like": "Mi piace"}}
	if !reflect.DeepEqual(s.Translations, want) {
		t.Fatalf("translations %v, want %v", s.Translations, want)
	}
	if got := s.ParticipantTranslations("it"); got != `{"button.like":"Mi piace"}` {
		t.Errorf("Italian participants get %s", got)
	}
	if got := s.ParticipantTranslations("de"); got != "" {
		t.Errorf("German participants get %q, want nothing", got)
	}
	n := 0
	for _, r := range s.Rows() {
		if r.Param == "translations" {
			n++
		}
	}
	if n != 1 {
		t.Errorf("translations written %d times, want once (study-wide)", n)
	}
	if again := mustValidate(t, s.Rows()); !reflect.DeepEqual(again, s) {
		t.Errorf("round trip changed the study:\n got %+v\nwant %+v", again, s)
	}

	for _, tc := range []struct{ value, want string }{
		{`{"es": {"feed.submitt": "x", "nope": "y"}}`, `es: unknown key "feed.submitt", "nope" (did you mean feed.submit?)`},
		{`{"es": {"feed.submit": 3}}`, "es feed.submit: the text must be a JSON string, not 3"},
		{`{"es": {"feed.submit": ["a"]}}`, `es feed.submit: the text must be a JSON string, not ["a"]`},
		{`{"es": {"feed.submit": "  "}}`, "es feed.submit: the text is empty"},
		{`{"spanish!": {"feed.submit": "x"}}`, `"spanish!" is not a language tag`},
		{`["es"]`, "must be a JSON object of language → key → text"},
		{`{"es": "Continuar"}`, "must be a JSON object of language → key → text"},
	} {
		_, err := Validate([]Row{minimal(1), {Condition: 1, Param: "translations", Value: tc.value, Line: 3}}, lookup)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("translations %s: %v, want %q", tc.value, err, tc.want)
		}
	}
	_, err := Validate([]Row{
		minimal(1), {Condition: 1, Param: "translations", Value: `{"es": {"feed.submit": "a"}}`},
		minimal(2), {Condition: 2, Param: "translations", Value: `{"es": {"feed.submit": "b"}}`},
	}, lookup)
	if err == nil || !strings.Contains(err.Error(), "translations is study-wide") {
		t.Errorf("two different translations: %v", err)
	}
}

// TestVerifyNamesTheTextsThatFallBackToEnglish: a language without a catalogue warns with
// the keys its participants read in English, less those the study translated; a built-in
// language does not warn.
func TestVerifyNamesTheTextsThatFallBackToEnglish(t *testing.T) {
	t.Parallel()
	all := MessageKeys()
	own := map[string]string{}
	for _, k := range all {
		if k != "feed.submit" && k != "button.share" {
			own[k] = "testo " + k
		}
	}
	b, _ := json.Marshal(map[string]map[string]string{"it": own})
	rows := []Row{
		minimal(1), {Condition: 1, Param: "language", Value: "it", Line: 4}, {Condition: 1, Param: "translations", Value: string(b)},
		minimal(2), {Condition: 2, Param: "language", Value: "es"},
		minimal(3), {Condition: 3, Param: "language", Value: "sw"},
	}
	mustValidate(t, rows)
	ws := Warnings(rows)
	var lang []Problem
	for _, w := range ws {
		if w.Param == "language" {
			lang = append(lang, w)
		}
	}
	if len(lang) != 2 || lang[0].Condition != 1 || lang[1].Condition != 3 {
		t.Fatalf("language warnings %v, want one for condition 1 (it) and one for 3 (sw)", lang)
	}
	if m := lang[0].Message; !strings.Contains(m, "2 of the") || !strings.Contains(m, ": button.share, feed.submit") || lang[0].Line != 4 {
		t.Errorf("Italian warning %q (line %d), want the two untranslated keys named", m, lang[0].Line)
	}
	if m := lang[1].Message; !strings.Contains(m, "no built-in sw catalogue") || !strings.Contains(m, " more") {
		t.Errorf("Swahili warning %q", m)
	}
}

// TestVerifyWarnsOfBuiltInTextsOnlyInALanguageWithoutThem: the built-in consent,
// instructions and intervention texts exist in every built-in catalogue's language; a
// Spanish or British condition using them is fine, a Russian one (no catalogue) reads
// them in English and is warned.
func TestVerifyWarnsOfBuiltInTextsOnlyInALanguageWithoutThem(t *testing.T) {
	t.Parallel()
	rows := []Row{
		minimal(1), {Condition: 1, Param: "language", Value: "es"}, {Condition: 1, Param: "consent", Value: "default"}, {Condition: 1, Param: "intervention-type", Value: "literacytip"},
		minimal(2), {Condition: 2, Param: "language", Value: "ru"}, {Condition: 2, Param: "consent", Value: "Согласие"}, {Condition: 2, Param: "intervention-type", Value: "literacytip"}, {Condition: 2, Param: "intervention-text", Value: "Советы"},
		minimal(3), {Condition: 3, Param: "consent", Value: "default"},
		minimal(4), {Condition: 4, Param: "language", Value: "ru"}, {Condition: 4, Param: "consent", Value: "default"}, {Condition: 4, Param: "instruct", Value: "default"}, {Condition: 4, Param: "intervention-type", Value: "socialnorm"},
		minimal(5), {Condition: 5, Param: "language", Value: "en-GB"}, {Condition: 5, Param: "consent", Value: "default"}, {Condition: 5, Param: "intervention-type", Value: "importance"},
	}
	mustValidate(t, rows)
	var got []string
	for _, w := range Warnings(rows) {
		if strings.Contains(w.Message, "which is in English") {
			got = append(got, string(rune('0'+w.Condition))+" "+w.Param)
		}
	}
	if want := []string{"4 consent", "4 instruct", "4 intervention-type"}; !slices.Equal(got, want) {
		t.Errorf("warned of %v, want %v (the built-in languages, the written texts and English are fine)", got, want)
	}
}

// TestCountTextsTakeTheFormsTheirLanguageUses: a count text (comments.view.one/.other) is
// given for a language once its .other form is (Chinese has no other form, so Verify must
// not warn of comments.view.one), and a study may write any CLDR form of one, such as
// Arabic's .few, though English has none; a form of a plain text stays unknown.
func TestCountTextsTakeTheFormsTheirLanguageUses(t *testing.T) {
	t.Parallel()
	if missing := (Study{}).FallbackKeys("zh-Hans"); len(missing) != 0 {
		t.Errorf("zh-Hans falls back to English for %v, want nothing", missing)
	}
	s := mustValidate(t, []Row{
		minimal(1), {Condition: 1, Param: "language", Value: "ru"},
		{Condition: 1, Param: "translations", Value: `{"ar": {"comments.view.few": "عرض {n} تعليقات"}, "ru": {"comments.view.other": "Показать {n} комментария", "comments.view.few": "Показать {n} комментария"}}`},
	})
	if got := s.Translations["ar"]["comments.view.few"]; got == "" {
		t.Errorf("the Arabic .few form was dropped: %v", s.Translations)
	}
	for _, k := range s.FallbackKeys("ru") {
		if strings.HasPrefix(k, "comments.view.") {
			t.Errorf("Russian falls back to English for %s, though the study gives comments.view.other", k)
		}
	}
	_, err := Validate([]Row{minimal(1), {Condition: 1, Param: "translations", Value: `{"es": {"form.few": "x", "comments.view.some": "y"}}`}}, lookup)
	if err == nil || !strings.Contains(err.Error(), `unknown key "comments.view.some", "form.few"`) {
		t.Errorf("forms of a plain text or no CLDR category: %v", err)
	}
}

// TestVerifyNamesTheBuiltinQuestionnairesReadInEnglish: the warning naming the texts a
// language reads in English names the built-in questionnaires its condition uses that
// feedlab has not translated into it (a Hebrew study), alone when every interface text is
// given (an Italian study that wrote them all); a translated built-in (final in Spanish),
// an English variant and a study's own questionnaire are not named.
func TestVerifyNamesTheBuiltinQuestionnairesReadInEnglish(t *testing.T) {
	t.Parallel()
	own := map[string]string{}
	for _, k := range MessageKeys() {
		own[k] = "testo " + k
	}
	b, _ := json.Marshal(map[string]map[string]string{"it": own})
	mine := `[{"name":"mine","title":"T","pages":[{"items":[{"id":"a","type":"text","text":"Why?"}]}]}]`
	rows := []Row{
		minimal(1), {Condition: 1, Param: "language", Value: "he", Line: 3}, {Condition: 1, Param: "forms-before", Value: `["form"]`}, {Condition: 1, Param: "forms", Value: `["final","crt"]`},
		{Condition: 1, Param: "translations", Value: string(b)}, {Condition: 1, Param: "questionnaires", Value: mine},
		minimal(2), {Condition: 2, Param: "language", Value: "it"}, {Condition: 2, Param: "forms", Value: `["mine","final"]`},
		minimal(3), {Condition: 3, Param: "language", Value: "es"}, {Condition: 3, Param: "forms", Value: `["final"]`},
		minimal(4), {Condition: 4, Param: "language", Value: "en-GB"}, {Condition: 4, Param: "forms", Value: `["final"]`},
		minimal(5), {Condition: 5, Param: "language", Value: "ru"}, {Condition: 5, Param: "forms", Value: `["mine"]`},
	}
	mustValidate(t, rows)
	got := map[int]string{}
	for _, w := range Warnings(rows) {
		if w.Param == "language" {
			got[w.Condition] = w.Message
		}
	}
	if m := got[1]; !strings.Contains(m, "interface texts show in English to he participants") || !strings.HasSuffix(m, "; so do the built-in questionnaires form, final, crt, which feedlab has not translated into he") {
		t.Errorf("Hebrew warning %q", m)
	}
	if m := got[2]; m != "the built-in questionnaire final shows in English to it participants: feedlab has no it translation of it (write your own in it, docs/languages.md)" {
		t.Errorf("Italian warning %q", m)
	}
	if m, warned := got[3]; warned {
		t.Errorf("the Spanish condition, whose final is translated, is warned: %q", m)
	}
	if m, warned := got[4]; warned {
		t.Errorf("the en-GB condition is warned: %q", m)
	}
	if m := got[5]; m == "" || strings.Contains(m, "questionnaire") {
		t.Errorf("Russian warning %q: the study's own questionnaire is named", m)
	}
}

package questionnaire

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"feedlab/frontend"
)

// Every translated built-in (builtins/<tag>/NAME.json) is its English file with only the
// words a participant reads translated: same keys, lists, ids, values, numbers and
// show_if; no word empty or left in English; groups grouping the same items. Each
// difference is named with the file and its JSON path. The folders are the participant
// catalogues' tags and the files the built-ins' names, so that nothing is silently unused.
func TestBuiltinTranslationsKeepTheirStructure(t *testing.T) {
	t.Parallel()
	dirs, err := os.ReadDir("builtins")
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		tag := d.Name()
		if _, ok := frontend.Catalogues()[tag]; !ok || tag == English {
			t.Errorf("builtins/%s/: %s is not the tag of a participant catalogue other than English (frontend/src/participant/i18n)", tag, tag)
			continue
		}
		files, err := os.ReadDir(filepath.Join("builtins", tag))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			path := "builtins/" + tag + "/" + f.Name()
			name, isJSON := strings.CutSuffix(f.Name(), ".json")
			if !isJSON || !slices.Contains(BuiltinOrder, name) {
				t.Errorf("%s: not NAME.json for a built-in (%s)", path, strings.Join(BuiltinOrder, ", "))
				continue
			}
			english, _ := os.ReadFile(filepath.Join("builtins", name+".json"))
			data, _ := os.ReadFile(filepath.FromSlash(path))
			problems := checkTranslation(tag, english, data)
			for _, p := range problems {
				t.Errorf("%s: %s", path, p)
			}
			_, _, readErr := readTranslation(tag, name)
			if readErr != nil && len(problems) == 0 {
				t.Errorf("%v", readErr) // not a definition the parser accepts
			}
			if readErr != nil || len(problems) > 0 {
				continue
			}
			q, lang, ok := BuiltinIn(name, tag)
			en, _ := Builtin(name)
			if !ok || lang != tag || q.Title == en.Title {
				t.Errorf("%s: BuiltinIn(%s, %s) serves %s (%q)", path, name, tag, lang, q.Title)
				continue
			}
			// Written as the format writes it, as the English files are: `feedlab
			// questionnaire show NAME --language TAG` prints the file as it is.
			if out, _ := json.MarshalIndent(q, "", "  "); string(data) != string(out)+"\n" {
				t.Errorf("%s is not written as the format writes it; write it as:\n%s", path, out)
			}
			// The answers are stored under English's fields.
			if !slices.Equal(q.Fields(), en.Fields()) {
				t.Errorf("%s stores %v; English stores %v", path, q.Fields(), en.Fields())
			}
		}
	}
}

// The check names what a translator could get wrong, at its JSON path.
func TestTranslationCheckNamesEachDifference(t *testing.T) {
	t.Parallel()
	english := []byte(`{"name":"q","title":"Topics","pages":[{"intro":"Tell us.","items":[
		{"id":"a","type":"single","text":"Agree?","group":"Monkeypox","options":[{"value":"1","label":"Yes"},{"value":"2","label":"No"}]},
		{"id":"b","type":"likert","text":"Rate","group":"Monkeypox","points":5,"labels":["Bad","Good"]},
		{"id":"c","type":"number","text":"Age","group":"Elections","min":0,"invalid":"Enter a number","required":false}]}]}`)
	good := `{"name":"q","title":"Temas","pages":[{"intro":"Cuéntanos.","items":[
		{"id":"a","type":"single","text":"¿De acuerdo?","group":"Viruela símica","options":[{"value":"1","label":"Sí"},{"value":"2","label":"No"}]},
		{"id":"b","type":"likert","text":"Valora","group":"Viruela símica","points":5,"labels":["Mal","Bien"]},
		{"id":"c","type":"number","text":"Edad","group":"Elecciones","min":0,"invalid":"Escribe un número","required":false}]}]}`
	if p := checkTranslation("es", english, []byte(good)); len(p) > 0 {
		t.Fatalf("a faithful translation refused: %v", p)
	}
	// Groups may keep their English headings (they name topics).
	kept := strings.ReplaceAll(strings.ReplaceAll(good, "Viruela símica", "Monkeypox"), "Elecciones", "Elections")
	if p := checkTranslation("es", english, []byte(kept)); len(p) > 0 {
		t.Errorf("groups kept in English refused: %v", p)
	}
	for _, c := range []struct{ from, to, want string }{
		{`"value":"1"`, `"value":"si"`, `pages[0].items[0].options[0].value: is "si"; it must be as in English, "1"`},
		{`"id":"b"`, `"id":"valora"`, `pages[0].items[1].id: is "valora"`},
		{`"points":5`, `"points":4`, `pages[0].items[1].points: is 4`},
		{`"required":false`, `"required":true`, `pages[0].items[2].required: is true`},
		{`"min":0,`, ``, `pages[0].items[2].min: is missing`},
		{`"text":"Edad"`, `"text":"Edad","help":"años"`, `pages[0].items[2].help: is not in the English file`},
		{`"labels":["Mal","Bien"]`, `"labels":["Mal"]`, `pages[0].items[1].labels: must be a list of 2 texts`},
		{`"text":"Valora"`, `"text":"Rate"`, `pages[0].items[1].text: reads as in English ("Rate")`},
		{`"label":"Sí"`, `"label":"Yes"`, `pages[0].items[0].options[0].label: reads as in English`},
		{`"title":"Temas"`, `"title":" "`, `title: is empty`},
		{`"group":"Elecciones"`, `"group":"Viruela símica"`, `pages[0].items[2].group: is "Viruela símica", the heading given to the English group "Monkeypox" as well`},
		{`"group":"Viruela símica","points"`, `"group":"Mpox","points"`, `pages[0].items[1].group: is "Mpox", but an earlier item of the English group "Monkeypox" has "Viruela símica"`},
		{`{"value":"2","label":"No"}`, `{"value":"2","label":"No"},{"value":"3","label":"Quizás"}`, `pages[0].items[0].options: has 3 entries; the English list has 2`},
		{`"label":"No"`, `"label":"Sí"`, `pages[0].items[0].options[1]: reads "Sí", as entry 0 does; English tells them apart ("Yes", "No")`},
		{`"labels":["Mal","Bien"]`, `"labels":["Bien","Bien"]`, `pages[0].items[1].labels[1]: reads "Bien", as entry 0 does`},
	} {
		if !strings.Contains(good, c.from) {
			t.Fatalf("%s not in the translation", c.from)
		}
		bad := strings.Replace(good, c.from, c.to, 1)
		p := checkTranslation("es", english, []byte(bad))
		if !slices.ContainsFunc(p, func(s string) bool { return strings.HasPrefix(s, c.want) }) {
			t.Errorf("%s → %s: problems %q, want one starting %q", c.from, c.to, p, c.want)
		}
	}
	// "No" is Spanish as well as English, not German.
	de := strings.NewReplacer("Sí", "Ja", "Viruela símica", "Affenpocken").Replace(good)
	if p := checkTranslation("de", english, []byte(de)); len(p) != 1 || !strings.HasPrefix(p[0], `pages[0].items[0].options[1].label: reads as in English ("No")`) {
		t.Errorf("German left with No: %q", p)
	}
}

// A built-in is served in the catalogue's language when it has a translation, in English
// otherwise; the English lookup keeps its meaning.
func TestBuiltinInFallsBackToEnglish(t *testing.T) {
	t.Parallel()
	en, _ := Builtin("final")
	for _, tag := range []string{"en", "he", "", "es-MX"} {
		if q, lang, ok := BuiltinIn("final", tag); !ok || lang != English || !reflect.DeepEqual(q, en) {
			t.Errorf("BuiltinIn(final, %q) = %s %v", tag, lang, ok)
		}
	}
	es, lang, ok := BuiltinIn("final", "es")
	if !ok || lang != "es" || es.Title != "Preguntas finales" || es.Pages[0].Items[0].Options[1].Label != "Sí" {
		t.Errorf("BuiltinIn(final, es) = %s %q", lang, es.Title)
	}
	if _, _, ok := BuiltinIn("nope", "es"); ok {
		t.Error("an unknown name found")
	}
	if _, _, ok := BuiltinIn("custom-msg", "es"); ok {
		t.Error("the end message page is not a questionnaire")
	}
	if got := TranslatedInto("final"); !slices.Contains(got, "es") || slices.Contains(got, English) {
		t.Errorf("final translated into %v", got)
	}
}

// Every string a definition holds is classified: either a word a translation changes
// (WordKeys, group) or a value it keeps; a new string field in definition.go must be
// placed here, so that translated files are checked for it.
func TestEveryDefinitionStringIsAWordOrAValue(t *testing.T) {
	t.Parallel()
	values := []string{"name", "id", "type", "value", "expect", "from", "order", "item", "equals", "in"}
	seen := map[reflect.Type]bool{}
	var walk func(reflect.Type)
	walk = func(typ reflect.Type) {
		for typ.Kind() == reflect.Pointer || typ.Kind() == reflect.Slice {
			typ = typ.Elem()
		}
		if typ.Kind() != reflect.Struct || seen[typ] {
			return
		}
		seen[typ] = true
		for f := range typ.Fields() {
			key, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			elem := f.Type
			for elem.Kind() == reflect.Pointer || elem.Kind() == reflect.Slice {
				elem = elem.Elem()
			}
			if elem.Kind() == reflect.String {
				isWord := slices.Contains(WordKeys, key) || key == groupKey
				if isWord == slices.Contains(values, key) {
					t.Errorf("%s.%s (%q) must be either a word (WordKeys) or a value, not %s", typ.Name(), f.Name, key, map[bool]string{true: "both", false: "neither"}[isWord])
				}
			}
			walk(f.Type)
		}
	}
	walk(reflect.TypeFor[Questionnaire]())
	if len(seen) != 6 {
		t.Errorf("walked %d types, want Questionnaire, Page, Item, Option, Statement, ShowIf", len(seen))
	}
}

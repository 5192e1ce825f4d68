package params

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"feedlab/frontend"
)

// The built-in texts' names: every language must have each.
var defaultTextNames = []string{TextConsent, TextInstruct, InterventionLiteracyTip, InterventionSocialNorm, InterventionImportance}

// TestEveryBuiltInLanguageHasEveryDefaultText: each language with a built-in catalogue has
// its own consent, instructions and intervention texts, non-empty, different from English,
// with English's markdown shape (its headings and list items, so no paragraph or tip was
// lost), and no folder is there for a language without a catalogue.
func TestEveryBuiltInLanguageHasEveryDefaultText(t *testing.T) {
	t.Parallel()
	langs := slices.Sorted(maps.Keys(frontend.Catalogues()))
	if len(langs) < 7 {
		t.Fatalf("built-in catalogues %v, want at least the seven of issue 24", langs)
	}
	if got := slices.Sorted(maps.Keys(defaultTexts())); !slices.Equal(got, langs) {
		t.Errorf("default texts in %v, want exactly the catalogues' languages %v", got, langs)
	}
	if got := slices.Sorted(maps.Keys(defaultTexts()[DefaultLanguage])); !slices.Equal(got, slices.Sorted(slices.Values(defaultTextNames))) {
		t.Errorf("English default texts %v, want %v", got, defaultTextNames)
	}
	shape := func(s string) (headings, items int) {
		for _, line := range strings.Split(s, "\n") {
			switch {
			case strings.HasPrefix(line, "## "):
				headings++
			case strings.HasPrefix(line, "- "):
				items++
			}
		}
		return headings, items
	}
	for _, lang := range langs {
		if lang == DefaultLanguage {
			continue
		}
		for _, name := range defaultTextNames {
			en, own := DefaultText(name, DefaultLanguage), defaultTexts()[lang][name]
			switch {
			case own == "":
				t.Errorf("%s has no %s text", lang, name)
			case own == en:
				t.Errorf("%s's %s text is the English one", lang, name)
			}
			eh, ei := shape(en)
			if h, i := shape(own); h != eh || i != ei {
				t.Errorf("%s's %s text has %d headings and %d list items, unlike English", lang, name, h, i)
			}
		}
		if got := len(defaultTexts()[lang]); got != len(defaultTextNames) {
			t.Errorf("%s has %d default texts, want %d", lang, got, len(defaultTextNames))
		}
	}
}

// TestEnglishDefaultTextsHashAsBefore: moving the English texts from Go strings into
// files kept their bytes, so the intervention-text-sha256 recorded by earlier versions
// still names the same words.
func TestEnglishDefaultTextsHashAsBefore(t *testing.T) {
	t.Parallel()
	for name, want := range map[string]string{
		TextConsent:             "ee11bffb8cd56baa7db488ac327aa7b30ec406a68de3ca92f1f2dde327ab1bdf",
		TextInstruct:            "301c9d60b42c0907ec73eb77b00a785ab882ba14572beddcddb9a40a556de714",
		InterventionLiteracyTip: "042597fb78b38a4df49def2d5dfaad72008dfee1a2102bd15b5f09669d1869ed",
		InterventionSocialNorm:  "dc8574415546996a191bc13f29832edb79e7127e3a691fd2df94073c0aea9d24",
		InterventionImportance:  "93f8e205799e17c5503397f92be4d03185b61f3df41ed933a6c626bee8424952",
	} {
		if got := TextHash(DefaultText(name, DefaultLanguage)); got != want {
			t.Errorf("English %s hashes %s, want %s", name, got, want)
		}
	}
}

// TestDefaultTextsFollowTheConditionsLanguage: a condition reads the built-in texts of
// its language's catalogue (a regional or bare tag included), English without one; its
// own intervention-text wins in any language.
func TestDefaultTextsFollowTheConditionsLanguage(t *testing.T) {
	t.Parallel()
	for tag, cat := range map[string]string{"es": "es", "es-MX": "es", "pt": "pt-BR", "zh-CN": "zh-Hans", "ar-EG": "ar", "en-GB": "en", "ru": "en", "zh-TW": "en"} {
		if got, want := DefaultText(TextConsent, tag), defaultTexts()[cat][TextConsent]; got != want {
			t.Errorf("consent for %s = %.40q…, want %s's", tag, got, cat)
		}
	}
	s := mustValidate(t, []Row{
		minimal(1), {Condition: 1, Param: "language", Value: "de"}, {Condition: 1, Param: "intervention-type", Value: "socialnorm"},
		minimal(2), {Condition: 2, Param: "language", Value: "de"}, {Condition: 2, Param: "intervention-type", Value: "socialnorm"}, {Condition: 2, Param: "intervention-text", Value: "Eigener Text"},
		minimal(3), {Condition: 3, Param: "language", Value: "fr"}, {Condition: 3, Param: "intervention-type", Value: "accprompt"},
	})
	if got := s.Conditions[0].InterventionShownText(); got != defaultTexts()["de"][InterventionSocialNorm] || !strings.Contains(got, "Was andere denken") {
		t.Errorf("German socialnorm shows %.60q…, want the German text", got)
	}
	if got := s.Conditions[1].InterventionShownText(); got != "Eigener Text" {
		t.Errorf("German socialnorm with its own text shows %q", got)
	}
	if got := s.Conditions[2].InterventionShownText(); got != "" {
		t.Errorf("French accprompt shows %q, want no text of its own", got)
	}
}

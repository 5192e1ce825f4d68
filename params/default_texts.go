package params

import (
	"embed"
	"io/fs"
	"path"
	"strings"
	"sync"
)

// The built-in texts a condition shows when the researcher writes none: the consent and
// instructions (the keyword "default") and the text-based intervention types' words (an
// empty intervention-text). They are markdown files, defaulttexts/<language>/<name>.md,
// one folder per built-in catalogue that has them, so every language's words sit side by
// side where a translator reads them. A condition reads them in its language's built-in
// catalogue (BuiltInCatalogue), English when that catalogue has no such folder.

//go:embed defaulttexts
var defaultTextFiles embed.FS

// The names of the built-in texts that are not intervention types.
const (
	TextConsent  = "consent"
	TextInstruct = "instruct"
)

// defaultTexts is language → name → text, read once. A file's surrounding blank lines
// are not part of the text: the English texts hash as they did when they were Go strings,
// so a hash recorded by an earlier version still names the same words.
var defaultTexts = sync.OnceValue(func() map[string]map[string]string {
	out := map[string]map[string]string{}
	err := fs.WalkDir(defaultTextFiles, "defaulttexts", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || path.Ext(p) != ".md" {
			return err
		}
		data, err := defaultTextFiles.ReadFile(p)
		if err != nil {
			return err
		}
		lang := path.Base(path.Dir(p))
		if out[lang] == nil {
			out[lang] = map[string]string{}
		}
		out[lang][strings.TrimSuffix(path.Base(p), ".md")] = strings.TrimSpace(string(data))
		return nil
	})
	if err != nil {
		panic("params: built-in texts: " + err.Error()) // embedded files: cannot fail
	}
	return out
})

// DefaultText is the built-in text called name (TextConsent, TextInstruct or an
// intervention type) as a participant in language lang reads it: in lang's built-in
// catalogue when feedlab has the text in it, in English otherwise. "" for a name without
// a built-in text (the accuracy prompt, the video).
func DefaultText(name, lang string) string {
	if texts, ok := defaultTexts()[BuiltInCatalogue(lang)]; ok {
		if s, ok := texts[name]; ok {
			return s
		}
	}
	return defaultTexts()[DefaultLanguage][name]
}

// hasDefaultTexts tells whether feedlab has its built-in texts in lang's catalogue (not
// English for a language without one).
func hasDefaultTexts(lang string) bool {
	cat := BuiltInCatalogue(lang)
	if cat == DefaultLanguage {
		return strings.HasPrefix(strings.ToLower(lang)+"-", DefaultLanguage+"-")
	}
	_, ok := defaultTexts()[cat]
	return ok
}

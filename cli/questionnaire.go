package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	"feedlab/params"
	"feedlab/questionnaire"
)

// cmdQuestionnaire: `feedlab questionnaire show NAME [--language TAG]` prints a built-in
// questionnaire in the custom format, the bare JSON object as it would stand in a study's
// questionnaires list, so a researcher can copy it, rename it and change it. --language
// prints feedlab's translation that participants of that language receive (as written in
// questionnaire/builtins/<tag>/NAME.json); for a language without one it prints English
// and says so on stderr, so a redirect to a file still holds only the definition.
func cmdQuestionnaire(_ context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "show" {
		return fmt.Errorf("%w: expected 'feedlab questionnaire show NAME'", errUsage)
	}
	fs, _ := newFlags("questionnaire show", stderr)
	language := fs.String("language", "", "the participants' language (BCP 47 tag such as es or pt-BR): print feedlab's translation")
	pos, err := parseFlags(fs, args[1:])
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return fmt.Errorf("%w: expected 'feedlab questionnaire show NAME' with one built-in's name: %s", errUsage, strings.Join(builtinNames(), ", "))
	}
	name := strings.ToLower(strings.TrimSpace(pos[0]))
	if name == params.CustomMsgForm {
		return fmt.Errorf("%s is the custom end message page (the custom-msg parameter); it asks no questions and has no definition", name)
	}
	tag, english := params.DefaultLanguage, true
	if *language != "" {
		lang, valid := params.CanonicalLanguage(*language)
		if !valid {
			return fmt.Errorf("%w: --language %q is not a language tag; write a BCP 47 tag such as es, pt-BR or zh-Hans", errUsage, *language)
		}
		tag, english = params.BuiltInCatalogue(lang), lang == "en" || strings.HasPrefix(lang, "en-")
	}
	q, served, ok := questionnaire.BuiltinIn(name, tag)
	if !ok {
		return fmt.Errorf("no built-in questionnaire %q; the built-ins are %s", pos[0], strings.Join(builtinNames(), ", "))
	}
	if served == questionnaire.English && !english {
		fmt.Fprintf(stderr, "feedlab has no %s translation of %s: its participants read it in English, printed here (it is translated into %s)\n",
			*language, name, strings.Join(questionnaire.TranslatedInto(name), ", "))
	}
	b, err := json.MarshalIndent(q, "", "  ")
	if err != nil {
		return fmt.Errorf("questionnaire show %s: %w", name, err)
	}
	_, err = fmt.Fprintf(stdout, "%s\n", b)
	return err
}

func builtinNames() []string {
	var out []string
	for _, q := range questionnaire.Builtins() {
		out = append(out, q.Name)
	}
	return out
}

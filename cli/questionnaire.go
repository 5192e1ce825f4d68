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

// cmdQuestionnaire: `feedlab questionnaire show NAME` prints a built-in questionnaire in
// the custom format, the bare JSON object as it would stand in a study's questionnaires
// list, so a researcher can copy it, rename it and change it.
func cmdQuestionnaire(_ context.Context, args []string, stdout, stderr io.Writer) error {
	if len(args) == 0 || args[0] != "show" {
		return fmt.Errorf("%w: expected 'feedlab questionnaire show NAME'", errUsage)
	}
	fs, _ := newFlags("questionnaire show", stderr)
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
	q, ok := questionnaire.Builtin(name)
	if !ok {
		return fmt.Errorf("no built-in questionnaire %q; the built-ins are %s", pos[0], strings.Join(builtinNames(), ", "))
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

package cli

import (
	"errors"
	"strings"
	"testing"

	"feedlab/store"
)

func TestStudyPauseCloseOpen(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	set := importFixtureSet(t, data, "lifecycle", 1)
	id := lastLine(func() string {
		out, _ := mustCLI(t, "", "study", "create", "--from", fixtureParams(t, set.name), "--data", data)
		return out
	}())
	status := func() string {
		st, err := store.Open(t.Context(), data)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		s, err := st.Study(t.Context(), id)
		if err != nil {
			t.Fatal(err)
		}
		return s.Status
	}
	if got := status(); got != "open" {
		t.Fatalf("new study is %q", got)
	}
	for _, step := range []struct{ verb, want, says string }{
		{"pause", "paused", "not accepting participants right now"},
		{"close", "closed", "participants already in it can finish"},
		{"open", "open", "is open"},
	} {
		out, _ := mustCLI(t, "", "study", step.verb, id, "--data", data)
		if !strings.Contains(out, step.says) {
			t.Errorf("study %s says %q", step.verb, out)
		}
		if got := status(); got != step.want {
			t.Errorf("after study %s: %q", step.verb, got)
		}
	}
	if _, _, err := cli(t, "", "study", "pause", "fl-nothing1", "--data", data); err == nil || !strings.Contains(err.Error(), "there is no study") {
		t.Errorf("unknown study: %v", err)
	}
	if _, _, err := cli(t, "", "study", "pause", "--data", data); !errors.Is(err, errUsage) {
		t.Errorf("missing id: %v", err)
	}
	if _, _, err := cli(t, "", "study", "pause", id, "extra", "--data", data); !errors.Is(err, errUsage) {
		t.Errorf("two ids: %v", err)
	}
}

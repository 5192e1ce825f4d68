package cli

import (
	"errors"
	"strings"
	"testing"

	"feedlab/store"
)

// feedlab study create --draft, launch, archive, restore and delete: each changes the
// stored study as the web does, and a launched study is deleted only with --confirm ID.
func TestStudyLaunchArchiveRestoreDelete(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	set := importFixtureSet(t, data, "life", 1)
	create := func(extra ...string) string {
		out, _ := mustCLI(t, "", append([]string{"study", "create", "--from", fixtureParams(t, set.name), "--data", data}, extra...)...)
		return lastLine(out)
	}
	status := func(id string) string {
		st, err := store.Open(t.Context(), data)
		if err != nil {
			t.Fatal(err)
		}
		defer st.Close()
		s, err := st.Study(t.Context(), id)
		if errors.Is(err, store.ErrNotFound) {
			return "deleted"
		}
		if err != nil {
			t.Fatal(err)
		}
		return s.Status
	}
	id := create("--draft")
	if got := status(id); got != "draft" {
		t.Fatalf("study create --draft made a %q study", got)
	}
	if _, _, err := cli(t, "", "study", "open", id, "--data", data); err == nil || !strings.Contains(err.Error(), "feedlab study launch") {
		t.Errorf("study open of a draft: %v", err)
	}
	for _, step := range []struct{ verb, want, says string }{
		{"launch", "open", "only its texts can still be edited"},
		{"pause", "paused", "not accepting"},
		{"archive", "archived", "data are kept"},
		{"restore", "paused", "paused again"},
	} {
		out, _ := mustCLI(t, "", "study", step.verb, id, "--data", data)
		if !strings.Contains(out, step.says) {
			t.Errorf("study %s says %q", step.verb, out)
		}
		if got := status(id); got != step.want {
			t.Errorf("after study %s: %q, want %q", step.verb, got, step.want)
		}
	}
	if _, _, err := cli(t, "", "study", "launch", id, "--data", data); err == nil || !strings.Contains(err.Error(), "already been launched") {
		t.Errorf("second launch: %v", err)
	}
	if _, _, err := cli(t, "", "study", "delete", id, "--data", data); err == nil || !strings.Contains(err.Error(), "--confirm "+id) {
		t.Errorf("delete without --confirm: %v", err)
	}
	if _, _, err := cli(t, "", "study", "delete", id, "--confirm", "fl-other", "--data", data); err == nil || status(id) == "deleted" {
		t.Errorf("delete confirmed with another id: %v", err)
	}
	if out, _ := mustCLI(t, "", "study", "delete", id, "--confirm", id, "--data", data); !strings.Contains(out, "deleted") || status(id) != "deleted" {
		t.Errorf("delete --confirm: %q, status %s", out, status(id))
	}
	draft := create("--draft")
	if _, _, err := cli(t, "", "study", "delete", draft, "--data", data); err != nil || status(draft) != "deleted" {
		t.Errorf("delete of a draft: %v", err)
	}
	if _, _, err := cli(t, "", "study", "archive", "fl-nothing1", "--data", data); err == nil || !strings.Contains(err.Error(), "there is no study") {
		t.Errorf("unknown study: %v", err)
	}
	if _, _, err := cli(t, "", "study", "launch", "--data", data); !errors.Is(err, errUsage) {
		t.Errorf("missing id: %v", err)
	}
	st, err := store.Open(t.Context(), data)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if gone, _ := st.StudyDeletions(t.Context()); len(gone) != 2 || gone[0].DeletedBy != "cli" {
		t.Errorf("deletions recorded: %+v", gone)
	}
}

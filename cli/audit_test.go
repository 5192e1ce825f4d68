package cli

import (
	"strings"
	"testing"
)

// TestCommandLineLeavesAnAuditTrail: a study created and exported on the command line
// shows in its audit log as done by "cli".
func TestCommandLineLeavesAnAuditTrail(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	set := importFixtureSet(t, data, "audit", 3)
	id := createFixtureStudy(t, data, set.name)
	mustCLI(t, "", "export", "--study", id, "--type", "user_form", "--data", data, "--out", t.TempDir()+"/f.csv")
	mustCLI(t, "", "export", "--study", set.name, "--type", "stimulus_set", "--data", data, "--out", t.TempDir()+"/s.csv")

	st := openStore(t, data)
	entries, err := st.AuditLog(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Researcher+" "+e.Action+" "+e.Detail)
	}
	want := "cli create from params.csv on the command line\ncli download user_form on the command line"
	if strings.Join(got, "\n") != want {
		t.Errorf("audit log:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

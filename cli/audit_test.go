package cli

import (
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"feedlab/store"
)

// TestCommandLineLeavesAnAuditTrail: a study created, exported (its data and a codebook),
// and a participant's feed explained on the command line show in its audit log as done
// by "cli"; a stimulus set's export is not a study's, and an explanation of a participant
// the study does not have is not recorded.
func TestCommandLineLeavesAnAuditTrail(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	set := importFixtureSet(t, data, "audit", 3)
	id := createFixtureStudy(t, data, set.name)
	srv := newServer(t, data)
	loadParticipant(t, srv.url, id, "u-1", nil)
	mustCLI(t, "", "export", "--study", id, "--type", "user_form", "--data", data, "--out", t.TempDir()+"/f.csv")
	mustCLI(t, "", "export", "--study", id, "--type", "participants", "--codebook", "--data", data)
	mustCLI(t, "", "export", "--study", set.name, "--type", "stimulus_set", "--data", data, "--out", t.TempDir()+"/s.csv")
	mustCLI(t, "", "explain", "--study", id, "--user", "u-1", "--data", data)
	if _, _, err := cli(t, "", "explain", "--study", id, "--user", "nobody", "--data", data); err == nil {
		t.Fatal("explained a participant the study does not have")
	}

	entries, err := srv.st.AuditLog(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Researcher+" "+e.Action+" "+e.Detail)
	}
	want := "cli create from params.csv on the command line\ncli download user_form on the command line\n" +
		"cli codebook participants on the command line\ncli explain participant u-1"
	if strings.Join(got, "\n") != want {
		t.Errorf("audit log:\n%s\nwant:\n%s", strings.Join(got, "\n"), want)
	}
}

// TestCommandLineDoesNotShowWhatItCannotRecord: when the audit log refuses new entries (a
// trigger here, as a full disk would), feedlab export writes not one byte to standard
// output and leaves no --out file, and feedlab explain prints nothing; both fail. Before,
// the export was written first and recorded after.
func TestCommandLineDoesNotShowWhatItCannotRecord(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	set := importFixtureSet(t, data, "noaudit", 4)
	id := createFixtureStudy(t, data, set.name)
	srv := newServer(t, data)
	loadParticipant(t, srv.url, id, "u-1", nil)
	raw, err := sql.Open("sqlite", "file:"+filepath.ToSlash(filepath.Join(data, store.DatabaseFile))+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`CREATE TRIGGER no_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "f.csv")
	for _, args := range [][]string{
		{"export", "--study", id, "--type", "user_form", "--data", data},
		{"export", "--study", id, "--type", "participants", "--data", data, "--out", out},
		{"export", "--study", id, "--type", "exposures", "--codebook", "--data", data},
		{"explain", "--study", id, "--user", "u-1", "--data", data},
		{"study", "export", "--study", id, "--data", data, "--out", filepath.Join(t.TempDir(), "b.zip")},
	} {
		stdout, _, err := cli(t, "", args...)
		if err == nil || !strings.Contains(err.Error(), "full") || stdout != "" {
			t.Errorf("feedlab %s with the log refusing entries: err %v, %d bytes out", strings.Join(args, " "), err, len(stdout))
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("--out file written unrecorded: %v", err)
	}
	// The exports still work once the log can be written again.
	if _, err := raw.Exec(`DROP TRIGGER no_audit`); err != nil {
		t.Fatal(err)
	}
	if stdout, _ := mustCLI(t, "", "export", "--study", id, "--type", "user_form", "--data", data); !strings.Contains(stdout, "u-1") {
		t.Errorf("export after: %q", stdout)
	}
}

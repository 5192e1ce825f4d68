package cli

import (
	"context"
	"strings"
	"testing"
	"time"

	"feedlab/store"
)

func TestResearcherList(t *testing.T) {
	data := t.TempDir()
	openStore(t, data).Close() // an empty database
	out, errOut := mustCLI(t, "", "researcher", "list", "--data", data)
	if out != "" || !strings.Contains(errOut, "No researcher accounts yet.") {
		t.Fatalf("empty: stdout %q stderr %q", out, errOut)
	}
	for _, n := range []string{"grace", "ada"} {
		mustCLI(t, "a long enough password\n", "researcher", "add", n, "--password-stdin", "--data", data)
	}
	out, errOut = mustCLI(t, "", "researcher", "list", "--data", data)
	today := time.Now().UTC().Format("2006-01-02")
	if want := "ada\t" + today + "\ngrace\t" + today + "\n"; out != want || errOut != "" {
		t.Fatalf("stdout %q, want %q; stderr %q", out, want, errOut)
	}
	_, _, err := cli(t, "", "researcher", "list", "--data", t.TempDir()+"/missing")
	wantErr(t, err, "no feedlab database")
	_, _, err = cli(t, "", "researcher", "list", "extra", "--data", data)
	wantErr(t, err, `unexpected argument "extra"`)
}

func TestStudyCreateOwner(t *testing.T) {
	data := t.TempDir()
	set := importFixtureSet(t, data, "owners", 7)
	mustCLI(t, "a long enough password\n", "researcher", "add", "ada", "--password-stdin", "--data", data)
	mustCLI(t, "a long enough password\n", "researcher", "add", "grace", "--password-stdin", "--data", data)
	csv := fixtureParams(t, set.name)

	_, _, err := cli(t, "", "study", "create", "--from", csv, "--owner", "nobody", "--data", data)
	wantErr(t, err, `there is no researcher named "nobody"`, "nothing was created")
	if n := studyCount(t, data); n != 0 {
		t.Fatalf("%d studies after a refused owner", n)
	}

	out, _ := mustCLI(t, "", "study", "create", "--from", csv, "--owner", "ada", "--data", data)
	owned := lastLine(out)
	out, _ = mustCLI(t, "", "study", "create", "--from", csv, "--data", data)
	open := lastLine(out)

	st := openStore(t, data)
	ctx := context.Background()
	access := func(who, id string) store.Access {
		r, _, err := st.ResearcherPasswordHash(ctx, who)
		if err != nil {
			t.Fatal(err)
		}
		a, err := st.StudyAccess(ctx, r.ID, id)
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	if a := access("ada", owned); a != store.AccessOwner {
		t.Errorf("ada's access to her study: %s", a)
	}
	if a := access("grace", owned); a != store.AccessNone {
		t.Errorf("grace's access to ada's study: %s", a)
	}
	if a := access("grace", open); a != store.AccessEveryone {
		t.Errorf("grace's access to a study without --owner: %s", a)
	}
}

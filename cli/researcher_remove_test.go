package cli

import (
	"errors"
	"strings"
	"testing"
	"time"

	"feedlab/auth"
	"feedlab/store"
)

// researcher remove: refused for the last account and for an owner of studies (nothing
// changes); otherwise the account, its sessions and its shares go, with audit entries.
func TestResearcherRemove(t *testing.T) {
	data := t.TempDir()
	const pw = "correct horse battery\n"
	for _, n := range []string{"ada", "grace"} {
		mustCLI(t, pw, "researcher", "add", n, "--password-stdin", "--data", data)
	}
	st := openStore(t, data)
	ctx := t.Context()
	set := importFixtureSet(t, data, "rm", 1)
	out, _ := mustCLI(t, "", "study", "create", "--from", fixtureParams(t, set.name), "--owner", "ada", "--data", data)
	owned := lastLine(out)
	if _, err := st.ShareStudy(ctx, owned, "grace", &store.AuditRecord{Researcher: "ada"}); err != nil {
		t.Fatal(err)
	}
	grace, _, err := st.ResearcherPasswordHash(ctx, "grace")
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CreateSession(ctx, auth.NewToken(), grace.ID, time.Now().Add(time.Hour).UnixMilli()); err != nil {
		t.Fatal(err)
	}

	_, _, err = cli(t, "", "researcher", "remove", "ada", "--data", data)
	wantErr(t, err, `"ada" owns 1 study (`+owned+`)`, "nothing was removed")
	_, _, err = cli(t, "", "researcher", "remove", "nobody", "--data", data)
	wantErr(t, err, `no account is named "nobody"`)

	out, _ = mustCLI(t, "", "researcher", "remove", "grace", "--data", data)
	if !strings.Contains(out, `Removed researcher "grace".`) {
		t.Errorf("stdout %q", out)
	}
	if _, _, err := st.ResearcherPasswordHash(ctx, "grace"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("grace still has an account: %v", err)
	}
	if n := queryInt(t, data+"/"+store.DatabaseFile, "SELECT count(*) FROM researcher_sessions"); n != 0 {
		t.Errorf("%d sessions left", n)
	}
	if shares, _ := st.StudyShares(ctx, owned); len(shares) != 0 {
		t.Errorf("still shared with %v", shares)
	}
	log, _ := st.AuditLog(ctx, owned)
	if last := log[len(log)-1]; last.Action != store.AuditUnshare || last.Researcher != "cli" || !strings.Contains(last.Detail, "grace (account removed)") {
		t.Errorf("study audit: %+v", last)
	}
	app, _ := st.AuditLog(ctx, store.LibraryLog)
	if len(app) == 0 || app[len(app)-1].Action != store.AuditRemoveResearcher || app[len(app)-1].Detail != "researcher grace" {
		t.Errorf("appliance audit: %+v", app)
	}

	// ada is now the only account.
	_, _, err = cli(t, "", "researcher", "remove", "ada", "--data", data)
	wantErr(t, err, `"ada" is the only researcher account`)
}

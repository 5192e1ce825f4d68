package cli

import (
	"errors"
	"strings"
	"testing"
	"time"

	"feedlab/auth"
	"feedlab/store"
)

func TestResearcherAdd(t *testing.T) {
	t.Parallel() // each case owns its data directory
	const pw = "correct horse battery"
	tests := []struct {
		name     string
		args     []string // after "researcher add", before --data
		stdin    string
		user     string // account expected afterwards ("" = none)
		password string // the password that must verify
	}{
		{name: "flag after the name", args: []string{"ada", "--password-stdin"}, stdin: pw + "\n", user: "ada", password: pw},
		{name: "flag before the name", args: []string{"--password-stdin", "grace"}, stdin: pw + "\n", user: "grace", password: pw},
		{name: "CRLF line ending is not part of the password", args: []string{"ada", "--password-stdin"}, stdin: pw + "\r\n", user: "ada", password: pw},
		{name: "no final newline", args: []string{"ada", "--password-stdin"}, stdin: pw, user: "ada", password: pw},
		{name: "only the first line is the password", args: []string{"ada", "--password-stdin"}, stdin: pw + "\nsomething else\n", user: "ada", password: pw},
		{name: "name with spaces inside", args: []string{"Ada Lovelace", "--password-stdin"}, stdin: pw + "\n", user: "Ada Lovelace", password: pw},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			data := t.TempDir()
			out, errOut := mustCLI(t, tc.stdin, append(append([]string{"researcher", "add"}, tc.args...), "--data", data)...)
			if want := `Added researcher "` + tc.user + `".`; !strings.Contains(out, want) {
				t.Errorf("stdout %q lacks %q", out, want)
			}
			if strings.Contains(out, tc.password) || strings.Contains(errOut, tc.password) {
				t.Error("the password was echoed")
			}
			if strings.Contains(errOut, "Password") {
				t.Errorf("--password-stdin still prompted: %q", errOut)
			}
			st := openStore(t, data)
			r, hash, err := st.ResearcherPasswordHash(t.Context(), tc.user)
			if err != nil {
				t.Fatalf("account %q not stored: %v", tc.user, err)
			}
			if r.Name != tc.user {
				t.Errorf("stored name %q, want %q", r.Name, tc.user)
			}
			if hash == tc.password || strings.Contains(hash, tc.password) {
				t.Fatal("the password is stored in clear")
			}
			if err := auth.VerifyPassword(hash, tc.password); err != nil {
				t.Errorf("the stored hash does not verify the password: %v", err)
			}
			if err := auth.VerifyPassword(hash, tc.password+"x"); err == nil {
				t.Error("the stored hash verifies a wrong password")
			}
		})
	}
}

func TestResearcherAddPromptsOnStderrWithoutPasswordStdin(t *testing.T) {
	t.Parallel() // each case owns its data directory
	data := t.TempDir()
	out, errOut := mustCLI(t, "a long enough password\n", "researcher", "add", "ada", "--data", data)
	if !strings.Contains(errOut, "Password") {
		t.Errorf("no prompt on stderr: %q", errOut)
	}
	if strings.Contains(out, "Password") {
		t.Errorf("the prompt went to stdout: %q", out)
	}
	_, hash, err := openStore(t, data).ResearcherPasswordHash(t.Context(), "ada")
	if err != nil {
		t.Fatal(err)
	}
	if err := auth.VerifyPassword(hash, "a long enough password"); err != nil {
		t.Error(err)
	}
}

func TestResearcherAddRefusesBadInputAndStoresNothing(t *testing.T) {
	t.Parallel() // each case owns its data directory
	tests := []struct {
		name      string
		args      []string
		stdin     string
		wantUsage bool
		wantErr   []string
	}{
		{name: "short password", args: []string{"ada", "--password-stdin"}, stdin: "short\n", wantErr: []string{"password", "at least 10"}},
		{name: "empty password", args: []string{"ada", "--password-stdin"}, stdin: "\n", wantErr: []string{"password", "at least 10"}},
		{name: "no stdin at all", args: []string{"ada", "--password-stdin"}, stdin: "", wantErr: []string{"password"}},
		{name: "password too long for bcrypt", args: []string{"ada", "--password-stdin"}, stdin: strings.Repeat("x", 73) + "\n", wantErr: []string{"at most 72"}},
		{name: "name with surrounding spaces", args: []string{" ada", "--password-stdin"}, stdin: "a long enough password\n", wantErr: []string{"name"}},
		{name: "no name", args: []string{"--password-stdin"}, stdin: "a long enough password\n", wantUsage: true, wantErr: []string{"NAME"}},
		{name: "two names", args: []string{"ada", "grace", "--password-stdin"}, stdin: "a long enough password\n", wantUsage: true, wantErr: []string{"NAME"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			data := t.TempDir()
			out, _, err := cli(t, tc.stdin, append(append([]string{"researcher", "add"}, tc.args...), "--data", data)...)
			wantErr(t, err, tc.wantErr...)
			if tc.wantUsage != errors.Is(err, errUsage) {
				t.Errorf("usage error = %v, want %v (%v)", errors.Is(err, errUsage), tc.wantUsage, err)
			}
			if out != "" {
				t.Errorf("stdout on error: %q", out)
			}
			if n, err := openStore(t, data).CountResearchers(t.Context()); err != nil || n != 0 {
				t.Errorf("%d researchers stored (err %v), want none", n, err)
			}
		})
	}
}

func TestResearcherAddSameNameTwice(t *testing.T) {
	t.Parallel() // each case owns its data directory
	data := t.TempDir()
	mustCLI(t, "first password 123\n", "researcher", "add", "ada", "--password-stdin", "--data", data)
	out, _, err := cli(t, "second password 456\n", "researcher", "add", "ada", "--password-stdin", "--data", data)
	wantErr(t, err, `"ada"`, "already exists")
	if out != "" {
		t.Errorf("stdout on error: %q", out)
	}
	st := openStore(t, data)
	if n, _ := st.CountResearchers(t.Context()); n != 1 {
		t.Errorf("%d researchers, want 1", n)
	}
	_, hash, err := st.ResearcherPasswordHash(t.Context(), "ada")
	if err != nil {
		t.Fatal(err)
	}
	if auth.VerifyPassword(hash, "first password 123") != nil || auth.VerifyPassword(hash, "second password 456") == nil {
		t.Error("the second add changed the existing account's password")
	}
	if _, _, err := st.ResearcherPasswordHash(t.Context(), "nobody"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("lookup of an unknown name: %v", err)
	}
}

// TestResearcherUnlockAndPassword: both commands refuse an unknown name and bad input and
// change nothing then; a new password replaces the hash, ends the account's sessions and
// leaves other accounts alone.
func TestResearcherUnlockAndPassword(t *testing.T) {
	t.Parallel() // each case owns its data directory
	data := t.TempDir()
	const old, nw = "the old long password", "the new long password"
	mustCLI(t, old+"\n", "researcher", "add", "ada", "--password-stdin", "--data", data)
	mustCLI(t, old+"\n", "researcher", "add", "bob", "--password-stdin", "--data", data)
	st := openStore(t, data)
	ada, _, _ := st.ResearcherPasswordHash(t.Context(), "ada")
	bob, _, _ := st.ResearcherPasswordHash(t.Context(), "bob")
	for _, r := range []store.Researcher{ada, bob} {
		if err := st.CreateSession(t.Context(), auth.HashToken("session of "+r.Name), r.ID, time.Now().Add(time.Hour).UnixMilli()); err != nil {
			t.Fatal(err)
		}
	}
	for _, bad := range []struct {
		stdin string
		args  []string
		want  string
	}{
		{"", []string{"researcher", "unlock", "nobody"}, `no account is named "nobody"`},
		{"", []string{"researcher", "unlock"}, "exactly one NAME"},
		{nw + "\n", []string{"researcher", "password", "nobody", "--password-stdin"}, `no account is named "nobody"`},
		{"short\n", []string{"researcher", "password", "ada", "--password-stdin"}, "at least 10 characters"},
		{nw + "\n", []string{"researcher", "password", "--password-stdin"}, "exactly one NAME"},
	} {
		_, _, err := cli(t, bad.stdin, append(bad.args, "--data", data)...)
		if err == nil || !strings.Contains(err.Error(), bad.want) {
			t.Errorf("%v: error %v, want %q", bad.args, err, bad.want)
		}
	}
	if _, hash, _ := st.ResearcherPasswordHash(t.Context(), "ada"); auth.VerifyPassword(hash, old) != nil {
		t.Fatal("a refused command changed the password")
	}
	if at, err := st.LockoutClearedAt(t.Context(), "ada"); err != nil || !at.IsZero() {
		t.Fatalf("a refused command cleared the lockout: %v %v", at, err)
	}
	out, _ := mustCLI(t, "", "researcher", "unlock", "ada", "--data", data)
	if !strings.Contains(out, `Unlocked "ada"`) {
		t.Errorf("unlock said %q", out)
	}
	if at, err := st.LockoutClearedAt(t.Context(), "ada"); err != nil || time.Since(at) > time.Minute {
		t.Errorf("unlock recorded %v %v", at, err)
	}
	out, errOut := mustCLI(t, nw+"\n", "researcher", "password", "ada", "--password-stdin", "--data", data)
	if !strings.Contains(out, `new password for "ada"`) || strings.Contains(out+errOut, nw) {
		t.Errorf("password said %q %q", out, errOut)
	}
	if _, hash, _ := st.ResearcherPasswordHash(t.Context(), "ada"); auth.VerifyPassword(hash, nw) != nil {
		t.Error("the new password does not verify")
	}
	if _, err := st.SessionResearcher(t.Context(), auth.HashToken("session of ada")); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("ada's session survived the new password: %v", err)
	}
	if _, err := st.SessionResearcher(t.Context(), auth.HashToken("session of bob")); err != nil {
		t.Errorf("bob's session ended: %v", err)
	}
}

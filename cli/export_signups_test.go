package cli

import (
	"strings"
	"testing"
)

// The home page's sign-ups reach the researcher as CSV, newest first, spreadsheet-safe.
func TestExportSignups(t *testing.T) {
	data := t.TempDir()
	st := openStore(t, data)
	for _, s := range [][2]string{{"ada@example.org", "Ada"}, {"grace@example.org", "=HYPERLINK(1)"}} {
		if err := st.CreateSignup(t.Context(), s[0], s[1]); err != nil {
			t.Fatal(err)
		}
	}
	out, _ := mustCLI(t, "", "export", "--type", "signups", "--data", data)
	header, rows := parseCSV(t, out)
	if strings.Join(header, ",") != "email,name,created_at_ms,created_at_iso" || len(rows) != 2 {
		t.Fatalf("signups export:\n%s", out)
	}
	if rows[0]["email"] != "grace@example.org" || rows[0]["name"] != "'=HYPERLINK(1)" || rows[1]["name"] != "Ada" {
		t.Errorf("rows: %v", rows)
	}
	if !strings.HasSuffix(rows[1]["created_at_iso"], "Z") || rows[1]["created_at_ms"] == "" {
		t.Errorf("times: %v", rows[1])
	}
	_, _, err := cli(t, "", "export", "--type", "signups", "--study", "solarflare", "--data", data)
	wantErr(t, err, "--type signups takes no --study")
}

// serve --contact refuses what the home page could not show as a link.
func TestServeRefusesAContactThatIsNoLink(t *testing.T) {
	_, _, err := cli(t, "", "serve", "--contact", "javascript:alert(1)", "--data", t.TempDir(), "--addr", "127.0.0.1:0")
	wantErr(t, err, "--contact must be an email address")
}

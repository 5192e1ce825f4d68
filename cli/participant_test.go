package cli

import (
	"strings"
	"testing"
)

// TestParticipantExcludeReachesTheExports runs the binary: exclude needs a reason, an
// unknown participant is named, an exclusion shows in the participants and exposures
// exports (last columns), --drop-excluded leaves the participant's exposures out, include
// undoes it, and both commands are in the study's audit log.
func TestParticipantExcludeReachesTheExports(t *testing.T) {
	t.Parallel()
	p := newParticipantStudy(t)
	_, _, err := cli(t, "", "participant", "exclude", p.id, p.user, "--data", p.data)
	wantErr(t, err, "give a reason")
	_, _, err = cli(t, "", "participant", "exclude", p.id, "nobody", "--reason", "x", "--data", p.data)
	wantErr(t, err, `has no participant "nobody"`)
	out, _ := mustCLI(t, "", "participant", "exclude", p.id, p.user, "--reason", "straight-lined the survey", "--data", p.data)
	if !strings.Contains(out, "is excluded") {
		t.Fatalf("exclude said %q", out)
	}
	for _, typ := range []string{"participants", "exposures"} {
		csv, _ := mustCLI(t, "", "export", "--study", p.id, "--type", typ, "--data", p.data)
		header, rows := parseCSV(t, csv)
		if n := len(header); n < 2 || header[n-2] != "excluded" || header[n-1] != "exclusion_reason" {
			t.Fatalf("%s header ends %v", typ, header[len(header)-3:])
		}
		if len(rows) == 0 || rows[0]["excluded"] != "1" || rows[0]["exclusion_reason"] != "straight-lined the survey" {
			t.Fatalf("%s rows: %v", typ, rows)
		}
	}
	csv, _ := mustCLI(t, "", "export", "--study", p.id, "--type", "exposures", "--drop-excluded", "--data", p.data)
	if _, rows := parseCSV(t, csv); len(rows) != 0 {
		t.Fatalf("--drop-excluded kept %d rows", len(rows))
	}
	_, _, err = cli(t, "", "export", "--study", p.id, "--type", "participants", "--drop-excluded", "--data", p.data)
	wantErr(t, err, "exposures only")
	mustCLI(t, "", "participant", "include", p.id, p.user, "--data", p.data)
	csv, _ = mustCLI(t, "", "export", "--study", p.id, "--type", "exposures", "--drop-excluded", "--data", p.data)
	if _, rows := parseCSV(t, csv); len(rows) == 0 || rows[0]["excluded"] != "0" {
		t.Fatalf("after include: %v", rows)
	}
	st := openStore(t, p.data)
	log, err := st.AuditLog(t.Context(), p.id)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range log {
		if e.Action == "exclude" || e.Action == "include" {
			got = append(got, e.Researcher+" "+e.Action)
		}
	}
	if strings.Join(got, ",") != "cli exclude,cli include" {
		t.Fatalf("audit: %v", got)
	}
}

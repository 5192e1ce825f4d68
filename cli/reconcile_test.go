package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReconcileBothWaysFromTheCommandLine runs the binary on a Prolific study (cc=RC9) with
// two completers: one on the list with another code, one not on it. The output names the
// mismatch and the missing completer; --out writes the result with both; a bad platform
// is a usage error.
func TestReconcileBothWaysFromTheCommandLine(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	set := importFixtureSet(t, data, "reconcileme", 7).name
	id := createStudyFromRows(t, data,
		fmt.Sprintf(`1,entity_sets,"[{""entity_set"":""%s"",""number_to_show"":2}]"`, set),
		`1,forms,[]`, `1,platform,prolific`, `1,redirect-url,https://app.prolific.com/submissions/complete?cc=RC9`)
	srv := newServer(t, data)
	for _, u := range []string{"listed", "absent"} {
		loadParticipant(t, srv.url, id, "u-"+u, map[string]string{"PROLIFIC_PID": "P-" + u})
		for i, cp := range []string{"feed-landed", "submit-click", "end-redirect"} {
			mustPost(t, srv.url, "/v1/write_checkpoint", map[string]any{"user_id": "u-" + u, "experiment_id": id, "checkpoint": cp, "event_id": fmt.Sprintf("%s-%d", u, i)})
		}
	}
	list := filepath.Join(t.TempDir(), "prolific.csv")
	if err := os.WriteFile(list, []byte("Participant id,Status,Completion code\nP-listed,AWAITING REVIEW,NOPE\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	report := filepath.Join(t.TempDir(), "result.csv")
	out, _ := mustCLI(t, "", "reconcile", "--study", id, "--out", report, list, "--data", data)
	for _, want := range []string{
		"1 lines read as prolific: completed 1,",
		"code mismatches: 1; completed here but not on the list: 1",
		"Submitted code NOPE is not the study's completion code (RC9).",
		"Completed here, not on the platform's list:",
		"P-absent  u-absent",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	b, err := os.ReadFile(report)
	if err != nil || !strings.Contains(string(b), "not_on_list,u-absent") || !strings.Contains(string(b), "P-listed") {
		t.Errorf("report: %v\n%s", err, b)
	}
	_, _, err = cli(t, "", "reconcile", "--study", id, "--platform", "qualtrics", list, "--data", data)
	wantErr(t, err, `--platform "qualtrics" is not`)
}

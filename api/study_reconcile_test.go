package api

import (
	"context"
	"encoding/csv"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// spawnOn creates a study of ada's on a platform and returns its id.
func (e *consoleEnv) spawnOn(t *testing.T, platform string) string {
	t.Helper()
	rows := []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": demoSets},
		{"condition": 1, "param": "platform", "value": platform},
	}
	if platform == "prolific" || platform == "lucid" {
		rows = append(rows, map[string]any{"condition": 1, "param": "redirect-url", "value": "https://app.prolific.com/submissions/complete?cc=C0DE"})
	}
	r := e.call(e.as["ada"], http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": rows}, "application/json")
	if r.status != 200 {
		t.Fatalf("spawn: %d %s", r.status, r.body)
	}
	id := e.launch(data(r)["experiment_id"].(string))
	if _, err := e.store.ShareStudy(context.Background(), id, "grace", nil); err != nil {
		t.Fatal(err)
	}
	return id
}

// finish runs a participant through to completion.
func (e *consoleEnv) finish(t *testing.T, study, user string) {
	t.Helper()
	for _, cp := range []string{"feed-landed", "submit-click", "end-redirect"} {
		if r := e.checkpoint(study, user, cp); r.status != 200 {
			t.Fatalf("%s: %d %s", cp, r.status, r.body)
		}
	}
}

// reconcile posts a platform's list as the body (text/csv), platform and mark_returns in
// the query, as the study page does.
func (e *consoleEnv) reconcile(c *http.Client, study, list, platform string, markReturns bool) response {
	e.t.Helper()
	q := url.Values{}
	if platform != "" {
		q.Set("platform", platform)
	}
	if markReturns {
		q.Set("mark_returns", "true")
	}
	return e.call(c, http.MethodPost, "/v1/studies/"+study+"/reconcile?"+q.Encode(), list, "text/csv")
}

func reconcileLines(t *testing.T, r response) map[string]map[string]any {
	t.Helper()
	if r.status != 200 {
		t.Fatalf("reconcile: %d %s", r.status, r.body)
	}
	out := map[string]map[string]any{}
	for _, l := range data(r)["lines"].([]any) {
		m := l.(map[string]any)
		key := m["id"].(string)
		if m["class"] == "duplicate" {
			key += "#dup"
		}
		out[key] = m
	}
	return out
}

// A Prolific submissions export with one participant of each class: each line gets its
// class, the counts add up, and the approve file lists the completed submission only.
func TestReconcileProlificExportClassifiesEachLine(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	id := e.spawnOn(t, "prolific")
	pid := func(p string) map[string]string {
		return map[string]string{"PROLIFIC_PID": p, "STUDY_ID": "S1", "SESSION_ID": "sess-" + p}
	}
	e.loadInto(id, "u-done", pid("PDONE"))
	e.finish(t, id, "u-done")
	e.loadInto(id, "u-half", pid("PHALF"))
	e.checkpoint(id, "u-half", "feed-landed")
	preview := e.call(e.as["ada"], http.MethodPost, "/v1/studies/"+id+"/preview", map[string]int{"condition": 1}, "application/json")
	link, _ := url.Parse(data(preview)["url"].(string))
	q := pid("PTEST")
	q["preview"] = link.Query().Get("preview")
	if r := e.loadInto(id, "u-test", q); r.status != 200 {
		t.Fatalf("preview load: %d %s", r.status, r.body)
	}
	export := "Submission id,Participant id,Status,Started at,Completed at,Completion code\n" +
		"sub1,PDONE,AWAITING REVIEW,2026-11-23T10:00:00Z,2026-11-23T10:10:00Z,C0DE\n" +
		"sub2,PHALF,TIMED-OUT,2026-11-23T10:00:00Z,,\n" +
		"sub3,PNEVER,AWAITING REVIEW,2026-11-23T10:00:00Z,2026-11-23T10:12:00Z,C0DE\n" +
		"sub4,PDONE,AWAITING REVIEW,2026-11-23T10:00:00Z,2026-11-23T10:13:00Z,C0DE\n" +
		"sub5,PTEST,AWAITING REVIEW,2026-11-23T10:00:00Z,,\n"
	// A collaborator may reconcile: it only reads.
	r := e.reconcile(e.as["grace"], id, export, "", false)
	lines := reconcileLines(t, r)
	want := map[string]string{"PDONE": "completed", "PHALF": "started", "PNEVER": "never_seen", "PDONE#dup": "duplicate", "PTEST": "test"}
	for k, class := range want {
		if lines[k] == nil || lines[k]["class"] != class {
			t.Errorf("%s: got %v, want class %s", k, lines[k], class)
		}
	}
	if lines["PDONE"]["user_id"] != "u-done" || lines["PDONE"]["completed_at"].(float64) <= 0 || lines["PDONE"]["submission_id"] != "sub1" {
		t.Errorf("completed line lacks who and when: %v", lines["PDONE"])
	}
	if lines["PHALF"]["stage"] != "feed" {
		t.Errorf("started line's stage: %v", lines["PHALF"]["stage"])
	}
	if d := data(r); d["platform"] != "prolific" {
		t.Errorf("platform %v, want prolific (from the header)", d["platform"])
	}
	counts := data(r)["counts"].(map[string]any)
	for _, c := range []string{"completed", "started", "never_seen", "duplicate", "test"} {
		if counts[c].(float64) != 1 {
			t.Errorf("count of %s: %v", c, counts[c])
		}
	}
	file := data(r)["platform_file"].(map[string]any)
	recs, err := csv.NewReader(strings.NewReader(file["csv"].(string))).ReadAll()
	if err != nil || len(recs) != 2 || recs[1][0] != "PDONE" || recs[1][1] != "sub1" {
		t.Fatalf("prolific approve file: %v %v", recs, err)
	}
	// A stranger gets 404, as for an unknown study.
	if r := e.reconcile(e.as["linus"], id, export, "", false); r.status != 404 {
		t.Errorf("stranger: %d", r.status)
	}
}

// MTurk's batch results come back with Approve and Reject filled: x for a completed
// worker whose code matches, a reason for the others, blank for a code mismatch.
func TestReconcileMTurkBatchFillsApproveAndReject(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	id := e.spawnOn(t, "mturk")
	w := func(worker string) map[string]string {
		return map[string]string{"workerId": worker, "assignmentId": "A-" + worker, "hitId": "H1", "turkSubmitTo": "https://www.mturk.com"}
	}
	e.loadInto(id, "w-good", w("WGOOD"))
	e.finish(t, id, "w-good")
	e.loadInto(id, "w-typo", w("WTYPO"))
	e.finish(t, id, "w-typo")
	e.loadInto(id, "w-half", w("WHALF"))
	good, err := e.store.Participant(context.Background(), id, "w-good")
	if err != nil || good.CompletionCode == "" {
		t.Fatalf("completion code: %v %q", err, good.CompletionCode)
	}
	batch := `"HITId","AssignmentId","WorkerId","AssignmentStatus","Answer.surveycode","Approve","Reject"` + "\n" +
		`"H1","A-WGOOD","WGOOD","Submitted","` + good.CompletionCode + `","",""` + "\n" +
		`"H1","A-WTYPO","WTYPO","Submitted","NOTMYCODE","",""` + "\n" +
		`"H1","A-WHALF","WHALF","Submitted","guess","",""` + "\n" +
		`"H1","A-WNONE","WNONE","Submitted","guess","",""` + "\n"
	r := e.reconcile(e.as["ada"], id, batch, "mturk", false)
	lines := reconcileLines(t, r)
	if lines["WGOOD"]["class"] != "completed" || lines["WGOOD"]["code_matches"] != true || lines["WTYPO"]["code_matches"] != false {
		t.Errorf("codes: %v / %v", lines["WGOOD"], lines["WTYPO"])
	}
	file := data(r)["platform_file"].(map[string]any)
	recs, err := csv.NewReader(strings.NewReader(file["csv"].(string))).ReadAll()
	if err != nil || len(recs) != 5 {
		t.Fatalf("batch file: %v %v", recs, err)
	}
	if strings.Join(recs[0], ",") != "HITId,AssignmentId,WorkerId,AssignmentStatus,Answer.surveycode,Approve,Reject" {
		t.Errorf("header changed: %v", recs[0])
	}
	approveReject := func(i int) [2]string { return [2]string{recs[i][5], recs[i][6]} }
	if a := approveReject(1); a[0] != "x" || a[1] != "" {
		t.Errorf("good worker: %v", a)
	}
	if a := approveReject(2); a[0] != "" || a[1] != "" {
		t.Errorf("code mismatch is left to the researcher: %v", a)
	}
	if a := approveReject(3); a[0] != "" || !strings.Contains(a[1], "not completed") {
		t.Errorf("unfinished worker: %v", a)
	}
	if a := approveReject(4); a[0] != "" || !strings.Contains(a[1], "no record") {
		t.Errorf("unknown worker: %v", a)
	}
}

// Lucid RIDs pasted one per line, the platform taken from the study; bad input gets a
// clear message.
func TestReconcilePlainListsAndBadInput(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	id := e.spawnOn(t, "lucid")
	e.loadInto(id, "r1", map[string]string{"RID": "rid-1"})
	r := e.reconcile(e.as["ada"], id, "rid-1\n\nrid-2\n", "", false)
	lines := reconcileLines(t, r)
	if data(r)["platform"] != "lucid" || lines["rid-1"]["class"] != "started" || lines["rid-2"]["class"] != "never_seen" || data(r)["platform_file"] != nil {
		t.Errorf("lucid list: %s", r.body)
	}
	for _, c := range []struct {
		body map[string]string
		has  string
	}{
		{map[string]string{"text": ""}, "The list is empty"},
		{map[string]string{"text": "a,b\n1,2\n", "platform": "prolific"}, `no prolific header`},
		{map[string]string{"text": "x", "platform": "qualtrics"}, "Platform must be"},
		{map[string]string{"text": "Participant id,Status\n\"P1,done\n"}, "could not be read as CSV"},
		{map[string]string{"text": "Participant id,Status\n,done\n"}, "Line 2 has no participant id"},
	} {
		r := e.reconcile(e.as["ada"], e.adaStudy, c.body["text"], c.body["platform"], false)
		if r.status != 400 || !strings.Contains(string(r.body), c.has) {
			t.Errorf("%v: %d %s", c.body, r.status, r.body)
		}
	}
	// ada's own study has no platform: a plain list needs one.
	if r := e.reconcile(e.as["ada"], e.adaStudy, "P1\n", "", false); r.status != 400 || !strings.Contains(string(r.body), "choose the platform") {
		t.Errorf("plain list without platform: %d %s", r.status, r.body)
	}
}

// Marking returns changes data: the owner may, a collaborator may not. A timed-out
// submission that did not complete here gets exit_state timed_out, once.
func TestReconcileMarksProlificReturnsForTheOwnerOnly(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	id := e.spawnOn(t, "prolific")
	e.loadInto(id, "u-gone", map[string]string{"PROLIFIC_PID": "PGONE"})
	e.loadInto(id, "u-back", map[string]string{"PROLIFIC_PID": "PBACK"})
	export := "Participant id,Status\nPGONE,TIMED-OUT\nPBACK,RETURNED\nPNEVER,RETURNED\n"
	if r := e.reconcile(e.as["grace"], id, export, "", true); r.status != 403 {
		t.Fatalf("collaborator marking: %d %s", r.status, r.body)
	}
	r := e.reconcile(e.as["ada"], id, export, "", true)
	if r.status != 200 || data(r)["marked"].(float64) != 2 {
		t.Fatalf("owner marking: %d %s", r.status, r.body)
	}
	for user, want := range map[string]string{"u-gone": "timed_out", "u-back": "returned"} {
		if p, _ := e.store.Participant(context.Background(), id, user); p.ExitState != want {
			t.Errorf("%s: exit_state %q, want %q", user, p.ExitState, want)
		}
	}
	r = e.reconcile(e.as["ada"], id, export, "", true)
	if data(r)["marked"].(float64) != 0 {
		t.Errorf("marked twice: %s", r.body)
	}
	if r := e.reconcile(e.as["ada"], id, "rid-1\n", "lucid", true); r.status != 400 {
		t.Errorf("marking from a lucid list: %d %s", r.status, r.body)
	}
}

package api

import (
	"strings"
	"testing"
)

// TestReconcileBothWaysThroughTheAPI: a Prolific study (cc=C0DE) with a completer on the
// list who submitted another code and a completer missing from the list: the answer names
// the mismatch against the study's code and lists the missing completer, and the report
// ends with them.
func TestReconcileBothWaysThroughTheAPI(t *testing.T) {
	e := newConsoleEnv(t)
	id := e.spawnOn(t, "prolific")
	for _, u := range []string{"listed", "absent"} {
		e.loadInto(id, "u-"+u, map[string]string{"PROLIFIC_PID": "P-" + u})
		e.finish(t, id, "u-"+u)
	}
	r := e.reconcile(e.as["ada"], id, "Participant id,Status,Completion code\nP-listed,AWAITING REVIEW,WRONG1\n", "", false)
	lines := reconcileLines(t, r)
	if l := lines["P-listed"]; l["code_matches"] != false || l["code_expected"] != "C0DE" || !strings.Contains(l["note"].(string), "WRONG1 is not the study's completion code (C0DE)") {
		t.Errorf("listed: %v", l)
	}
	d := data(r)
	if d["code_mismatches"].(float64) != 1 {
		t.Errorf("code_mismatches %v", d["code_mismatches"])
	}
	missing := d["missing"].([]any)
	if len(missing) != 1 || missing[0].(map[string]any)["id"] != "P-absent" || missing[0].(map[string]any)["user_id"] != "u-absent" {
		t.Fatalf("missing: %v", missing)
	}
	report := d["report"].(map[string]any)["csv"].(string)
	if !strings.Contains(report, ",P-absent,,,not_on_list,u-absent,1,completed,") {
		t.Errorf("report:\n%s", report)
	}
}

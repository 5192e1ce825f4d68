package api

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"feedlab/store"
)

// A study's life through the API (issue 22, item 1): the wizard's create makes a draft that
// registers no one but previews, once per form key; the owner launches, archives, restores
// and deletes it; a collaborator may do none of it.
func TestAStudysLifeThroughTheAPI(t *testing.T) {
	e := newConsoleEnv(t)
	ada := e.as["ada"]
	form := map[string]any{"idempotency_key": "form-42", "condition_settings": []map[string]any{
		{"condition": 1, "param": "title", "value": "Drafted"},
		{"condition": 1, "param": "entity_sets", "value": demoSets},
	}}
	first := e.call(ada, http.MethodPost, "/v1/spawn_experiment", form, "application/json")
	again := e.call(ada, http.MethodPost, "/v1/spawn_experiment", form, "application/json")
	id, _ := data(first)["experiment_id"].(string)
	if first.status != 200 || again.status != 200 || id == "" || data(again)["experiment_id"] != id || data(again)["existing"] != true {
		t.Fatalf("create twice with one key: %s / %s", first.body, again.body)
	}
	if r := e.call(e.as["grace"], http.MethodPost, "/v1/spawn_experiment", form, "application/json"); data(r)["experiment_id"] == id {
		t.Fatal("another researcher's request with the same key answered ada's study")
	}
	if _, err := e.store.ShareStudy(t.Context(), id, "grace", nil); err != nil {
		t.Fatal(err)
	}
	studyPath := "/v1/studies/" + id
	if d := data(e.call(ada, http.MethodGet, studyPath, nil, "")); d["status"] != "draft" {
		t.Fatalf("new study's status %v, want draft", d["status"])
	}

	// A draft: participants are told it has not started, and nothing is registered; the
	// researcher's preview link works.
	if r := e.loadInto(id, "early", nil); r.status != http.StatusConflict || errorCode(r) != codeNotStarted {
		t.Fatalf("arrival at a draft: %d %s", r.status, r.body)
	}
	pr := e.call(ada, http.MethodPost, studyPath+"/preview", map[string]int{"condition": 1}, "application/json")
	link, _ := url.Parse(data(pr)["url"].(string))
	if r := e.loadInto(id, "pilot", map[string]string{"preview": link.Query().Get("preview")}); r.status != 200 {
		t.Fatalf("preview of a draft: %d %s", r.status, r.body)
	}
	if r := e.call(ada, http.MethodPost, studyPath+"/status", map[string]string{"status": "open"}, "application/json"); r.status != http.StatusConflict || errorCode(r) != codeStudyDraft {
		t.Fatalf("opening a draft by its status: %d %s", r.status, r.body)
	}

	// The collaborator may do none of the owner's steps.
	for _, step := range []struct{ method, path string }{
		{http.MethodPost, "/launch"}, {http.MethodPost, "/archive"}, {http.MethodPost, "/restore"}, {http.MethodDelete, ""},
	} {
		if r := e.call(e.as["grace"], step.method, studyPath+step.path, nil, "application/json"); r.status != http.StatusForbidden {
			t.Errorf("collaborator %s %s: %d %s, want 403", step.method, step.path, r.status, r.body)
		}
	}

	if r := e.call(ada, http.MethodPost, studyPath+"/launch", nil, "application/json"); r.status != 200 {
		t.Fatalf("launch: %d %s", r.status, r.body)
	}
	if r := e.call(ada, http.MethodPost, studyPath+"/launch", nil, "application/json"); r.status != http.StatusConflict || errorCode(r) != codeStudyLaunched {
		t.Fatalf("second launch: %d %s", r.status, r.body)
	}
	if r := e.loadInto(id, "joined", nil); r.status != 200 {
		t.Fatalf("arrival after launch: %d %s", r.status, r.body)
	}

	if r := e.call(ada, http.MethodPost, studyPath+"/archive", nil, "application/json"); r.status != 200 {
		t.Fatalf("archive: %d %s", r.status, r.body)
	}
	if r := e.loadInto(id, "late", nil); r.status != http.StatusGone || errorCode(r) != codeStudyEnded {
		t.Fatalf("arrival at an archived study: %d %s", r.status, r.body)
	}
	if r := e.call(ada, http.MethodPost, studyPath+"/restore", nil, "application/json"); r.status != 200 || data(r)["status"] != "open" {
		t.Fatalf("restore: %d %s", r.status, r.body)
	}

	if r := e.call(ada, http.MethodDelete, studyPath, nil, "application/json"); r.status != http.StatusBadRequest || errorCode(r) != codeConfirmID {
		t.Fatalf("delete of a launched study unconfirmed: %d %s", r.status, r.body)
	}
	if r := e.call(ada, http.MethodDelete, studyPath, map[string]string{"confirm_id": "fl-other"}, "application/json"); r.status != http.StatusBadRequest {
		t.Fatalf("delete confirmed with another id: %d %s", r.status, r.body)
	}
	if r := e.call(ada, http.MethodDelete, studyPath, map[string]string{"confirm_id": id}, "application/json"); r.status != 200 || data(r)["participants"] != float64(1) {
		t.Fatalf("delete: %d %s", r.status, r.body)
	}
	if r := e.call(ada, http.MethodGet, studyPath, nil, ""); r.status != http.StatusNotFound {
		t.Fatalf("deleted study: %d", r.status)
	}
	gone, _ := e.store.StudyDeletions(t.Context())
	if len(gone) != 1 || gone[0].ExperimentID != id || gone[0].DeletedBy != "ada" || gone[0].Title != "Drafted" {
		t.Fatalf("deletion record %+v", gone)
	}
	// The same form again after the delete makes a new study.
	if r := e.call(ada, http.MethodPost, "/v1/spawn_experiment", form, "application/json"); data(r)["experiment_id"] == id || data(r)["existing"] != false {
		t.Fatalf("create after delete: %s", r.body)
	}
}

// A bundle chosen in Start from a file opens as a draft for review, never as an open study.
func TestAnUploadedBundleIsImportedAsADraft(t *testing.T) {
	e := newConsoleEnv(t)
	zipped := e.call(e.as["ada"], http.MethodGet, "/v1/studies/"+e.adaStudy+"/bundle.zip", nil, "")
	r := e.call(e.as["linus"], http.MethodPost, "/v1/import_study", string(zipped.body), "application/zip")
	id, _ := data(r)["experiment_id"].(string)
	if r.status != 200 || id == "" {
		t.Fatalf("import: %d %s", r.status, r.body)
	}
	if d := data(e.call(e.as["linus"], http.MethodGet, "/v1/studies/"+id, nil, "")); d["status"] != "draft" {
		t.Fatalf("imported study is %v, want draft", d["status"])
	}
	if r := e.loadInto(id, "early", nil); errorCode(r) != codeNotStarted {
		t.Fatalf("arrival at an imported draft: %d %s", r.status, r.body)
	}
}

// The wizard's edit of a draft replaces every parameter (checked as Create checks them);
// once launched the design is refused and stays as it was.
func TestADraftIsEditedWholeUntilItIsLaunched(t *testing.T) {
	e := newConsoleEnv(t)
	ada := e.as["ada"]
	r := e.call(ada, http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": demoSets},
	}}, "application/json")
	id := data(r)["experiment_id"].(string)
	path := "/v1/studies/" + id + "/parameters"
	two := map[string]any{"condition_settings": []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": demoSets},
		{"condition": 2, "param": "entity_sets", "value": demoSets},
		{"condition": 2, "param": "feed", "value": "swipe"},
	}}
	if r := e.call(ada, http.MethodPut, path, map[string]any{"condition_settings": []map[string]any{{"condition": 1, "param": "feed", "value": "sideways"}}}, "application/json"); r.status != 400 || errorCode(r) != codeInvalidParameters {
		t.Fatalf("invalid edit: %d %s", r.status, r.body)
	}
	if r := e.call(e.as["grace"], http.MethodPut, "/v1/studies/"+e.adaStudy+"/parameters", two, "application/json"); r.status != http.StatusForbidden {
		t.Fatalf("collaborator's edit: %d %s", r.status, r.body)
	}
	if r := e.call(ada, http.MethodPut, path, two, "application/json"); r.status != 200 {
		t.Fatalf("edit: %d %s", r.status, r.body)
	}
	d := data(e.call(ada, http.MethodGet, "/v1/studies/"+id, nil, ""))
	if d["n_conditions"] != float64(2) {
		t.Fatalf("after the edit the study has %v conditions", d["n_conditions"])
	}
	csv := string(e.call(ada, http.MethodGet, "/v1/studies/"+id+"/parameters.csv", nil, "").body)
	if !strings.Contains(csv, "2,feed,swipe") {
		t.Fatalf("parameters after the edit:\n%s", csv)
	}
	log, _ := e.store.AuditLog(t.Context(), id)
	edited := false
	for _, entry := range log {
		edited = edited || (entry.Action == store.AuditEditDraft && entry.Researcher == "ada")
	}
	if !edited {
		t.Errorf("no edit_draft entry by ada in %+v", log)
	}
	e.launch(id)
	if r := e.call(ada, http.MethodPut, path, map[string]any{"condition_settings": []map[string]any{{"condition": 1, "param": "entity_sets", "value": demoSets}}}, "application/json"); r.status != http.StatusConflict || errorCode(r) != codeStudyLaunched {
		t.Fatalf("edit after launch: %d %s", r.status, r.body)
	}
	if d := data(e.call(ada, http.MethodGet, "/v1/studies/"+id, nil, "")); d["n_conditions"] != float64(2) {
		t.Fatalf("a refused edit changed the study: %v conditions", d["n_conditions"])
	}
}

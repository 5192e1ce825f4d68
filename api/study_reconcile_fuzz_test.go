package api

import (
	"net/http"
	"testing"
)

// FuzzReconcileAndLabels sends arbitrary bodies to reconciliation (as the list, text/csv,
// with and without marking returns, and as JSON, which is refused) and to the label list:
// never a 5xx, always JSON; a refused label list adds nothing.
func FuzzReconcileAndLabels(f *testing.F) {
	e := newConsoleEnv(f)
	for _, s := range []string{
		`{"text":"Participant id\nP1\n"}`, `{"text":"","platform":"mturk"}`, `{"text":"x","mark_returns":true}`,
		`{"labels":["a","b"]}`, `{"labels":[""]}`, `{"labels":"a"}`, `[]`, `{}`, `"x"`, `{"text":1}`,
		"Participant id,Status\nP1,RETURNED\n", "WorkerId\tAnswer.c\nW\t\"q\n",
	} {
		f.Add([]byte(s))
	}
	ada := e.as["ada"]
	labels := "/v1/studies/" + e.adaStudy + "/labels"
	f.Fuzz(func(t *testing.T, body []byte) {
		if r := e.answer(t, ada, http.MethodPost, "/v1/studies/"+e.adaStudy+"/reconcile", body); r.status != http.StatusUnsupportedMediaType {
			t.Fatalf("a JSON body was taken as the list: %d %s", r.status, r.body)
		}
		e.answerAs(t, ada, http.MethodPost, "/v1/studies/"+e.adaStudy+"/reconcile", body, "text/csv")
		e.answerAs(t, ada, http.MethodPost, "/v1/studies/"+e.adaStudy+"/reconcile?platform=prolific&mark_returns=true", body, "text/csv; charset=utf-8")
		before := e.answer(t, ada, http.MethodGet, labels, nil)
		if r := e.answer(t, ada, http.MethodPost, labels, body); r.status != 200 {
			if after := e.answer(t, ada, http.MethodGet, labels, nil); string(after.body) != string(before.body) {
				t.Fatalf("refused labels %q changed the list", body)
			}
		}
	})
}

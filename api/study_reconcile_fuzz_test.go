package api

import (
	"encoding/json"
	"net/http"
	"testing"
)

// FuzzReconcileAndLabels sends arbitrary bodies to reconciliation and to the label list,
// and arbitrary texts as a pasted list: never a 5xx, always JSON; a refused label list adds
// nothing.
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
		e.answer(t, ada, http.MethodPost, "/v1/studies/"+e.adaStudy+"/reconcile", body)
		asText, _ := json.Marshal(map[string]any{"text": string(body), "mark_returns": true})
		e.answer(t, ada, http.MethodPost, "/v1/studies/"+e.adaStudy+"/reconcile", asText)
		before := e.answer(t, ada, http.MethodGet, labels, nil)
		if r := e.answer(t, ada, http.MethodPost, labels, body); r.status != 200 {
			if after := e.answer(t, ada, http.MethodGet, labels, nil); string(after.body) != string(before.body) {
				t.Fatalf("refused labels %q changed the list", body)
			}
		}
	})
}

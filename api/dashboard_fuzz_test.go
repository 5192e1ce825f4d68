package api

import (
	"net/http"
	"net/url"
	"testing"
)

// FuzzStudyPageCalls sends arbitrary bodies to the study page's writes (status, preview,
// texts) and arbitrary filters to the participant table: never a 5xx, always JSON, and a
// refused text edit changes nothing.
func FuzzStudyPageCalls(f *testing.F) {
	e := newConsoleEnv(f)
	for _, s := range []string{
		`{"status":"paused"}`, `{"status":""}`, `{"status":null}`, `{"condition":1}`, `{"condition":-1}`,
		`{"condition":1e99}`, `{"condition":1,"param":"consent","value":"## Hi"}`,
		`{"condition":1,"param":"entity_sets","value":"[]"}`, `{"condition":1,"param":"feed","value":"sideways"}`,
		`[]`, `{}`, `"x"`, `{"condition":"1","param":1}`, `stage=dropped&q=%25_&limit=1`, `offset=-1`, `limit=0&condition=x`,
	} {
		f.Add([]byte(s))
	}
	ada := e.as["ada"]
	f.Fuzz(func(t *testing.T, body []byte) {
		before := e.answer(t, ada, http.MethodGet, "/v1/studies/"+e.adaStudy+"/texts", nil)
		if r := e.answer(t, ada, http.MethodPut, "/v1/studies/"+e.adaStudy+"/texts", body); r.status != 200 {
			after := e.answer(t, ada, http.MethodGet, "/v1/studies/"+e.adaStudy+"/texts", nil)
			if string(after.body) != string(before.body) {
				t.Fatalf("refused edit %q changed the texts", body)
			}
		}
		e.answer(t, ada, http.MethodPost, "/v1/studies/"+e.adaStudy+"/preview", body)
		if r := e.answer(t, ada, http.MethodPost, "/v1/studies/"+e.adaStudy+"/status", body); r.status == 200 {
			e.answer(t, ada, http.MethodPost, "/v1/studies/"+e.adaStudy+"/status", []byte(`{"status":"open"}`))
		}
		if q, err := url.ParseQuery(string(body)); err == nil {
			e.answer(t, ada, http.MethodGet, "/v1/studies/"+e.adaStudy+"/participants?"+q.Encode(), nil)
		}
		e.answer(t, ada, http.MethodGet, "/v1/studies/"+e.adaStudy+"/participants?q="+url.QueryEscape(string(body)), nil)
	})
}

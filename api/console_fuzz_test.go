package api

import (
	"bytes"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"feedlab/params"
)

// answer sends body to path as the signed-in client and checks what every researcher call
// promises whatever arrives: JSON, never a 5xx.
func (e *consoleEnv) answer(t *testing.T, c *http.Client, method, path string, body []byte) response {
	t.Helper()
	return e.answerAs(t, c, method, path, body, "application/json")
}

// answerAs is answer with the body's Content-Type given.
func (e *consoleEnv) answerAs(t *testing.T, c *http.Client, method, path string, body []byte, contentType string) response {
	t.Helper()
	req, _ := http.NewRequest(method, e.srv.URL+path, bytes.NewReader(body))
	req.Header.Set("Content-Type", contentType)
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var r response
	r.status = res.StatusCode
	var buf bytes.Buffer
	buf.ReadFrom(res.Body)
	r.body = buf.Bytes()
	if r.status >= 500 {
		t.Fatalf("%s %q: status %d: %s", path, truncate(string(body), 200), r.status, r.body)
	}
	if ct := res.Header.Get("Content-Type"); ct != "application/json; charset=utf-8" {
		t.Fatalf("%s %q: content type %q", path, truncate(string(body), 200), ct)
	}
	if err := json.Unmarshal(r.body, &r.json); err != nil {
		t.Fatalf("%s: answer is not JSON: %s", path, r.body)
	}
	return r
}

// FuzzCheckParameters sends arbitrary bodies to check_parameters. Besides never failing
// on the server's side, an accepted study must come back the same when its canonical rows
// are sent again as a params.csv: what Verify parameters downloads recreates the study.
func FuzzCheckParameters(f *testing.F) {
	e := newConsoleEnv(f)
	seeds := []string{
		`{"csv":"condition,param,value\n1,title,Pilot\n1,entity_sets,\"[{\"\"entity_set\"\":\"\"solarflare_demo\"\"}]\"\n"}`,
		`{"csv":"condition,param,value\n1,feed,sideways\n"}`,
		`{"csv":"\ufeffCondition , Param,Value\r\n1,entity_sets,\"[{\"\"entity_set\"\":\"\"solarflare_demo\"\",\"\"number_to_show\"\":\"\"3\"\"}]\"\r\n2,entity_sets,\"[{\"\"entity_set\"\":\"\"solarflare_demo\"\"}]\"\r\n2,title,\"x\"\r\n"}`,
		`{"condition_settings":[{"condition":1,"param":"entity_sets","value":[{"entity_set":"solarflare_demo"}]},{"condition":"1","param":"consent","value":"a%20b"}]}`,
		`{"condition_settings":[{"condition":1,"param":"platform","value":"prolific"},{"condition":1,"param":"redirect-url","value":"https%3A%2F%2Fx.org"}]}`,
		`{"condition_settings":[null,{"condition":1.5}]}`, `{"csv":""}`, `{"csv":null}`, `{}`, `[]`, `{"csv":"\""}`,
		`{"condition_settings":[{"condition":1,"param":"title","value":"a\nb"}]}`,
	}
	for _, s := range seeds {
		f.Add([]byte(s))
	}
	ada := e.as["ada"]
	f.Fuzz(func(t *testing.T, body []byte) {
		r := e.answer(t, ada, http.MethodPost, "/v1/check_parameters", body)
		if r.status != 200 {
			if !slices.Contains([]int{400, 413}, r.status) {
				t.Fatalf("status %d: %s", r.status, r.body)
			}
			return
		}
		var ok struct {
			Data struct {
				Rows        []params.Row `json:"rows"`
				NConditions int          `json:"n_conditions"`
			} `json:"data"`
		}
		if err := json.Unmarshal(r.body, &ok); err != nil || ok.Data.NConditions < 1 {
			t.Fatalf("answer %s: %v", r.body, err)
		}
		var file strings.Builder
		if err := params.WriteCSV(&file, ok.Data.Rows); err != nil {
			t.Fatal(err)
		}
		again, _ := json.Marshal(map[string]string{"csv": file.String()})
		r2 := e.answer(t, ada, http.MethodPost, "/v1/check_parameters", again)
		if r2.status != 200 || !bytes.Equal(r2.body, r.body) {
			t.Fatalf("the canonical rows do not recreate the study:\nfirst  %s\nsecond %d %s", r.body, r2.status, r2.body)
		}
	})
}

// FuzzShareStudy sends arbitrary share bodies and unshare names for ada's study. Whatever
// arrives, the answer is JSON without a 5xx, and only real researchers are ever listed.
func FuzzShareStudy(f *testing.F) {
	e := newConsoleEnv(f)
	for _, s := range []string{`{"name":"linus"}`, `{"name":"ada"}`, `{"name":""}`, `{"name":"nobody"}`, `{"name":1}`, `{"name":null}`, `null`, `{"name":"gr\u0000ace"}`, `linus`, `..%2Fgrace`, `{"name":"` + strings.Repeat("x", 300) + `"}`} {
		f.Add(false, []byte(s))
		f.Add(true, []byte(s))
	}
	ada := e.as["ada"]
	f.Fuzz(func(t *testing.T, unshare bool, body []byte) {
		var r response
		if unshare {
			r = e.answer(t, ada, http.MethodDelete, "/v1/studies/"+e.adaStudy+"/shares/"+url.PathEscape(string(body)), nil)
		} else {
			r = e.answer(t, ada, http.MethodPost, "/v1/studies/"+e.adaStudy+"/shares", body)
		}
		if !slices.Contains([]int{200, 400, 404, 405, 413, 415}, r.status) {
			t.Fatalf("status %d: %s", r.status, r.body)
		}
		if r.status == 200 {
			for _, n := range data(r)["shared_with"].([]any) {
				if n != "grace" && n != "linus" {
					t.Fatalf("shared with %q, who is not a researcher", n)
				}
			}
		}
	})
}

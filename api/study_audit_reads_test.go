package api

import (
	"context"
	"database/sql"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// auditLines reads a study's audit log as "researcher action detail" lines.
func (e *consoleEnv) auditLines(t *testing.T, id string) []string {
	t.Helper()
	entries, err := e.store.AuditLog(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, x := range entries {
		out = append(out, x.Researcher+" "+x.Action+" "+x.Detail)
	}
	return out
}

// TestAuditRecordsReadsOfParticipantDataAndNewLinks (issue 20, item 5): reading the
// participant table, parameters.csv and the labelled links, making a preview link and
// labelled links, and downloading a codebook each leave an entry naming the researcher.
// The study page's 5-second refresh of the same page is one entry, a new filter another;
// refused calls leave none.
func TestAuditRecordsReadsOfParticipantDataAndNewLinks(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	ada, grace, linus := e.as["ada"], e.as["grace"], e.as["linus"]
	id := e.adaStudy
	before := len(e.auditLines(t, id))
	calls := []struct {
		c           *http.Client
		method, url string
		body        any
		status      int
	}{
		{grace, http.MethodGet, "/v1/studies/" + id + "/participants", nil, 200},
		{grace, http.MethodGet, "/v1/studies/" + id + "/participants", nil, 200}, // a refresh
		{grace, http.MethodGet, "/v1/studies/" + id + "/participants?stage=completed&q=PID&offset=50", nil, 200},
		{linus, http.MethodGet, "/v1/studies/" + id + "/participants", nil, 404},
		{ada, http.MethodGet, "/v1/studies/" + id + "/parameters.csv", nil, 200},
		{ada, http.MethodPost, "/v1/studies/" + id + "/labels", map[string]any{"labels": []string{"Student 1", "Student 2"}}, 200},
		{grace, http.MethodGet, "/v1/studies/" + id + "/labels", nil, 200},
		{grace, http.MethodPost, "/v1/studies/" + id + "/preview", map[string]int{"condition": 2}, 200},
		{linus, http.MethodPost, "/v1/studies/" + id + "/preview", map[string]int{"condition": 2}, 404},
		{ada, http.MethodPost, "/v1/dump_data", map[string]any{"data_type": "participants", "experiment_id": id, "codebook": true}, 200},
		{ada, http.MethodPost, "/v1/dump_data", map[string]any{"data_type": "user_form", "experiment_id": id}, 200},
		{ada, http.MethodPost, "/v1/dump_data", map[string]any{"data_type": "stimulus_set", "stimulus_set": "solarflare_demo"}, 200},
	}
	for _, c := range calls {
		ct := ""
		if c.body != nil {
			ct = "application/json"
		}
		if r := e.call(c.c, c.method, c.url, c.body, ct); r.status != c.status {
			t.Fatalf("%s %s: %d %s", c.method, c.url, r.status, r.body)
		}
	}
	got := e.auditLines(t, id)[before:]
	want := []string{
		"grace read_participants participants from row 1, 50 a page",
		`grace read_participants participants from row 51, 50 a page, stage completed, search "PID"`,
		"ada read_parameters parameters.csv",
		`ada labelled_links 2 labels sent, first "Student 1"`,
		"grace read_labels 2 labels",
		"grace preview_link condition 2",
		"ada codebook participants",
		"ada download user_form",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("audit entries:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// disconnecting is a ResponseWriter whose client disconnects when the handler extends its
// write deadline, which dump_data does after its checks and before the export's first
// byte: the moment a researcher cancels a download that is still being prepared.
type disconnecting struct {
	http.ResponseWriter
	disconnect func()
	once       sync.Once
}

func (d *disconnecting) SetWriteDeadline(t time.Time) error {
	d.once.Do(d.disconnect)
	return http.NewResponseController(d.ResponseWriter).SetWriteDeadline(t)
}

// TestCancelledDownloadIsNotRecorded: a client that disconnects before the first byte of
// dump_data (the CSV or its codebook) is not recorded as having downloaded anything; the
// same download, completed, is.
func TestCancelledDownloadIsNotRecorded(t *testing.T) {
	e := newConsoleEnv(t)
	ada := e.as["ada"]
	id := e.adaStudy
	for _, u := range []string{"u1", "u2"} {
		e.loadInto(id, u, map[string]string{"PROLIFIC_PID": "P-" + u})
	}
	router := e.srv.Config.Handler
	// A second server over the same router, whose handler sees the client go away at the
	// moment described above: the client's request is cancelled (its connection closed)
	// and the handler waits until the server has noticed.
	var cancelClient context.CancelFunc
	cut := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		d := &disconnecting{ResponseWriter: w, disconnect: func() {
			cancelClient()
			select {
			case <-r.Context().Done():
			case <-time.After(5 * time.Second):
				t.Error("the server did not notice the client going away")
			}
		}}
		router.ServeHTTP(d, r)
	}))
	defer cut.Close()
	before := len(e.auditLines(t, id))
	for _, body := range []string{
		`{"data_type":"user_form","experiment_id":"` + id + `"}`,
		`{"data_type":"exposures","experiment_id":"` + id + `","codebook":true}`,
	} {
		ctx, cancel := context.WithCancel(context.Background())
		cancelClient = cancel
		req, _ := http.NewRequestWithContext(ctx, http.MethodPost, cut.URL+"/v1/dump_data", strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		for _, c := range ada.Jar.Cookies(mustURL(e.srv.URL)) {
			req.AddCookie(c)
		}
		if res, err := http.DefaultClient.Do(req); err == nil {
			res.Body.Close()
			t.Errorf("%s: the cancelled download answered %d", body, res.StatusCode)
		}
		cancel()
	}
	// The server may still be finishing the cancelled requests: give it a moment.
	time.Sleep(200 * time.Millisecond)
	if got := e.auditLines(t, id)[before:]; len(got) != 0 {
		t.Errorf("cancelled downloads were recorded: %q", got)
	}
	// The same downloads, not cancelled, are recorded.
	e.call(ada, http.MethodPost, "/v1/dump_data", map[string]any{"data_type": "user_form", "experiment_id": id}, "application/json")
	e.call(ada, http.MethodPost, "/v1/dump_data", map[string]any{"data_type": "exposures", "experiment_id": id, "codebook": true}, "application/json")
	if got := e.auditLines(t, id)[before:]; strings.Join(got, "\n") != "ada download user_form\nada codebook exposures" {
		t.Errorf("completed downloads: %q", got)
	}
}

// TestUnrecordableReadsDoNotHappen: when the audit log cannot be written (here a trigger
// refuses every new entry, as a full disk would), no download streams a byte and no read
// of participant data answers: each is a JSON error and nothing else.
func TestUnrecordableReadsDoNotHappen(t *testing.T) {
	t.Parallel()
	e := newConsoleEnv(t)
	ada := e.as["ada"]
	id := e.adaStudy
	e.loadInto(id, "u1", map[string]string{"PROLIFIC_PID": "P-u1"})
	raw, err := sql.Open("sqlite", "file:"+filepath.ToSlash(e.store.Path())+"?_pragma=busy_timeout(10000)")
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	if _, err := raw.Exec(`CREATE TRIGGER no_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		method, url string
		body        any
	}{
		{http.MethodPost, "/v1/dump_data", map[string]any{"data_type": "user_form", "experiment_id": id}},
		{http.MethodPost, "/v1/dump_data", map[string]any{"data_type": "participants", "experiment_id": id, "codebook": true}},
		{http.MethodGet, "/v1/studies/" + id + "/bundle.zip", nil},
		{http.MethodGet, "/v1/studies/" + id + "/participants", nil},
		{http.MethodGet, "/v1/studies/" + id + "/parameters.csv", nil},
		{http.MethodGet, "/v1/studies/" + id + "/labels", nil},
		{http.MethodPost, "/v1/studies/" + id + "/preview", map[string]int{"condition": 1}},
		{http.MethodPost, "/v1/studies/" + id + "/labels", map[string]any{"labels": []string{"S1"}}},
	} {
		ct := ""
		if c.body != nil {
			ct = "application/json"
		}
		r := e.call(ada, c.method, c.url, c.body, ct)
		if r.status != http.StatusServiceUnavailable || !strings.HasPrefix(r.header.Get("Content-Type"), "application/json") || errorCode(r) != codeUnavailable {
			t.Errorf("%s %s with the log refusing entries: %d %s %.200s", c.method, c.url, r.status, r.header.Get("Content-Type"), r.body)
		}
	}
	if labels, _ := e.store.ParticipantLabels(context.Background(), id); len(labels) != 0 {
		t.Errorf("labelled links were made unrecorded: %v", labels)
	}
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

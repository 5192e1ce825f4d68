package api

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The lab's analysis scripts (R, data.table) read the original platform's engagement and
// user_form exports with fixed column classes, then group dwell by participant and card,
// join the engagements, and reshape wide. This test does the same to a feedlab export, so
// a missing, renamed, moved or mistyped column of the original shape fails here before it
// fails a researcher's script.

// colClass is a column's class as fread(colClasses=) would be given it.
type colClass int

const (
	integer64  colClass = iota // every value an integer
	integerNA                  // an integer or empty (NA)
	character                  // any text
	characterF                 // text, never empty (a key or a factor the scripts split on)
)

// originalEngagement is the original engagement export's columns, in order, with their
// classes (without ip_address, which is not stored).
var originalEngagement = []struct {
	name  string
	class colClass
}{
	{"time_stamp", integer64}, {"time_engagement", integerNA}, {"time_content_viewed", integerNA},
	{"user_id", characterF}, {"entity_id", integer64}, {"condition", integer64},
	{"experiment_id", characterF}, {"engagement_type", characterF}, {"response", characterF},
	{"accuracy_score", integerNA}, {"entity_category", characterF}, {"entity_set", characterF},
	{"entity_url", characterF}, {"item_order", integer64}, {"likes", integerNA},
	{"read_later", integerNA}, {"shares", integerNA}, {"user_agent", characterF},
}

var originalUserForm = []struct {
	name  string
	class colClass
}{
	{"time_stamp", integer64}, {"user_id", characterF}, {"experiment_id", characterF},
	{"field", characterF}, {"response", character},
}

// table is a CSV read with fixed classes: rows of named values.
type table struct {
	cols []string
	rows []map[string]string
}

// freadStrict reads a CSV and checks its first columns are want, in order, with values of
// their class: the script stops at the first surprise, and so does this.
func freadStrict(t *testing.T, body string, want []struct {
	name  string
	class colClass
}) table {
	t.Helper()
	recs, err := csv.NewReader(strings.NewReader(body)).ReadAll()
	if err != nil || len(recs) < 2 {
		t.Fatalf("not a CSV with rows: %v (%d records)", err, len(recs))
	}
	header := recs[0]
	for i, c := range want {
		if i >= len(header) || header[i] != c.name {
			t.Fatalf("column %d is %q, the original shape has %q there (header %v)", i+1, at(header, i), c.name, header)
		}
	}
	tb := table{cols: header}
	for n, rec := range recs[1:] {
		row := map[string]string{}
		for i, c := range header {
			row[c] = rec[i]
		}
		for _, c := range want {
			v := row[c.name]
			switch c.class {
			case integer64, integerNA:
				if v == "" && c.class == integerNA {
					continue
				}
				if _, err := strconv.ParseInt(v, 10, 64); err != nil {
					t.Fatalf("row %d: %s = %q is not an integer (%v)", n+2, c.name, v, row)
				}
			case characterF:
				if v == "" {
					t.Fatalf("row %d: %s is empty (%v)", n+2, c.name, row)
				}
			}
		}
		tb.rows = append(tb.rows, row)
	}
	return tb
}

func at(s []string, i int) string {
	if i < len(s) {
		return s[i]
	}
	return "<none>"
}

func num(s string) int64 { n, _ := strconv.ParseInt(s, 10, 64); return n }

func TestOriginalAnalysisScriptReadsFeedlabExports(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	c := e.researcher()
	sets := `[{"entity_set":"solarflare_demo","number_to_show":4,"randomize_between_subjects":"yes"}]`
	r := e.call(c, http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": sets},
		{"condition": 1, "param": "feed-button-like", "value": "yes"},
		{"condition": 1, "param": "feed-button-share", "value": "lognormal"},
		{"condition": 1, "param": "feed-button-accuracy", "value": "yes"},
	}}, "application/json")
	if r.status != 200 {
		t.Fatalf("spawn: %d %s", r.status, r.body)
	}
	study := e.launch(r.json["data"].(map[string]any)["experiment_id"].(string))

	// Two participants, one on a phone and one on a laptop; the browser is what the
	// scripts' mobile/desktop split reads.
	agents := map[string]string{
		"phone":  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36",
		"laptop": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
	}
	send := func(user, path string, body string) map[string]any {
		t.Helper()
		req, _ := http.NewRequest(http.MethodPost, e.srv.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("User-Agent", agents[user])
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		raw, _ := io.ReadAll(res.Body)
		if res.StatusCode != 200 {
			t.Fatalf("%s: %d %s", path, res.StatusCode, raw)
		}
		var out map[string]any
		_ = json.Unmarshal(raw, &out)
		return out
	}
	cards := map[string][]string{}
	for _, u := range []string{"phone", "laptop"} {
		res := send(u, "/v1/load_experiment", fmt.Sprintf(`{"user_id":%q,"experiment_id":%q,"query_params":{"user_id":%q,"experiment_id":%q,"PROLIFIC_PID":"pp-%s"}}`, u, study, u, study, u))
		for _, card := range res["data"].(map[string]any)["order_data"].([]any) {
			cards[u] = append(cards[u], card.(map[string]any)["entity_id"].(string))
		}
		first := cards[u][0]
		send(u, "/v1/write_user_engagement", fmt.Sprintf(`{"event_id":"%s-like","user_id":%q,"experiment_id":%q,"entity_id":%q,"engagement_type":"likes","response":"1","time_content_viewed":1700000000000,"time_engagement":1700000001500,"likes":1,"shares":0,"accuracy_score":0}`, u, u, study, first))
		send(u, "/v1/write_batch_dwell", fmt.Sprintf(`{"event_id":"%s-dwell","user_id":%q,"experiment_id":%q,"dwell_data":[{"idx":0,"entity_id":%q,"dwells":2,"dwellTimes":[1200,800],"dwellsInviewTime":[1700000000000,1700000005000]},{"idx":1,"entity_id":%q,"dwells":1,"dwellTimes":[300],"dwellsInviewTime":[1700000003000]}]}`, u, u, study, first, cards[u][1]))
		send(u, "/v1/write_form", fmt.Sprintf(`{"event_id":"%s-form","user_id":%q,"experiment_id":%q,"form_fields":{"age":"31","gender":"prefer%%20not%%20to%%20say"},"time":1700000009000}`, u, u, study))
	}

	dump := func(typ string) string {
		r := e.call(c, http.MethodPost, "/v1/dump_data", map[string]any{"data_type": typ, "experiment_id": study, "raw": true}, "application/json")
		if r.status != 200 {
			t.Fatalf("dump %s: %d %s", typ, r.status, r.body)
		}
		return string(r.body)
	}

	// eng <- fread("engagement.csv", colClasses = ...)
	eng := freadStrict(t, dump("engagement"), originalEngagement)

	// dwell <- eng[engagement_type == "dwell", .(dwell_ms = sum(as.numeric(response)), n = .N), by = .(user_id, entity_id)]
	type key struct {
		user   string
		entity int64
	}
	dwell := map[key]int64{}
	dwellN := map[key]int{}
	for _, row := range eng.rows {
		if row["engagement_type"] != "dwell" {
			continue
		}
		ms, err := strconv.ParseInt(row["response"], 10, 64)
		if err != nil {
			t.Fatalf("dwell response %q is not a number of milliseconds", row["response"])
		}
		k := key{row["user_id"], num(row["entity_id"])}
		dwell[k] += ms
		dwellN[k]++
	}
	// clicks <- eng[engagement_type != "dwell", .(likes = max(likes), shares = max(shares), accuracy_score = max(accuracy_score)), by = .(user_id, entity_id)]
	likes := map[key]int64{}
	for _, row := range eng.rows {
		if row["engagement_type"] == "likes" {
			likes[key{row["user_id"], num(row["entity_id"])}] = num(row["likes"])
			if row["accuracy_score"] != "0" || row["shares"] != "0" {
				t.Fatalf("like row's counters: accuracy_score %q shares %q, want 0 and 0", row["accuracy_score"], row["shares"])
			}
			if row["time_engagement"] != "1700000001500" || row["time_content_viewed"] != "1700000000000" {
				t.Fatalf("client times %q %q not kept in epoch ms", row["time_engagement"], row["time_content_viewed"])
			}
		}
	}
	// merged <- merge(dwell, clicks, by = c("user_id", "entity_id"), all.x = TRUE)
	// wide <- dcast(merged, user_id ~ entity_id, value.var = "dwell_ms")
	wide := map[string]map[int64]int64{}
	for k, ms := range dwell {
		if wide[k.user] == nil {
			wide[k.user] = map[int64]int64{}
		}
		wide[k.user][k.entity] = ms
	}
	for _, u := range []string{"phone", "laptop"} {
		first, second := num(cards[u][0]), num(cards[u][1])
		if wide[u][first] != 2000 || dwellN[key{u, first}] != 2 || wide[u][second] != 300 {
			t.Fatalf("%s: dwell by card %v, want %d→2000 ms over 2 dwells and %d→300 ms", u, wide[u], first, second)
		}
		if likes[key{u, first}] != 1 {
			t.Fatalf("%s: the like did not join onto the card's dwell", u)
		}
	}
	// eng[, mobile := grepl("Mobile", user_agent)]: the device split
	mobile := map[string]bool{}
	for _, row := range eng.rows {
		mobile[row["user_id"]] = strings.Contains(row["user_agent"], "Mobile")
	}
	if !mobile["phone"] || mobile["laptop"] {
		t.Fatalf("device split from user_agent: %v", mobile)
	}
	// time_stamp is epoch ms, ordered with time_stamp_iso beside it.
	for _, row := range eng.rows {
		if ts := num(row["time_stamp"]); ts < 1_600_000_000_000 || !strings.HasSuffix(row["time_stamp_iso"], "Z") {
			t.Fatalf("time_stamp %q / time_stamp_iso %q", row["time_stamp"], row["time_stamp_iso"])
		}
	}

	// uf <- fread("user_form.csv"); dcast(uf, user_id ~ field, value.var = "response")
	uf := freadStrict(t, dump("user_form"), originalUserForm)
	byUser := map[string]map[string]string{}
	for _, row := range uf.rows {
		if byUser[row["user_id"]] == nil {
			byUser[row["user_id"]] = map[string]string{}
		}
		byUser[row["user_id"]][row["field"]] = row["response"]
	}
	for _, u := range []string{"phone", "laptop"} {
		got := byUser[u]
		want := map[string]string{"age": "31", "gender": "prefer not to say", "condition": "1",
			"URLParams-PROLIFIC_PID": "pp-" + u, "URLParams-user_id": u, "URLParams-experiment_id": study}
		for f, v := range want {
			if got[f] != v {
				fields := make([]string, 0, len(got))
				for k := range got {
					fields = append(fields, k)
				}
				sort.Strings(fields)
				t.Fatalf("%s: %s = %q, want %q (fields %v)", u, f, got[f], v, fields)
			}
		}
	}
	if !slices.Contains(uf.cols, "time_stamp_iso") {
		t.Fatalf("user_form lacks time_stamp_iso beside time_stamp: %v", uf.cols)
	}
}

package cli

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"feedlab/api"
	"feedlab/export"
	"feedlab/frontend"
	"feedlab/media"
	"feedlab/store"
)

// server is the real HTTP API over a data directory, as serve runs it.
type server struct {
	t   *testing.T
	url string
	st  *store.Store
}

func newServer(t *testing.T, data string) *server {
	t.Helper()
	st, err := store.Open(t.Context(), data)
	if err != nil {
		t.Fatal(err)
	}
	ms, err := media.Open(filepath.Join(data, "media"))
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(api.New(api.Config{Store: st, Media: ms, Frontend: frontend.Dist()}).Handler())
	t.Cleanup(func() { hs.Close(); st.Close() })
	return &server{t: t, url: hs.URL, st: st}
}

// postJSON posts body as JSON to base+path and returns the status and decoded answer.
func postJSON(client *http.Client, base, path string, body any) (int, map[string]any, error) {
	b, err := json.Marshal(body)
	if err != nil {
		return 0, nil, err
	}
	res, err := client.Post(base+path, "application/json", bytes.NewReader(b))
	if err != nil {
		return 0, nil, err
	}
	defer res.Body.Close()
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return res.StatusCode, nil, err
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		return res.StatusCode, nil, fmt.Errorf("%s: answer is not JSON: %q", path, raw)
	}
	return res.StatusCode, m, nil
}

// mustPost posts and requires 200 with success "true".
func mustPost(t *testing.T, base, path string, body any) map[string]any {
	t.Helper()
	status, m, err := postJSON(http.DefaultClient, base, path, body)
	if err != nil {
		t.Fatal(err)
	}
	if status != http.StatusOK || m["success"] != "true" {
		t.Fatalf("%s: %d %v", path, status, m)
	}
	return m
}

// loadParticipant registers a participant and returns their condition and feed entity ids.
func loadParticipant(t *testing.T, base, experimentID, user string, query map[string]string) (condition int, entities []string) {
	t.Helper()
	m := mustPost(t, base, "/v1/load_experiment", map[string]any{"user_id": user, "experiment_id": experimentID, "query_params": query})
	data := m["data"].(map[string]any)
	for _, c := range data["order_data"].([]any) {
		entities = append(entities, c.(map[string]any)["entity_id"].(string))
	}
	return int(data["condition"].(float64)), entities
}

// participantStudy is a data directory with an imported set, the fixture study and one
// participant who went through the feed, a questionnaire and a checkpoint.
type participantStudy struct {
	data, id, user string
	set            fixtureSet
	condition      int
	entities       []string
}

func newParticipantStudy(t *testing.T) participantStudy {
	t.Helper()
	p := participantStudy{data: t.TempDir(), user: "prolific-5f2a"}
	p.set = importFixtureSet(t, p.data, "exportme", 3)
	p.id = createFixtureStudy(t, p.data, p.set.name)
	srv := newServer(t, p.data)
	p.condition, p.entities = loadParticipant(t, srv.url, p.id, p.user, map[string]string{"PROLIFIC_PID": "5f2a", "source": "mail list"})
	if len(p.entities) == 0 {
		t.Fatal("empty feed")
	}
	ref := map[string]any{"user_id": p.user, "experiment_id": p.id, "condition": p.condition}
	with := func(m map[string]any) map[string]any {
		for k, v := range ref {
			m[k] = v
		}
		return m
	}
	mustPost(t, srv.url, "/v1/write_user_engagement", with(map[string]any{
		"event_id": "ev-like-1", "entity_id": p.entities[0], "engagement_type": "likes", "response": "true",
		"time_content_viewed": 1700000000000, "time_engagement": 1700000001500, "likes": 1, "read_later": 0, "shares": 0,
	}))
	mustPost(t, srv.url, "/v1/write_batch_dwell", with(map[string]any{
		"event_id": "ev-dwell-1",
		"dwell_data": []map[string]any{
			{"idx": 0, "entity_id": p.entities[0], "dwells": 2, "dwellTimes": []int{1200, 850}, "dwellsInviewTime": []int64{1700000000100, 1700000003000}},
			{"idx": 1, "entity_id": p.entities[1], "dwells": 1, "dwellTimes": []int{4321}},
		},
	}))
	mustPost(t, srv.url, "/v1/write_form", with(map[string]any{
		"event_id": "ev-form-1", "form_fields": map[string]string{"favourite_place": "caf%C3%A9%3Bx", "age": "33"}, "time": 1700000009000,
	}))
	mustPost(t, srv.url, "/v1/write_checkpoint", with(map[string]any{
		"event_id": "ev-cp-1", "checkpoint": "feed-landed", "time": 1700000000050,
	}))
	return p
}

func TestExportAllTypes(t *testing.T) {
	t.Parallel()
	p := newParticipantStudy(t)
	cond := strconv.Itoa(p.condition)
	feedSize := map[int]int{1: 3, 2: 2}[p.condition]

	exportCSV := func(t *testing.T, typ, id string) (header []string, rows []map[string]string, stderr string) {
		t.Helper()
		out, errOut := mustCLI(t, "", "export", "--study", id, "--type", typ, "--data", p.data)
		if strings.Contains(out, export.PlatformIDNotice) {
			t.Error("the platform-id notice went into the CSV on stdout")
		}
		header, rows = parseCSV(t, out)
		return header, rows, errOut
	}

	t.Run("engagement", func(t *testing.T) {
		header, rows, errOut := exportCSV(t, export.TypeEngagement, p.id)
		wantPrefix := "time_stamp,time_engagement,time_content_viewed,user_id,entity_id,condition,experiment_id,engagement_type,response,accuracy_score,entity_category,entity_set,entity_url,item_order,likes,read_later,shares,user_agent"
		if got := strings.Join(header, ","); !strings.HasPrefix(got, wantPrefix) {
			t.Errorf("header %s\ndoes not start with %s", got, wantPrefix)
		}
		for _, c := range []string{"event_id", "shown_shares", "shown_likes", "shown_read_later", "shown_upvote", "shown_downvote", "feed", "feed-button-like"} {
			if !slices.Contains(header, c) {
				t.Errorf("header lacks %s: %v", c, header)
			}
		}
		if strings.Contains(errOut, export.PlatformIDNotice) {
			t.Error("the platform-id notice is given for the engagement export")
		}
		if len(rows) != 4 { // one like, three dwells
			t.Fatalf("%d rows, want 4: %v", len(rows), rows)
		}
		var dwells []string
		for _, r := range rows {
			if r["user_id"] != p.user || r["experiment_id"] != p.id || r["condition"] != cond || r["entity_set"] != p.set.name ||
				r["entity_category"] != "news" || !strings.HasPrefix(r["entity_url"], "/media/") || r["item_order"] == "" || r["event_id"] == "" {
				t.Errorf("row %v", r)
			}
			switch r["engagement_type"] {
			case "likes":
				if r["event_id"] != "ev-like-1" || r["response"] != "true" || r["entity_id"] != p.entities[0] || r["likes"] != "1" ||
					r["time_engagement"] != "1700000001500" || r["time_content_viewed"] != "1700000000000" {
					t.Errorf("like row %v", r)
				}
				if p.condition == 1 && r["shown_likes"] == "" {
					t.Errorf("condition 1 shows like counts (lognormal) but shown_likes is empty: %v", r)
				}
				if r["feed-button-like"] != map[int]string{1: "lognormal", 2: "no"}[p.condition] {
					t.Errorf("feed-button-like column %q in condition %d", r["feed-button-like"], p.condition)
				}
			case "dwell":
				dwells = append(dwells, r["entity_id"]+":"+r["response"])
			default:
				t.Errorf("unexpected engagement_type in %v", r)
			}
		}
		want := []string{p.entities[0] + ":1200", p.entities[0] + ":850", p.entities[1] + ":4321"}
		slices.Sort(dwells)
		slices.Sort(want)
		if !slices.Equal(dwells, want) {
			t.Errorf("dwell rows (entity:ms) %v, want %v", dwells, want)
		}
	})

	t.Run("user_form", func(t *testing.T) {
		header, rows, errOut := exportCSV(t, export.TypeUserForm, p.id)
		if !slices.Equal(header[:5], []string{"time_stamp", "user_id", "experiment_id", "field", "response"}) {
			t.Errorf("header %v does not start with the original long shape", header)
		}
		if !strings.Contains(errOut, export.PlatformIDNotice) {
			t.Errorf("stderr %q lacks the platform-id notice", errOut)
		}
		fields := map[string]string{}
		for _, r := range rows {
			if r["user_id"] != p.user || r["experiment_id"] != p.id {
				t.Errorf("row %v", r)
			}
			fields[r["field"]] = r["response"]
		}
		for field, want := range map[string]string{
			"favourite_place":        "café;x",
			"age":                    "33",
			"URLParams-PROLIFIC_PID": "5f2a",
			"URLParams-source":       "mail list",
			"condition":              cond,
			"feed-landed":            "1700000000050",
		} {
			if got, ok := fields[field]; !ok || got != want {
				t.Errorf("field %s = %q (present %v), want %q", field, got, ok, want)
			}
		}
	})

	t.Run("entity_info", func(t *testing.T) {
		header, rows, _ := exportCSV(t, export.TypeEntityInfo, p.id)
		for _, c := range []string{"entity_id", "entity_set", "entity_url", "headline", "topic", "veracity"} {
			if !slices.Contains(header, c) {
				t.Errorf("header lacks %s: %v", c, header)
			}
		}
		if len(rows) != 3 {
			t.Fatalf("%d rows, want the set's 3 cards", len(rows))
		}
		for i, r := range rows {
			if r["entity_set"] != p.set.name || r["entity_url"] != "/media/"+p.set.media[i] || r["topic"] == "" {
				t.Errorf("row %v", r)
			}
		}
	})

	t.Run("experiment_parameters", func(t *testing.T) {
		header, rows, _ := exportCSV(t, export.TypeExperimentParameters, p.id)
		if !slices.Equal(header, []string{"condition", "param", "value"}) {
			t.Errorf("header %v", header)
		}
		conds := map[string]bool{}
		for _, r := range rows {
			conds[r["condition"]] = true
		}
		if len(rows) < 20 || !conds["1"] || !conds["2"] {
			t.Errorf("%d rows over conditions %v", len(rows), conds)
		}
	})

	t.Run("inventory", func(t *testing.T) {
		_, rows, _ := exportCSV(t, export.TypeInventory, p.id)
		if len(rows) != feedSize {
			t.Fatalf("%d rows, want the %d cards of condition %d", len(rows), feedSize, p.condition)
		}
		for i, r := range rows {
			if r["user_id"] != p.user || r["item_order"] != strconv.Itoa(i) || r["entity_id"] != p.entities[i] || r["condition"] != cond {
				t.Errorf("row %d: %v", i, r)
			}
		}
	})

	t.Run("stimulus_set", func(t *testing.T) {
		header, rows, _ := exportCSV(t, export.TypeStimulusSet, p.set.name)
		if header[0] != "entity_id" || !slices.Contains(header, "veracity") || len(rows) != 3 {
			t.Errorf("header %v, %d rows", header, len(rows))
		}
	})
}

func TestExportOut(t *testing.T) {
	t.Parallel()
	p := newParticipantStudy(t)
	dir := t.TempDir()
	want, _ := mustCLI(t, "", "export", "--study", p.id, "--type", "user_form", "--data", p.data)

	out := filepath.Join(dir, "form.csv")
	stdout, stderr := mustCLI(t, "", "export", "--study", p.id, "--type", "user_form", "--out", out, "--data", p.data)
	if stdout != "" {
		t.Errorf("with --out, stdout should be empty: %q", stdout)
	}
	if !strings.Contains(stderr, export.PlatformIDNotice) || !strings.Contains(stderr, out) {
		t.Errorf("stderr %q lacks the notice or the file name", stderr)
	}
	got, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	// time_stamp is the server's receive time, the same in both exports.
	if string(got) != want {
		t.Errorf("--out file differs from the stdout export:\n%s\n---\n%s", got, want)
	}

	// A failing export leaves an existing file alone and leaves no temporary behind.
	old := filepath.Join(dir, "old.csv")
	os.WriteFile(old, []byte("precious\n"), 0o644)
	_, _, err = cli(t, "", "export", "--study", "fl-nosuch", "--type", "engagement", "--out", old, "--data", p.data)
	wantErr(t, err, "no data found")
	if b, _ := os.ReadFile(old); string(b) != "precious\n" {
		t.Errorf("a failed export changed the existing file: %q", b)
	}
	fresh := filepath.Join(dir, "fresh.csv")
	_, _, err = cli(t, "", "export", "--study", "fl-nosuch", "--type", "inventory", "--out", fresh, "--data", p.data)
	wantErr(t, err, "no data found")
	if _, err := os.Stat(fresh); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a failed export created %s: %v", fresh, err)
	}
	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if !slices.Equal(names, []string{"form.csv", "old.csv"}) {
		t.Errorf("directory holds %v, want form.csv and old.csv only (no temporaries)", names)
	}
}

func TestExportErrors(t *testing.T) {
	t.Parallel()
	p := newParticipantStudy(t)
	tests := []struct {
		name      string
		args      []string
		wantUsage bool
		wantErr   []string
	}{
		{name: "unknown study", args: []string{"--study", "fl-nosuchid", "--type", "engagement"}, wantErr: []string{`"fl-nosuchid"`, "no data found"}},
		{name: "unknown study, user_form", args: []string{"--study", "fl-nosuchid", "--type", "user_form"}, wantErr: []string{"no data found"}},
		{name: "unknown set", args: []string{"--study", "20200101_nosuch", "--type", "stimulus_set"}, wantErr: []string{"stimulus set", "no data found"}},
		{name: "study id as set", args: []string{"--study", p.id, "--type", "stimulus_set"}, wantErr: []string{"no data found"}},
		{name: "unknown type", args: []string{"--study", p.id, "--type", "engagements"}, wantUsage: true, wantErr: []string{`"engagements"`, "engagement", "user_form"}},
		{name: "no type", args: []string{"--study", p.id}, wantUsage: true, wantErr: []string{"--type"}},
		{name: "no study", args: []string{"--type", "engagement"}, wantUsage: true, wantErr: []string{"--study"}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, errOut, err := cli(t, "", append(append([]string{"export"}, tc.args...), "--data", p.data)...)
			wantErr(t, err, tc.wantErr...)
			if tc.wantUsage != errors.Is(err, errUsage) {
				t.Errorf("usage error = %v, want %v", errors.Is(err, errUsage), tc.wantUsage)
			}
			if out != "" {
				t.Errorf("stdout on error: %q", out)
			}
			if strings.Contains(errOut, export.PlatformIDNotice) {
				t.Error("the platform-id notice was given for a failed export")
			}
		})
	}
}

// TestExportDoesNotCreateMissingDataDir: export only reads; a mistyped --data gives an
// error and changes nothing on disk.
func TestExportDoesNotCreateMissingDataDir(t *testing.T) {
	t.Parallel()
	missing := filepath.Join(t.TempDir(), "feedlab-dta")
	_, _, err := cli(t, "", "export", "--study", "fl-abcdefgh", "--type", "engagement", "--data", missing)
	if err == nil {
		t.Fatal("export from a missing data directory succeeded")
	}
	if _, err := os.Stat(missing); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("export created the data directory %s (%v)", missing, err)
	}
}

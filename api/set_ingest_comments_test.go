package api

import (
	"bytes"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// TestIngestStoresSeededCommentsWithUploadedAvatars: the upload page's comments box is
// stored with the set, an avatar the hosted upload sent shows the stored file; bad comment
// rows are each named and nothing is stored; an avatar file never sent is refused.
func TestIngestStoresSeededCommentsWithUploadedAvatars(t *testing.T) {
	e := newEnv(t)
	c := e.researcher()
	card, face := pngBytes(41), pngBytes(42)
	var names []string
	for _, b := range [][]byte{card, face} {
		r := e.putMedia(c, "", bytes.NewReader(b), "x.png")
		if r.status != 200 {
			t.Fatalf("put: %d %s", r.status, r.body)
		}
		names = append(names, data(r)["name"].(string))
	}
	send := func(ident, comments string, avatars map[string]string) response {
		return e.call(c, http.MethodPost, "/v1/ingest_entity_set", map[string]any{"entity_set_settings": map[string]any{
			"setname": ident, "category": "news", "media": map[string]string{"a.png": names[0]},
			"covariates": []map[string]string{{"source_url": "https://example.org/a", "filename": "a.png", "retrieve_date": "2026-01-01", "entity_type": "image"}},
			"comments":   comments, "comment_avatars": avatars,
		}}, "application/json")
	}
	header := "comment_id\tfilename\tauthor\ttext\tavatar\tlikes\ttime\treply_to\ttag\n"
	r := send("withc", header+"c1\ta.png\tDana\tFalse, see the minutes.\tfaces/dana.png\t4\t2h\t\tcorrection\nc2\ta.png\tLee\tOh\t\t\t\tc1\t\n",
		map[string]string{"faces/dana.png": names[1]})
	if r.status != 200 || data(r)["num_comments"] != 2.0 {
		t.Fatalf("ingest: %d %s", r.status, r.body)
	}
	cs, err := e.store.EntityComments(t.Context(), data(r)["entity_set"].(string))
	if err != nil || len(cs) != 2 || cs[0].AvatarUrl != "/media/"+names[1] || cs[0].Tag != "correction" || cs[1].ReplyTo != "c1" {
		t.Fatalf("stored %+v, %v", cs, err)
	}

	r = send("bad", header+"c1\tz.png\tDana\thi\t\t\t\t\t\nc2\ta.png\tLee\thi\t\tmany\t\t\t\n", nil)
	got, _ := r.json["error"].(map[string]any)["row_problems"].([]any)
	if r.status != 400 || len(got) != 2 || !strings.HasPrefix(got[0].(string), "Comments row 2: filename") ||
		!strings.HasPrefix(got[1].(string), "Comments row 3: likes must be a whole number") {
		t.Fatalf("bad rows: %d %s", r.status, r.body)
	}
	r = send("bad", header+"c1\ta.png\tDana\thi\tnever.png\t\t\t\t\n", nil)
	if r.status != 400 || !strings.Contains(string(r.body), `Comments row 2: no file was uploaded for avatar \"never.png\"`) {
		t.Fatalf("missing avatar: %d %s", r.status, r.body)
	}
	r = e.call(c, http.MethodGet, "/v1/sets", nil, "")
	if r.status != 200 || !strings.Contains(string(r.body), "_withc") || strings.Contains(string(r.body), "_bad") {
		t.Errorf("a refused upload stored a set: %s", r.body)
	}
}

// TestParticipantsGetTheirConditionsComments: load_experiment carries under each card the
// seeded comments its condition shows (comments-tags filters them on the server, the tag
// itself is not sent), and none for a condition without comments; the engagement calls take
// comments_open and comment_seen.
func TestParticipantsGetTheirConditionsComments(t *testing.T) {
	e := newEnv(t)
	c := e.researcher()
	r := e.call(c, http.MethodPost, "/v1/ingest_entity_set", map[string]any{"entity_set_settings": map[string]any{
		"setname": "talk", "category": "news",
		"covariates": []map[string]string{{"source_url": "https://example.org/a", "filename": "a.png", "retrieve_date": "2026-01-01", "entity_type": "image", "entity_url": "https://example.org/a.png"}},
		"comments":   "comment_id\tfilename\tauthor\ttext\ttag\treply_to\nc1\ta.png\tDana\tFalse.\tcorrection\t\nc2\ta.png\tSam\tWow\t\t\nr1\ta.png\tLee\tThanks\t\tc1\n",
	}}, "application/json")
	if r.status != 200 {
		t.Fatalf("ingest: %d %s", r.status, r.body)
	}
	set := data(r)["entity_set"].(string)
	sets := `[{"entity_set":"` + set + `","number_to_show":1,"randomize_between_subjects":"no"}]`
	var rows []map[string]any
	for cond, extra := range [][2]string{{"collapsed", `["correction"]`}, {"none", "[]"}} {
		for _, p := range [][2]string{{"entity_sets", sets}, {"forms", "[]"}, {"comments", extra[0]}, {"comments-tags", extra[1]}} {
			rows = append(rows, map[string]any{"condition": cond + 1, "param": p[0], "value": p[1]})
		}
	}
	r = e.call(c, http.MethodPost, "/v1/spawn_experiment", map[string]any{"condition_settings": rows}, "application/json")
	if r.status != 200 {
		t.Fatalf("spawn: %d %s", r.status, r.body)
	}
	id := e.launch(data(r)["experiment_id"].(string))
	seen := map[string]string{}
	for i := 0; i < 6 && len(seen) < 2; i++ {
		user := "u" + string(rune('a'+i))
		r := e.post("/v1/load_experiment", map[string]any{"user_id": user, "experiment_id": id})
		if r.status != 200 {
			t.Fatalf("load: %d %s", r.status, r.body)
		}
		d := data(r)
		card := d["order_data"].([]any)[0].(map[string]any)
		got := "none"
		if cs, ok := card["comments"].([]any); ok {
			var ids []string
			for _, x := range cs {
				m := x.(map[string]any)
				if _, tagged := m["tag"]; tagged {
					t.Errorf("a comment's tag reached the participant: %v", m)
				}
				ids = append(ids, m["id"].(string))
			}
			got = strings.Join(ids, ",")
		}
		seen[strconv.Itoa(int(d["condition"].(float64)))] = got
		for _, typ := range []string{"comments_open", "comment_seen"} {
			w := e.post("/v1/write_user_engagement", map[string]any{"user_id": user, "experiment_id": id, "event_id": typ + "-1",
				"entity_id": card["entity_id"], "engagement_type": typ, "response": "c1", "time_content_viewed": 1, "time_engagement": 2})
			if w.status != 200 {
				t.Errorf("%s: %d %s", typ, w.status, w.body)
			}
		}
	}
	if seen["1"] != "c1" || seen["2"] != "none" {
		t.Errorf("condition 1 got %q (want the correction only: c1; r1 answers c1 but is untagged), condition 2 %q (want none)", seen["1"], seen["2"])
	}
}

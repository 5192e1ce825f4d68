package api

import (
	"bytes"
	"net/http"
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

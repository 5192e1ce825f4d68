package api

import (
	"net/http"
	"os"
	"strings"
	"testing"
	"time"
)

// TestFeedListsImageCopiesAndServesThem (issue 28, item 3): a card whose image is stored
// by the appliance lists its smaller JPEG copies in image_srcset; each copy is served as a
// JPEG cached for a year once made (before, the original stands in, cached a minute, and
// the copy is made in the background); a width that is no copy's is not found.
func TestFeedListsImageCopiesAndServesThem(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.post("/v1/load_experiment", map[string]any{"user_id": "u1", "experiment_id": "solarflare"})
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	card := r.json["data"].(map[string]any)["order_data"].([]any)[0].(map[string]any)
	url := card["entity_url"].(string)
	set, _ := card["image_srcset"].(string)
	// The demo's cards are 480-pixel PNGs: a 360 and a 480 JPEG, not the PNG.
	if want := url + "?w=360 360w, " + url + "?w=480 480w"; set != want {
		t.Fatalf("image_srcset %q, want %q", set, want)
	}
	get := func(path string) *http.Response {
		res, err := http.Get(e.srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		return res
	}
	if res := get(url + "?w=999"); res.StatusCode != http.StatusNotFound {
		t.Fatalf("a width with no copy: %d", res.StatusCode)
	}
	// Remove the copy the demo made, as for an image stored before copies existed.
	name := strings.TrimPrefix(url, "/media/")
	p, err := e.media.VariantPath(name, 360)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(p); err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	res := get(url + "?w=360")
	if res.StatusCode != 200 || res.Header.Get("Content-Type") != "image/png" || res.Header.Get("Cache-Control") != "public, max-age=60" {
		t.Fatalf("a copy not made yet: %d %s %q, want the original cached a minute", res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"))
	}
	for deadline := time.Now().Add(20 * time.Second); ; {
		res = get(url + "?w=360")
		if res.Header.Get("Content-Type") == "image/jpeg" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the copy asked for was not made within 20 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	if res.StatusCode != 200 || !strings.Contains(res.Header.Get("Cache-Control"), "immutable") {
		t.Fatalf("a made copy: %d %q", res.StatusCode, res.Header.Get("Cache-Control"))
	}
}

package api

import (
	"image"
	_ "image/png"
	"os"
	"strings"
	"testing"

	"feedlab/demo"
)

// load_experiment tells the feed each image's size, read from the stored file when the
// demo set was imported: every solarflare card's image_size equals its PNG's own.
func TestLoadExperimentGivesImageSizes(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	r := e.post("/v1/load_experiment", map[string]any{"user_id": "sizes-1", "experiment_id": demo.ExperimentID, "query_params": map[string]string{}})
	if r.status != 200 {
		t.Fatalf("load_experiment: %d %s", r.status, r.body)
	}
	cards := r.json["data"].(map[string]any)["order_data"].([]any)
	if len(cards) == 0 {
		t.Fatal("no cards")
	}
	for _, c := range cards {
		card := c.(map[string]any)
		url := card["entity_url"].(string)
		path, err := e.media.Path(strings.TrimPrefix(url, "/media/"))
		if err != nil {
			t.Fatalf("%s: %v", url, err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		cfg, _, err := image.DecodeConfig(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", url, err)
		}
		size, ok := card["image_size"].(map[string]any)
		if !ok {
			t.Fatalf("card %v has no image_size", card["entity_id"])
		}
		if size["width"] != float64(cfg.Width) || size["height"] != float64(cfg.Height) {
			t.Fatalf("card %v image_size = %v, want %d × %d", card["entity_id"], size, cfg.Width, cfg.Height)
		}
	}
}

package cli

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
)

// TestServeReconcileListsCannotExhaustMemory: issue 20, item 5, against the real binary.
// Reconciliation parsed the whole pasted list before its limits: one 8 MB list of commas
// took 890 MB, four at once 3.3 GB. Now four such lists at once are refused while they are
// read (413, or 429 past the two reconciliations that may run together), and the server's
// resident memory stays small throughout.
func TestServeReconcileListsCannotExhaustMemory(t *testing.T) {
	c, _, ada := signedInServe(t)
	rows := `{"condition_settings":[{"condition":1,"param":"entity_sets","value":"[{\"entity_set\":\"solarflare_demo\",\"number_to_show\":5}]"},{"condition":1,"param":"platform","value":"prolific"},{"condition":1,"param":"redirect-url","value":"https%3A%2F%2Fapp.prolific.com%2Fsubmissions%2Fcomplete%3Fcc%3DC0DE"}]}`
	res, err := ada.Post(c.base+"/v1/spawn_experiment", "application/json", strings.NewReader(rows))
	if err != nil {
		t.Fatal(err)
	}
	var spawned struct {
		Data struct {
			ExperimentID string `json:"experiment_id"`
		} `json:"data"`
	}
	json.NewDecoder(res.Body).Decode(&spawned)
	res.Body.Close()
	if spawned.Data.ExperimentID == "" {
		t.Fatalf("spawn: %d", res.StatusCode)
	}
	url := c.base + "/v1/studies/" + spawned.Data.ExperimentID + "/reconcile?platform=prolific"

	pid := c.cmd.Process.Pid
	var peak int64
	done := make(chan struct{})
	sampled := make(chan struct{})
	go func() {
		defer close(sampled)
		for {
			if rss := rssBytes(t, pid); rss > peak {
				peak = rss
			}
			select {
			case <-done:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
	}()
	commas := bytes.Repeat([]byte{','}, 8<<20)
	var wg sync.WaitGroup
	statuses := make([]int, 4)
	for i := range statuses {
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequest(http.MethodPost, url, bytes.NewReader(commas))
			req.Header.Set("Content-Type", "text/csv")
			res, err := ada.Do(req)
			if err != nil {
				t.Error(err)
				return
			}
			io.Copy(io.Discard, res.Body)
			res.Body.Close()
			statuses[i] = res.StatusCode
		}()
	}
	wg.Wait()
	close(done)
	<-sampled
	for _, st := range statuses {
		if st != http.StatusRequestEntityTooLarge && st != http.StatusTooManyRequests {
			t.Errorf("a hostile list answered %d, want 413 (or 429 past two at once); all: %v", st, statuses)
		}
	}
	t.Logf("four 8 MB lists of commas: %v; serve's peak resident memory %d MB", statuses, peak>>20)
	if peak > 150<<20 {
		t.Errorf("serve's resident memory reached %d MB reading four hostile lists (before the fix: 3.3 GB)", peak>>20)
	}
	if !c.alive() {
		t.Fatal("serve died")
	}
}

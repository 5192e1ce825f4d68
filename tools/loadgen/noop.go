package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
)

// serveNoop is the ceiling: Go's HTTP server with a handler that reads the body and answers
// what feedlab answers, doing nothing else. The answers are feedlab's own, headers and
// body, captured from the real server before the phases (captureAnswers): the ceiling then
// writes, and the generator reads and decodes, exactly the bytes feedlab does, and the
// ratio measures only what feedlab does to produce them.
func serveNoop(addr, answersFile string) {
	raw, err := os.ReadFile(answersFile)
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
	var a noopAnswers
	if err := json.Unmarshal(raw, &a); err != nil {
		os.Stderr.WriteString("no-op answers: " + err.Error() + "\n")
		os.Exit(1)
	}
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		answer := &a.Event
		if r.URL.Path == "/v1/load_experiment" {
			answer = &a.Arrival
		}
		for k, v := range answer.Header {
			w.Header()[k] = v
		}
		w.Write(answer.Body)
	})
	if err := http.ListenAndServe(addr, h); err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
}

// noopAnswer is one answer of feedlab's, as the no-op replays it.
type noopAnswer struct {
	Header http.Header `json:"header"`
	Body   []byte      `json:"body"`
}

// noopAnswers are the two answers the no-op gives: to load_experiment, and to any event.
type noopAnswers struct {
	Arrival noopAnswer `json:"arrival"`
	Event   noopAnswer `json:"event"`
}

// captureAnswers asks feedlab for one arrival (arrival is its request body) and one like,
// and writes both answers to a file for the no-op. The like's event_id starts with
// "capture-", which no phase's export check counts. Date, Content-Length and
// Transfer-Encoding are left out: net/http writes them for each answer, as it does for
// feedlab's.
func captureAnswers(fl *server, dir string, arrival map[string]any) (string, error) {
	client := newClient(1)
	var a noopAnswers
	raw, _ := json.Marshal(arrival)
	var loaded loadAnswer
	if err := captureOne(client, fl.url+"/v1/load_experiment", raw, &a.Arrival); err != nil {
		return "", err
	}
	if err := json.Unmarshal(a.Arrival.Body, &loaded); err != nil || len(loaded.Data.OrderData) == 0 {
		return "", fmt.Errorf("capture: load_experiment answered no feed (%v): %s", err, a.Arrival.Body)
	}
	like, _ := json.Marshal(map[string]any{
		"user_id": arrival["user_id"], "experiment_id": arrival["experiment_id"], "condition": loaded.Data.Condition.String(),
		"event_id": "capture-like", "entity_id": loaded.Data.OrderData[0].EntityID, "engagement_type": "likes",
		"response": "true", "time_content_viewed": 1, "time_engagement": 2,
	})
	if err := captureOne(client, fl.url+"/v1/write_user_engagement", like, &a.Event); err != nil {
		return "", err
	}
	out, _ := json.Marshal(a)
	path := filepath.Join(dir, "noop-answers.json")
	return path, os.WriteFile(path, out, 0o600)
}

func captureOne(client *http.Client, url string, body []byte, into *noopAnswer) error {
	res, err := post(client, url, body)
	if err != nil {
		return fmt.Errorf("capture: %w", err)
	}
	out, err := readAll(res)
	if err != nil {
		return fmt.Errorf("capture: %w", err)
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("capture: %s: status %d: %s", url, res.StatusCode, out)
	}
	into.Header, into.Body = http.Header{}, out
	for k, v := range res.Header {
		switch strings.ToLower(k) {
		case "date", "content-length", "transfer-encoding", "connection":
			continue
		}
		into.Header[k] = v
	}
	return nil
}

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
)

// serveNoop is the ceiling: Go's HTTP server with a handler that reads the body and answers
// what feedlab answers to a new event, doing nothing else.
func serveNoop(addr string) {
	answer := []byte(`{"data":{"stored":1}}` + "\n")
	feed := noopFeed()
	h := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		if r.URL.Path == "/v1/load_experiment" {
			w.Write(feed)
			return
		}
		w.Write(answer)
	})
	if err := http.ListenAndServe(addr, h); err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
}

// noopFeed is a load_experiment answer of the whole-participant mode's shape: 40 cards with
// their fields and counts, the condition's parameters and texts (what the no-op sends back
// costs it what sending a real feed costs, minus composing it).
func noopFeed() []byte {
	cards := make([]map[string]any, wholeCards)
	for i := range cards {
		cards[i] = map[string]any{"entity_id": fmt.Sprint(1000 + i), "entity_url": fmt.Sprintf("https://example.org/%d", i),
			"headline": fmt.Sprintf("Headline number %d about something", i), "entity_type": "image", "topic": "topic1",
			"shares": nil, "likes": 123, "read_later": nil, "upvote": nil, "downvote": nil}
	}
	raw, _ := json.Marshal(map[string]any{"data": map[string]any{"user_id": "u", "experiment_id": "x", "condition": 1,
		"order_data": cards, "experiment_parameters": `[{"name":"feed","value":"scroll"}]`, "texts": map[string]string{}, "completed": false}})
	return append(raw, '\n')
}

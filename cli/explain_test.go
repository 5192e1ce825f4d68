package cli

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"feedlab/export"
	"feedlab/store"
)

// createStudyFromRows creates a one-condition study from params.csv lines (after the
// header) and returns its experiment_id.
func createStudyFromRows(t *testing.T, data string, lines ...string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "params.csv")
	body := "condition,param,value\n" + strings.Join(lines, "\n") + "\n"
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := mustCLI(t, "", "study", "create", "--from", p, "--data", data)
	return lastLine(out)
}

// explainOrder runs feedlab explain and returns the entity_ids in the printed order; it
// fails the test unless the output says recomposing gave the identical order.
func explainOrder(t *testing.T, data, id, user string) (ids []string, out string) {
	t.Helper()
	out, _ = mustCLI(t, "", "explain", "--study", id, "--user", user, "--data", data)
	if !strings.Contains(out, "recomposed from what is stored: identical order") {
		t.Fatalf("explain did not recompose the identical order:\n%s", out)
	}
	lines := strings.Split(out, "\n")
	header := slices.IndexFunc(lines, func(l string) bool { return strings.HasPrefix(l, "position") })
	for _, l := range lines[header+1:] {
		f := strings.Fields(l)
		if len(f) < 2 || strings.HasPrefix(l, "recomposed") {
			break
		}
		ids = append(ids, f[1])
	}
	return ids, out
}

func TestExplainEveryAlgorithmRecomposesTheStoredOrder(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	set := importFixtureSet(t, data, "explainme", 5).name
	sets := fmt.Sprintf(`1,entity_sets,"[{""entity_set"":""%s"",""number_to_show"":2}]"`, set)
	script := `1,algorithm-script,"def rank(cards, participant):
    # science first, then by upload position
    return sorted(cards, key = lambda c: (c[""covariates""][""topic""] != ""science"", c[""position""]))
"`
	studies := map[string][]string{
		"random":        {sets},
		"chronological": {sets, "1,algorithm,chronological"},
		"engagement":    {sets, "1,algorithm,engagement", "1,algorithm-mode,observed"},
		"priority":      {sets, "1,algorithm,priority", "1,algorithm-covariate,topic", "1,algorithm-value,local"},
		"thompson":      {sets, "1,algorithm,thompson_sampling", "1,feed-button-like,yes"},
		"custom":        {sets, "1,algorithm,custom", script},
	}
	srv := newServer(t, data)
	for name, rows := range studies {
		t.Run(name, func(t *testing.T) {
			id := createStudyFromRows(t, data, rows...)
			var first []string
			for i := range 4 {
				user := fmt.Sprintf("%s-%d", name, i)
				_, feed := loadParticipant(t, srv.url, id, user, map[string]string{"attitude": "1"})
				if name != "random" && len(feed) != 3 {
					t.Fatalf("%s shows %d cards; every algorithm but random ranks all cards of the set", name, len(feed))
				}
				if i == 0 {
					first = feed
				}
				// The first participant likes the card they saw last, so the
				// algorithms that read the study's engagement have some.
				ref := map[string]any{"user_id": user, "experiment_id": id, "condition": 1}
				mustPost(t, srv.url, "/v1/write_user_engagement", merge(ref, map[string]any{
					"event_id": user + "-like", "entity_id": feed[len(feed)-1], "engagement_type": "likes", "response": 1,
				}))
				got, out := explainOrder(t, data, id, user)
				if !slices.Equal(got, feed) {
					t.Fatalf("explain order %v, feed order %v\n%s", got, feed, out)
				}
				if !strings.Contains(out, "algorithm "+map[string]string{"thompson": "thompson_sampling", "priority": "will_smith_priority_treatment"}[name]) &&
					!strings.Contains(out, "algorithm "+name) {
					t.Errorf("explain does not name the algorithm:\n%s", out)
				}
			}
			switch name {
			case "custom":
				if !strings.Contains(mustExplain(t, data, id, name+"-0"), "script_sha256") {
					t.Error("custom feed's inputs lack the script hash")
				}
				// The engagement export names the script by its hash, not its text.
				out, _ := mustCLI(t, "", "export", "--study", id, "--type", export.TypeEngagement, "--data", data)
				header, rows := parseCSV(t, out)
				if slices.Contains(header, "algorithm-script") || !slices.Contains(header, "algorithm-script-sha256") || len(rows) == 0 ||
					len(rows[0]["algorithm-script-sha256"]) != 64 {
					t.Errorf("engagement export header %v, first row %v", header, rows)
				}
			case "thompson":
				if !strings.Contains(mustExplain(t, data, id, name+"-3"), `"alpha":`) {
					t.Error("thompson feed's inputs lack the posterior")
				}
			}
			// The inventory export carries the same order and the new columns.
			out, _ := mustCLI(t, "", "export", "--study", id, "--type", export.TypeInventory, "--data", data)
			header, rows := parseCSV(t, out)
			for _, c := range []string{"algorithm", "score", "reason", "inputs"} {
				if !slices.Contains(header, c) {
					t.Fatalf("inventory header lacks %s: %v", c, header)
				}
			}
			var exported []string
			for _, r := range rows {
				if r["user_id"] == name+"-0" {
					exported = append(exported, r["entity_id"])
				}
				if r["reason"] == "" || r["inputs"] == "" || r["algorithm"] == "" {
					t.Errorf("row without its explanation: %v", r)
				}
			}
			if !slices.Equal(exported, first) {
				t.Errorf("inventory export order %v, feed %v", exported, first)
			}
		})
	}
}

func mustExplain(t *testing.T, data, id, user string) string {
	t.Helper()
	_, out := explainOrder(t, data, id, user)
	return out
}

func merge(a, b map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range a {
		out[k] = v
	}
	for k, v := range b {
		out[k] = v
	}
	return out
}

func TestExplainRefusesUnknownStudyAndParticipant(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	set := importFixtureSet(t, data, "explainno", 6).name
	id := createFixtureStudy(t, data, set)
	_, _, err := cli(t, "", "explain", "--study", "nope", "--user", "u", "--data", data)
	wantErr(t, err, `no study "nope"`)
	_, _, err = cli(t, "", "explain", "--study", id, "--user", "nobody", "--data", data)
	wantErr(t, err, "has no participant", "nobody")
	_, _, err = cli(t, "", "explain", "--study", id, "--data", data)
	wantErr(t, err, "--study and --user are required")
}

// importTopicSet imports a set of n cards whose topic cycles through topics, and a
// numeric lean (−2, −1, 0, 1, 2 cycling); the three PNGs are shared by the cards.
func importTopicSet(t *testing.T, data, ident string, n int, topics []string) string {
	t.Helper()
	dir := t.TempDir()
	for i := 1; i <= 3; i++ {
		writePNG(t, filepath.Join(dir, fmt.Sprintf("card%d.png", i)), 40+i)
	}
	var b strings.Builder
	b.WriteString("source_url\tfilename\tretrieve_date\tentity_type\theadline\ttopic\tlean\n")
	for i := range n {
		fmt.Fprintf(&b, "https://example.org/%d\tcard%d.png\t2026-01-%02d\timage\tHeadline %d\t%s\t%d\n", i, i%3+1, i%28+1, i, topics[i%len(topics)], i%5-2)
	}
	tsv := filepath.Join(t.TempDir(), "topics.tsv")
	if err := os.WriteFile(tsv, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _ := mustCLI(t, "", "sets", "import", "--name", ident, "--category", "news", "--media", dir, tsv, "--data", data)
	return lastLine(out)
}

func TestPreferenceBlocksFollowEngagementAndAreExplained(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	set := importTopicSet(t, data, "prefs", 40, []string{"health", "sport", "science", "art"})
	id := createStudyFromRows(t, data, fmt.Sprintf(`1,entity_sets,"[{""entity_set"":""%s""}]"`, set),
		"1,algorithm,preference", "1,algorithm-covariate,topic", "1,feed-button-like,yes")
	srv := newServer(t, data)
	user := "pref-1"
	_, feed := loadParticipant(t, srv.url, id, user, nil)
	topicOf := map[string]string{}
	for _, e := range srv.entities(t, set) {
		topicOf[strconv.FormatInt(e.EntityID, 10)] = store.Covariates(e.Covariates)["topic"]
	}
	ref := map[string]any{"user_id": user, "experiment_id": id, "condition": 1}
	// The participant likes the cards of a topic that has cards on both sides of position 25
	// (there always is one: the 15 cards after it cannot be whole topics of 10 cards each),
	// so block 2 has cards of it left to bring forward, whatever the feed's random order.
	inFirst := map[string]int{}
	for _, e := range feed[:25] {
		inFirst[topicOf[e]]++
	}
	liking := ""
	for _, topic := range []string{"health", "sport", "science", "art"} {
		if n := inFirst[topic]; n > 0 && n < 10 {
			liking = topic
			break
		}
	}
	liked := 0
	for _, e := range feed[:25] {
		if topicOf[e] == liking {
			mustPost(t, srv.url, "/v1/write_user_engagement", merge(ref, map[string]any{
				"event_id": "like-" + e, "entity_id": e, "engagement_type": "likes", "response": 1}))
			liked++
		}
	}
	if liked == 0 {
		t.Fatalf("fixture: no topic has cards on both sides of position 25: %v", inFirst)
	}
	m := mustPost(t, srv.url, "/v1/load_block", merge(ref, map[string]any{"shown": 25}))
	d := m["data"].(map[string]any)
	var next []string
	for _, c := range d["order_data"].([]any) {
		next = append(next, c.(map[string]any)["entity_id"].(string))
	}
	left := 10 - liked
	if d["block"].(float64) != 2 || len(next) != 15 {
		t.Fatalf("block %v with %d cards", d["block"], len(next))
	}
	for i, e := range next[:left] {
		if topicOf[e] != liking {
			t.Fatalf("position %d of the next block is %s (%s); the %s cards liked should come first: %v", 26+i, e, topicOf[e], liking, next)
		}
	}
	// A retry answers the same order; the first block never moves.
	again := mustPost(t, srv.url, "/v1/load_block", merge(ref, map[string]any{"shown": 25}))["data"].(map[string]any)
	if again["block"].(float64) != 2 || fmt.Sprint(again["order_data"]) != fmt.Sprint(d["order_data"]) {
		t.Fatal("a retried block request changed the order")
	}
	ids, out := explainOrder(t, data, id, user)
	if !slices.Equal(ids, append(slices.Clone(feed[:25]), next...)) {
		t.Fatalf("explain shows %v", ids)
	}
	if !strings.Contains(out, "block 2 asked for at position 26") || !strings.Contains(out, "topic="+liking) {
		t.Fatalf("explain lacks the block's reason:\n%s", out)
	}
	// Bad requests change nothing.
	for _, body := range []map[string]any{merge(ref, map[string]any{"shown": 0}), merge(ref, map[string]any{"shown": 41}), ref} {
		status, m, _ := postJSON(http.DefaultClient, srv.url, "/v1/load_block", body)
		if status != http.StatusBadRequest {
			t.Errorf("load_block %v: %d %v", body, status, m)
		}
	}
	other := createStudyFromRows(t, data, fmt.Sprintf(`1,entity_sets,"[{""entity_set"":""%s""}]"`, set))
	loadParticipant(t, srv.url, other, "rand-1", nil)
	if status, m, _ := postJSON(http.DefaultClient, srv.url, "/v1/load_block", map[string]any{"user_id": "rand-1", "experiment_id": other, "shown": 5}); status != http.StatusConflict {
		t.Errorf("load_block on a random feed: %d %v", status, m)
	}
}

func (s *server) entities(t *testing.T, set string) []store.Entity {
	t.Helper()
	ents, err := s.st.Entities(t.Context(), set)
	if err != nil {
		t.Fatal(err)
	}
	return ents
}

func TestExplainAttitudeFeedRecomposesFromTheArrivalParameter(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	set := importTopicSet(t, data, "leans", 20, []string{"health", "sport"})
	id := createStudyFromRows(t, data, fmt.Sprintf(`1,entity_sets,"[{""entity_set"":""%s""}]"`, set),
		"1,algorithm,attitude_filter_feed", "1,algorithm-covariate,lean", "1,algorithm-mode,cross-cutting", "1,algorithm-attitude-param,side")
	srv := newServer(t, data)
	_, feed := loadParticipant(t, srv.url, id, "lefty", map[string]string{"side": "-0.5"})
	if len(feed) != 20 {
		t.Fatalf("cross-cutting shows %d of 20 cards", len(feed))
	}
	ids, out := explainOrder(t, data, id, "lefty")
	if !slices.Equal(ids, feed) {
		t.Fatalf("explain %v, feed %v", ids, feed)
	}
	// Cross-cutting for a participant on the negative side: the positive leans first.
	lines := strings.Split(out, "\n")
	if !strings.Contains(lines[2], "the other side (arrival parameter side=-0.5)") {
		t.Fatalf("first card's reason:\n%s", out)
	}
}

package cli

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestServeBoundsWhatParticipantsWrite attacks the comment box (feed-button-comment) of the
// real binary: a comment over 1,000 characters is refused with 413 and changes nothing; one
// participant who keeps writing long comments under one card is stopped by their budget
// (413 over_budget_bytes) well before the disk notices; and another participant's comment
// is still stored afterwards.
func TestServeBoundsWhatParticipantsWrite(t *testing.T) {
	t.Parallel()
	data := t.TempDir()
	ctx, cancel := context.WithTimeout(t.Context(), 60*time.Second)
	defer cancel()
	c, err := startChildServe(ctx, t, data)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(c.kill)
	// (The demo's set exists once serve has started; the study is made beside it.)
	id := createStudyFromRows(t, data,
		`1,entity_sets,"[{""entity_set"":""solarflare_demo"",""number_to_show"":1}]"`,
		"1,feed-button-comment,yes")
	comment := func(user, card, eventID, text string) (int, map[string]any) {
		status, m, err := postJSON(http.DefaultClient, c.base, "/v1/write_user_engagement", map[string]any{
			"user_id": user, "experiment_id": id, "event_id": eventID, "entity_id": card,
			"engagement_type": "comment", "response": "1", "text": text, "target_id": card})
		if err != nil {
			t.Fatal(err)
		}
		return status, m
	}

	_, cards := loadParticipant(t, c.base, id, "flood", nil)
	if status, m := comment("flood", cards[0], "too-long", strings.Repeat("a", 1001)); status != http.StatusRequestEntityTooLarge {
		t.Errorf("a comment of 1,001 characters: %d %v", status, m)
	}
	long := strings.Repeat("😀", 1000)
	sent, status, last := 0, 0, map[string]any(nil)
	for i := range 300 {
		if status, last = comment("flood", cards[0], fmt.Sprintf("c-%d", i), long); status != http.StatusOK {
			break
		}
		sent++
	}
	if status != http.StatusRequestEntityTooLarge || !strings.Contains(fmt.Sprint(last), "over_budget") {
		t.Fatalf("after %d long comments: %d %v", sent, status, last)
	}
	t.Logf("the budget stopped the flood after %d comments of 1,000 emoji", sent)
	if sent < 5 {
		t.Errorf("refused after %d comments; an honest participant writes up to 5 under a card", sent)
	}

	_, others := loadParticipant(t, c.base, id, "other", nil)
	if status, m := comment("other", others[0], "o-1", "I doubt this."); status != http.StatusOK {
		t.Errorf("another participant's comment after the flood: %d %v", status, m)
	}
	c.kill()
	out, _ := mustCLI(t, "", "export", "--study", id, "--type", "engagement", "--data", data)
	_, rows := parseCSV(t, out)
	counts := map[string]int{}
	for _, r := range rows {
		if r["engagement_type"] == "comment" {
			counts[r["user_id"]]++
		}
	}
	if counts["flood"] != sent || counts["other"] != 1 {
		t.Errorf("stored comments %v, want flood %d (the acknowledged ones, none refused) and other 1", counts, sent)
	}
}

package store

import (
	"context"
	"errors"
	"testing"
)

// TestSpeechIsStoredOnceWithItsTextAndTarget: a comment and a reply carry their text and
// target_id; the same event again stores nothing, the same id with another text is a
// conflict, and ParticipantSpeech answers them (not the other engagements) in order.
func TestSpeechIsStoredOnceWithItsTextAndTarget(t *testing.T) {
	t.Parallel()
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: "u", NConditions: 1}, composeAll(ents))
	if err != nil {
		t.Fatal(err)
	}
	card := ents[0].EntityID
	comment := Engagement{EventID: "c-1", ParticipantID: p.ParticipantID, EntityID: card, Type: "comment", Response: "1", Text: "=HYPERLINK(\"x\") is wrong, see the agency", TargetID: "42"}
	reply := Engagement{EventID: "r-1", ParticipantID: p.ParticipantID, EntityID: card, Type: "reply", Response: "1", Text: "Thanks", TargetID: "c1"}
	like := Engagement{EventID: "l-1", ParticipantID: p.ParticipantID, EntityID: card, Type: "likes", Response: "1"}
	for _, e := range []Engagement{comment, reply, like, comment} {
		if _, err := s.RecordEvent(ctx, Event{Engagements: []Engagement{e}}); err != nil {
			t.Fatalf("%s: %v", e.EventID, err)
		}
	}
	changed := comment
	changed.Text = "something else"
	if _, err := s.RecordEvent(ctx, Event{Engagements: []Engagement{changed}}); !errors.Is(err, ErrEventConflict) {
		t.Fatalf("same id, other text: %v, want ErrEventConflict", err)
	}
	got, err := s.ParticipantSpeech(ctx, p.ParticipantID)
	if err != nil {
		t.Fatal(err)
	}
	want := []Speech{
		{EventID: "c-1", EntityID: card, Type: "comment", Response: "1", Text: comment.Text, TargetID: "42"},
		{EventID: "r-1", EntityID: card, Type: "reply", Response: "1", Text: "Thanks", TargetID: "c1"},
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] {
		t.Fatalf("speech = %+v, want %+v", got, want)
	}
	var rows []EngagementRow
	s.EachEngagement(ctx, id, func(r EngagementRow) error { rows = append(rows, r); return nil })
	if len(rows) != 3 || rows[0].Text != comment.Text || rows[0].TargetID != "42" || rows[2].Text != "" || rows[2].TargetID != "" {
		t.Fatalf("export rows %+v", rows)
	}
}

package store

import (
	"context"
	"database/sql"
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
		{EventID: "l-1", EntityID: card, Type: "likes", Response: "1"},
	}
	for i := range got {
		if got[i].ReceivedAt <= 0 {
			t.Errorf("%s has no receive time", got[i].EventID)
		}
		got[i].ReceivedAt = 0
	}
	if len(got) != len(want) || got[0] != want[0] || got[1] != want[1] || got[2] != want[2] {
		t.Fatalf("speech = %+v, want %+v", got, want)
	}
	var rows []EngagementRow
	s.EachEngagement(ctx, id, func(r EngagementRow) error { rows = append(rows, r); return nil })
	if len(rows) != 3 || rows[0].Text != comment.Text || rows[0].TargetID != "42" || rows[2].Text != "" || rows[2].TargetID != "" {
		t.Fatalf("export rows %+v", rows)
	}
}

// TestMigration0029KeepsEveryEngagementAndTakesPosts builds a database as migration 0028
// left it, with an engagement carrying every column; after 0029 the row is the same under
// the same primary key, and a post (about no card: entity_id 0) is stored and read back
// as 0, while an unknown card is still refused by the foreign key.
func TestMigration0029KeepsEveryEngagementAndTakesPosts(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ctx := context.Background()
	s := openMigratedFrom(t, dir, "0029", []string{
		"PRAGMA user_version = 28",
		`INSERT INTO entity_sets (entity_set, entity_category, columns, created_at) VALUES ('s', 'news', '[]', 1)`,
		`INSERT INTO entities (entity_id, entity_set, position, entity_url, source_url, filename, retrieve_date, entity_type)
			VALUES (7, 's', 1, '/media/a.png', 'https://example.org', 'a.png', '2026-01-01', 'image')`,
		`INSERT INTO studies (experiment_id, n_conditions, created_at) VALUES ('x', 1, 1)`,
		`INSERT INTO participants (participant_id, experiment_id, user_id, condition, seed, query_params, started_at) VALUES (1, 'x', 'u', 1, 1, '{}', 100)`,
		`INSERT INTO user_agents (user_agent_id, user_agent) VALUES (3, 'Firefox')`,
		`INSERT INTO engagements (engagement_pk, event_id, participant_id, entity_id, engagement_type, response, time_content_viewed,
			time_engagement, likes, read_later, shares, received_at, user_agent_id, accuracy_score, text, target_id)
			VALUES (40, 'c-1', 1, 7, 'comment', '1', 5, 6, 1, 0, 1, 101, 3, 2, 'Hello', '7')`,
	})
	var rows []EngagementRow
	if err := s.EachEngagement(ctx, "x", func(r EngagementRow) error { rows = append(rows, r); return nil }); err != nil {
		t.Fatal(err)
	}
	want := EngagementRow{EngagementPk: 40, EventID: "c-1", ReceivedAt: 101, TimeEngagement: sql.NullInt64{Int64: 6, Valid: true},
		TimeContentViewed: sql.NullInt64{Int64: 5, Valid: true}, ParticipantID: 1, EntityID: 7, EngagementType: "comment", Response: "1",
		Likes: sql.NullInt64{Int64: 1, Valid: true}, ReadLater: sql.NullInt64{Int64: 0, Valid: true}, Shares: sql.NullInt64{Int64: 1, Valid: true},
		AccuracyScore: sql.NullInt64{Int64: 2, Valid: true}, UserAgentID: sql.NullInt64{Int64: 3, Valid: true}, Text: "Hello", TargetID: "7"}
	if len(rows) != 1 || rows[0] != want {
		t.Fatalf("after 0029: %+v\nwant %+v", rows, want)
	}
	post := Engagement{EventID: "p-1", ParticipantID: 1, Type: "post", Response: "1", Text: "My day", TargetID: "p-1"}
	for range 2 {
		if _, err := s.RecordEvent(ctx, Event{Engagements: []Engagement{post}}); err != nil {
			t.Fatalf("post: %v", err)
		}
	}
	said, err := s.ParticipantSpeech(ctx, 1)
	if err != nil || len(said) != 2 || said[1].ReceivedAt == 0 || said[1] != (Speech{EventID: "p-1", Type: "post", Response: "1", Text: "My day", TargetID: "p-1", ReceivedAt: said[1].ReceivedAt}) {
		t.Fatalf("speech %+v, %v", said, err)
	}
	if _, err := s.RecordEvent(ctx, Event{Engagements: []Engagement{{EventID: "x-1", ParticipantID: 1, EntityID: 99, Type: "likes", Response: "1"}}}); err == nil {
		t.Fatal("an engagement about an unknown card was stored")
	}
}

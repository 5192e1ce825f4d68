package store

import (
	"context"
	"errors"
	"testing"
)

// TestMigrationScopesEventIDsPerParticipant builds a database as migration 0002 left it,
// with events of two participants, including the state the attack of issue 13 item 1 left:
// participant 1 (the attacker) holds the id arrival:2:condition, so participant 2's
// condition row was never stored, and completion:2 (participant 2 completed, code kept in
// participants). After migration every row is kept with its primary key, the server's rows
// are in the '#' namespace, the erased rows are restored from the participants table, and
// ids are unique per participant only.
func TestMigrationScopesEventIDsPerParticipant(t *testing.T) {
	ctx := context.Background()
	s := openMigratedFrom(t, t.TempDir(), "0003", []string{"PRAGMA user_version = 2",
		`INSERT INTO entity_sets (entity_set, entity_category, columns, created_at) VALUES ('s', 'news', '[]', 1)`,
		`INSERT INTO entities (entity_id, entity_set, position, entity_url, source_url, filename, retrieve_date, entity_type)
			VALUES (7, 's', 1, '/media/a.png', 'https://example.org', 'a.png', '2026-01-01', 'image')`,
		`INSERT INTO studies (experiment_id, n_conditions, created_at) VALUES ('x', 2, 1)`,
		`INSERT INTO participants (participant_id, experiment_id, user_id, condition, seed, query_params, started_at, completed_at, completion_code)
			VALUES (1, 'x', 'attacker', 1, 1, '{}', 100, NULL, ''),
			       (2, 'x', 'victim', 2, 1, '{"PROLIFIC_PID":"pp2","b":"z"}', 200, 250, 'CODE2')`,
		`INSERT INTO engagements (engagement_pk, event_id, participant_id, entity_id, engagement_type, response, time_engagement, likes, received_at)
			VALUES (10, 'e1', 1, 7, 'likes', '1', 5, 1, 101), (11, 'e2', 2, 7, 'likes', '0', 6, NULL, 201)`,
		`INSERT INTO answers (answer_pk, event_id, participant_id, kind, field, response, client_time, received_at) VALUES
			(20, 'arrival:1:condition', 1, 'arrival', 'condition', '1', NULL, 100),
			(21, 'arrival:2:condition', 1, 'checkpoint', 'x', 'claimed', 5, 150),
			(22, 'completion:2', 1, 'checkpoint', 'x', 'claimed', 5, 150),
			(23, 'arrival:2:URLParams-PROLIFIC_PID', 2, 'arrival', 'URLParams-PROLIFIC_PID', 'pp2', NULL, 200),
			(24, 'page/q1', 2, 'answer', 'q1', 'yes', 7, 210)`,
	})
	var eng []EngagementRow
	s.EachEngagement(ctx, "x", func(g EngagementRow) error { eng = append(eng, g); return nil })
	if len(eng) != 2 || eng[0].EngagementPk != 10 || eng[0].EventID != "e1" || eng[0].Likes.Int64 != 1 ||
		eng[1].EngagementPk != 11 || eng[1].Likes.Valid || eng[1].TimeEngagement.Int64 != 6 {
		t.Fatalf("engagements after migration: %+v", eng)
	}
	type key struct {
		user, id string
	}
	got := map[key]AnswerRow{}
	s.EachAnswer(ctx, "x", func(a AnswerRow) error { got[key{a.UserID, a.EventID}] = a; return nil })
	want := map[key]string{
		{"attacker", "#arrival/condition"}:            "1",
		{"attacker", "arrival:2:condition"}:           "claimed", // a client row stays a client row
		{"attacker", "completion:2"}:                  "claimed",
		{"victim", "#arrival/URLParams-PROLIFIC_PID"}: "pp2",
		{"victim", "#arrival/condition"}:              "2", // restored
		{"victim", "#arrival/URLParams-b"}:            "z", // restored
		{"victim", "#completion"}:                     "CODE2",
		{"victim", "page/q1"}:                         "yes",
	}
	if len(got) != len(want) {
		t.Fatalf("answers after migration: %+v", got)
	}
	for k, v := range want {
		if got[k].Response != v {
			t.Fatalf("%v: %q, want %q (all: %+v)", k, got[k].Response, v, got)
		}
	}
	if a := got[key{"victim", "page/q1"}]; a.AnswerPk != 24 || a.ClientTime.Int64 != 7 || a.ReceivedAt != 210 {
		t.Fatalf("answer columns not kept: %+v", a)
	}
	// Uniqueness is per participant now: the victim may use the attacker's id, and the
	// attacker's own repeat with another body is a conflict.
	if n, err := s.RecordEvent(ctx, Event{Answers: []Answer{{EventID: "arrival:2:condition", ParticipantID: 2, Kind: "checkpoint", Field: "x", Response: "mine"}}}); err != nil || n != 1 {
		t.Fatalf("victim's own id: %d, %v", n, err)
	}
	if _, err := s.RecordEvent(ctx, Event{Answers: []Answer{{EventID: "arrival:2:condition", ParticipantID: 1, Kind: "checkpoint", Field: "x", Response: "other"}}}); !errors.Is(err, ErrEventConflict) {
		t.Fatalf("reused id with another body: %v, want ErrEventConflict", err)
	}
	// answers_by_participant stays; engagements_by_participant was dropped by 0013 (the
	// unique index on (participant_id, event_id) serves its lookups).
	var indexes int
	s.read.QueryRow(`SELECT count(*) FROM sqlite_master WHERE type = 'index' AND name IN ('engagements_by_participant', 'answers_by_participant')`).Scan(&indexes)
	if indexes != 1 {
		t.Fatalf("%d indexes by participant after migration, want answers_by_participant only", indexes)
	}
}

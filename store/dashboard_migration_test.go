package store

import (
	"context"
	"testing"
)

// TestMigrationGivesExistingParticipantsTheirStage builds a database as migration 0003 left
// it, with participants at each point of the flow, and checks that migration 0004 derives
// each one's stage and last activity from their stored rows and fills the dashboard
// counters, and that the dashboard then counts them.
func TestMigrationGivesExistingParticipantsTheirStage(t *testing.T) {
	ctx := context.Background()
	s := openMigratedFrom(t, t.TempDir(), "0004", []string{"PRAGMA user_version = 3",
		`INSERT INTO entity_sets (entity_set, entity_category, columns, created_at) VALUES ('s', 'news', '[]', 1)`,
		`INSERT INTO entities (entity_id, entity_set, position, entity_url, source_url, filename, retrieve_date, entity_type)
			VALUES (7, 's', 1, '/media/a.png', 'https://example.org', 'a.png', '2026-01-01', 'image')`,
		`INSERT INTO studies (experiment_id, n_conditions, created_at) VALUES ('x', 2, 1)`,
		`INSERT INTO participants (participant_id, experiment_id, user_id, condition, seed, started_at, completed_at, completion_code) VALUES
			(1, 'x', 'new', 1, 1, 100000, NULL, ''), (2, 'x', 'consented', 2, 1, 100000, NULL, ''),
			(3, 'x', 'feed', 1, 1, 100000, NULL, ''), (4, 'x', 'submitted', 2, 1, 100000, NULL, ''),
			(5, 'x', 'forms', 1, 1, 100000, NULL, ''), (6, 'x', 'done', 2, 1, 100000, 700000, 'C')`,
		`INSERT INTO answers (event_id, participant_id, kind, field, response, received_at) VALUES
			('a', 2, 'checkpoint', 'consent-agree', '1', 110000),
			('a', 3, 'checkpoint', 'feed-landed', '1', 120000),
			('a', 4, 'checkpoint', 'feed-landed', '1', 120000), ('b', 4, 'checkpoint', 'submit-click', '1', 130000),
			('a', 5, 'checkpoint', 'submit-click', '1', 130000), ('b', 5, 'answer', 'age', '30', 140000)`,
		`INSERT INTO engagements (event_id, participant_id, entity_id, engagement_type, response, received_at) VALUES
			('e', 3, 7, 'likes', '1', 125000), ('d', 3, 7, 'dwell', '1500', 126000)`,
	})
	want := map[string][2]any{
		"new": {StageArrived, int64(100000)}, "consented": {StageConsented, int64(110000)},
		"feed": {StageFeed, int64(126000)}, "submitted": {StageSubmitted, int64(130000)},
		"forms": {StageQuestionnaires, int64(140000)}, "done": {StageCompleted, int64(700000)},
	}
	for user, w := range want {
		p, err := s.Participant(ctx, "x", user)
		if err != nil {
			t.Fatal(err)
		}
		if p.Stage != w[0] || p.LastSeenAt.Int64 != w[1] || p.IsTest != 0 || p.StudyVersion != 1 {
			t.Errorf("%s: stage %q, last seen %d, want %v", user, p.Stage, p.LastSeenAt.Int64, w)
		}
	}
	d, err := s.Dashboard(ctx, "x", 200000, 0)
	if err != nil {
		t.Fatal(err)
	}
	var total, dropped int64
	for _, f := range d.Funnel {
		total += f.N
	}
	for _, f := range d.Dropped {
		dropped += f.N
	}
	if total != 6 || dropped != 5 || len(d.Durations) != 1 || len(d.Engagements) != 2 {
		t.Fatalf("dashboard after migration: %+v", d)
	}
	st, err := s.Study(ctx, "x")
	if err != nil || st.Status != StatusOpen || st.TextVersion != 1 {
		t.Fatalf("study after migration: %+v, %v", st, err)
	}
}

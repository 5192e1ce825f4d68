package store

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"feedlab/queries"
)

func addResearchers(t *testing.T, s *Store, names ...string) map[string]Researcher {
	t.Helper()
	out := map[string]Researcher{}
	for _, n := range names {
		r, err := s.CreateResearcher(context.Background(), n, "hash")
		if err != nil {
			t.Fatal(err)
		}
		out[n] = r
	}
	return out
}

func TestVisibleStudiesOwnSharedAndOwnerless(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	rs := addResearchers(t, s, "ada", "grace", "linus")
	mk := func(id, owner string, title string) {
		t.Helper()
		ps := []Param{{Condition: 1, Param: "title", Value: title}, {Condition: 1, Param: "feed", Value: "scroll"}}
		if _, err := s.CreateStudy(ctx, NewStudy{ExperimentID: id, NConditions: 1, Owner: owner, Params: ps}); err != nil {
			t.Fatal(err)
		}
	}
	mk("a1", "ada", "Ada's first")
	mk("g1", "grace", "")
	mk("open", "", "For everyone")
	mk("a2", "ada", "Ada's second")
	if _, err := s.CreateStudy(ctx, NewStudy{ExperimentID: "x", NConditions: 1, Owner: "nobody"}); !errors.Is(err, ErrNoResearcher) || !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown owner: %v", err)
	}
	if _, err := s.Study(ctx, "x"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a study with an unknown owner was created: %v", err)
	}
	if got, err := s.ShareStudy(ctx, "a1", "grace", nil); err != nil || !slices.Equal(got, []string{"grace"}) {
		t.Fatalf("share: %v %v", got, err)
	}
	if _, err := s.ShareStudy(ctx, "a1", "nobody", nil); !errors.Is(err, ErrNoResearcher) {
		t.Fatalf("share with unknown: %v", err)
	}

	ids := func(r string) []string {
		list, err := s.VisibleStudies(ctx, rs[r].ID)
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, st := range list {
			out = append(out, st.ExperimentID+":"+string(st.Access))
		}
		return out
	}
	// Same created_at millisecond is possible; ties are broken by id, descending.
	if got := ids("grace"); !slices.Contains(got, "a1:shared") || !slices.Contains(got, "g1:owner") || !slices.Contains(got, "open:everyone") || slices.Contains(got, "a2:none") || len(got) != 3 {
		t.Fatalf("grace sees %v", got)
	}
	if got := ids("linus"); !slices.Equal(got, []string{"open:everyone"}) {
		t.Fatalf("linus sees %v", got)
	}
	list, _ := s.VisibleStudies(ctx, rs["ada"].ID)
	for _, st := range list {
		if st.ExperimentID == "a1" && (!slices.Equal(st.SharedWith, []string{"grace"}) || st.Title != "Ada's first" || st.Owner != "ada") {
			t.Fatalf("a1 for its owner: %+v", st)
		}
	}
	if sum, err := s.VisibleStudy(ctx, rs["grace"].ID, "a1"); err != nil || len(sum.SharedWith) != 0 || sum.Access != AccessShared {
		t.Fatalf("a1 for a collaborator: %+v %v", sum, err)
	}
	if _, err := s.VisibleStudy(ctx, rs["linus"].ID, "a1"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("a1 for a stranger: %v", err)
	}
	if a, err := s.StudyAccess(ctx, rs["linus"].ID, "a1"); err != nil || a != AccessNone {
		t.Fatalf("access: %v %v", a, err)
	}
	if _, err := s.StudyAccess(ctx, rs["linus"].ID, "missing"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("access to a missing study: %v", err)
	}
	if got, err := s.UnshareStudy(ctx, "a1", "grace", nil); err != nil || len(got) != 0 {
		t.Fatalf("unshare: %v %v", got, err)
	}
	if got := ids("grace"); len(got) != 2 {
		t.Fatalf("after unshare grace sees %v", got)
	}
}

func TestVisibleStudiesCountsArrivedAndCompleted(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	rs := addResearchers(t, s, "ada")
	id, ents := seedStudy(t, s, 2)
	for i, u := range []string{"u1", "u2", "u3"} {
		p, _, err := s.RegisterParticipant(ctx, Registration{ExperimentID: id, UserID: u, NConditions: 2}, composeAll(ents))
		if err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			if err := s.CompleteParticipant(ctx, p.ParticipantID, ""); err != nil {
				t.Fatal(err)
			}
		}
	}
	sum, err := s.VisibleStudy(ctx, rs["ada"].ID, id)
	if err != nil || sum.Arrived != 3 || sum.Completed != 1 || sum.NConditions != 2 || sum.Access != AccessEveryone {
		t.Fatalf("%+v %v", sum, err)
	}
}

// TestMigrationSetsOwnersFromCreatedBy builds a database as migration 0001 left it, with
// studies made through the API (created_by = a researcher's name), on the command line
// and built in, then opens it: only the first gets an owner, and nothing is lost.
func TestMigrationSetsOwnersFromCreatedBy(t *testing.T) {
	dir := t.TempDir()
	ctx := context.Background()
	raw, err := sql.Open("sqlite", dsn(filepath.Join(dir, DatabaseFile), false))
	if err != nil {
		t.Fatal(err)
	}
	first, err := fs.ReadFile(queries.Migrations, "migrations/0001_init.sql")
	if err != nil {
		t.Fatal(err)
	}
	for _, stmt := range []string{
		string(first), "PRAGMA user_version = 1",
		`INSERT INTO researchers (name, password_hash, created_at) VALUES ('ada', 'h', 1), ('cli', 'h', 1)`,
		`INSERT INTO studies (experiment_id, n_conditions, builtin, created_by, created_at) VALUES
			('api', 1, 0, 'ada', 10), ('gone', 1, 0, 'deleted-name', 11), ('cmd', 1, 0, 'cli', 12), ('solarflare', 1, 1, 'feedlab', 1)`,
		`INSERT INTO study_params (experiment_id, condition, param, value, position) VALUES ('api', 1, 'feed', 'swipe', 0)`,
	} {
		if _, err := raw.ExecContext(ctx, stmt); err != nil {
			t.Fatalf("%.40s: %v", stmt, err)
		}
	}
	raw.Close()

	s, err := Open(ctx, dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	want := map[string]bool{"api": true, "gone": false, "cmd": false, "solarflare": false}
	for id, owned := range want {
		st, err := s.Study(ctx, id)
		if err != nil {
			t.Fatalf("%s lost: %v", id, err)
		}
		if (st.OwnerID != 0) != owned {
			t.Fatalf("%s: owner %v, want owned=%v", id, st.OwnerID, owned)
		}
	}
	ada, _, _ := s.ResearcherPasswordHash(ctx, "ada")
	if a, _ := s.StudyAccess(ctx, ada.ID, "api"); a != AccessOwner {
		t.Fatalf("ada's access to her study: %s", a)
	}
	if ps, _ := s.StudyParams(ctx, "api"); len(ps) != 1 || ps[0].Value != "swipe" {
		t.Fatalf("parameters after migration: %v", ps)
	}
}

func TestVisibleStudiesNewestFirst(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	rs := addResearchers(t, s, "ada")
	at := time.UnixMilli(1_000_000)
	s.now = func() time.Time { return at }
	for _, id := range []string{"old", "mid", "new"} {
		at = at.Add(time.Second)
		if _, err := s.CreateStudy(ctx, NewStudy{ExperimentID: id, NConditions: 1, Owner: "ada"}); err != nil {
			t.Fatal(err)
		}
	}
	list, err := s.VisibleStudies(ctx, rs["ada"].ID)
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for _, st := range list {
		ids = append(ids, st.ExperimentID)
	}
	if !slices.Equal(ids, []string{"new", "mid", "old"}) || !list[0].CreatedAt.Equal(at) {
		t.Fatalf("order %v, first created %v", ids, list[0].CreatedAt)
	}
}

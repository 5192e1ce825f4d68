package study

import (
	"database/sql"
	"errors"
	"testing"

	"feedlab/params"
	"feedlab/store"
)

var nullUA = sql.NullInt64{}

var newsRows = []params.Row{
	{Condition: 1, Param: "title", Value: "News feed"},
	{Condition: 1, Param: "entity_sets", Value: `[{"entity_set":"20260101_news","number_to_show":2}]`},
}

// registerOn registers a real participant of a study the way load_experiment does.
func registerOn(t *testing.T, st *store.Store, id, user string) (store.Participant, error) {
	t.Helper()
	def, err := NewDefinitions(st).Load(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return def.Register(t.Context(), st, user, map[string]string{}, nullUA)
}

func statusOf(t *testing.T, st *store.Store, id string) string {
	t.Helper()
	s, err := st.Study(t.Context(), id)
	if err != nil {
		t.Fatal(err)
	}
	return s.Status
}

// A draft registers no one (a preview participant is a test and may), opens at launch,
// and is launched once; a plain status change can neither open a draft nor skip a restore.
func TestADraftAcceptsNoParticipantUntilItIsLaunched(t *testing.T) {
	ctx := t.Context()
	st := storeWithNewsSet(t)
	id, err := Create(ctx, st, newsRows, "", Draft())
	if err != nil {
		t.Fatal(err)
	}
	if got := statusOf(t, st, id); got != store.StatusDraft {
		t.Fatalf("a new study is %q, want draft", got)
	}
	if _, err := registerOn(t, st, id, "early"); !errors.Is(err, store.ErrNotStarted) {
		t.Fatalf("arrival at a draft: %v, want ErrNotStarted", err)
	}
	if n, _ := st.RealParticipants(ctx, id); n != 0 {
		t.Fatalf("%d participants registered at a draft", n)
	}
	def, _ := NewDefinitions(st).Load(ctx, id)
	if _, err := def.RegisterTest(ctx, st, "preview-1", 1, map[string]string{}, nullUA); err != nil {
		t.Fatalf("a draft's preview: %v", err)
	}
	if err := st.SetStudyStatus(ctx, id, store.StatusOpen, nil); !errors.Is(err, store.ErrDraft) {
		t.Fatalf("opening a draft with a status change: %v, want ErrDraft", err)
	}
	if err := Launch(ctx, st, id, "ada"); err != nil {
		t.Fatal(err)
	}
	if got := statusOf(t, st, id); got != store.StatusOpen {
		t.Fatalf("launched study is %q", got)
	}
	if _, err := registerOn(t, st, id, "first"); err != nil {
		t.Fatalf("arrival after launch: %v", err)
	}
	if err := Launch(ctx, st, id, "ada"); !errors.Is(err, store.ErrNotDraft) {
		t.Fatalf("a second launch: %v, want ErrNotDraft", err)
	}
	log, _ := st.AuditLog(ctx, id)
	if last := log[len(log)-1]; last.Action != store.AuditLaunch || last.Researcher != "ada" {
		t.Errorf("last audit entry %+v, want ada's launch", last)
	}
	// Studies created on the command line (no Draft option) are launched as before.
	open, err := Create(ctx, st, newsRows, "")
	if err != nil || statusOf(t, st, open) != store.StatusOpen {
		t.Fatalf("a study without Draft: %v %s", err, statusOf(t, st, open))
	}
}

// Archive stops a study accepting anyone and keeps its data; restore gives back the status
// it had (paused here), and only an archived study is restored.
func TestArchiveKeepsTheDataAndRestoreGivesBackTheStatus(t *testing.T) {
	ctx := t.Context()
	st := storeWithNewsSet(t)
	id, _ := Create(ctx, st, newsRows, "")
	if _, err := registerOn(t, st, id, "kept"); err != nil {
		t.Fatal(err)
	}
	if err := st.SetStudyStatus(ctx, id, store.StatusPaused, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := Restore(ctx, st, id, "ada"); !errors.Is(err, store.ErrNotArchived) {
		t.Fatalf("restore of a study not archived: %v", err)
	}
	if err := Archive(ctx, st, id, "ada"); err != nil {
		t.Fatal(err)
	}
	if err := Archive(ctx, st, id, "ada"); !errors.Is(err, store.ErrArchived) {
		t.Fatalf("archiving twice: %v", err)
	}
	if err := st.SetStudyStatus(ctx, id, store.StatusOpen, nil); !errors.Is(err, store.ErrArchived) {
		t.Fatalf("reopening an archived study with a status change: %v, want ErrArchived", err)
	}
	if _, err := registerOn(t, st, id, "late"); !errors.Is(err, store.ErrArchived) {
		t.Fatalf("arrival at an archived study: %v, want ErrArchived", err)
	}
	if n, _ := st.RealParticipants(ctx, id); n != 1 {
		t.Fatalf("archived study has %d participants, want its 1 kept", n)
	}
	status, err := Restore(ctx, st, id, "ada")
	if err != nil || status != store.StatusPaused || statusOf(t, st, id) != store.StatusPaused {
		t.Fatalf("restored to %q (%v), want paused", status, err)
	}
}

// A draft is deleted at once; a launched study only with its id typed; the deletion is
// recorded outside the study and its set is released for deletion.
func TestDeleteADraftAtOnceAndALaunchedStudyOnlyConfirmed(t *testing.T) {
	ctx := t.Context()
	st := storeWithNewsSet(t)
	draft, _ := Create(ctx, st, newsRows, "", Draft())
	if _, err := Delete(ctx, st, draft, "ada", ""); err != nil {
		t.Fatalf("deleting a draft: %v", err)
	}
	if _, err := st.Study(ctx, draft); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("deleted draft still there: %v", err)
	}
	id, _ := Create(ctx, st, newsRows, "")
	p, err := registerOn(t, st, id, "someone")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := st.DeleteEntitySet(ctx, "20260101_news", "ada"); !errors.Is(err, store.ErrInUse) {
		t.Fatalf("deleting a set in use: %v, want ErrInUse", err)
	}
	for _, confirm := range []string{"", "fl-wrong"} {
		if _, err := Delete(ctx, st, id, "ada", confirm); !errors.Is(err, store.ErrConfirmDelete) {
			t.Fatalf("delete of a launched study confirmed with %q: %v, want ErrConfirmDelete", confirm, err)
		}
	}
	if _, err := st.Study(ctx, id); err != nil {
		t.Fatalf("refused delete removed the study: %v", err)
	}
	d, err := Delete(ctx, st, id, "ada", id)
	if err != nil {
		t.Fatal(err)
	}
	if d.Participants != 1 || d.Title != "News feed" || d.Status != store.StatusOpen {
		t.Errorf("deletion %+v", d)
	}
	if _, err := st.Participant(ctx, id, p.UserID); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("a deleted study's participant: %v, want ErrNotFound", err)
	}
	log, _ := st.StudyDeletions(ctx)
	if len(log) != 2 || log[0].ExperimentID != draft || log[1].ExperimentID != id || log[1].DeletedBy != "ada" {
		t.Fatalf("deletions %+v", log)
	}
	if _, err := st.DeleteEntitySet(ctx, "20260101_news", "ada"); err != nil {
		t.Fatalf("the deleted studies' set is still pinned: %v", err)
	}
}

// The same key from the same researcher makes one study; another researcher's same key is
// theirs alone.
func TestCreateWithTheSameKeyMakesOneStudy(t *testing.T) {
	ctx := t.Context()
	st := storeWithNewsSet(t)
	for _, n := range []string{"ada", "grace"} {
		if _, err := st.CreateResearcher(ctx, n, "x"); err != nil {
			t.Fatal(err)
		}
	}
	first, existing, err := CreateOnce(ctx, st, newsRows, "ada", Draft(), IdempotencyKey("form-1"))
	if err != nil || existing {
		t.Fatalf("first create: %v existing=%v", err, existing)
	}
	again, existing, err := CreateOnce(ctx, st, newsRows, "ada", Draft(), IdempotencyKey("form-1"))
	if err != nil || !existing || again != first {
		t.Fatalf("repeated create: %s existing=%v %v, want %s", again, existing, err, first)
	}
	theirs, existing, err := CreateOnce(ctx, st, newsRows, "grace", Draft(), IdempotencyKey("form-1"))
	if err != nil || existing || theirs == first {
		t.Fatalf("another researcher's key: %s existing=%v %v", theirs, existing, err)
	}
	other, _, _ := CreateOnce(ctx, st, newsRows, "ada", Draft(), IdempotencyKey("form-2"))
	if other == first {
		t.Fatal("a new key answered the old study")
	}
	if n, _, _ := st.Analytics(ctx); n != 3 {
		t.Errorf("%d studies, want 3", n)
	}
	// Deleting the study frees its key: the same form then makes a new study.
	if _, err := Delete(ctx, st, first, "ada", ""); err != nil {
		t.Fatal(err)
	}
	if id, existing, _ := CreateOnce(ctx, st, newsRows, "ada", Draft(), IdempotencyKey("form-1")); existing || id == first {
		t.Errorf("after delete the key answered %s existing=%v", id, existing)
	}
}

package store

import (
	"context"
	"errors"
	"testing"
)

// TestExclusionRoundTripIsAudited excludes a participant, reads the exclusion back (one
// participant, the study's map and count), includes them again, and checks that each change
// wrote its audit entry and that an unknown participant is ErrNotFound.
func TestExclusionRoundTripIsAudited(t *testing.T) {
	s := openTest(t)
	ctx := context.Background()
	id, ents := seedStudy(t, s, 1)
	a := mustRegister(t, s, id, ents, "u-a", 1, Assignment{})
	mustRegister(t, s, id, ents, "u-b", 1, Assignment{})

	if err := s.ExcludeParticipant(ctx, id, "u-a", "failed the attention check twice", AuditRecord{Researcher: "ada", Detail: "participant u-a"}); err != nil {
		t.Fatal(err)
	}
	ex, ok, err := s.ExclusionOf(ctx, a.ParticipantID)
	if err != nil || !ok || ex.Reason != "failed the attention check twice" || ex.ExcludedBy != "ada" || ex.ExcludedAt == 0 {
		t.Fatalf("exclusion: %+v %v %v", ex, ok, err)
	}
	if all, err := s.StudyExclusions(ctx, id); err != nil || len(all) != 1 || all[a.ParticipantID].Reason != ex.Reason {
		t.Fatalf("study exclusions: %+v %v", all, err)
	}
	if n, err := s.ExcludedCount(ctx, id); err != nil || n != 1 {
		t.Fatalf("excluded count: %d %v", n, err)
	}
	if was, err := s.IncludeParticipant(ctx, id, "u-a", AuditRecord{Researcher: "ada", Detail: "participant u-a"}); err != nil || !was {
		t.Fatalf("include: %v %v", was, err)
	}
	if _, ok, _ := s.ExclusionOf(ctx, a.ParticipantID); ok {
		t.Fatal("still excluded after include")
	}
	// Including someone not excluded changes nothing and writes no entry.
	if was, err := s.IncludeParticipant(ctx, id, "u-b", AuditRecord{Researcher: "ada"}); err != nil || was {
		t.Fatalf("include of a participant not excluded: %v %v", was, err)
	}
	log, err := s.AuditLog(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for _, e := range log {
		if e.Action == AuditExclude || e.Action == AuditInclude {
			actions = append(actions, e.Action+" "+e.Researcher+" "+e.Detail)
		}
	}
	if len(actions) != 2 || actions[0] != "exclude ada participant u-a" || actions[1] != "include ada participant u-a" {
		t.Fatalf("audit entries: %q", actions)
	}
	if err := s.ExcludeParticipant(ctx, id, "nobody", "x", AuditRecord{Researcher: "ada"}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("exclude unknown participant: %v", err)
	}
	if _, err := s.IncludeParticipant(ctx, "fl-other", "u-a", AuditRecord{Researcher: "ada"}); !errors.Is(err, ErrNotFound) {
		t.Fatalf("include in another study: %v", err)
	}
}

package store

import (
	"testing"
)

// TestAuditLogIsPerStudyInOrderAndRefusesUnknownActions.
func TestAuditLogIsPerStudyInOrderAndRefusesUnknownActions(t *testing.T) {
	s := openTest(t)
	ctx := t.Context()
	for _, a := range []struct{ study, who, action, detail string }{
		{"fl-a", "ada", AuditCreate, "x"}, {"fl-b", "bob", AuditCreate, ""}, {"fl-a", "grace", AuditDownload, "engagement"},
		{"fl-a", "ada", AuditStatus, "paused"},
	} {
		if err := s.RecordAudit(ctx, a.study, a.who, a.action, a.detail); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.RecordAudit(ctx, "fl-a", "ada", "delete_everything", ""); err == nil {
		t.Error("an unknown action was recorded")
	}
	got, err := s.AuditLog(ctx, "fl-a")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 3 || got[0].Action != AuditCreate || got[1].Researcher != "grace" || got[2].Detail != "paused" || got[0].At.IsZero() {
		t.Errorf("audit log of fl-a: %+v", got)
	}
	if none, err := s.AuditLog(ctx, "fl-none"); err != nil || len(none) != 0 {
		t.Errorf("audit log of an unknown study: %v %v", none, err)
	}
}

// TestLibraryLogIsApartFromEveryStudy: set actions go to the library's log only, study
// actions cannot be written there, nor set actions into a study's log.
func TestLibraryLogIsApartFromEveryStudy(t *testing.T) {
	s := openTest(t)
	ctx := t.Context()
	if err := s.RecordLibraryAudit(ctx, "ada", AuditHideSet, "news"); err != nil {
		t.Fatal(err)
	}
	if err := s.RecordLibraryAudit(ctx, "ada", AuditDownload, "news"); err == nil {
		t.Error("a study action went to the library's log")
	}
	if err := s.RecordAudit(ctx, LibraryLog, "ada", AuditDownload, ""); err == nil {
		t.Error("a study action was recorded without a study")
	}
	if err := s.RecordAudit(ctx, "fl-a", "ada", AuditDeleteSet, "news"); err == nil {
		t.Error("a set action went to a study's log")
	}
	got, err := s.AuditLog(ctx, LibraryLog)
	if err != nil || len(got) != 1 || got[0].Action != AuditHideSet || got[0].Detail != "set news" || got[0].Researcher != "ada" {
		t.Errorf("library log: %+v %v", got, err)
	}
}

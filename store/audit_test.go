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

// TestAStudyIsCreatedWithItsAuditEntryOrNotAtAll: the create entry is written in the
// study's own transaction, so a study never exists without the record of its creation
// (issue 21, item 2): when the log refuses the entry, no study is created.
func TestAStudyIsCreatedWithItsAuditEntryOrNotAtAll(t *testing.T) {
	s := openTest(t)
	ctx := t.Context()
	ns := NewStudy{NConditions: 1, Params: []Param{{Condition: 1, Param: "feed", Value: "scroll"}}, CreatedAudit: &AuditRecord{Researcher: "ada", Detail: "from the wizard"}}
	id, err := s.CreateStudy(ctx, ns)
	if err != nil {
		t.Fatal(err)
	}
	log, _ := s.AuditLog(ctx, id)
	if len(log) != 1 || log[0].Action != AuditCreate || log[0].Researcher != "ada" || log[0].Detail != "from the wizard" {
		t.Fatalf("log: %+v", log)
	}
	if _, err := s.write.ExecContext(ctx, `CREATE TRIGGER no_audit BEFORE INSERT ON audit_log BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END`); err != nil {
		t.Fatal(err)
	}
	ns.ExperimentID = "fl-unrecorded"
	if _, err := s.CreateStudy(ctx, ns); err == nil {
		t.Fatal("a study whose creation could not be recorded was created")
	}
	if _, err := s.Study(ctx, "fl-unrecorded"); err == nil {
		t.Fatal("the study exists without its audit entry")
	}
}

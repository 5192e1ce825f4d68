package export

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// The codebook's words must be true of the file (issue 22, item 5).

// A question quoting an option reaches the Markdown with its quotes as written, not
// escaped once by Go and again by the table cell.
func TestAQuestionWithQuotesIsQuotedOnce(t *testing.T) {
	answers := map[string]QField{}
	for _, q := range Questionnaires() {
		for _, f := range q.Fields {
			answers[f.Name] = f
		}
	}
	if !strings.Contains(answers["attentioncheck1"].Question, `"Neither agree nor disagree"`) {
		t.Fatalf("the attention check no longer quotes its option: %q", answers["attentioncheck1"].Question)
	}
	doc, ok := describeColumn(TypeParticipants, "attentioncheck1", nil, nil, answers)
	if !ok {
		t.Fatal("attentioncheck1 is not described")
	}
	var md bytes.Buffer
	cb := Codebook{Type: TypeParticipants, ID: "s", Columns: []CodebookColumn{{Name: "attentioncheck1", ColumnDoc: doc, Documented: true}}}
	if err := cb.WriteMarkdown(&md); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(md.String(), `\"`) {
		t.Errorf("quotes are escaped in the codebook:\n%s", md.String())
	}
	if !strings.Contains(md.String(), `please choose "Neither agree nor disagree".”`) {
		t.Errorf("the question is not quoted as written:\n%s", md.String())
	}
}

// is_test is in every file; the codebook says so, and says what including test
// participants changes (their rows).
func TestIsTestIsDescribedAsAlwaysPresent(t *testing.T) {
	st, id, _ := scripted(t)
	for _, typ := range []string{TypeEngagement, TypeUserForm, TypeInventory, TypeParticipants, TypeExposures} {
		header, _ := exportWith(t, st, typ, id, Options{})
		if !contains(header, "is_test") {
			t.Fatalf("%s: no is_test column without test participants: the codebook's words need changing back", typ)
		}
		d, _ := describeColumn(typ, "is_test", nil, nil, nil)
		if strings.Contains(d.Meaning, "Present only") || !strings.Contains(d.Meaning, "always there") {
			t.Errorf("%s: is_test reads %q", typ, d.Meaning)
		}
	}
}

// Only times come from the participant's clock; a count or a rating the browser sends is
// not a clock reading.
func TestOnlyTimesNameTheParticipantsClock(t *testing.T) {
	for typ, docs := range typeDocs {
		for name, d := range docs {
			if strings.Contains(d.Origin, "clock") && d.Unit != uEpoch {
				t.Errorf("%s.%s: origin %q but it is not a time", typ, name, d.Origin)
			}
		}
	}
	for name, d := range commonDocs {
		if strings.Contains(d.Origin, "clock") && d.Unit != uEpoch {
			t.Errorf("%s: origin %q but it is not a time", name, d.Origin)
		}
	}
	if d := typeDocs[TypeEngagement]["accuracy_score"]; strings.Contains(d.Origin, "clock") {
		t.Errorf("accuracy_score's origin: %q", d.Origin)
	}
}

// Codebooks point to the parameter reference the appliance serves, not to a file of the
// source repository a researcher does not have.
func TestCodebooksPointToTheServedParameterReference(t *testing.T) {
	st, id, _ := scripted(t)
	for _, typ := range []string{TypeEngagement, TypeExperimentParameters, TypeParticipants} {
		cb, err := NewCodebook(context.Background(), st, typ, id, Options{}, "test")
		if err != nil {
			t.Fatal(err)
		}
		var md bytes.Buffer
		if err := cb.WriteMarkdown(&md); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(md.String(), "parameters.md") {
			t.Errorf("%s codebook names docs/parameters.md", typ)
		}
		if !strings.Contains(md.String(), "/docs/parameters on the feedlab appliance") {
			t.Errorf("%s codebook does not point to /docs/parameters:\n%s", typ, md.String())
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

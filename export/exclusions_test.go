package export

import (
	"context"
	"slices"
	"strings"
	"testing"

	"feedlab/store"
)

// TestExclusionsReachTheExportsAtTheEnd excludes u1 of the scripted study: the participants
// and exposures exports end with excluded and exclusion_reason (every earlier column where
// it was), u1's rows say 1 and the reason, u2's 0 and nothing, DropExcluded leaves u1 out
// of the exposures and says so in the codebook.
func TestExclusionsReachTheExportsAtTheEnd(t *testing.T) {
	st, id, _ := scripted(t)
	ctx := context.Background()
	beforeP, _ := exportWith(t, st, TypeParticipants, id, Options{})
	beforeX, _ := exportWith(t, st, TypeExposures, id, Options{})
	if err := st.ExcludeParticipant(ctx, id, "u1", `said "I clicked at random"`, store.AuditRecord{Researcher: "ada"}); err != nil {
		t.Fatal(err)
	}
	for _, typ := range []string{TypeParticipants, TypeExposures} {
		header, rows := exportWith(t, st, typ, id, Options{})
		before := beforeP
		if typ == TypeExposures {
			before = beforeX
		}
		if !slices.Equal(header[:len(header)-2], before[:len(before)-2]) || !slices.Equal(header[len(header)-2:], ExclusionColumns) {
			t.Fatalf("%s header: %v", typ, header)
		}
		for _, r := range rows {
			want := "0,"
			if r["user_id"] == "u1" {
				want = `1,said "I clicked at random"`
			}
			if got := pick([]map[string]string{r}, "excluded", "exclusion_reason")[0]; got != want {
				t.Fatalf("%s row of %s: %q, want %q", typ, r["user_id"], got, want)
			}
		}
	}
	_, rows := exportWith(t, st, TypeExposures, id, Options{Cleaning: Cleaning{DropExcluded: true}})
	for _, r := range rows {
		if r["user_id"] == "u1" {
			t.Fatal("DropExcluded kept an excluded participant's exposures")
		}
	}
	_, kept := exportWith(t, st, TypeExposures, id, Options{})
	if len(kept) != 10 || len(rows) != 5 {
		t.Fatalf("exposures: %d rows, %d after dropping u1; want 10 and u2's 5", len(kept), len(rows))
	}
	cb := codebookMarkdown(t, st, TypeExposures, id, Options{Cleaning: Cleaning{DropExcluded: true}})
	if !strings.Contains(cb, "participants a researcher excluded have no rows") || !strings.Contains(cb, "exclusion_reason") {
		t.Fatalf("codebook:\n%s", cb)
	}
}

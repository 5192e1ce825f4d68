package reconcile

import (
	"fmt"
	"strings"
	"testing"
)

// BenchmarkReconcile10k parses a 10,000-line Prolific export and classifies it against
// 10,000 participants, as one call of POST /v1/studies/{id}/reconcile does after its read.
func BenchmarkReconcile10k(b *testing.B) {
	var sb strings.Builder
	sb.WriteString("Submission id,Participant id,Status,Started at,Completed at,Completion code\n")
	participants := make([]Participant, 10_000)
	for i := range 10_000 {
		fmt.Fprintf(&sb, "sub%d,P%05d,AWAITING REVIEW,2026-11-23T10:00:00Z,2026-11-23T10:10:00Z,CODE\n", i, i)
		participants[i] = Participant{UserID: fmt.Sprint(i), PlatformIDs: map[string]string{"PROLIFIC_PID": fmt.Sprintf("P%05d", i)}, Stage: "completed", CompletedAt: 1}
	}
	text := sb.String()
	b.ResetTimer()
	for b.Loop() {
		t, err := parse(text, "")
		if err != nil {
			b.Fatal(err)
		}
		res := ClassifyStudy(t, participants, nil)
		PlatformFile(t, res)
		Report(res)
	}
}

package export

import (
	"context"
	"strings"
	"testing"

	"feedlab/store"
)

// TestTextSizeColumnLastOnlyWhereAStudySetsOne: a study whose conditions set text-size has
// text_size as the participants export's last column, each participant with the size they
// read (large under large; under offer their last recorded choice, normal without one),
// described by the codebook; a study without text-size keeps its header.
func TestTextSizeColumnLastOnlyWhereAStudySetsOne(t *testing.T) {
	t.Parallel()
	st, id := seeded(t)
	ctx := context.Background()
	plain := exportRows(t, st, TypeParticipants, id)
	if h := plain[len(plain)-1]["__header__"]; strings.Contains(h, "text_size") || strings.Contains(h, "text-size") {
		t.Fatalf("participants of a study without text-size: %s", h)
	}

	// The same design with offer in condition 1 and large in condition 2 (the rows
	// params.Study.Rows writes for it).
	ps, err := st.StudyParams(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	ps = append(ps, store.Param{Condition: 1, Param: "text-size", Value: "offer"}, store.Param{Condition: 2, Param: "text-size", Value: "large"})
	sized, err := st.CreateStudy(ctx, store.NewStudy{NConditions: 2, Params: ps})
	if err != nil {
		t.Fatal(err)
	}
	// Offer participants: one switches on, off and on again; one switches off after on;
	// one never chooses.
	choices := [][]string{{"large", "normal", "large"}, {"large", "normal"}, nil}
	want := map[string]string{}
	offered := 0
	for _, user := range []string{"u1", "u2", "u3", "u4", "u5", "u6"} {
		p, _, err := st.RegisterParticipant(ctx, store.Registration{ExperimentID: sized, UserID: user, NConditions: 2, QueryParams: map[string]string{}},
			func(context.Context, int, uint64, store.EntityLookup) ([]store.InventoryItem, error) { return nil, nil })
		if err != nil {
			t.Fatal(err)
		}
		if p.Condition == 2 {
			want[user] = "large"
			continue
		}
		if offered >= len(choices) {
			continue
		}
		want[user] = "normal"
		for i, c := range choices[offered] {
			ev := store.Event{Answers: []store.Answer{{EventID: user + "-ts-" + c + string(rune('0'+i)), ParticipantID: p.ParticipantID, Kind: store.AnswerKindCheckpoint, Field: "text-size", Response: c}}}
			if _, err := st.RecordEvent(ctx, ev); err != nil {
				t.Fatal(err)
			}
			want[user] = c
		}
		offered++
	}
	if offered < len(choices) {
		t.Fatalf("only %d participants in the offer condition", offered)
	}
	rows := exportRows(t, st, TypeParticipants, sized)
	header := strings.Split(rows[len(rows)-1]["__header__"], ",")
	if header[len(header)-1] != "text_size" || header[len(header)-2] != "exclusion_reason" {
		t.Fatalf("participants header ends %v; want exclusion_reason, text_size", header[len(header)-3:])
	}
	for _, r := range rows[:len(rows)-1] {
		if w, ok := want[r["user_id"]]; ok && r["text_size"] != w {
			t.Errorf("participant %s (condition %s, text-size %s): text_size %q, want %q", r["user_id"], r["condition"], r["text-size"], r["text_size"], w)
		}
	}
	if md := codebookMarkdown(t, st, TypeParticipants, sized, Options{}); !strings.Contains(md, "| text_size |") || !strings.Contains(md, "the participant's last choice") {
		t.Errorf("the participants codebook does not describe text_size")
	}
}

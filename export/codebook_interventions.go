package export

import (
	"slices"
	"strings"

	"feedlab/store"
)

// The codebook's words for what the participant app records of an intervention
// (docs/interventions.md): rows of the user_form export (kind answer), and so columns of
// the participants export. They are written through the outbox like every answer.

// InterventionFieldDocs are the fields recorded for each intervention shown.
var InterventionFieldDocs = [][2]string{
	{"intervention_type", "The intervention shown, as the study names it (intervention-type: accprompt, literacytip, socialnorm, importance, accprompt-modal, default-modal). Written once, when it is first shown."},
	{"intervention_style", "How it was shown: modal (a pop-up over the feed) or infeed (a card in the feed at intervention_idx)."},
	{"intervention_trigger", "What opened it: position (reaching intervention_idx; for infeed, the card first half in view), first-share (the first Share press) or first-engagement (the first press of any button)."},
	{"intervention_text_sha256", "The SHA-256 (hex) of the markdown the intervention showed: the study's intervention-text, or the type's built-in text in the condition's language (English for a language feedlab has no texts in); empty for a type without text (the video, the accuracy prompt without an introduction). Compare with the column intervention-text-sha256 or with the built-in texts in docs/interventions.md."},
	{"intervention_shown_at", "When it was first shown (epoch ms, the participant's clock)."},
	{"intervention_accuracy-prompt", "The accuracy prompt's answer: 1_definitely_false, 2_probably_false, 3_probably_true or 4_definitely_true (pop-up or in-feed card)."},
	{"intervention_dwell_ms", "In-feed card: the total time it was at least half in view, in ms, summed over its visits so far. Pop-up: how long it stayed open. Sent again when it grows (at submit or when the page is hidden): the last row is the total."},
	{"intervention_dwell_visits_ms", "Each visit's length in ms, joined with ';' (the pop-up has one); the last row holds the whole list."},
	{"intervention_preceded", "With a first-share or first-engagement trigger: the press the intervention opened at and came before, as engagement_type:entity_id. That press is stored in the engagement export after the intervention is done (its time_stamp is later than this row's)."},
}

// interventionFieldDoc is the participants export's column doc of an intervention field.
func interventionFieldDoc(field string) (ColumnDoc, bool) {
	i := slices.IndexFunc(InterventionFieldDocs, func(d [2]string) bool { return d[0] == field })
	if i < 0 {
		return ColumnDoc{}, false
	}
	doc := ColumnDoc{tText, "", oClient, InterventionFieldDocs[i][1] + " The last value when recorded more than once."}
	switch field {
	case "intervention_shown_at":
		doc.Type, doc.Unit, doc.Origin = tInt, uEpoch, oClientClock
	case "intervention_dwell_ms":
		doc.Type, doc.Unit = tInt, uMs
	case "intervention_dwell_visits_ms":
		doc.Type, doc.Unit = tList, uMs
	}
	return doc, true
}

// interventionTextHashDoc describes the parameter column standing for intervention-text.
var interventionTextHashDoc = ColumnDoc{tText, "", oStudy, "The SHA-256 (hex) of the condition's own intervention-text (the text itself is in the experiment_parameters export); empty when the condition shows its type's built-in text or none. Each participant's intervention_text_sha256 row names the text they were shown."}

// studyHasIntervention reports whether any condition of the study sets an intervention-type.
func studyHasIntervention(ps []store.Param) bool {
	return slices.ContainsFunc(ps, func(p store.Param) bool {
		v := strings.ToLower(strings.TrimSpace(p.Value))
		return p.Param == "intervention-type" && v != "" && v != "none"
	})
}

// writeInterventionSection is the codebook's section on intervention rows.
func writeInterventionSection(b *strings.Builder) {
	b.WriteString("## Interventions\n\nEach intervention shown is recorded as these fields (docs/interventions.md):\n\n| field | meaning |\n| --- | --- |\n")
	for _, d := range InterventionFieldDocs {
		b.WriteString("| " + d[0] + " | " + cell(d[1]) + " |\n")
	}
	b.WriteString("\n")
}

package params

import "slices"

// The wizard's enumerated options: each list is what the validator accepts and what
// /v1/capabilities offers, in the order the wizard shows them, so the two cannot drift.
// A Name of "" is the None choice, written "none" in a params.csv.

// Choice is one value of an enumerated parameter and the words the wizard shows for it.
type Choice struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

var (
	// feedTypes are the values of feed; the first is the default.
	feedTypes = []Choice{{"scroll", "Scroll (continuous)"}, {"swipe", "Swipe (one post per swipe)"}}
	// buttonValues are the values of each feed-button-<kind>; the first is the default.
	buttonValues = []Choice{{"no", "No (hidden)"}, {"yes", "Yes (button, count from 0)"}, {"lognormal", "Lognormal (button with social counts)"}}
	// interventionTypes are the values of intervention-type.
	// accprompt-modal and default-modal are the values from before the spec's names
	// (interventions.go); they stay, so old studies and files keep working.
	interventionTypes = []Choice{
		{"", "None"},
		{InterventionAccPrompt, "Accuracy prompt (rate one headline)"},
		{InterventionLiteracyTip, "Digital-literacy tips"},
		{InterventionSocialNorm, "Social norm (most people value accuracy)"},
		{InterventionImportance, "Importance of accuracy"},
		{InterventionAccPromptModal, "Popup accuracy prompt (older name of accprompt as a pop-up)"},
		{InterventionVideoModal, "Video popup (experimental)"},
	}
	// customMsgTypes are the values of custom-msg-type.
	customMsgTypes = []Choice{{"", "None"}, {"onpage", "On page"}, {"modal", "Modal"}}
	// assignmentChoices are the values of assignment, the default first.
	assignmentChoices = []Choice{
		{AssignBalancedCompleted, "Balanced by completed and recently active participants"},
		{AssignBalancedArrivals, "Balanced by arrivals"},
	}
	// attentionFailChoices are the values of attention-fail-exit.
	attentionFailChoices = []Choice{{"", "None (continue)"}, {"quality-terminate", "Quality terminate"}}
)

// Each function returns a copy, so a caller cannot change the rules.

// FeedTypes are the values of feed; the first is the default.
func FeedTypes() []Choice { return slices.Clone(feedTypes) }

// ButtonValues are the values of each feed-button-<kind>; the first is the default.
func ButtonValues() []Choice { return slices.Clone(buttonValues) }

// InterventionTypes are the values of intervention-type, None first.
func InterventionTypes() []Choice { return slices.Clone(interventionTypes) }

// CustomMsgTypes are the values of custom-msg-type, None first.
func CustomMsgTypes() []Choice { return slices.Clone(customMsgTypes) }

// AssignmentChoices are the values of assignment, the default first.
func AssignmentChoices() []Choice { return slices.Clone(assignmentChoices) }

// AttentionFailChoices are the values of attention-fail-exit, None first.
func AttentionFailChoices() []Choice { return slices.Clone(attentionFailChoices) }

// values are the choices as the validator accepts and lists them ("none" for None).
func values(cs []Choice) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, valueOf(c.Name))
	}
	return out
}

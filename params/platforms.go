package params

import "slices"

// Platform is one recruitment platform a study may name in its platform parameter, with
// every fact the rest of feedlab needs about it: the validator, the wizard (served by
// /v1/capabilities), the participant link and the reconciliation panel (generated into
// frontend/src/generated/registry.ts by tools/genregistry). A new platform is one entry in
// platforms; TestEveryPlatformIsWired fails for an entry some part does not take.
type Platform struct {
	Name  string `json:"name"`  // the platform parameter's value; "" is None (classroom or lab)
	Title string `json:"title"` // as the wizard lists it
	// LinkParams are what the participant link adds after ?experiment_id=…: the platform's
	// own placeholders, which it fills in for each participant (PLATFORMS.md).
	LinkParams string `json:"link_params"`
	// IDParams are the arrival parameters that carry the platform's person id, the ones a
	// platform's list is matched on when reconciling.
	IDParams []string `json:"id_params"`
	// End is how a participant's flow ends on this platform (the End* constants); it
	// decides whether redirect-url or completion-code applies.
	End string `json:"end"`
	// NeedsRedirect: the participant is sent to redirect-url at the end, so it is required.
	// Set from End by Platforms.
	NeedsRedirect bool `json:"needs_redirect"`
	// CompletionCode: the participant is shown a completion code to paste back
	// (completion-code, generated per participant when empty) instead of a redirect.
	// Set from End by Platforms.
	CompletionCode bool `json:"completion_code"`
	// Reconcile names the list the platform gives back, as the reconciliation panel says it
	// ("submissions export"); "" when feedlab reads no list of this platform.
	Reconcile string `json:"reconcile"`
	// ReturnURL is where a participant turned away (study paused or closed) goes back to
	// the platform; "" when the platform has no such page.
	ReturnURL string `json:"return_url"`
	// ExampleURL is what the platform's completion link looks like, shown under the
	// redirect URL field; "" when there is no redirect URL to give.
	ExampleURL string `json:"example_url"`
}

// The ways a participant's flow ends, as the participant's end page shows them
// (frontend/src/participant/flow/endFlow.ts).
const (
	EndHome        = "home"         // a thank-you and Return home
	EndRedirect    = "redirect"     // a link to redirect-url, as given
	EndRedirectRID = "redirect-rid" // a link to redirect-url with the panel's RID put in
	EndCode        = "code"         // the completion code to paste back
	EndContinue    = "continue"     // on to redirect-url with user_id and the arrival parameters, automatically
)

// platforms are the recruitment platforms, in the order the wizard lists them; None first.
// The exits other than completion (redirect-url-terminate, -quality, -overquota,
// -screenout) are offered for every platform: each platform names them differently but
// any of them may have them (Exits).
var platforms = []Platform{
	{Name: "", Title: "None", End: EndHome},
	{Name: "mturk", Title: "MTurk", IDParams: []string{"workerId"}, End: EndCode, Reconcile: "batch results",
		// MTurk adds assignmentId, hitId, workerId and turkSubmitTo to an external question by itself.
		LinkParams: ""},
	{Name: "prolific", Title: "Prolific", IDParams: []string{"PROLIFIC_PID"}, End: EndRedirect, Reconcile: "submissions export",
		LinkParams: "&PROLIFIC_PID={{%PROLIFIC_PID%}}&STUDY_ID={{%STUDY_ID%}}&SESSION_ID={{%SESSION_ID%}}",
		ReturnURL:  "https://app.prolific.com/submissions",
		ExampleURL: "https://app.prolific.com/submissions/complete?cc=XXXXXXX"},
	{Name: "lucid", Title: "Lucid / Cint", IDParams: []string{"RID", "rid"}, End: EndRedirectRID, Reconcile: "RIDs",
		LinkParams: "&RID=[%RID%]",
		ExampleURL: "https://samplicio.us/s/ClientCallBack.aspx?RIS=10&RID=[%RID%]"},
	{Name: "custom", Title: "Custom", End: EndContinue, ExampleURL: "https://example.org/thank-you"},
}

// PlatformNamed returns the platform a (canonical, lower-case) platform value names;
// "" and "none" are None.
func PlatformNamed(name string) (Platform, bool) {
	i := slices.IndexFunc(platforms, func(p Platform) bool { return p.Name == orNone(name) })
	if i < 0 {
		return Platform{}, false
	}
	return platforms[i].clone(), true
}

// Platforms are the recruitment platforms in the wizard's order, None first; a copy, so a
// caller cannot change the rules.
func Platforms() []Platform {
	out := make([]Platform, len(platforms))
	for i, p := range platforms {
		out[i] = p.clone()
	}
	return out
}

func (p Platform) clone() Platform {
	p.IDParams = append([]string{}, p.IDParams...) // [] rather than null in JSON
	p.NeedsRedirect = p.End == EndRedirect || p.End == EndRedirectRID || p.End == EndContinue
	p.CompletionCode = p.End == EndCode
	return p
}

// platformValues are the platform parameter's accepted values, as the validator lists
// them ("none" for None).
func platformValues() []string {
	var out []string
	for _, p := range platforms {
		out = append(out, valueOf(p.Name))
	}
	return out
}

// valueOf is how a choice's value is written in a params.csv: None is "none".
func valueOf(name string) string {
	if name == "" {
		return "none"
	}
	return name
}

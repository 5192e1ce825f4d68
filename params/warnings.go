package params

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Warnings lists the settings of a valid study that can have no effect: a value the
// participant's flow never reads given the condition's other settings (a redirect-url with
// no platform, a completion-code for a platform that uses none, a custom-msg whose type is
// none, ...). They are not errors: the study is created as written, and the researcher is
// told, so a setting they believe is active is not silently ignored. rows are the rows the
// study was validated from (plain values); each warning names the row's line, condition and
// parameter like a Problem.
func Warnings(rows []Row) Problems {
	byCond := map[int]map[string]Row{}
	var conds []int
	for _, r := range rows {
		if byCond[r.Condition] == nil {
			byCond[r.Condition] = map[string]Row{}
			conds = append(conds, r.Condition)
		}
		if _, dup := byCond[r.Condition][r.Param]; !dup {
			byCond[r.Condition][r.Param] = r
		}
	}
	slices.Sort(conds)
	var ws Problems
	for _, c := range conds {
		ws = append(ws, conditionWarnings(c, byCond[c])...)
	}
	ws = append(ws, languageWarnings(byCond, conds)...)
	sortProblems(ws)
	return ws
}

func conditionWarnings(cond int, rows map[string]Row) Problems {
	value := func(p string) string { return norm(rows[p].Value) }
	word := func(p string) string { return orNone(strings.ToLower(value(p))) }
	var ws Problems
	warn := func(param, format string, args ...any) {
		ws = append(ws, Problem{Line: rows[param].Line, Condition: cond, Param: param, Message: fmt.Sprintf(format, args...)})
	}
	platform := word("platform")

	if value("redirect-url") != "" {
		switch platform {
		case "":
			warn("redirect-url", "has no effect: the platform is none, so participants end with Return home and are sent nowhere; set platform to prolific, lucid or custom to use it")
		case "mturk":
			warn("redirect-url", "has no effect with platform mturk: MTurk workers paste a completion code into the HIT instead (completion-code)")
		}
	}
	if value("completion-code") != "" && platform != "mturk" {
		name := platform
		if name == "" {
			name = "none"
		}
		warn("completion-code", "has no effect with platform %s: only mturk shows a completion code; for Prolific put the code in the redirect-url (…/submissions/complete?cc=CODE)", name)
	}

	msgType := word("custom-msg-type")
	formsList := listedForms(value("forms"))
	if value("custom-msg") != "" && msgType == "" {
		warn("custom-msg", "has no effect: custom-msg-type is none, so the message is never shown; set custom-msg-type to onpage or modal to show it at the end of the flow")
	}
	if msgType == "" && slices.Contains(formsList, "custom-msg") {
		warn("forms", "lists custom-msg but custom-msg-type is none: that page shows only a Thank you heading, no message; set custom-msg-type and custom-msg, or remove custom-msg from forms")
	}

	interventionType := word("intervention-type")
	if value("intervention-perc") != "" && interventionType == "" {
		warn("intervention-perc", "has no effect: there is no intervention-type, so no intervention opens")
	}
	if value("intervention-video") != "" && interventionType != "default-modal" {
		warn("intervention-video", "has no effect: only intervention-type default-modal shows a video")
	}
	if interventionType == "" {
		for _, p := range []string{"intervention-style", "intervention-trigger", "intervention-text"} {
			if w := word(p); w != "" && !(p == "intervention-style" && w == StyleModal) && !(p == "intervention-trigger" && w == TriggerPosition) {
				warn(p, "has no effect: there is no intervention-type, so no intervention opens")
			}
		}
	} else if value("intervention-perc") != "" && word("intervention-trigger") != "" && word("intervention-trigger") != TriggerPosition {
		warn("intervention-perc", "has no effect: intervention-trigger %s opens the intervention at a press, not at a position", word("intervention-trigger"))
	}
	if word(paramCompose) == "yes" && word("feed") == "swipe" {
		warn(paramCompose, "has no effect with feed swipe: the \"What's on your mind?\" box sits at the top of a scrolling feed; use feed scroll to offer it")
	}
	return ws
}

// listedForms reads a forms value leniently (it has been validated already).
func listedForms(s string) []string {
	var names []string
	_ = json.Unmarshal([]byte(s), &names)
	for i, n := range names {
		names[i] = strings.ToLower(strings.TrimSpace(n))
	}
	return names
}

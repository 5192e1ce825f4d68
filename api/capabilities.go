package api

import (
	"net/http"
	"strings"

	"feedlab/export"
	"feedlab/params"
	qdef "feedlab/questionnaire"
	"feedlab/stimuli"
)

// capabilities answers what the wizard may offer: algorithms, interventions, questionnaires, platforms and the addresses
// participants open.
func (s *Server) capabilities(w http.ResponseWriter, r *http.Request) {
	// Every list comes from the table of the package that owns it, which the validator
	// (or the export) reads too: what the wizard offers is what a study may use.
	ok(w, map[string]any{
		"algorithms":         params.Algorithms(),
		"intervention_types": params.InterventionTypes(),
		// The family's choices (docs/interventions.md); the wizard previews each type's
		// default text through POST /v1/render.
		"intervention_styles":   params.InterventionStyles(),
		"intervention_triggers": params.InterventionTriggers(),
		"skins":                 params.Skins(),
		"custom_msg_types":      params.CustomMsgTypes(),
		"questionnaires":        params.Questionnaires(),
		// The built-ins' definitions in the custom format (what `feedlab questionnaire
		// show` prints), so the wizard's builder can start from one.
		"questionnaire_definitions": qdef.Builtins(),
		"platforms":                 params.Platforms(),
		"feed_types":                params.FeedTypes(),
		"text_sizes":                params.TextSizes(),
		"buttons":                   params.ButtonKinds(),
		"button_values":             params.ButtonValues(),
		"categories":                stimuli.Categories,
		"export_types":              export.TypeTable(),
		"max_conditions":            params.MaxConditions,
		"participant_urls":          s.participantURLs(r),
		"recruitment": map[string]any{
			"assignment_rules":       params.AssignmentChoices(),
			"default_active_minutes": params.DefaultActiveMinutes,
			"max_active_minutes":     params.MaxActiveMinutes,
			"max_quota":              params.MaxQuota,
			"attention_fail_exits":   params.AttentionFailChoices(),
		},
	})
}

// participantURLs are the addresses participants open, local first, as serve printed them.
// Without them (a server made in a test) the address the researcher used stands in.
func (s *Server) participantURLs(r *http.Request) []string {
	if len(s.publicURLs) > 0 {
		return append([]string(nil), s.publicURLs...)
	}
	scheme := "http"
	if isHTTPS(r) {
		scheme = "https"
	}
	host := r.Host
	if host == "" || strings.ContainsAny(host, "/ ") {
		host = "localhost"
	}
	return []string{scheme + "://" + host + "/"}
}

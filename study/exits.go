package study

// A participant's ways out of a study: the exits a page may ask for, the URLs each
// condition sets for them, and the attention check that can send someone to one.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"

	"feedlab/params"
	"feedlab/questionnaire"
	"feedlab/store"
)

// ridPlaceholders are how Lucid (Cint) writes the respondent id in a redirect URL; some
// setups copy it percent-encoded. The participant page's end flow reads the same list.
var ridPlaceholders = []string{"[%RID%]", "%5B%25RID%25%5D", "%5b%25RID%25%5d"}

// ExitURL is a redirect URL with the participant's RID (arrival parameter RID or rid) put
// in place of its [%RID%] placeholder, or set as its RID query parameter when it has no
// placeholder. Without an RID the URL is used as given; "" stays "".
func ExitURL(raw string, arrival map[string]string) string {
	rid := arrival["RID"]
	if rid == "" {
		rid = arrival["rid"]
	}
	if raw == "" || rid == "" {
		return raw
	}
	for _, p := range ridPlaceholders {
		if strings.Contains(raw, p) {
			return strings.ReplaceAll(raw, p, url.QueryEscape(rid))
		}
	}
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	q := u.Query()
	q.Set("RID", rid)
	u.RawQuery = q.Encode()
	return u.String()
}

// OverQuotaURL is where an arrival who finds every condition full is sent: the first
// condition's over-quota URL that is set (the arrival has no condition), RID substituted;
// "" when the study sets none.
func (d *Definition) OverQuotaURL(arrival map[string]string) string {
	for _, c := range d.Study.Conditions {
		if c.Exits.OverQuota != "" {
			return ExitURL(c.Exits.OverQuota, arrival)
		}
	}
	return ""
}

// exitURLs maps the participant-facing exit names to a condition's URLs.
func exitURLs(c params.Condition) map[string]string {
	return map[string]string{
		"terminate":  c.Exits.Terminate,
		"quality":    c.Exits.Quality,
		"screen-out": c.Exits.ScreenOut,
		"over-quota": c.Exits.OverQuota,
	}
}

// ExitsOffered are the participant-facing exits participant p's condition sets a URL for
// (terminate, quality, screen-out), sorted, so the page can offer them (a consent page's
// "I do not agree" takes the terminate exit).
func (d *Definition) ExitsOffered(condition int) []string {
	out := []string{}
	c := d.Condition(condition)
	if c == nil {
		return out
	}
	for _, name := range []string{"quality", "screen-out", "terminate"} {
		if exitURLs(*c)[name] != "" {
			out = append(out, name)
		}
	}
	return out
}

// ParticipantExits are the exits a participant's page may ask for, by the names the
// participant API uses, with the exit state each records.
var ParticipantExits = map[string]string{
	"terminate":  store.ExitTerminate,
	"quality":    store.ExitQualityTerminate,
	"screen-out": store.ExitScreenedOut,
	// attention-fail: the page's attention check failed; it ends at the quality-terminate
	// URL only when the condition's attention-fail-exit says so (else exit_not_set and the
	// participant continues).
	"attention-fail": store.ExitQualityTerminate,
}

// ErrExitNotSet is returned when the participant's condition has no URL for the exit.
var ErrExitNotSet = errors.New("study: the condition sets no URL for this exit")

// ErrAlreadyCompleted is returned when a participant who completed asks for another exit.
var ErrAlreadyCompleted = errors.New("study: the participant already completed")

// Exit ends participant p's session by exit (a key of ParticipantExits): it records the
// exit state and answers the condition's URL for it with the participant's RID. The first
// exit is kept; a completed participant cannot leave by another exit.
func (d *Definition) Exit(ctx context.Context, st *store.Store, p store.Participant, exit string) (string, error) {
	state, ok := ParticipantExits[exit]
	if !ok {
		return "", fmt.Errorf("study: unknown exit %q", exit)
	}
	c := d.Condition(int(p.Condition))
	if c == nil {
		return "", fmt.Errorf("study: participant %d has condition %d outside study %s", p.ParticipantID, p.Condition, d.ExperimentID)
	}
	raw := exitURLs(*c)[exit]
	if exit == "attention-fail" && c.Exits.AttentionFail != "" {
		raw = c.Exits.Quality
	}
	if raw == "" {
		return "", ErrExitNotSet
	}
	if p.CompletedAt.Valid {
		return "", ErrAlreadyCompleted
	}
	if p.ExitState == "" {
		if err := st.SetExitState(ctx, p.ParticipantID, state); err != nil {
			return "", err
		}
	}
	var arrival map[string]string
	_ = json.Unmarshal([]byte(p.QueryParams), &arrival) // stored by the store as a JSON object
	return ExitURL(raw, arrival), nil
}

// AttentionFailed reports whether a questionnaire page failed the attention check of the
// ac form ("Neither agree nor disagree" is asked for) and the participant's condition
// sends such participants to quality-terminate.
// A custom questionnaire's attention items (issue 23) count the same way: an answer other
// than the item's expect fails.
func (d *Definition) AttentionFailed(p store.Participant, fields map[string]string) bool {
	c := d.Condition(int(p.Condition))
	if c == nil || c.Exits.AttentionFail == "" {
		return false
	}
	if answer, asked := fields[AttentionCheckField]; asked && answer != AttentionCheckPass {
		return true
	}
	for field, expect := range d.customAttention(*c) {
		answer, asked := fields[field]
		if !asked {
			continue
		}
		// Answers arrive URL-component-encoded, as the participant page sends every value.
		if plain, err := url.PathUnescape(answer); err != nil || plain != expect {
			return true
		}
	}
	return false
}

// AsksAttention tells whether a page's fields hold an attention check's answer in some
// condition of the study, so that a page without one costs no participant look-up.
func (d *Definition) AsksAttention(fields map[string]string) bool {
	if _, asked := fields[AttentionCheckField]; asked {
		return true
	}
	for _, c := range d.Study.Conditions {
		for field := range d.customAttention(c) {
			if _, asked := fields[field]; asked {
				return true
			}
		}
	}
	return false
}

// customAttention maps the answer field of each attention item in the condition's custom
// questionnaires to the value that passes.
func (d *Definition) customAttention(c params.Condition) map[string]string {
	out := map[string]string{}
	for _, name := range append(slices.Clone(c.FormsBefore), c.Forms...) {
		q, ok := d.Study.Questionnaire(name)
		if !ok {
			continue
		}
		for _, pg := range q.Pages {
			for _, it := range pg.Items {
				if it.Type == questionnaire.Attention {
					out[it.ID] = it.Expect
				}
			}
		}
	}
	return out
}

// The ac questionnaire's attention check and the answer it asks for (the participant
// page's value, URL-component-encoded as it sends every answer).
const (
	AttentionCheckField = "attentioncheck1"
	AttentionCheckPass  = "3_neither-agree-nor-disagree"
)

package api

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"feedlab/store"
	"feedlab/study"
)

// Labelled single-use links for a classroom or lab study (platform none): the researcher
// uploads participant labels; each label's link admits one participant. Once a study has
// labels it admits only its labelled links (and preview links), so a shared plain link
// cannot fill it with strangers.

const (
	labelParam    = "label"     // the label, in the link and in the export (URLParams-label)
	labelKeyParam = "label_key" // the label's random key: a credential, never stored
	maxLabels     = 2000
	maxLabelLen   = 64
)

type labelJSON struct {
	Label  string `json:"label"`
	Link   string `json:"link"` // relative: /?experiment_id=…&label=…&label_key=…
	Used   bool   `json:"used"`
	UsedAt int64  `json:"used_at,omitempty"`
	UserID string `json:"user_id,omitempty"`
}

// labelLink is the relative participant link of one label.
func labelLink(experimentID string, l store.ParticipantLabel) string {
	q := url.Values{"experiment_id": {experimentID}, labelParam: {l.Label}, labelKeyParam: {l.Key}}
	return "/?" + q.Encode()
}

// getStudyLabels lists a study's labels with their links and whether each was used
// (collaborators may see them: printing links is watching, not changing).
func (s *Server) getStudyLabels(w http.ResponseWriter, r *http.Request) {
	st := studyOf(r)
	s.answerLabels(w, r, st.ID, st.Access.CanManage(), true)
}

// answerLabels answers the labels with their links and who used each; read says to record
// it as a read of participant data (after adding labels, the answer is the addition's).
func (s *Server) answerLabels(w http.ResponseWriter, r *http.Request, id string, manage, read bool) {
	def, err := s.studyDefinition(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	labels, err := s.store.ParticipantLabels(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	out := make([]labelJSON, len(labels))
	for i, l := range labels {
		out[i] = labelJSON{Label: l.Label, Link: labelLink(id, l), Used: l.UserID != "", UsedAt: l.UsedAt.Int64, UserID: l.UserID}
	}
	if read {
		if err := s.auditRead(r, id, store.AuditReadLabels, fmt.Sprintf("%d labels", len(labels))); err != nil {
			s.fail(w, r, err)
			return
		}
	}
	ok(w, map[string]any{"labels": out, "allowed": labelsAllowed(def), "can_manage": manage})
}

// labelsAllowed: labelled links are for studies without a recruitment platform, whose
// participants carry no platform id of their own.
func labelsAllowed(def *study.Definition) bool {
	c := def.Condition(1)
	return c != nil && c.Platform == ""
}

type labelsRequest struct {
	Labels []string `json:"labels"`
}

// addStudyLabels adds participant labels to a study (owner only); labels already on the
// list keep their links.
func (s *Server) addStudyLabels(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	var req labelsRequest
	if err := decode(w, r, 1<<20, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	def, err := s.studyDefinition(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if !labelsAllowed(def) {
		s.fail(w, r, badRequest("Labelled links are for studies without a recruitment platform (platform none); this study recruits on %s, which identifies its participants.", def.Condition(1).Platform))
		return
	}
	labels, aerr := cleanLabels(req.Labels)
	if aerr != nil {
		s.fail(w, r, aerr)
		return
	}
	existing, err := s.store.ParticipantLabels(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if len(existing)+len(labels) > maxLabels {
		s.fail(w, r, badRequest("A study can have at most %d labels; it has %d and %d were sent.", maxLabels, len(existing), len(labels)))
		return
	}
	// Recorded first: links that admit participants are not made unrecorded.
	detail := fmt.Sprintf("%d labels sent, first %q", len(labels), truncate(labels[0], 40))
	if err := s.store.RecordAudit(r.Context(), id, researcherFrom(r.Context()).Name, store.AuditLabelledLinks, detail); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.store.AddParticipantLabels(r.Context(), id, labels, researcherFrom(r.Context()).Name); err != nil {
		s.fail(w, r, err)
		return
	}
	s.answerLabels(w, r, id, true, false)
}

// cleanLabels trims the labels, drops blank lines and repeats, and refuses labels that
// would not print or read back well.
func cleanLabels(in []string) ([]string, *apiError) {
	seen := map[string]bool{}
	var out []string
	for i, l := range in {
		l = strings.TrimSpace(l)
		if l == "" || seen[l] {
			continue
		}
		if !utf8.ValidString(l) || utf8.RuneCountInString(l) > maxLabelLen || strings.IndexFunc(l, unicode.IsControl) >= 0 {
			return nil, badRequest("Label %d (%q) must be 1 to %d characters of text on one line.", i+1, truncate(l, 40), maxLabelLen)
		}
		seen[l] = true
		out = append(out, l)
	}
	if len(out) == 0 {
		return nil, badRequest("The list holds no label: give one participant label per line.")
	}
	if len(out) > maxLabels {
		return nil, badRequest("At most %d labels; the list holds %d.", maxLabels, len(out))
	}
	return out, nil
}

const (
	codeLabelRequired = "label_required"
	codeLabelUnknown  = "label_unknown"
	codeLabelUsed     = "label_used"
	codeLabelBrowser  = "label_other_browser"
)

// sameBrowserOtherLabel refuses a personal link opened in a browser that already took part
// with another label (a shared classroom computer keeps the first student's session): the
// link is not spent on the earlier participant, and the page says to use a private window.
func (s *Server) sameBrowserOtherLabel(ctx context.Context, experimentID, key, userID string) error {
	p, err := s.store.Participant(ctx, experimentID, userID)
	if errors.Is(err, store.ErrNotFound) {
		return nil
	} else if err != nil {
		return err
	}
	labels, err := s.store.ParticipantLabels(ctx, experimentID)
	if err != nil {
		return err
	}
	for _, l := range labels {
		if l.UserID == p.UserID && l.Key != key {
			return &apiError{http.StatusConflict, codeLabelBrowser, "This browser already took part with another personal link. Open your link in a private window, or ask the researcher for help."}
		}
	}
	return nil
}

// admitLabel checks a new or returning real participant of a study with labels against
// their link: the label's key must be known, and either unused or already someone's. A
// label names one participant (issue 20, item 3): opened in another browser or device,
// it resumes the participant who holds it, whose user id is answered as resumeAs. It
// replaces the key in query by nothing (a credential is not stored) and the label by the
// stored one. release undoes a claim this call made, for a registration that then fails.
func (s *Server) admitLabel(ctx context.Context, experimentID, userID string, query map[string]string) (release func(), resumeAs string, err error) {
	release, key, err := s.claimLabel(ctx, experimentID, userID, query)
	if !errors.Is(err, store.ErrLabelUsed) {
		return release, "", err
	}
	labels, lerr := s.store.ParticipantLabels(ctx, experimentID)
	if lerr != nil {
		return release, "", lerr
	}
	for _, l := range labels {
		if l.Key == key && l.UserID != "" {
			query[labelParam] = l.Label
			return func() {}, l.UserID, nil
		}
	}
	return release, "", &apiError{http.StatusConflict, codeLabelUsed, "This personal link has already been used. Each link works once; ask the researcher for help if it is yours."}
}

// claimLabel claims the link's label for userID (see admitLabel); key is the link's key,
// for finding who holds a label already used.
func (s *Server) claimLabel(ctx context.Context, experimentID, userID string, query map[string]string) (release func(), key string, err error) {
	none := func() {}
	k, hasKey := query[labelKeyParam]
	key = k
	delete(query, labelKeyParam)
	has, err := s.store.HasParticipantLabels(ctx, experimentID)
	if err != nil || !has {
		return none, key, err
	}
	if !hasKey {
		return none, key, &apiError{http.StatusForbidden, codeLabelRequired, "This study admits participants by their personal links only. Use the link the researcher gave you."}
	}
	if err := s.sameBrowserOtherLabel(ctx, experimentID, key, userID); err != nil {
		return none, key, err
	}
	label, claimed, err := s.store.ClaimParticipantLabel(ctx, experimentID, key, userID)
	switch {
	case errors.Is(err, store.ErrLabelUnknown):
		return none, key, &apiError{http.StatusForbidden, codeLabelUnknown, "This personal link is not valid for this study. Check the link, or ask the researcher for yours."}
	case errors.Is(err, store.ErrLabelUsed):
		return none, key, err
	case err != nil:
		return none, key, err
	}
	query[labelParam] = label
	if !claimed {
		return none, key, nil
	}
	return func() { _ = s.store.ReleaseParticipantLabel(context.WithoutCancel(ctx), experimentID, key, userID) }, key, nil
}

package api

import (
	"context"
	"database/sql"
	"errors"
	"maps"
	"net/http"

	"feedlab/alert"
	"feedlab/feed"
	"feedlab/store"
	"feedlab/study"
)

// What one registration may store of its arrival parameters (issue 13, item 3): enough
// for every platform's ids and a survey tool's tracking parameters, not enough to fill
// the disk (one client once stored 750 MB in 10 s).
const (
	maxQueryParams     = 30
	maxQueryParamName  = 100
	maxQueryParamValue = 2000
	maxQueryParamTotal = 8 << 10 // names and values together, bytes
)

type loadRequest struct {
	UserID       text              `json:"user_id"`
	ExperimentID text              `json:"experiment_id"`
	QueryParams  map[string]string `json:"query_params"`
}

// loadExperiment registers a participant on their first call (condition, feed), and
// answers their feed and their condition's parameters; later calls answer the same.
// GET takes user_id and experiment_id from the query string; every query parameter,
// these two included, is an arrival parameter (logged as URLParams-*, as the original did).
func (s *Server) loadExperiment(w http.ResponseWriter, r *http.Request) {
	var req loadRequest
	if r.Method == http.MethodGet {
		q := r.URL.Query()
		req.UserID, req.ExperimentID = text(q.Get("user_id")), text(q.Get("experiment_id"))
		req.QueryParams = map[string]string{}
		for k, v := range q {
			if len(v) > 0 {
				req.QueryParams[k] = v[0]
			}
		}
	} else if err := decode(w, r, limitEvent, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	ref := participantRef{UserID: req.UserID, ExperimentID: req.ExperimentID}
	if err := ref.check(); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := checkQueryParams(req.QueryParams); err != nil {
		s.fail(w, r, err)
		return
	}
	ctx := r.Context()
	def, err := s.studyDefinition(ctx, string(req.ExperimentID))
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if err := s.limitArrival(r, req); err != nil {
		s.fail(w, r, err)
		return
	}
	query := maps.Clone(req.QueryParams) // register takes a label's key out of it
	p, err := s.register(ctx, def, string(req.UserID), query, s.userAgent(r))
	if errors.Is(err, store.ErrStudyChanged) {
		// The researcher edited the study while this participant's feed was composed:
		// nothing was registered; compose it again from the study as it is now.
		s.studies.Forget(def.ExperimentID)
		if def, err = s.studyDefinition(ctx, string(req.ExperimentID)); err == nil {
			p, err = s.register(ctx, def, string(req.UserID), maps.Clone(req.QueryParams), s.userAgent(r))
		}
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	view, err := def.View(ctx, s.store, p)
	if errors.Is(err, feed.ErrRankingFailed) {
		// A feed composed from the answers given before it (study/answers_ranking.go)
		// failed: nothing was stored, the participant may try again, as at arrival.
		_, err = s.registrationRefused(def, p, query, err)
	}
	if err != nil {
		s.fail(w, r, err)
		return
	}
	body := map[string]any{
		"user_id":       p.UserID,
		"experiment_id": p.ExperimentID,
		"condition":     p.Condition,
		"texts":         view.Texts,
		"completed":     p.CompletedAt.Valid,
		"exits":         def.ExitsOffered(int(p.Condition)),
	}
	if view.Pending {
		// The condition ranks by the answers given before the feed, which are not all
		// stored yet: the page sends them and asks again (only such conditions say so).
		body["feed_pending"] = true
	}
	reactions, err := def.Reactions(ctx, s.store, p.ParticipantID, p.Condition)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if len(def.Study.Reactions) > 0 {
		// The page listens for the reactions its participant's actions draw.
		body["reacts"] = true
	}
	if len(reactions) > 0 {
		// What simulated others did so far, each with its due time on the server's clock
		// (now is that clock), so a reloaded page shows the same thread.
		body["reactions"] = reactions
		body["now"] = s.now().UnixMilli()
	}
	if len(view.OwnPosts) > 0 {
		// Only once the participant posted (feed-compose): other answers stay as they were.
		body["own_posts"] = view.OwnPosts
	}
	if view.LureData != nil {
		// Only when a questionnaire asks about lures: other studies answer as before.
		body["lure_data"] = view.LureData
	}
	cards, err := study.AppendCards(nil, view.OrderData)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	okCompressed(w, r, body, rawField{"order_data", cards}, rawField{"experiment_parameters", view.ParametersJSON})
}

func checkQueryParams(q map[string]string) *apiError {
	if len(q) > maxQueryParams {
		return badRequest("The study link has %d parameters; at most %d are kept. Remove the extra parameters from the link.", len(q), maxQueryParams)
	}
	total := 0
	for k, v := range q {
		if k == "" || len(k) > maxQueryParamName || len(v) > maxQueryParamValue {
			return badRequest("query parameter %q is too long (names up to %d, values up to %d characters).", truncate(k, 40), maxQueryParamName, maxQueryParamValue)
		}
		total += len(k) + len(v)
	}
	if total > maxQueryParamTotal {
		return badRequest("The study link's parameters hold %d bytes; at most %d are kept. Shorten the link.", total, maxQueryParamTotal)
	}
	return nil
}

// limitArrival spends one of the client address's arrivals when the participant is new
// (a returning participant reloading their feed costs nothing), so one client cannot
// register thousands of fake participants; a classroom behind one address fits the burst.
func (s *Server) limitArrival(r *http.Request, req loadRequest) error {
	_, err := s.store.ResolveEvent(r.Context(), string(req.ExperimentID), string(req.UserID), 0)
	if !errors.Is(err, store.ErrNotFound) {
		return err
	}
	if err := s.refuseIfDiskLow(); err != nil {
		return err
	}
	if wait := s.arrivals.Take(clientAddr(r), s.now()); wait > 0 {
		return tooMany("Too many new participants from one address", wait)
	}
	return nil
}

// previewParam is the arrival parameter of a preview link (POST /v1/studies/{id}/preview).
const previewParam = "preview"

// register registers the participant: a test participant in the preview link's condition
// when the arrival carries a valid preview token, a real one otherwise. A new real
// participant of a paused or closed study is refused (403 study_not_accepting, with the
// platform's return link when it has one); one already registered continues.
func (s *Server) register(ctx context.Context, def *study.Definition, userID string, query map[string]string, userAgent sql.NullInt64) (store.Participant, error) {
	if token, isPreview := query[previewParam]; isPreview {
		delete(query, previewParam) // the token is a credential: it is not stored
		condition, err := s.store.PreviewCondition(ctx, def.ExperimentID, token)
		if errors.Is(err, store.ErrPreviewExpired) {
			return store.Participant{}, &apiError{http.StatusForbidden, codePreviewExpired, "This preview link has expired or is not valid; open a new one from the study page."}
		}
		if err != nil {
			return store.Participant{}, err
		}
		return def.RegisterTest(ctx, s.store, userID, condition, query, userAgent)
	}
	release, resumeAs, err := s.admitLabel(ctx, def.ExperimentID, userID, query) // labelled links (study_labels.go)
	if err != nil {
		return store.Participant{}, err
	}
	if resumeAs != "" {
		// The label's holder opened their link in another browser: they continue, or are
		// told they took part already, like a platform id's second arrival.
		p, err := s.store.Participant(ctx, def.ExperimentID, resumeAs)
		if err == nil && (p.CompletedAt.Valid || p.ExitState != "") {
			err = store.ErrAlreadyTookPart
		}
		if err != nil {
			return s.registrationRefused(def, p, query, err)
		}
		return p, nil
	}
	p, err := def.Register(ctx, s.store, userID, query, userAgent)
	if err != nil {
		release()
		return s.registrationRefused(def, p, query, err)
	}
	return p, nil
}

// registrationRefused turns a refused registration into the participant's answer: the
// platform's return link or exit where there is one, the alert for a failed ranking.
func (s *Server) registrationRefused(def *study.Definition, p store.Participant, query map[string]string, err error) (store.Participant, error) {
	if errors.Is(err, store.ErrNotStarted) {
		// A draft registers no one (issue 22): nothing is recorded, the page says so.
		return p, &apiError{http.StatusConflict, codeNotStarted, notStartedMessage}
	}
	if errors.Is(err, store.ErrArchived) {
		return p, &apiError{http.StatusGone, codeStudyEnded, studyEndedMessage}
	}
	if errors.Is(err, store.ErrNotAccepting) {
		fields := map[string]any{}
		if c := def.Condition(1); c != nil {
			if u := study.ReturnURL(*c); u != "" {
				fields["return_url"] = u
			}
		}
		ae := &apiError{http.StatusForbidden, codeNotAccepting, notAcceptingMessage}
		return p, &detailedError{err: ae, fields: fields}
	}
	if errors.Is(err, store.ErrAlreadyTookPart) {
		// One person is one participant (issue 20, item 3): the same platform id from
		// another browser after completing or leaving registers nothing new.
		fields := map[string]any{}
		if c := def.Condition(int(p.Condition)); c != nil {
			if u := study.ReturnURL(*c); u != "" {
				fields["return_url"] = u
			}
		}
		ae := &apiError{http.StatusConflict, codeAlreadyTookPart, alreadyTookPartMessage}
		return store.Participant{}, &detailedError{err: ae, fields: fields}
	}
	if errors.Is(err, feed.ErrRankingFailed) {
		// Counted on the study page and logged once a minute by the alert board, never a
		// 500 with a line per request; the participant may retry.
		s.alerts.Note(def.ExperimentID, alert.RankingFailed, err.Error())
		return store.Participant{}, &apiError{http.StatusServiceUnavailable, codeRankingFailed, rankingFailedMessage}
	}
	if errors.Is(err, store.ErrOverQuota) {
		// Not a dead end: the platform's over-quota exit (Lucid code 40, RID substituted)
		// when the study sets one; the page sends the participant there.
		fields := map[string]any{}
		if u := def.OverQuotaURL(query); u != "" {
			fields["exit_url"] = u
			fields["return_url"] = u
		} else if c := def.Condition(1); c != nil {
			if u := study.ReturnURL(*c); u != "" {
				fields["return_url"] = u
			}
		}
		ae := &apiError{http.StatusForbidden, codeOverQuota, overQuotaMessage}
		return p, &detailedError{err: ae, fields: fields}
	}
	return p, err
}

const (
	codeAlreadyTookPart    = "already_participated"
	alreadyTookPartMessage = "You have already taken part in this study"
	codeRankingFailed      = "ranking_failed"
	rankingFailedMessage   = "This study cannot start right now; nothing was recorded about you. Please try again in a few minutes."
	codeNotAccepting       = "study_not_accepting"
	codeOverQuota          = "study_over_quota"
	overQuotaMessage       = "This study has all the participants it needs"
	codePreviewExpired     = "preview_expired"
	notAcceptingMessage    = "This study is not accepting participants right now"
)

package api

import (
	"fmt"
	"math"
	"net/http"

	"feedlab/alert"
	"feedlab/store"
)

// pace spends one token of the participant's request rate: a participant sending faster
// than any real page gets 429 too_many_requests with retry_after, which the outbox retries
// with backoff, so nothing is lost. Called once the participant is resolved, so only real
// participants take a bucket.
func (s *Server) pace(r *http.Request, ref participantRef, target store.EventTarget) error {
	def, err := s.studyDefinition(r.Context(), string(ref.ExperimentID))
	if err != nil {
		return err
	}
	b := s.budgets.forCondition(def, target.Condition)
	wait := b.rate.Take(string(ref.UserID), s.now())
	if wait == 0 {
		return nil
	}
	s.alerts.Note(def.ExperimentID, alert.OverBudget, fmt.Sprintf("%s participant %s", codeTooManyRequests, ref.UserID))
	secs := max(1, int(math.Ceil(wait.Seconds())))
	return &detailedError{
		err: &apiError{http.StatusTooManyRequests, codeTooManyRequests,
			fmt.Sprintf("This participant sent more requests than a study page does (%d at once, then %d a minute); try again in %d seconds.", b.burst, requestsPerMinute, secs)},
		fields: map[string]any{"retry_after": secs},
	}
}

// budgetShare is an event's share of its participant's budgets, taken by charge until
// settle says what the event stored.
type budgetShare struct {
	u     *usage
	rows  int64
	bytes int64
}

// charge checks a participant's event against their budgets and, when it fits, reserves
// it: s.settle must then be called with the rows the event stored (0 when it failed),
// which gives back what a retry or a failure did not use (a value, not a closure: the
// event path allocates nothing for it). An event over a budget is refused whole (413 with
// the budget's code), nothing of it is stored, and the study's page counts it
// (alert.OverBudget, logged once a minute).
func (s *Server) charge(r *http.Request, ref participantRef, target store.EventTarget, ev store.Event) (budgetShare, error) {
	def, err := s.studyDefinition(r.Context(), string(ref.ExperimentID))
	if err != nil {
		return budgetShare{}, err
	}
	b := s.budgets.forCondition(def, target.Condition)
	refuse := func(code, message string) error {
		s.alerts.Note(def.ExperimentID, alert.OverBudget, fmt.Sprintf("%s participant %s", code, ref.UserID))
		return overBudget(code, message)
	}
	var bytes int64
	for i := range ev.Engagements {
		e := &ev.Engagements[i]
		if tooLong(e.Response) {
			return budgetShare{}, refuse(codeAnswerTooLong, fmt.Sprintf("The response is longer than %d characters.", maxAnswerChars))
		}
		bytes += int64(len(e.EventID) + len(e.Type) + len(e.Response) + len(e.Text) + len(e.TargetID))
	}
	for i := range ev.Answers {
		a := &ev.Answers[i]
		if tooLong(a.Response) {
			return budgetShare{}, refuse(codeAnswerTooLong, fmt.Sprintf("The answer to %q is longer than %d characters.", truncate(a.Field, 40), maxAnswerChars))
		}
		bytes += int64(len(a.EventID) + len(a.Field) + len(a.Response))
	}
	rows := int64(len(ev.Engagements) + len(ev.Answers))

	u, err := s.budgets.usage.entry(r.Context(), s.store, target.ParticipantID)
	if err != nil {
		return budgetShare{}, err
	}
	usedRows, usedBytes := u.rows, u.bytes
	fits := usedRows+rows <= b.rows && usedBytes+bytes <= b.bytes
	if fits {
		u.rows += rows
		u.bytes += bytes
	}
	u.mu.Unlock()
	switch {
	case fits:
		return budgetShare{u, rows, bytes}, nil
	case usedRows+rows > b.rows:
		s.budgets.usage.release(u)
		return budgetShare{}, refuse(codeOverBudgetEvents, fmt.Sprintf("This participant has sent %d events; a session of this study sends far fewer, so no more are taken (limit %d).", usedRows, b.rows))
	default:
		s.budgets.usage.release(u)
		return budgetShare{}, refuse(codeOverBudgetBytes, fmt.Sprintf("This participant has sent %d bytes of answers and events; a session of this study sends far less, so no more are taken (limit %d).", usedBytes, b.bytes))
	}
}

// settle ends a budgetShare: rows the event did not store (already stored by a retry or a
// dwell batch sent before, or all of them when it failed) give their share back.
func (s *Server) settle(res budgetShare, stored int) {
	u := res.u
	if unused := res.rows - int64(stored); unused > 0 && res.rows > 0 {
		u.mu.Lock()
		u.rows -= unused
		u.bytes -= res.bytes * unused / res.rows
		u.mu.Unlock()
	}
	s.budgets.usage.release(u)
}

// tooLong reports whether an answer is longer than a participant types: maxAnswerChars as
// typed, or maxResponse once encoded.
func tooLong(s string) bool {
	return len(s) > maxResponse || len(s) > maxAnswerChars && answerChars(s) > maxAnswerChars
}

// recordEvent stores a participant's event within their budgets; see storeEvent.
func (s *Server) recordEvent(r *http.Request, ref participantRef, target store.EventTarget, ev store.Event) (int, error) {
	res, err := s.charge(r, ref, target, ev)
	if err != nil {
		return 0, err
	}
	stored, err := s.storeEvent(r, ev)
	s.settle(res, stored)
	return stored, err
}

// visitsOverBudget refuses a dwell batch with more visits of one card than a session has.
func (s *Server) visitsOverBudget(r *http.Request, ref participantRef, target store.EventTarget, i, visits int) error {
	def, err := s.studyDefinition(r.Context(), string(ref.ExperimentID))
	if err != nil {
		return err
	}
	b := s.budgets.forCondition(def, target.Condition)
	if visits <= b.visitsPerCard {
		return nil
	}
	s.alerts.Note(def.ExperimentID, alert.OverBudget, fmt.Sprintf("%s participant %s", codeOverBudgetVisits, ref.UserID))
	return overBudget(codeOverBudgetVisits, fmt.Sprintf("dwell_data[%d]: %d visits of one card; a feed session has far fewer (limit %d).", i, visits, b.visitsPerCard))
}

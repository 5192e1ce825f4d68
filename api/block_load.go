package api

import (
	"errors"
	"net/http"

	"feedlab/store"
	"feedlab/study"
)

type blockRequest struct {
	participantRef
	Shown number `json:"shown"` // how many cards the participant's page shows: the next block starts there
}

// loadBlock answers load_block: the next block of an adaptive (preference) feed. The
// server ranks the cards not yet shown toward what this participant engaged with, records
// the order and why, and answers the feed from the block's start on.
func (s *Server) loadBlock(w http.ResponseWriter, r *http.Request) {
	var req blockRequest
	if err := decode(w, r, limitEvent, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	if err := req.participantRef.check(); err != nil {
		s.fail(w, r, err)
		return
	}
	if !req.Shown.set {
		s.fail(w, r, badRequest("shown is missing: the number of cards the page shows, where the next block starts."))
		return
	}
	ctx := r.Context()
	def, p, err := s.participantIn(ctx, req.participantRef)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// Each block is ranked and recorded: it spends a request of the participant's rate.
	if err := s.pace(r, req.participantRef, store.EventTarget{ParticipantID: p.ParticipantID, Condition: p.Condition}); err != nil {
		s.fail(w, r, err)
		return
	}
	block, err := def.NextBlock(ctx, s.store, p, int(req.Shown.value))
	switch {
	case errors.Is(err, study.ErrNotAdaptive):
		s.fail(w, r, &apiError{http.StatusConflict, codeConflict, "This participant's feed does not adapt (its algorithm is not preference); it was ranked whole at load_experiment."})
		return
	case errors.Is(err, study.ErrBlockRange):
		s.fail(w, r, badRequest("shown must be from 1 to the number of cards in the feed; got %d.", req.Shown.value))
		return
	case err != nil:
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"block": block.Number, "from": block.From, "order_data": block.OrderData})
}

package api

import (
	"database/sql"
	"fmt"
	"net/http"
	"slices"

	"feedlab/store"
)

type dwellEntry struct {
	Idx              number   `json:"idx"`
	EntityID         text     `json:"entity_id"`
	Dwells           number   `json:"dwells"`
	DwellTimes       []number `json:"dwellTimes"`
	DwellsInviewTime []number `json:"dwellsInviewTime"`
}

type batchDwellRequest struct {
	participantRef
	EventID   text         `json:"event_id"`
	DwellData []dwellEntry `json:"dwell_data"`
}

func (req *batchDwellRequest) header() (participantRef, text) { return req.participantRef, req.EventID }

func (req *batchDwellRequest) validate() (int64, *apiError) {
	if req.DwellData == nil {
		return 0, badRequest("dwell_data is missing; send a list (it may be empty).")
	}
	return 0, nil
}

// writeBatchDwell stores the dwell times of a feed, sent on submit: one engagement row of
// type dwell per dwell, its response the dwell in milliseconds. The whole batch is stored
// or none of it.
func (s *Server) writeBatchDwell(w http.ResponseWriter, r *http.Request) {
	var req batchDwellRequest
	target, accepted := s.readEvent(w, r, &req)
	if !accepted {
		return
	}
	var ev store.Event
	cards := make([]int64, 0, len(req.DwellData))
	agent := s.userAgent(r)
	for i, d := range req.DwellData {
		entityID, aerr := entityNumber(d.EntityID)
		if aerr != nil {
			s.fail(w, r, badRequest("dwell_data[%d]: %s", i, aerr.message))
			return
		}
		if err := s.visitsOverBudget(r, req.participantRef, target, i, len(d.DwellTimes)); err != nil {
			s.fail(w, r, err)
			return
		}
		cards = append(cards, entityID)
		for k, ms := range d.DwellTimes {
			if !ms.set || ms.value < 0 {
				s.fail(w, r, badRequest("dwell_data[%d].dwellTimes[%d] must be a non-negative number of milliseconds.", i, k))
				return
			}
			var inView sql.NullInt64
			if k < len(d.DwellsInviewTime) {
				inView = nullInt(d.DwellsInviewTime[k])
			}
			ev.Engagements = append(ev.Engagements, store.Engagement{
				// One id per dwell, derived from the batch id: a resent batch with more dwells
				// adds only the new ones.
				EventID:           fmt.Sprintf("%s/%d/%d", req.EventID, entityID, k),
				ParticipantID:     target.ParticipantID,
				EntityID:          entityID,
				Type:              "dwell",
				Response:          itoa(ms.value),
				TimeContentViewed: inView,
				UserAgentID:       agent,
			})
		}
	}
	// Every card of the batch in the participant's feed, checked at once (usually from the
	// resolve cache, at worst one read of the feed).
	missing, err := s.store.NotInFeed(r.Context(), target, string(req.ExperimentID), string(req.UserID), cards)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	if missing != 0 {
		i := slices.Index(cards, missing)
		s.fail(w, r, &apiError{http.StatusNotFound, codeUnknownEntity, fmt.Sprintf("dwell_data[%d]: entity %d is not in this participant's feed.", i, missing)})
		return
	}
	s.record(w, r, req.participantRef, target, ev)
}

package api

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"

	"feedlab/store"
)

const maxParticipantPage = 500

type participantRowJSON struct {
	UserID         string            `json:"user_id"`
	PlatformIDs    map[string]string `json:"platform_ids"`
	Condition      int64             `json:"condition"`
	Stage          string            `json:"stage"`
	StartedAt      int64             `json:"started_at"`
	LastSeenAt     *int64            `json:"last_seen_at"`
	CompletedAt    *int64            `json:"completed_at"`
	CompletionCode string            `json:"completion_code"`
	Dropped        bool              `json:"dropped"`
	Excluded       bool              `json:"excluded"` // a researcher left them out of the analysis
}

// listParticipants answers a page of a study's participant table, newest first, filtered
// by condition, stage (or "dropped") and q (a prefix of user_id or of a platform id). Test
// participants are not listed.
func (s *Server) listParticipants(w http.ResponseWriter, r *http.Request) {
	id := studyOf(r).ID
	q := r.URL.Query()
	number := func(name string, def, lo, hi int) (int, *apiError) {
		v := q.Get(name)
		if v == "" {
			return def, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil || n < lo || n > hi {
			return 0, badRequest("%s must be a whole number from %d to %d.", name, lo, hi)
		}
		return n, nil
	}
	now := s.now().UnixMilli()
	f := store.ParticipantFilter{Query: q.Get("q"), Stage: q.Get("stage"), DroppedBefore: now - s.droppedAfter.Milliseconds()}
	var aerr *apiError
	if f.Offset, aerr = number("offset", 0, 0, 1<<30); aerr == nil {
		if f.Limit, aerr = number("limit", 50, 1, maxParticipantPage); aerr == nil {
			f.Condition, aerr = number("condition", 0, 0, 1<<20)
		}
	}
	if aerr != nil {
		s.fail(w, r, aerr)
		return
	}
	if f.Stage != "" && f.Stage != "dropped" && store.StageRank(f.Stage) < 0 {
		s.fail(w, r, badRequest("stage must be one of arrived, consented, feed, submitted, questionnaires, completed or dropped."))
		return
	}
	if len(f.Query) > maxUserID {
		s.fail(w, r, badRequest("q is longer than %d characters.", maxUserID))
		return
	}
	page, err := s.store.ParticipantTable(r.Context(), id, f)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	// A study's exclusions are few: one read of them all marks the page's rows.
	excluded, err := s.store.StudyExclusions(r.Context(), id)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	rows := make([]participantRowJSON, len(page.Rows))
	for i, p := range page.Rows {
		ids := map[string]string{}
		json.Unmarshal([]byte(p.PlatformIds), &ids)
		row := participantRowJSON{
			UserID: p.UserID, PlatformIDs: ids, Condition: p.Condition, Stage: p.Stage, StartedAt: p.StartedAt,
			CompletionCode: p.CompletionCode,
			Dropped:        p.Stage != store.StageCompleted && p.LastSeenAt.Int64 < f.DroppedBefore,
		}
		_, row.Excluded = excluded[p.ParticipantID]
		if p.LastSeenAt.Valid {
			row.LastSeenAt = &p.LastSeenAt.Int64
		}
		if p.CompletedAt.Valid {
			row.CompletedAt = &p.CompletedAt.Int64
		}
		rows[i] = row
	}
	if err := s.auditRead(r, id, store.AuditReadParticipants, participantsReadDetail(f)); err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"total": page.Total, "rows": rows})
}

// participantsReadDetail says which participants a page showed: its rows and filters (not
// the total, which changes as participants arrive: each refresh would be a new read).
func participantsReadDetail(f store.ParticipantFilter) string {
	d := fmt.Sprintf("participants from row %d, %d a page", f.Offset+1, f.Limit)
	if f.Condition > 0 {
		d += fmt.Sprintf(", condition %d", f.Condition)
	}
	if f.Stage != "" {
		d += ", stage " + f.Stage
	}
	if f.Query != "" {
		d += fmt.Sprintf(", search %q", f.Query)
	}
	return d
}

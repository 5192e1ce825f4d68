package store

import (
	"context"
	"database/sql"

	"feedlab/store/db"
)

// engagementChunk is the most rows one engagements statement stores (15 values a row).
const engagementChunk = multiRowChunk

const engagementsInsert = `INSERT INTO engagements (event_id, participant_id, entity_id, engagement_type, response,
time_content_viewed, time_engagement, likes, read_later, shares, received_at, accuracy_score, user_agent_id, text, target_id) VALUES `

var engagementsText = multiRowText{
	head: engagementsInsert,
	row:  "(?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)",
	tail: " ON CONFLICT (participant_id, event_id) DO NOTHING",
}

// engagementsStatement is InsertEngagement (queries/events.sql) for n rows at once: the
// same columns and the same ON CONFLICT, so a repeated id stores nothing.
func engagementsStatement(n int) string { return engagementsText.statement(n) }

// insertEngagements stores the engagements of one event with several (a dwell batch) in
// one statement rather than one per visit (issue 28). When some ids were stored before
// (a resent batch), every row is compared with what its id holds, as one row at a time
// would: a row just stored matches itself, a retry matches, a reused id is a conflict.
func insertEngagements(ctx context.Context, tx *sql.Tx, q *db.Queries, stmts *multiRowStmts, es []Engagement, now int64) (int, error) {
	stored := 0
	args := make([]any, 0, 15*min(len(es), engagementChunk))
	for start := 0; start < len(es); start += engagementChunk {
		chunk := es[start:min(len(es), start+engagementChunk)]
		args = args[:0]
		for _, e := range chunk {
			args = append(args, e.EventID, e.ParticipantID, nullableInt(cardOf(e.EntityID)), e.Type, e.Response,
				nullableInt(e.TimeContentViewed), nullableInt(e.TimeEngagement), nullableInt(e.Likes), nullableInt(e.ReadLater), nullableInt(e.Shares),
				now, nullableInt(e.AccuracyScore), nullableInt(e.UserAgentID), e.Text, e.TargetID)
		}
		res, err := stmts.exec(ctx, tx, engagementsStatement, len(chunk), args)
		if err != nil {
			return 0, err
		}
		n, err := res.RowsAffected()
		if err != nil {
			return 0, err
		}
		if int(n) < len(chunk) {
			for _, e := range chunk {
				if err := sameEngagement(q, e); err != nil {
					return 0, err
				}
			}
		}
		stored += int(n)
	}
	return stored, nil
}

package store

import (
	"context"
	"fmt"

	"feedlab/store/db"
)

// exportPage is how many rows an export reads per query: pages keep memory flat, and a
// page this size makes the per-query cost negligible.
const exportPage = 5000

// EachEngagement calls fn for every engagement and dwell row of a study, oldest first.
func (s *Store) EachEngagement(ctx context.Context, experimentID string, fn func(EngagementRow) error) error {
	var after int64
	for {
		rows, err := s.rq.ExportEngagements(ctx, db.ExportEngagementsParams{ExperimentID: experimentID, After: after, PageSize: exportPage})
		if err != nil {
			return fmt.Errorf("store: export engagements: %w", err)
		}
		for _, r := range rows {
			if err := fn(EngagementRow(r)); err != nil {
				return err
			}
		}
		if len(rows) < exportPage {
			return nil
		}
		after = rows[len(rows)-1].EngagementPk
	}
}

// Card is what the engagement export shows of a card.
type Card struct {
	Set, URL, Category string
}

// Cards returns every card by entity_id, with its set and the set's category.
func (s *Store) Cards(ctx context.Context) (map[int64]Card, error) {
	rows, err := s.rq.ListCards(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: list cards: %w", err)
	}
	out := make(map[int64]Card, len(rows))
	for _, r := range rows {
		out[r.EntityID] = Card{Set: r.EntitySet, URL: r.EntityUrl, Category: r.EntityCategory}
	}
	return out, nil
}

// ParticipantsOf returns the participants of a study by participant_id.
func (s *Store) ParticipantsOf(ctx context.Context, experimentID string) (map[int64]Participant, error) {
	rows, err := s.rq.ListParticipants(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: list participants: %w", err)
	}
	out := make(map[int64]Participant, len(rows))
	for _, r := range rows {
		out[r.ParticipantID] = Participant(r)
	}
	return out, nil
}

// ShownKey identifies a card in a participant's feed.
type ShownKey struct{ ParticipantID, EntityID int64 }

// StudyInventory returns what every participant of a study was shown. It grows with
// participants × feed length, never with the number of events.
func (s *Store) StudyInventory(ctx context.Context, experimentID string) (map[ShownKey]Shown, error) {
	rows, err := s.rq.ListStudyInventory(ctx, experimentID)
	if err != nil {
		return nil, fmt.Errorf("store: study inventory: %w", err)
	}
	out := make(map[ShownKey]Shown, len(rows))
	for _, r := range rows {
		out[ShownKey{r.ParticipantID, r.EntityID}] = Shown(r)
	}
	return out, nil
}

// EachAnswer calls fn for every answer, checkpoint and arrival row of a study, oldest first.
func (s *Store) EachAnswer(ctx context.Context, experimentID string, fn func(AnswerRow) error) error {
	var after int64
	for {
		rows, err := s.rq.ExportAnswers(ctx, db.ExportAnswersParams{ExperimentID: experimentID, After: after, PageSize: exportPage})
		if err != nil {
			return fmt.Errorf("store: export answers: %w", err)
		}
		for _, r := range rows {
			if err := fn(AnswerRow(r)); err != nil {
				return err
			}
		}
		if len(rows) < exportPage {
			return nil
		}
		after = rows[len(rows)-1].AnswerPk
	}
}

// EachInventoryItem calls fn for every card shown to every participant of a study, by
// participant and feed position.
func (s *Store) EachInventoryItem(ctx context.Context, experimentID string, fn func(InventoryRow) error) error {
	var afterP, afterO int64 = 0, -1
	for {
		rows, err := s.rq.ExportInventory(ctx, db.ExportInventoryParams{ExperimentID: experimentID, AfterParticipant: afterP, AfterOrder: afterO, PageSize: exportPage})
		if err != nil {
			return fmt.Errorf("store: export inventory: %w", err)
		}
		for _, r := range rows {
			if err := fn(InventoryRow(r)); err != nil {
				return err
			}
		}
		if len(rows) < exportPage {
			return nil
		}
		last := rows[len(rows)-1]
		afterP, afterO = last.ParticipantID, last.ItemOrder
	}
}

// EachEntity calls fn for every card of a set in upload order.
func (s *Store) EachEntity(ctx context.Context, set string, fn func(Entity) error) error {
	var after int64
	for {
		rows, err := s.rq.ExportEntitiesOfSet(ctx, db.ExportEntitiesOfSetParams{EntitySet: set, After: after, PageSize: exportPage})
		if err != nil {
			return fmt.Errorf("store: export set %s: %w", set, err)
		}
		for _, r := range rows {
			if err := fn(Entity(r)); err != nil {
				return err
			}
		}
		if len(rows) < exportPage {
			return nil
		}
		after = rows[len(rows)-1].Position
	}
}

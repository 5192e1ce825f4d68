package study

import (
	"database/sql"
	"encoding/json"
	"strconv"
	"sync"

	"feedlab/media"
	"feedlab/store"
)

// Card is one card as the participant's browser receives it: in the feed (order_data and
// a later block, with its place and the social counts it displays) or in a questionnaire
// asking about it (lure_data). It carries its entity's id, URL, fields and covariates
// (not its set's name, for the reason given at hiddenFromParticipants), and what the
// condition attaches (seeded comments, the participant's own words).
//
// A card encodes itself: its fields through a struct, whose encoders encoding/json keeps,
// and its covariates as encoded once per stored text (sentCovariates). An arrival sends 40 cards,
// and building then encoding a map per card (reflected and sorted key by key, with the
// covariates decoded first) was a tenth of the arrival's CPU (BENCHMARKS.md, "Sixth round").
type Card struct {
	cardFields
	covariates string // store.Entity.Covariates: a JSON object of strings
}

type cardFields struct {
	EntityID     string     `json:"entity_id"`
	EntityURL    string     `json:"entity_url"`
	EntityType   string     `json:"entity_type"`
	SourceURL    string     `json:"source_url"`
	Filename     string     `json:"filename"`
	RetrieveDate string     `json:"retrieve_date"`
	Headline     string     `json:"headline"`
	ImageSize    *imageSize `json:"image_size,omitempty"`
	// ImageSrcset lists the image's smaller copies (media/variants.go): a phone takes the
	// smallest that fills its card instead of the original.
	ImageSrcset string `json:"image_srcset,omitempty"`
	// Idx and ShownCounts are set on feed cards only (lures were never in the feed).
	Idx           *int64          `json:"idx,omitempty"`
	ShownCounts   *shownCounts    `json:"shown_counts,omitempty"`
	Comments      []SeededComment `json:"comments,omitempty"`
	OwnComments   []OwnComment    `json:"own_comments,omitempty"`
	LikedComments []string        `json:"liked_comments,omitempty"`
}

// imageSize lets the page reserve the card's room before the image arrives (no layout
// shift on a slow connection).
type imageSize struct {
	Width  int64 `json:"width"`
	Height int64 `json:"height"`
}

// shownCounts are the counts a feed card displays: a button that shows no count has none.
type shownCounts struct {
	Shares    *int64 `json:"shares,omitempty"`
	Likes     *int64 `json:"likes,omitempty"`
	ReadLater *int64 `json:"read_later,omitempty"`
	Upvote    *int64 `json:"upvote,omitempty"`
	Downvote  *int64 `json:"downvote,omitempty"`
}

// cardFieldNames are the names a card's own fields take; a covariate of the same name is
// not sent, so the page never reads a researcher's column where it expects a field.
var cardFieldNames = []string{"entity_id", "entity_url", "entity_type", "source_url", "filename", "retrieve_date",
	"headline", "image_size", "image_srcset", "idx", "shown_counts", "comments", "own_comments", "liked_comments"}

// entityCard is entity e as a card, without a place in a feed.
func entityCard(e store.Entity) Card {
	c := Card{covariates: e.Covariates, cardFields: cardFields{
		EntityID: strconv.FormatInt(e.EntityID, 10), EntityURL: e.EntityUrl, EntityType: e.EntityType,
		SourceURL: e.SourceUrl, Filename: e.Filename, RetrieveDate: e.RetrieveDate, Headline: e.Headline,
	}}
	if e.Width.Valid && e.Height.Valid {
		c.ImageSize = &imageSize{Width: e.Width.Int64, Height: e.Height.Int64}
		c.ImageSrcset = media.Srcset(e.EntityUrl, int(e.Width.Int64))
	}
	return c
}

// orderData is the feed as the participant's browser receives it: each card with its
// place in the feed and the social counts it displays.
func orderData(items []store.FeedCard) []Card {
	out := make([]Card, len(items))
	// One allocation for the feed's places and counts, not one per card.
	places := make([]int64, len(items))
	counts := make([]shownCounts, len(items))
	for i, it := range items {
		c := entityCard(it.Entity())
		places[i] = it.ItemOrder
		c.Idx = &places[i]
		sc := &counts[i]
		sc.Shares, sc.Likes, sc.ReadLater = shownCount(it.ShownShares), shownCount(it.ShownLikes), shownCount(it.ShownReadLater)
		sc.Upvote, sc.Downvote = shownCount(it.ShownUpvote), shownCount(it.ShownDownvote)
		c.ShownCounts = sc
		out[i] = c
	}
	return out
}

// shownCount is a displayed count, nil when the button shows none.
func shownCount(n sql.NullInt64) *int64 {
	if !n.Valid {
		return nil
	}
	v := n.Int64
	return &v
}

// MarshalJSON is the card's fields followed by its covariates.
func (c Card) MarshalJSON() ([]byte, error) {
	return c.appendJSON(nil)
}

func (c Card) appendJSON(b []byte) ([]byte, error) {
	fields, err := json.Marshal(c.cardFields)
	if err != nil {
		return nil, err
	}
	cov := sentCovariates(c.covariates)
	if cov == "" {
		return append(b, fields...), nil
	}
	b = append(b, fields[:len(fields)-1]...)
	b = append(b, ',')
	return append(b, cov...), nil
}

// AppendCards appends cards to b as a JSON array: what json.Marshal(cards) gives, without
// its second pass. encoding/json checks and compacts, byte by byte, what each MarshalJSON
// returns; for an arrival's 40 cards that pass cost more than encoding them. What this
// appends needs no check: encoding/json wrote all of it.
func AppendCards(b []byte, cards []Card) ([]byte, error) {
	b = append(b, '[')
	for i, c := range cards {
		if i > 0 {
			b = append(b, ',')
		}
		var err error
		if b, err = c.appendJSON(b); err != nil {
			return nil, err
		}
	}
	return append(b, ']'), nil
}

// sentCovariates is what a card sends of its entity's stored covariates: the members of
// the object store.Covariates reads from them, less any named like a card field, encoded
// without the object's opening brace (so they close the card's own object); "" when none is
// left. An arrival's 40 cards would decode and encode their covariates again every time, so
// each stored text is worked out once and kept (a card's covariates are set with its set and
// never change; a set has at most a few thousand cards).
func sentCovariates(stored string) string {
	if stored == "" || stored == "{}" {
		return ""
	}
	sent.mu.RLock()
	v, ok := sent.byStored[stored]
	sent.mu.RUnlock()
	if ok {
		return v
	}
	sent.mu.Lock()
	defer sent.mu.Unlock()
	if len(sent.byStored) >= maxSentCovariates {
		clear(sent.byStored) // started again: they are rebuilt as cards are sent
	}
	m := store.Covariates(stored)
	for _, name := range cardFieldNames {
		delete(m, name)
	}
	v = ""
	if len(m) > 0 {
		b, _ := json.Marshal(m) // strings: cannot fail
		v = string(b[1:])
	}
	sent.byStored[stored] = v
	return v
}

// sent keeps sentCovariates' answers, by stored text.
var sent = struct {
	mu       sync.RWMutex
	byStored map[string]string
}{byStored: map[string]string{}}

// maxSentCovariates bounds sent: the cards of the studies running at once fit many times.
const maxSentCovariates = 100_000

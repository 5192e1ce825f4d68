package feed

import (
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
)

// The server and a worker speak length-prefixed JSON over the worker's stdin and stdout:
// a 4-byte big-endian length, then that many bytes of JSON. The worker first sends a
// workerReady, then answers each scriptJob with one scriptResult, in order.

// scriptJob is one run: load the script (or take it from the worker's cache) and rank.
type scriptJob struct {
	Script  string            `json:"script"`
	Check   bool              `json:"check,omitempty"` // a dry run: never cached
	Cards   []scriptCard      `json:"cards"`
	Arrival map[string]string `json:"arrival,omitempty"`
	Answers map[string]string `json:"answers,omitempty"`
	Seed    uint64            `json:"seed"`
	Timeout int64             `json:"timeout_ns"`
}

// scriptCard is a card as a worker receives it; nil counts are buttons without a count.
type scriptCard struct {
	EntityID     int64             `json:"id"`
	Set          string            `json:"set"`
	Position     int64             `json:"position"`
	SourceURL    string            `json:"source_url,omitempty"`
	Filename     string            `json:"filename,omitempty"`
	RetrieveDate string            `json:"retrieve_date,omitempty"`
	EntityType   string            `json:"entity_type,omitempty"`
	Headline     string            `json:"headline,omitempty"`
	EntityURL    string            `json:"entity_url,omitempty"`
	Covariates   map[string]string `json:"covariates,omitempty"`
	Likes        *int64            `json:"likes,omitempty"`
	Shares       *int64            `json:"shares,omitempty"`
	ReadLater    *int64            `json:"read_later,omitempty"`
	Upvote       *int64            `json:"upvote,omitempty"`
	Downvote     *int64            `json:"downvote,omitempty"`
	Impressions  int64             `json:"impressions,omitempty"`
	Engaged      int64             `json:"engaged,omitempty"`
}

// scriptResult is a worker's answer: the order, or the script's error (Overran when its
// time was up). Recycle says the worker exits after this answer (it holds too much memory
// to stay warm).
type scriptResult struct {
	Order   []scriptPlace `json:"order,omitempty"`
	Err     *ScriptError  `json:"error,omitempty"`
	Overran bool          `json:"overran,omitempty"`
	Recycle bool          `json:"recycle,omitempty"`
}

// scriptPlace is one card of the order; a nil score is none (NaN in the item).
type scriptPlace struct {
	EntityID int64    `json:"id"`
	Score    *float64 `json:"score,omitempty"`
	Reason   string   `json:"reason,omitempty"`
}

// workerReady is a worker's first frame, once its limits are set.
type workerReady struct {
	AddressSpace uint64 `json:"address_space"` // RLIMIT_AS, bytes (0: not set on this system)
}

func writeFrame(w io.Writer, v any) error {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Errorf("feed: encode frame: %w", err)
	}
	buf := make([]byte, 4, 4+len(b))
	binary.BigEndian.PutUint32(buf, uint32(len(b)))
	if _, err := w.Write(append(buf, b...)); err != nil {
		return fmt.Errorf("feed: write frame: %w", err)
	}
	return nil
}

// readFrame reads one frame into v; a frame longer than limit bytes is refused unread
// (a worker's answer is bounded by what it was asked, whatever the script does).
func readFrame(r io.Reader, v any, limit int) error {
	var n [4]byte
	if _, err := io.ReadFull(r, n[:]); err != nil {
		return err
	}
	size := int(binary.BigEndian.Uint32(n[:]))
	if size > limit {
		return fmt.Errorf("feed: a frame of %d bytes, more than the %d expected", size, limit)
	}
	b := make([]byte, size)
	if _, err := io.ReadFull(r, b); err != nil {
		return fmt.Errorf("feed: read frame: %w", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		return fmt.Errorf("feed: decode frame: %w", err)
	}
	return nil
}

// resultLimit bounds the answer to a job of n cards: an id, a score and a reason of at
// most maxReasonLen bytes (escaped, up to six bytes a byte) each, and an error message.
func resultLimit(n int) int { return 64<<10 + n*(64+6*maxReasonLen) }

package feed

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// A custom ranking is a Starlark script (a small Python-like language: deterministic, no
// I/O, no imports) that defines rank(cards, participant) and returns the cards, or their
// entity_ids, in the order to show. Every run is bounded by MaxScriptSteps, so a script
// can never hold a participant's page.

// MaxScriptSteps bounds one run of a script (loading it, or ranking one participant's
// feed). A script that sorts 1,000 cards by a covariate takes some 30,000 steps.
const MaxScriptSteps = 1_000_000

// MaxScriptLen is the longest script, in bytes.
const MaxScriptLen = 20_000

const scriptName = "rank.star"

// ScriptError is a script that cannot be used, with the script line at fault (0 if none).
type ScriptError struct {
	Line int
	Msg  string
}

func (e *ScriptError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("line %d: %s", e.Line, e.Msg)
	}
	return e.Msg
}

// Script is a loaded ranking script.
type Script struct {
	Hash string // sha256 of the source, hex; in every export
	rank starlark.Callable
}

var scripts sync.Map // hash → *Script: a study's script is loaded once

var fileOptions = &syntax.FileOptions{While: true, TopLevelControl: true, GlobalReassign: true}

// ScriptHash is the hex sha256 of a script's source.
func ScriptHash(src string) string {
	h := sha256.Sum256([]byte(src))
	return hex.EncodeToString(h[:])
}

// LoadScript compiles a script and runs its top level (bounded by MaxScriptSteps); it
// must define rank(cards, participant). Errors are *ScriptError.
func LoadScript(src string) (*Script, error) {
	hash := ScriptHash(src)
	if s, ok := scripts.Load(hash); ok {
		return s.(*Script), nil
	}
	if strings.TrimSpace(src) == "" {
		return nil, &ScriptError{Msg: "the script is empty; it must define rank(cards, participant)"}
	}
	if len(src) > MaxScriptLen {
		return nil, &ScriptError{Msg: fmt.Sprintf("the script is %d bytes; at most %d are allowed", len(src), MaxScriptLen)}
	}
	thread := newThread()
	globals, err := starlark.ExecFileOptions(fileOptions, thread, scriptName, src, nil)
	if err != nil {
		return nil, scriptError(err, thread)
	}
	fn, ok := globals["rank"].(*starlark.Function)
	if !ok {
		return nil, &ScriptError{Msg: "the script does not define a function rank(cards, participant)"}
	}
	if fn.NumParams() != 2 {
		return nil, &ScriptError{Line: int(fn.Position().Line), Msg: fmt.Sprintf("rank takes %d parameters; it must take two: rank(cards, participant)", fn.NumParams())}
	}
	globals.Freeze() // shared by every participant's run
	s := &Script{Hash: hash, rank: fn}
	scripts.Store(hash, s)
	return s, nil
}

func newThread() *starlark.Thread {
	t := &starlark.Thread{Name: "rank", Print: func(*starlark.Thread, string) {}}
	t.SetMaxExecutionSteps(MaxScriptSteps)
	return t
}

// scriptError turns a Starlark error into a ScriptError naming the script's line.
func scriptError(err error, thread *starlark.Thread) error {
	if thread.ExecutionSteps() >= MaxScriptSteps {
		return &ScriptError{Msg: fmt.Sprintf("the script ran for more than %d steps (an endless loop?) and was stopped; make it do less work", MaxScriptSteps)}
	}
	var se syntax.Error
	if errors.As(err, &se) {
		return &ScriptError{Line: int(se.Pos.Line), Msg: se.Msg}
	}
	var rl resolve.ErrorList
	if errors.As(err, &rl) && len(rl) > 0 {
		return &ScriptError{Line: int(rl[0].Pos.Line), Msg: rl[0].Msg}
	}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		line := 0
		for i := len(ee.CallStack) - 1; i >= 0; i-- {
			if ee.CallStack[i].Pos.Filename() == scriptName {
				line = int(ee.CallStack[i].Pos.Line)
				break
			}
		}
		return &ScriptError{Line: line, Msg: ee.Msg}
	}
	return &ScriptError{Msg: err.Error()}
}

// Rank runs rank(cards, participant) and checks that it returned every card exactly once.
func (s *Script) Rank(cards []ranked, p Participant, seed uint64) ([]ranked, error) {
	list := make([]starlark.Value, len(cards))
	byID := make(map[int64]int, len(cards))
	for i, c := range cards {
		byID[c.EntityID] = i
		list[i] = cardValue(c, p.Stats[c.EntityID])
	}
	participant := starlark.NewDict(4)
	_ = participant.SetKey(starlark.String("arrival"), stringDict(p.Arrival))
	_ = participant.SetKey(starlark.String("answers"), stringDict(p.Answers))
	_ = participant.SetKey(starlark.String("seed"), starlark.MakeUint64(seed))
	thread := newThread()
	v, err := starlark.Call(thread, s.rank, starlark.Tuple{starlark.NewList(list), participant}, nil)
	if err != nil {
		return nil, scriptError(err, thread)
	}
	got, ok := v.(*starlark.List)
	if !ok {
		return nil, &ScriptError{Msg: fmt.Sprintf("rank returned a %s; it must return a list of the cards (or of their entity_ids)", v.Type())}
	}
	if got.Len() != len(cards) {
		return nil, &ScriptError{Msg: fmt.Sprintf("rank returned %d cards for a feed of %d; it must return every card exactly once (a permutation)", got.Len(), len(cards))}
	}
	out := make([]ranked, 0, len(cards))
	used := make([]bool, len(cards))
	for i := range got.Len() {
		id, score, reason, err := returned(got.Index(i))
		if err != nil {
			return nil, &ScriptError{Msg: fmt.Sprintf("item %d of rank's result: %v", i+1, err)}
		}
		j, ok := byID[id]
		switch {
		case !ok:
			return nil, &ScriptError{Msg: fmt.Sprintf("rank returned entity_id %d, which is not in this feed; it must return a permutation of the cards", id)}
		case used[j]:
			return nil, &ScriptError{Msg: fmt.Sprintf("rank returned entity_id %d twice; it must return every card exactly once (a permutation)", id)}
		}
		used[j] = true
		c := cards[j]
		c.item.Score = score
		c.item.Reason = reason
		if reason == "" {
			c.item.Reason = fmt.Sprintf("position %d of the custom script's order", i+1)
		}
		out = append(out, c)
	}
	return out, nil
}

// cardValue is a card as the script sees it.
func cardValue(c ranked, s Stats) *starlark.Dict {
	d := starlark.NewDict(12)
	count := func(n Count) starlark.Value {
		if !n.Shown {
			return starlark.None
		}
		return starlark.MakeInt64(n.N)
	}
	_ = d.SetKey(starlark.String("entity_id"), starlark.MakeInt64(c.EntityID))
	_ = d.SetKey(starlark.String("set"), starlark.String(c.Set))
	_ = d.SetKey(starlark.String("position"), starlark.MakeInt64(c.Position))
	_ = d.SetKey(starlark.String("retrieve_date"), starlark.String(c.RetrieveDate))
	_ = d.SetKey(starlark.String("covariates"), stringDict(c.Covariates))
	_ = d.SetKey(starlark.String("likes"), count(c.item.Likes))
	_ = d.SetKey(starlark.String("shares"), count(c.item.Shares))
	_ = d.SetKey(starlark.String("read_later"), count(c.item.ReadLater))
	_ = d.SetKey(starlark.String("upvote"), count(c.item.Upvote))
	_ = d.SetKey(starlark.String("downvote"), count(c.item.Downvote))
	_ = d.SetKey(starlark.String("impressions"), starlark.MakeInt64(s.Impressions))
	_ = d.SetKey(starlark.String("engaged"), starlark.MakeInt64(s.Engaged))
	return d
}

func stringDict(m map[string]string) *starlark.Dict {
	d := starlark.NewDict(len(m))
	for k, v := range m {
		_ = d.SetKey(starlark.String(k), starlark.String(v))
	}
	return d
}

// returned reads one item of rank's result: a card dict (its entity_id, and the optional
// score and reason the script set), an int entity_id or its decimal text.
func returned(v starlark.Value) (id int64, score float64, reason string, err error) {
	score = math.NaN()
	if d, ok := v.(*starlark.Dict); ok {
		idv, found, _ := d.Get(starlark.String("entity_id"))
		if !found {
			return 0, score, "", errors.New("a dict without entity_id")
		}
		if sv, found, _ := d.Get(starlark.String("score")); found {
			if f, ok := starlark.AsFloat(sv); ok {
				score = f
			}
		}
		if rv, found, _ := d.Get(starlark.String("reason")); found {
			if s, ok := starlark.AsString(rv); ok {
				reason = s
			}
		}
		v = idv
	}
	switch x := v.(type) {
	case starlark.Int:
		n, ok := x.Int64()
		if !ok {
			return 0, score, "", fmt.Errorf("entity_id %s is out of range", x)
		}
		return n, score, reason, nil
	case starlark.String:
		n, perr := strconv.ParseInt(strings.TrimSpace(string(x)), 10, 64)
		if perr != nil {
			return 0, score, "", fmt.Errorf("%q is not an entity_id", truncate(string(x), 40))
		}
		return n, score, reason, nil
	}
	return 0, score, "", fmt.Errorf("a %s; return the cards or their entity_ids", v.Type())
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// DryRun loads a script and ranks cards for a participant with no history, as a study's
// creation does on the study's real sets. Errors are *ScriptError.
func DryRun(src string, cards []Card) error {
	s, err := LoadScript(src)
	if err != nil {
		return err
	}
	rs := make([]ranked, len(cards))
	for i, c := range cards {
		rs[i] = ranked{Card: c, item: Item{EntityID: c.EntityID, Score: math.NaN()}}
	}
	_, err = s.Rank(rs, Participant{}, 1)
	return err
}

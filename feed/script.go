package feed

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"sync/atomic"
	"time"
	"unicode/utf8"

	"go.starlark.net/resolve"
	"go.starlark.net/starlark"
	"go.starlark.net/syntax"
)

// A custom ranking is a Starlark script (a small Python-like language: deterministic, no
// I/O, no imports) that defines rank(cards, participant) and returns the cards, or their
// entity_ids, in the order to show. Scripts never run in the server's own process: a
// worker process runs them (sandbox.go), bounded in steps (MaxScriptSteps), wall time and
// memory (Limits), so no script can hold a participant's page or take the server down.
// This file is the Starlark side, run inside a worker; CheckScript alone runs in the
// server (it compiles, it never executes).

// MaxScriptSteps bounds one run of a script (loading it, or ranking one participant's
// feed). A script that sorts 1,000 cards by a covariate takes some 30,000 steps.
const MaxScriptSteps = 1_000_000

// MaxScriptLen is the longest script, in bytes.
const MaxScriptLen = 20_000

// maxReasonLen bounds the reason a script gives a card: it goes into every inventory row,
// and a worker's answer must stay small whatever the script writes.
const maxReasonLen = 500

const scriptName = "rank.star"

// ScriptError is a script that cannot be used, with the script's line and column at fault
// (from 1; 0 if unknown) and what is wrong there, in plain words. It matches ErrRankingFailed.
type ScriptError struct {
	Line   int    `json:"line,omitempty"`
	Column int    `json:"column,omitempty"`
	Msg    string `json:"msg"`
	// overran is set by the server when the run was stopped at its time bound (not sent
	// between worker and server: the worker's answer says so in scriptResult.Overran).
	overran bool
}

func (e *ScriptError) Error() string {
	if e.Line > 0 {
		return e.Where() + ": " + e.Msg
	}
	return e.Msg
}

// Where is "line 3, column 7" (or "line 3" when the column is unknown; "" with no line).
func (e *ScriptError) Where() string {
	switch {
	case e.Line > 0 && e.Column > 0:
		return fmt.Sprintf("line %d, column %d", e.Line, e.Column)
	case e.Line > 0:
		return fmt.Sprintf("line %d", e.Line)
	}
	return ""
}

func (e *ScriptError) Unwrap() error { return ErrRankingFailed }

var fileOptions = &syntax.FileOptions{While: true, TopLevelControl: true, GlobalReassign: true}

// ScriptHash is the hex sha256 of a script's source.
func ScriptHash(src string) string {
	h := sha256.Sum256([]byte(src))
	return hex.EncodeToString(h[:])
}

// CheckScript compiles a script without running any of it: its size, syntax, names, and
// a top-level rank with two parameters when rank is a def. It is cheap and bounded by
// MaxScriptLen, so the server runs it itself (params); running the script, top level
// included, happens only in a worker (DryRun). Errors are *ScriptError.
func CheckScript(src string) error {
	_, err := compileScript(src)
	return err
}

// compileScript checks and compiles a script: a script that binds no global rank at all,
// or defines it at top level with other than two parameters, is refused before any run.
func compileScript(src string) (*starlark.Program, error) {
	if strings.TrimSpace(src) == "" {
		return nil, &ScriptError{Msg: "the script is empty; it must define rank(cards, participant)"}
	}
	if len(src) > MaxScriptLen {
		return nil, &ScriptError{Msg: fmt.Sprintf("the script is %d bytes; at most %d are allowed", len(src), MaxScriptLen)}
	}
	f, prog, err := starlark.SourceProgramOptions(fileOptions, scriptName, src, func(string) bool { return false })
	if err != nil {
		return nil, atLineEnd(scriptError(err, nil, nil), err, src)
	}
	bound := false
	if m, ok := f.Module.(*resolve.Module); ok {
		for _, b := range m.Globals {
			bound = bound || b.First != nil && b.First.Name == "rank"
		}
	}
	if !bound {
		return nil, errNoRank
	}
	for _, stmt := range f.Stmts {
		if d, ok := stmt.(*syntax.DefStmt); ok && d.Name.Name == "rank" && len(d.Params) != 2 {
			return nil, &ScriptError{Line: int(d.Def.Line), Column: int(d.Def.Col), Msg: fmt.Sprintf("rank takes %d parameters; it must take two: rank(cards, participant)", len(d.Params))}
		}
	}
	return prog, nil
}

var errNoRank = &ScriptError{Msg: "the script does not define a function rank(cards, participant)"}

// Script is a loaded ranking script (in a worker).
type Script struct {
	Hash string // sha256 of the source, hex; in every export
	size int    // bytes of source, for the cache's bound
	rank starlark.Callable
}

// clock stops a run's threads when its time is up: Starlark checks the cancellation
// between steps, so a script stops within one step of its deadline (a single builtin
// call on a long string is one step; the parent's kill bounds that one).
type clock struct {
	limit   time.Duration
	expired atomic.Bool
	threads []*starlark.Thread
	timer   *time.Timer
}

func startClock(limit time.Duration, threads ...*starlark.Thread) *clock {
	c := &clock{limit: limit, threads: threads}
	c.timer = time.AfterFunc(limit, func() {
		c.expired.Store(true)
		for _, t := range c.threads {
			t.Cancel("the time limit was reached")
		}
	})
	return c
}

func (c *clock) stop() { c.timer.Stop() }

func newThread() *starlark.Thread {
	t := &starlark.Thread{Name: "rank", Print: func(*starlark.Thread, string) {}}
	t.SetMaxExecutionSteps(MaxScriptSteps)
	return t
}

// loadScript compiles a script and runs its top level on thread; it must define
// rank(cards, participant). Errors are *ScriptError.
func loadScript(src string, thread *starlark.Thread, c *clock) (*Script, error) {
	prog, err := compileScript(src)
	if err != nil {
		return nil, err
	}
	globals, err := prog.Init(thread, nil)
	if err != nil {
		return nil, scriptError(err, thread, c)
	}
	fn, ok := globals["rank"].(*starlark.Function)
	if !ok {
		return nil, errNoRank
	}
	if fn.NumParams() != 2 {
		return nil, &ScriptError{Line: int(fn.Position().Line), Column: int(fn.Position().Col), Msg: fmt.Sprintf("rank takes %d parameters; it must take two: rank(cards, participant)", fn.NumParams())}
	}
	globals.Freeze() // shared by every participant's run
	return &Script{Hash: ScriptHash(src), size: len(src), rank: fn}, nil
}

// atLineEnd moves an error about an unexpected end of line from the start of the next
// line, where Starlark's scanner places it, to the end of the line that ended too soon.
func atLineEnd(err, cause error, src string) error {
	var se *ScriptError
	var syn syntax.Error
	if !errors.As(err, &se) || !errors.As(cause, &syn) || !strings.HasPrefix(syn.Msg, "got newline") || se.Column != 1 || se.Line < 2 {
		return err
	}
	lines := strings.Split(src, "\n")
	if se.Line-2 >= len(lines) {
		return err
	}
	prev := strings.TrimRight(lines[se.Line-2], "\r")
	return &ScriptError{Line: se.Line - 1, Column: utf8.RuneCountInString(prev) + 1, Msg: se.Msg}
}

// scriptError turns a Starlark error into a ScriptError naming the script's line.
func scriptError(err error, thread *starlark.Thread, c *clock) error {
	if c != nil && c.expired.Load() {
		return &ScriptError{Msg: fmt.Sprintf("the script ran over %v (the limit per participant) and was stopped; make it do less work", c.limit)}
	}
	if thread != nil && thread.ExecutionSteps() >= MaxScriptSteps {
		return &ScriptError{Msg: fmt.Sprintf("the script ran for more than %d steps (an endless loop?) and was stopped; make it do less work", MaxScriptSteps)}
	}
	var se syntax.Error
	if errors.As(err, &se) {
		return &ScriptError{Line: int(se.Pos.Line), Column: int(se.Pos.Col), Msg: plainScriptMessage(se.Msg)}
	}
	var rl resolve.ErrorList
	if errors.As(err, &rl) && len(rl) > 0 {
		return &ScriptError{Line: int(rl[0].Pos.Line), Column: int(rl[0].Pos.Col), Msg: plainScriptMessage(rl[0].Msg)}
	}
	var ee *starlark.EvalError
	if errors.As(err, &ee) {
		var at syntax.Position
		for i := len(ee.CallStack) - 1; i >= 0; i-- {
			if ee.CallStack[i].Pos.Filename() == scriptName {
				at = ee.CallStack[i].Pos
				break
			}
		}
		return &ScriptError{Line: int(at.Line), Column: int(at.Col), Msg: ee.Msg}
	}
	return &ScriptError{Msg: err.Error()}
}

// rankCards runs rank(cards, participant) on thread and checks that it returned every
// card exactly once; it answers the order with each card's score and reason.
func (s *Script) rankCards(thread *starlark.Thread, c *clock, job *scriptJob) ([]scriptPlace, error) {
	list := make([]starlark.Value, len(job.Cards))
	index := make(map[int64]int, len(job.Cards))
	for i := range job.Cards {
		index[job.Cards[i].EntityID] = i
		list[i] = cardValue(&job.Cards[i])
	}
	participant := starlark.NewDict(4)
	_ = participant.SetKey(starlark.String("arrival"), stringDict(job.Arrival))
	_ = participant.SetKey(starlark.String("answers"), stringDict(job.Answers))
	_ = participant.SetKey(starlark.String("seed"), starlark.MakeUint64(job.Seed))
	v, err := starlark.Call(thread, s.rank, starlark.Tuple{starlark.NewList(list), participant}, nil)
	if err != nil {
		return nil, scriptError(err, thread, c)
	}
	got, ok := v.(*starlark.List)
	if !ok {
		return nil, &ScriptError{Msg: fmt.Sprintf("rank returned a %s; it must return a list of the cards (or of their entity_ids)", v.Type())}
	}
	if got.Len() != len(job.Cards) {
		return nil, &ScriptError{Msg: fmt.Sprintf("rank returned %d cards for a feed of %d; it must return every card exactly once (a permutation)", got.Len(), len(job.Cards))}
	}
	out := make([]scriptPlace, 0, got.Len())
	used := make([]bool, len(job.Cards))
	for i := range got.Len() {
		id, score, reason, err := returned(got.Index(i))
		if err != nil {
			return nil, &ScriptError{Msg: fmt.Sprintf("item %d of rank's result: %v", i+1, err)}
		}
		j, ok := index[id]
		switch {
		case !ok:
			return nil, &ScriptError{Msg: fmt.Sprintf("rank returned entity_id %d, which is not in this feed; it must return a permutation of the cards", id)}
		case used[j]:
			return nil, &ScriptError{Msg: fmt.Sprintf("rank returned entity_id %d twice; it must return every card exactly once (a permutation)", id)}
		}
		used[j] = true
		p := scriptPlace{EntityID: id, Reason: truncate(reason, maxReasonLen)}
		if !math.IsNaN(score) && !math.IsInf(score, 0) {
			p.Score = &score
		}
		out = append(out, p)
	}
	return out, nil
}

// cardValue is a card as the script sees it: every column of its set as a top-level key
// (the required ones, headline, entity_url and each "other" column), the counts it
// displays and the condition's engagement so far. The built-in keys win over an "other"
// column of the same name, which stays readable in covariates.
func cardValue(c *scriptCard) *starlark.Dict {
	d := starlark.NewDict(20 + len(c.Covariates))
	for k, v := range c.Covariates {
		_ = d.SetKey(starlark.String(k), starlark.String(v))
	}
	count := func(n *int64) starlark.Value {
		if n == nil {
			return starlark.None
		}
		return starlark.MakeInt64(*n)
	}
	for _, kv := range []struct {
		k string
		v starlark.Value
	}{
		{"entity_id", starlark.MakeInt64(c.EntityID)},
		{"set", starlark.String(c.Set)},
		{"position", starlark.MakeInt64(c.Position)},
		{"source_url", starlark.String(c.SourceURL)},
		{"filename", starlark.String(c.Filename)},
		{"retrieve_date", starlark.String(c.RetrieveDate)},
		{"entity_type", starlark.String(c.EntityType)},
		{"headline", starlark.String(c.Headline)},
		{"entity_url", starlark.String(c.EntityURL)},
		{"covariates", stringDict(c.Covariates)},
		{"likes", count(c.Likes)},
		{"shares", count(c.Shares)},
		{"read_later", count(c.ReadLater)},
		{"upvote", count(c.Upvote)},
		{"downvote", count(c.Downvote)},
		{"impressions", starlark.MakeInt64(c.Impressions)},
		{"engaged", starlark.MakeInt64(c.Engaged)},
	} {
		_ = d.SetKey(starlark.String(kv.k), kv.v)
	}
	return d
}

// cardKeys are the keys every card dict has, whatever its set's columns (cardValue; the
// list docs/ranking/README.md gives, checked by a test); the set's other columns are added
// beside them unless they carry one of these names.
var cardKeys = []string{"entity_id", "set", "position", "source_url", "filename", "retrieve_date", "entity_type", "headline", "entity_url",
	"covariates", "likes", "shares", "read_later", "upvote", "downvote", "impressions", "engaged"}

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

// truncate shortens s to at most n bytes, on a character boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

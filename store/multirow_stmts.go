package store

import (
	"context"
	"database/sql"
	"errors"
	"strings"
	"sync"
)

// multiRowChunk is the most rows one multi-row statement stores: at 15 values a row, well
// under SQLite's 32,766 bound parameters; longer lists take several statements.
const multiRowChunk = 100

// multiRowText is the text of a multi-row INSERT (head, then row once per row, then tail)
// for each row count up to multiRowChunk, each built once.
type multiRowText struct {
	head, row, tail string
	texts           [multiRowChunk + 1]struct {
		once sync.Once
		text string
	}
}

func (m *multiRowText) statement(n int) string {
	t := &m.texts[n]
	t.once.Do(func() {
		var b strings.Builder
		b.WriteString(m.head)
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(m.row)
		}
		b.WriteString(m.tail)
		t.text = b.String()
	})
	return t.text
}

// multiRowStmts keeps a multi-row insert prepared once per row count (issue 28): parsing a
// 40-row statement of 480 parameters took as long as running it. Statements are prepared
// on the writer's pool before the transaction that runs them, never inside it (the pool's
// one connection is then held by the transaction, and preparing on the pool would wait for
// it forever); inside, tx.StmtContext reuses the statement on that same connection.
type multiRowStmts struct {
	mu    sync.Mutex
	stmts map[int]*sql.Stmt
}

// ensure prepares the statements for each row count in counts that has none yet; text(n)
// is the statement for n rows.
func (m *multiRowStmts) ensure(ctx context.Context, db *sql.DB, text func(int) string, counts ...int) error {
	for _, n := range counts {
		m.mu.Lock()
		_, ok := m.stmts[n]
		m.mu.Unlock()
		if ok {
			continue
		}
		st, err := db.PrepareContext(ctx, text(n))
		if err != nil {
			return err
		}
		m.mu.Lock()
		if m.stmts == nil {
			m.stmts = map[int]*sql.Stmt{}
		}
		if _, ok := m.stmts[n]; ok {
			st.Close() // prepared meanwhile by another arrival
		} else {
			m.stmts[n] = st
		}
		m.mu.Unlock()
	}
	return nil
}

// exec runs the statement for n rows with args in tx: the prepared one when there is one,
// otherwise the text parsed for this call.
func (m *multiRowStmts) exec(ctx context.Context, tx *sql.Tx, text func(int) string, n int, args []any) (sql.Result, error) {
	m.mu.Lock()
	st := m.stmts[n]
	m.mu.Unlock()
	if st == nil {
		return tx.ExecContext(ctx, text(n), args...)
	}
	return tx.StmtContext(ctx, st).ExecContext(ctx, args...)
}

func (m *multiRowStmts) close() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	var errs []error
	for _, st := range m.stmts {
		errs = append(errs, st.Close())
	}
	m.stmts = nil
	return errors.Join(errs...)
}

// chunkCounts are the row counts of the statements that store n rows, chunk at a time.
func chunkCounts(n, chunk int) []int {
	var out []int
	if n >= chunk {
		out = append(out, chunk)
	}
	if n%chunk > 0 {
		out = append(out, n%chunk)
	}
	return out
}

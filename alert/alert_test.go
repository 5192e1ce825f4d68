package alert

import (
	"bytes"
	"log/slog"
	"strings"
	"testing"
	"time"
)

func TestBoardCountsAndLogsOnceAMinute(t *testing.T) {
	var logs bytes.Buffer
	b := New(slog.New(slog.NewTextHandler(&logs, nil)))
	now := time.Date(2026, 11, 25, 10, 0, 0, 0, time.UTC)
	b.now = func() time.Time { return now }

	for i := 0; i < 1000; i++ {
		b.Note("fl-a", RankingFailed, "ran over 200ms")
	}
	if n := strings.Count(logs.String(), "kind=ranking_failed"); n != 1 {
		t.Fatalf("1000 failures in one minute logged %d lines, want 1:\n%s", n, logs.String())
	}
	now = now.Add(61 * time.Second)
	b.Note("fl-a", RankingFailed, "worker died")
	if n := strings.Count(logs.String(), "kind=ranking_failed"); n != 2 {
		t.Fatalf("a minute later: %d lines, want 2", n)
	}
	if !strings.Contains(logs.String(), "count_since_last_line=1000") {
		t.Errorf("the second line does not say how many the minute held:\n%s", logs.String())
	}
	// Another study logs on its own.
	b.Note("fl-b", OverBudget, "events")
	if n := strings.Count(logs.String(), "study=fl-b"); n != 1 {
		t.Errorf("fl-b logged %d lines", n)
	}

	got := b.For("fl-a")
	if len(got) != 1 || got[0].Count != 1001 || got[0].Detail != "worker died" || got[0].Message == "" {
		t.Fatalf("For(fl-a) = %+v", got)
	}
	now = now.Add(time.Second)
	b.Note(Global, LowDisk, "0.5 GB free")
	if a, bb := b.For("fl-a"), b.For("fl-b"); len(a) != 2 || len(bb) != 2 || a[0].Kind != LowDisk {
		t.Fatalf("the appliance-wide alert is not on every study: %+v %+v", a, bb)
	}
	b.Clear(Global, LowDisk)
	if len(b.For("fl-b")) != 1 {
		t.Errorf("Clear left the alert: %+v", b.For("fl-b"))
	}
	var nilBoard *Board
	nilBoard.Note("x", LowDisk, "") // a server without a board notes nothing and does not crash
}

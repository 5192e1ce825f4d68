package replicate

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"sync"
	"time"

	"github.com/benbjohnson/litestream"

	"feedlab/alert"
	"feedlab/media"
)

// DefaultInterval is how often Litestream reads the write-ahead log into a change file and
// how often it ships change files: the issue asks for at most a second of acknowledged
// events not yet replicated in steady state, and a change waits up to one interval for
// each of the two steps plus the upload (measured: docs/replication.md).
const DefaultInterval = 250 * time.Millisecond

// Options configure a Replicator.
type Options struct {
	// DataDir holds the database (store.DatabaseFile) and media/.
	DataDir, DatabaseFile string
	Target                *Target
	// Interval between syncs; DefaultInterval when 0.
	Interval time.Duration
	Log      *slog.Logger
	// Alerts receives alert.ReplicaFailing while the destination is behind or failing.
	Alerts *alert.Board
}

// State is what the study pages say about replication.
type State struct {
	URL string `json:"url"`
	// LastReplicated is the last moment everything committed was at the destination.
	LastReplicated time.Time `json:"last_replicated"`
	// Lag is how long the destination has been behind (0 when it is not).
	Lag       time.Duration `json:"lag"`
	LastError string        `json:"last_error,omitempty"`
}

// Replicator runs Litestream on the database and copies media files as they appear.
type Replicator struct {
	opt    Options
	ls     *litestream.Store
	ldb    *litestream.DB
	media  *media.Store
	cancel context.CancelFunc
	done   chan struct{}

	mu     sync.Mutex
	state  State
	behind time.Time // when the destination fell behind; zero when it is not
	errs   errCapture
	copied map[string]bool
}

// Start begins replicating. The database must exist and be migrated (store.Open first).
// Litestream takes over checkpointing: it keeps a read transaction open so that no one
// else can restart the write-ahead log before it has shipped it (the store stops its own
// automatic checkpoints, store.HandCheckpointsOver).
func Start(ctx context.Context, opt Options) (*Replicator, error) {
	if opt.Interval <= 0 {
		opt.Interval = DefaultInterval
	}
	if opt.Log == nil {
		opt.Log = slog.Default()
	}
	ms, err := media.Open(filepath.Join(opt.DataDir, "media"))
	if err != nil {
		return nil, fmt.Errorf("replicate: %w", err)
	}
	r := &Replicator{opt: opt, media: ms, done: make(chan struct{}), copied: map[string]bool{}}
	r.state.URL = opt.Target.URL
	// Litestream's own log lines are many and technical; errors reach the researcher through
	// the alert (logged once a minute), everything else is dropped.
	logger := slog.New(&r.errs)
	r.ldb = litestream.NewDB(filepath.Join(opt.DataDir, opt.DatabaseFile))
	r.ldb.Logger = logger
	r.ldb.MonitorInterval = opt.Interval
	replica := litestream.NewReplicaWithClient(r.ldb, opt.Target.db)
	replica.SyncInterval = opt.Interval
	r.ldb.Replica = replica
	opt.Target.db.SetLogger(logger)
	r.ls = litestream.NewStore([]*litestream.DB{r.ldb}, litestream.DefaultCompactionLevels)
	// NewStore hands its own logger (slog's default) to the database; take it back.
	r.ls.Logger = logger
	r.ldb.SetLogger(logger)
	if err := r.ls.Open(ctx); err != nil {
		return nil, fmt.Errorf("replicate to %s: %w", opt.Target.URL, err)
	}
	// Whatever is already at the destination is not copied again.
	if have, err := opt.Target.media.names(ctx); err == nil {
		r.copied = have
	}
	r.state.LastReplicated = time.Now()
	wctx, cancel := context.WithCancel(context.Background())
	r.cancel = cancel
	go r.watch(wctx)
	return r, nil
}

// Close stops watching and lets Litestream ship what is left (it waits for its final
// sync), after the store has committed its pending events.
func (r *Replicator) Close(ctx context.Context) error {
	r.cancel()
	<-r.done
	if err := r.copyMedia(ctx); err != nil {
		r.opt.Log.Warn("replication: media not copied at shutdown", "to", r.opt.Target.URL, "error", err)
	}
	if err := r.ls.Close(ctx); err != nil {
		return fmt.Errorf("replicate: close: %w", err)
	}
	return nil
}

// State is the destination's state now.
func (r *Replicator) State() State {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.state
}

// watch measures the lag every interval, copies new media files and keeps the alert.
func (r *Replicator) watch(ctx context.Context) {
	defer close(r.done)
	t := time.NewTicker(r.opt.Interval)
	defer t.Stop()
	checked := time.Now()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		var err error
		if time.Since(checked) >= r.checkEvery() {
			checked = time.Now()
			err = r.ensureRestorable(ctx)
		}
		if mediaErr := r.copyMedia(ctx); err == nil {
			err = mediaErr
		}
		r.measure(time.Now(), err)
	}
}

// checkEvery is how often the destination is checked for a snapshot (40 intervals: 10 s
// by default; one listing of one folder each time).
func (r *Replicator) checkEvery() time.Duration { return 40 * r.opt.Interval }

// ensureRestorable writes a new snapshot, and copies every media file again, when the
// destination holds no snapshot: someone emptied the bucket or the folder while serve ran.
// Litestream would otherwise go on uploading changes only, which no restore can start
// from, until its next daily snapshot or restart.
func (r *Replicator) ensureRestorable(ctx context.Context) error {
	itr, err := r.opt.Target.db.LTXFiles(ctx, litestream.SnapshotLevel, 0, false)
	if err != nil {
		return fmt.Errorf("list snapshots: %w", err)
	}
	has := itr.Next()
	if err := itr.Close(); err != nil {
		return fmt.Errorf("list snapshots: %w", err)
	}
	if has {
		return nil
	}
	if _, err := r.ldb.Snapshot(ctx); err != nil {
		return fmt.Errorf("the destination had no snapshot; writing one: %w", err)
	}
	have, err := r.opt.Target.media.names(ctx)
	if err != nil {
		return fmt.Errorf("list media: %w", err)
	}
	r.copied = have
	r.opt.Log.Warn("replication destination had no snapshot (emptied?); wrote a new one", "to", r.opt.Target.URL)
	return nil
}

// alertAfter is how long the destination may be behind before researchers are told:
// a slow upload now and then is normal, ten intervals (5 s by default) is not.
func (r *Replicator) alertAfter() time.Duration { return max(2*time.Second, 10*r.opt.Interval) }

// measure compares what Litestream has shipped with what is committed and keeps the state
// and the alert; ownErr is a failure of feedlab's own steps (media copy, snapshot check).
func (r *Replicator) measure(now time.Time, ownErr error) {
	local, err := r.ldb.Pos()
	remote := r.ldb.Replica.Pos()
	r.mu.Lock()
	if err == nil && remote.TXID >= local.TXID && ownErr == nil {
		r.state.LastReplicated, r.behind, r.state.Lag = now, time.Time{}, 0
	} else {
		if r.behind.IsZero() {
			r.behind = now
		}
		r.state.Lag = now.Sub(r.state.LastReplicated)
	}
	switch {
	case ownErr != nil:
		r.state.LastError = ownErr.Error()
	case r.errs.last() != "":
		r.state.LastError = r.errs.last()
	}
	st, failing := r.state, !r.behind.IsZero() && now.Sub(r.behind) >= r.alertAfter()
	if r.behind.IsZero() {
		r.errs.reset()
		r.state.LastError = ""
	}
	r.mu.Unlock()
	if failing {
		detail := fmt.Sprintf("%s: last replicated %s (%s behind)", st.URL, st.LastReplicated.UTC().Format(time.RFC3339), st.Lag.Round(time.Second))
		if st.LastError != "" {
			detail += "; last error: " + st.LastError
		}
		r.opt.Alerts.Note(alert.Global, alert.ReplicaFailing, detail)
	} else if r.opt.Alerts != nil {
		r.opt.Alerts.Clear(alert.Global, alert.ReplicaFailing)
	}
}

// copyMedia copies the media files not yet at the destination. Media files never change
// (their name is their hash), so a name once copied is done.
func (r *Replicator) copyMedia(ctx context.Context) error {
	var todo []string
	if err := r.media.Files(func(name string, _ time.Time) {
		if !r.copied[name] {
			todo = append(todo, name)
		}
	}); err != nil {
		return err
	}
	for _, name := range todo {
		src, err := r.media.Path(name)
		if errors.Is(err, media.ErrNotFound) {
			continue // swept as unused since it was listed
		} else if err != nil {
			return err
		}
		if err := r.opt.Target.media.put(ctx, name, src); err != nil {
			return fmt.Errorf("media: copy %s: %w", name, err)
		}
		r.copied[name] = true
	}
	return nil
}

// errCapture is a slog.Handler keeping Litestream's last error message.
type errCapture struct {
	mu  sync.Mutex
	msg string
}

func (e *errCapture) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelError }

func (e *errCapture) Handle(_ context.Context, rec slog.Record) error {
	msg := rec.Message
	rec.Attrs(func(a slog.Attr) bool {
		if a.Key == "error" || a.Key == "err" {
			msg += ": " + a.Value.String()
		}
		return true
	})
	e.mu.Lock()
	e.msg = msg
	e.mu.Unlock()
	return nil
}

func (e *errCapture) WithAttrs([]slog.Attr) slog.Handler { return e }
func (e *errCapture) WithGroup(string) slog.Handler      { return e }

func (e *errCapture) last() string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.msg
}

func (e *errCapture) reset() {
	e.mu.Lock()
	e.msg = ""
	e.mu.Unlock()
}

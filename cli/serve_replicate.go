package cli

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"time"

	"feedlab/alert"
	"feedlab/api"
	"feedlab/replicate"
	"feedlab/store"
)

// stringList is a flag that may be given more than once.
type stringList []string

func (l *stringList) String() string     { return strings.Join(*l, ",") }
func (l *stringList) Set(v string) error { *l = append(*l, v); return nil }

// parseReplicas reads the --replicate destinations. Litestream 0.5 replicates a database
// to exactly one destination (its multi-replica mode of 0.3 was dropped), so a second
// --replicate is refused rather than silently ignored (docs/replication.md).
func parseReplicas(urls []string) ([]*replicate.Target, error) {
	if len(urls) > 1 {
		return nil, fmt.Errorf("%w: --replicate takes one destination (Litestream replicates a database to one place); for a second copy, copy that destination (a bucket's own replication, rsync of the folder)", errUsage)
	}
	var out []*replicate.Target
	for _, u := range urls {
		t, err := replicate.Parse(u)
		if err != nil {
			return nil, fmt.Errorf("%w: --replicate: %v", errUsage, err)
		}
		out = append(out, t)
	}
	return out, nil
}

// replication is serve's running replicators (none without --replicate).
type replication struct {
	mu     sync.Mutex
	rs     []*replicate.Replicator
	closed bool // serve is stopping: a late retry must not start one
}

// replicateInterval is Litestream's sync interval; FEEDLAB_REPLICATE_INTERVAL (a Go
// duration, at most 1s) shortens it for tests and for labs that want less at risk.
func replicateInterval() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("FEEDLAB_REPLICATE_INTERVAL")); err == nil && d > 0 && d <= time.Second {
		return d
	}
	return replicate.DefaultInterval
}

// replicationRetry is how long serve waits before trying again to start replicating to a
// destination it could not reach at start.
const replicationRetry = time.Minute

// startReplication starts replicating to each target. A destination that cannot be reached
// at start (the SFTP server or the NAS is down after a power cut) does not keep the
// appliance down: serve starts, every study page shows replica_failing, and the start is
// retried every minute until it works or serve stops.
func startReplication(ctx context.Context, st *store.Store, data string, targets []*replicate.Target, log *slog.Logger, alerts *alert.Board) *replication {
	r := &replication{}
	for _, t := range targets {
		opt := replicate.Options{
			DataDir: data, DatabaseFile: store.DatabaseFile, Target: t,
			Interval: replicateInterval(), Log: log, Alerts: alerts,
		}
		if err := r.start(ctx, st, opt); err != nil {
			alerts.Note(alert.Global, alert.ReplicaFailing, fmt.Sprintf("%s: replication could not start (tried again every minute): %v", t.URL, err))
			go r.retry(ctx, st, opt)
		}
	}
	return r
}

func (r *replication) start(ctx context.Context, st *store.Store, opt replicate.Options) error {
	rep, err := replicate.Start(ctx, opt)
	if err != nil {
		return err
	}
	// From now on Litestream checkpoints (not before: while it is not running, SQLite's
	// own checkpoints keep the write-ahead log small).
	if err := st.HandCheckpointsOver(ctx); err != nil {
		rep.Close(ctx)
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		rep.Close(ctx)
		return nil
	}
	r.rs = append(r.rs, rep)
	opt.Log.Info("replicating", "to", opt.Target.URL, "interval", opt.Interval.String())
	return nil
}

func (r *replication) retry(ctx context.Context, st *store.Store, opt replicate.Options) {
	t := time.NewTicker(replicationRetry)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		err := r.start(ctx, st, opt)
		if err == nil {
			opt.Alerts.Clear(alert.Global, alert.ReplicaFailing)
			return
		}
		opt.Alerts.Note(alert.Global, alert.ReplicaFailing, fmt.Sprintf("%s: replication could not start (tried again every minute): %v", opt.Target.URL, err))
	}
}

// states is what the study pages show of each destination.
func (r *replication) states() []api.ReplicaState {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := []api.ReplicaState{}
	for _, rep := range r.rs {
		st := rep.State()
		out = append(out, api.ReplicaState{URL: st.URL, LastReplicated: st.LastReplicated, LagSeconds: st.Lag.Seconds(), LastError: st.LastError})
	}
	return out
}

// close lets each replicator ship what is left, waiting at most shutdownGrace.
func (r *replication) close(stdout io.Writer) {
	ctx, cancel := context.WithTimeout(context.Background(), shutdownGrace)
	defer cancel()
	r.mu.Lock()
	r.closed = true
	rs := r.rs
	r.mu.Unlock()
	for _, rep := range rs {
		if err := rep.Close(ctx); err != nil {
			fmt.Fprintf(stdout, "Replication to %s did not finish: %v\n", rep.State().URL, err)
		}
	}
}

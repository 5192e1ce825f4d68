package cli

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"
	"strings"
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
type replication struct{ rs []*replicate.Replicator }

// replicateInterval is Litestream's sync interval; FEEDLAB_REPLICATE_INTERVAL (a Go
// duration, at most 1s) shortens it for tests and for labs that want less at risk.
func replicateInterval() time.Duration {
	if d, err := time.ParseDuration(os.Getenv("FEEDLAB_REPLICATE_INTERVAL")); err == nil && d > 0 && d <= time.Second {
		return d
	}
	return replicate.DefaultInterval
}

func startReplication(ctx context.Context, st *store.Store, data string, targets []*replicate.Target, log *slog.Logger, alerts *alert.Board) (*replication, error) {
	r := &replication{}
	if len(targets) == 0 {
		return r, nil
	}
	if err := st.HandCheckpointsOver(ctx); err != nil {
		return nil, err
	}
	for _, t := range targets {
		rep, err := replicate.Start(ctx, replicate.Options{
			DataDir: data, DatabaseFile: store.DatabaseFile, Target: t,
			Interval: replicateInterval(), Log: log, Alerts: alerts,
		})
		if err != nil {
			return nil, fmt.Errorf("serve: %w", err)
		}
		log.Info("replicating", "to", t.URL, "interval", replicateInterval().String())
		r.rs = append(r.rs, rep)
	}
	return r, nil
}

// states is what the study pages show of each destination.
func (r *replication) states() []api.ReplicaState {
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
	for _, rep := range r.rs {
		if err := rep.Close(ctx); err != nil {
			fmt.Fprintf(stdout, "Replication to %s did not finish: %v\n", rep.State().URL, err)
		}
	}
}

package study

import (
	"context"
	"time"

	"feedlab/params"
	"feedlab/store"
)

// The live dashboard of a study (issue 10): what the study page shows while the study runs.

// eventsWindowMinutes is the window events_per_minute averages over.
const eventsWindowMinutes = 5

// Funnel counts participants who reached at least each stage (docs/dashboard.md).
type Funnel struct {
	Arrived        int64 `json:"arrived"`
	Consented      int64 `json:"consented"`
	Feed           int64 `json:"feed"`
	Submitted      int64 `json:"submitted"`
	Questionnaires int64 `json:"questionnaires"`
	Completed      int64 `json:"completed"`
	Dropped        int64 `json:"dropped"`
	// Exits counts participants by how their session ended (participants.exit_state),
	// those in progress left out.
	Exits map[string]int64 `json:"exits"`
}

// add counts n participants whose furthest stage is stage, dropped of them dropped.
func (f *Funnel) add(stage string, n, dropped int64) {
	rank := store.StageRank(stage)
	for i, p := range []*int64{&f.Arrived, &f.Consented, &f.Feed, &f.Submitted, &f.Questionnaires, &f.Completed} {
		if rank >= i {
			*p += n
		}
	}
	f.Dropped += dropped
}

// ConditionFigures are one condition's figures: its funnel, its mean dwell per visit and
// its engagements per participant who reached the feed.
type ConditionFigures struct {
	Condition                 int                 `json:"condition"`
	Funnel                    Funnel              `json:"funnel"`
	MeanDwellMs               *float64            `json:"mean_dwell_ms"`
	EngagementsPerParticipant map[string]*float64 `json:"engagements_per_participant"`
}

// Dashboard is a study's live figures, as GET /v1/studies/{id}/dashboard answers them.
type Dashboard struct {
	GeneratedAt         int64              `json:"generated_at"`
	Status              string             `json:"status"`
	DroppedAfterMinutes float64            `json:"dropped_after_minutes"`
	Conditions          []ConditionFigures `json:"conditions"`
	Total               struct {
		Funnel Funnel `json:"funnel"`
	} `json:"total"`
	Balance struct {
		Arrivals  []int64 `json:"arrivals"`
		Completed []int64 `json:"completed"`
	} `json:"balance"`
	Timeline struct {
		BucketMs    int64   `json:"bucket_ms"`
		StartMs     int64   `json:"start_ms"`
		Arrivals    []int64 `json:"arrivals"`
		Completions []int64 `json:"completions"`
	} `json:"timeline"`
	TimeToComplete struct {
		MedianMs *int64 `json:"median_ms"`
		P90Ms    *int64 `json:"p90_ms"`
	} `json:"time_to_complete"`
	EventsPerMinute float64 `json:"events_per_minute"`
	// Assignment is the rule that places new participants, with its window and quotas.
	Assignment AssignmentFigures `json:"assignment"`
	// Excluded counts the real participants a researcher excluded (issue 22, item 3),
	// apart from the funnel: they stay counted in it, as their data stays in the study.
	Excluded int64 `json:"excluded"`
}

// AssignmentFigures are the rule placing new participants, its window and the quotas.
type AssignmentFigures struct {
	Rule          string `json:"rule"`           // balanced-completed or balanced-arrivals
	ActiveMinutes int    `json:"active_minutes"` // 0: completed participants only
	Quotas        []int  `json:"quotas"`         // per condition; 0 = none
	QuotaTotal    int    `json:"quota_total"`    // 0 = none
}

// hourBuckets are the bucket widths of a timeline older than maxTimelineBuckets minutes:
// the first giving at most maxTimelineBuckets buckets is used.
var hourBuckets = []int64{store.SlotHour, 6 * store.SlotHour, 24 * store.SlotHour, 7 * 24 * store.SlotHour}

const maxTimelineBuckets = 120

// Dashboard computes the study's live figures at now (docs/dashboard.md defines each
// number); a participant who did not complete and sent nothing for droppedAfter counts as
// dropped. Test participants are never counted. Every figure comes from indexed reads of
// the participants table and from counters the event writer maintains, so it costs a few
// milliseconds at 10,000 participants and 1,000,000 events (BENCHMARKS.md).
func (def *Definition) Dashboard(ctx context.Context, st *store.Store, now time.Time, droppedAfter time.Duration) (Dashboard, error) {
	id := def.ExperimentID
	study, err := st.Study(ctx, id)
	if err != nil {
		return Dashboard{}, err
	}
	nowMs := now.UnixMilli()
	nowMinute := nowMs / 60000
	data, err := st.Dashboard(ctx, id, nowMs-droppedAfter.Milliseconds(), nowMinute-eventsWindowMinutes+1)
	if err != nil {
		return Dashboard{}, err
	}
	n := int(study.NConditions)
	var d Dashboard
	d.GeneratedAt = nowMs
	d.Status = study.Status
	d.DroppedAfterMinutes = droppedAfter.Minutes()
	d.Conditions = make([]ConditionFigures, n)
	for i := range d.Conditions {
		d.Conditions[i] = ConditionFigures{Condition: i + 1, EngagementsPerParticipant: map[string]*float64{}, Funnel: Funnel{Exits: map[string]int64{}}}
	}
	d.Total.Funnel.Exits = map[string]int64{}
	if d.Excluded, err = st.ExcludedCount(ctx, id); err != nil {
		return Dashboard{}, err
	}
	exits, err := st.ExitCounts(ctx, id)
	if err != nil {
		return Dashboard{}, err
	}
	for _, e := range exits {
		d.Total.Funnel.Exits[e.State] += e.N
		if e.Condition >= 1 && int(e.Condition) <= n {
			d.Conditions[e.Condition-1].Funnel.Exits[e.State] += e.N
		}
	}
	rec := def.Study.Recruitment
	if rec.Assignment == "" {
		rec = params.DefaultRecruitment()
	}
	d.Assignment = AssignmentFigures{Rule: rec.Assignment, ActiveMinutes: rec.ActiveMinutes, QuotaTotal: rec.QuotaTotal, Quotas: make([]int, 0, n)}
	for _, c := range def.Study.Conditions {
		d.Assignment.Quotas = append(d.Assignment.Quotas, c.Quota)
	}
	inRange := func(c int64) bool { return c >= 1 && int(c) <= n }
	for _, f := range data.Funnel {
		d.Total.Funnel.add(f.Stage, f.N, 0)
		if inRange(f.Condition) {
			d.Conditions[f.Condition-1].Funnel.add(f.Stage, f.N, 0)
		}
	}
	for _, f := range data.Dropped {
		d.Total.Funnel.Dropped += f.N
		if inRange(f.Condition) {
			d.Conditions[f.Condition-1].Funnel.Dropped += f.N
		}
	}
	for _, e := range data.Engagements {
		if !inRange(e.Condition) {
			continue
		}
		c := &d.Conditions[e.Condition-1]
		if e.EngagementType == "dwell" {
			if e.N > 0 {
				mean := float64(e.ValueSum) / float64(e.N)
				c.MeanDwellMs = &mean
			}
			continue
		}
		if c.Funnel.Feed > 0 {
			per := float64(e.N) / float64(c.Funnel.Feed)
			c.EngagementsPerParticipant[e.EngagementType] = &per
		} else {
			c.EngagementsPerParticipant[e.EngagementType] = nil
		}
	}
	d.Balance.Arrivals = make([]int64, n)
	d.Balance.Completed = make([]int64, n)
	for i, c := range d.Conditions {
		d.Balance.Arrivals[i] = c.Funnel.Arrived
		d.Balance.Completed[i] = c.Funnel.Completed
	}

	if err := timeline(ctx, st, id, nowMs, &d); err != nil {
		return Dashboard{}, err
	}
	d.TimeToComplete.MedianMs, d.TimeToComplete.P90Ms = durationPercentile(data.Durations, 50), durationPercentile(data.Durations, 90)
	d.EventsPerMinute = float64(data.RecentRows) / eventsWindowMinutes
	return d, nil
}

// timeline fills the arrivals and completions over time: per minute for a study whose
// first arrival is less than two hours old, else per hour, 6 hours, day or week (the first
// giving at most maxTimelineBuckets buckets), from the counters in dashboard_slots.
func timeline(ctx context.Context, st *store.Store, id string, now int64, d *Dashboard) error {
	d.Timeline.BucketMs = store.SlotMinute
	d.Timeline.Arrivals, d.Timeline.Completions = []int64{}, []int64{}
	first, err := st.FirstActivity(ctx, id)
	if err != nil || first < 0 {
		return err
	}
	width, bucket := store.SlotMinute, store.SlotMinute
	if now-first >= maxTimelineBuckets*store.SlotMinute-store.SlotHour {
		width, bucket = store.SlotHour, hourBuckets[len(hourBuckets)-1]
		for _, b := range hourBuckets {
			if (now-first)/b < maxTimelineBuckets {
				bucket = b
				break
			}
		}
	}
	slots, err := st.Timeline(ctx, id, width, first/width)
	if err != nil {
		return err
	}
	start := first / bucket
	if width == store.SlotMinute && len(slots) > 0 {
		start = slots[0].Slot // the first minute with an arrival, not the hour's start
	}
	n := int(now/bucket-start) + 1
	d.Timeline.BucketMs, d.Timeline.StartMs = bucket, start*bucket
	d.Timeline.Arrivals, d.Timeline.Completions = make([]int64, n), make([]int64, n)
	for _, sl := range slots {
		if k := int(sl.Slot*width/bucket - start); k >= 0 && k < n {
			d.Timeline.Arrivals[k] += sl.Arrivals
			d.Timeline.Completions[k] += sl.Completions
		}
	}
	return nil
}

// durationPercentile is the nearest-rank percentile of the times to complete, read from
// their 2% histogram (so within 2% of the exact value); nil when nobody completed.
func durationPercentile(bins []store.BinCount, p int64) *int64 {
	var total int64
	for _, b := range bins {
		total += b.N
	}
	if total == 0 {
		return nil
	}
	rank := max((p*total+99)/100, 1)
	for _, b := range bins {
		if rank -= b.N; rank <= 0 {
			v := store.DurationOfBin(b.Bin)
			return &v
		}
	}
	return nil
}

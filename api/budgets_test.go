package api

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"feedlab/export"
	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

// budgetStudy creates a study whose one condition shows every card of the demo set, every
// button and every questionnaire, so that an honest session of it sends as much as any
// study's can; it answers the study id.
func (e *testEnv) budgetStudy(c *http.Client) string {
	e.t.Helper()
	rows := []map[string]any{
		{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"solarflare_demo"}]`},
		{"condition": 1, "param": "custom-msg-type", "value": "onpage"},
		{"condition": 1, "param": "custom-msg", "value": "Thanks"},
	}
	var forms []string
	for _, f := range params.KnownForms {
		forms = append(forms, `"`+f+`"`)
	}
	rows = append(rows, map[string]any{"condition": 1, "param": "forms", "value": "[" + strings.Join(forms, ",") + "]"})
	for _, b := range []string{"share", "like", "bookmark", "accuracy", "upvote", "downvote"} {
		rows = append(rows, map[string]any{"condition": 1, "param": "feed-button-" + b, "value": "yes"})
	}
	return e.spawnStudy(c, rows)
}

// participantLoad registers user in study and answers the feed's entity ids.
func (e *testEnv) participantLoad(study, user string) []string {
	e.t.Helper()
	r := e.post("/v1/load_experiment", map[string]any{"user_id": user, "experiment_id": study})
	if r.status != 200 {
		e.t.Fatalf("load_experiment: %d %s", r.status, r.body)
	}
	var ids []string
	for _, c := range r.json["data"].(map[string]any)["order_data"].([]any) {
		ids = append(ids, c.(map[string]any)["entity_id"].(string))
	}
	return ids
}

// TestHonestLongSessionStaysUnderBudgets plays a participant far busier than a real one
// through every call a page makes, in a study with every button and every questionnaire:
// every card visited ten times, every button pressed on and off twice on every card, four
// video events per card, fifty tab switches each resending the dwell batch, every
// questionnaire page sent twice with the longest answers the app lets a person type (the
// comment at its 2,000-character limit in a script whose characters take 9 once encoded),
// the accuracy prompt on every card; then the whole session sent again back to back (an
// outbox flushing after an offline spell and a reload). Nothing may be refused, and it
// must end well under each budget.
func TestHonestLongSessionStaysUnderBudgets(t *testing.T) {
	e := newEnv(t)
	study := e.budgetStudy(e.researcher())
	const user = "honest"
	cards := e.participantLoad(study, user)
	ref := func(m map[string]any) map[string]any {
		m["user_id"], m["experiment_id"] = user, study
		return m
	}
	n := 0
	type sent struct {
		path string
		body map[string]any
	}
	var session []sent
	send := func(path string, body map[string]any) {
		t.Helper()
		n++
		if _, ok := body["event_id"]; !ok {
			body["event_id"] = fmt.Sprintf("ev-%d", n)
		}
		if r := e.post(path, ref(body)); r.status != 200 {
			t.Fatalf("request %d %s: %d %s", n, path, r.status, r.body)
		}
		session = append(session, sent{path, body})
	}
	checkpoint := func(name string) {
		send("/v1/write_checkpoint", map[string]any{"checkpoint": name, "value": "1764000000000", "time": 1764000000000})
	}
	for _, cp := range []string{"consent-agree", "instructions-agree", "feed-landed", "intervention-video-shown", "intervention-video-start", "intervention-video-end"} {
		checkpoint(cp)
	}
	for i := range cards {
		checkpoint(fmt.Sprintf("feed-entity-idx-%d", i))
	}
	buttons := []string{"shares", "likes", "read_later", "accuracy_score", "upvote", "downvote"}
	for _, id := range cards {
		for _, b := range buttons {
			for k := 0; k < 4; k++ {
				send("/v1/write_user_engagement", map[string]any{"entity_id": id, "engagement_type": b, "response": k % 2, "time_content_viewed": 1764000000000, "time_engagement": 1764000000100, "likes": 1})
			}
		}
		for _, v := range []string{"videomute_true", "videomute_false", "videopause_true", "videopause_false"} {
			send("/v1/write_user_engagement", map[string]any{"entity_id": id, "engagement_type": v, "response": 1, "time_content_viewed": 1764000000000, "time_engagement": 1764000000100})
		}
		send("/v1/write_form", map[string]any{"form_fields": map[string]string{"accuracy-prompt-" + id: "4"}, "time": 1764000000000})
	}
	// Ten visits of every card, the batch resent (the same id, more dwells) on each of 50
	// tab switches and at submit.
	batch := func(visits int) []map[string]any {
		var d []map[string]any
		for i, id := range cards {
			times := make([]int, visits)
			for k := range times {
				times[k] = 1500 + k
			}
			d = append(d, map[string]any{"idx": i, "entity_id": id, "dwells": visits, "dwellTimes": times, "dwellsInviewTime": times})
		}
		return d
	}
	for s := 0; s < 50; s++ {
		checkpoint("tab-inactive")
		send("/v1/write_batch_dwell", map[string]any{"event_id": "dwell-1764000000000-0123456789abcdef", "dwell_data": batch(1 + s*9/49)})
		checkpoint("tab-active")
	}
	send("/v1/write_batch_dwell", map[string]any{"event_id": "dwell-1764000000000-0123456789abcdef", "dwell_data": batch(10)})
	for _, cp := range []string{"submit-click", "feed-entity-idx-final", "leave_feed"} {
		checkpoint(cp)
	}
	longest := url.PathEscape(strings.Repeat("€", 2000)) // 18,000 characters encoded
	for _, q := range export.Questionnaires() {
		fields := map[string]string{}
		for _, f := range q.Fields {
			switch f.Kind {
			case "text":
				fields[f.Name] = longest
			case "checkbox":
				var all []string
				for _, o := range f.Options {
					all = append(all, o.Value)
				}
				fields[f.Name] = url.QueryEscape(strings.Join(all, ";"))
			default:
				fields[f.Name] = "3"
			}
		}
		for page := 0; page < 2; page++ { // the back button: the page sent again
			send("/v1/write_form", map[string]any{"form_fields": fields, "time": 1764000000000})
		}
		checkpoint("form-done:" + q.Name)
	}
	checkpoint("end-redirect")

	p, err := e.store.Participant(context.Background(), study, user)
	if err != nil || !p.CompletedAt.Valid {
		t.Fatalf("the honest participant did not complete: %+v %v", p, err)
	}
	u, err := e.store.ParticipantUsage(context.Background(), p.ParticipantID)
	if err != nil {
		t.Fatal(err)
	}
	// The outbox after an offline spell and a reload: every event of the session sent
	// again, back to back, as if no answer had arrived. All are acknowledged (within the
	// burst) and none is stored twice.
	for i, ev := range session {
		if r := e.post(ev.path, ev.body); r.status != 200 {
			t.Fatalf("resending request %d %s: %d %s", i+1, ev.path, r.status, r.body)
		}
	}
	n += len(session)
	if again := e.usedRows(study, user); again != u.Rows {
		t.Fatalf("resending the session changed the stored rows: %d, then %d", u.Rows, again)
	}
	def, err := newStudyDefs(e).Load(context.Background(), study)
	if err != nil {
		t.Fatal(err)
	}
	b := conditionBudget(def.Study, def.Study.Conditions[0])
	t.Logf("%d cards: %d requests (burst %d), %d rows of %d, %d bytes of %d, 10 visits of %d", len(cards), n, b.burst, u.Rows, b.rows, u.Bytes, b.bytes, b.visitsPerCard)
	// Well under: a session this busy is far past a real one, and still uses less than a
	// third of each budget; the session sent twice fits the burst without any refill.
	if u.Rows*3 > b.rows || u.Bytes*3 > b.bytes || n > b.burst {
		t.Errorf("the honest session uses too much of its budgets: %d/%d rows, %d/%d bytes, %d requests against a burst of %d", u.Rows, b.rows, u.Bytes, b.bytes, n, b.burst)
	}
}

// TestEventsOverBudgetAreRefusedAndStoreNothing: each budget refuses with its own code,
// 413, stores nothing of the refused event, and the study's page counts it.
func TestEventsOverBudgetAreRefusedAndStoreNothing(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	ada := e.researcher()
	study := e.spawnStudy(ada, []map[string]any{{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"solarflare_demo","number_to_show":24}]`}})
	cards := e.participantLoad(study, "flood")
	post := func(path string, body map[string]any) response {
		body["user_id"], body["experiment_id"] = "flood", study
		return e.post(path, body)
	}
	rows := func() int64 { return e.usedRows(study, "flood") }
	dwells := func(visits int) []map[string]any {
		var d []map[string]any
		for i, id := range cards {
			times := make([]int, visits)
			for k := range times {
				times[k] = 1000
			}
			d = append(d, map[string]any{"idx": i, "entity_id": id, "dwells": visits, "dwellTimes": times})
		}
		return d
	}

	// The form flood: 12 fields of 20,000 characters.
	long := map[string]string{}
	for i := 0; i < 12; i++ {
		long[fmt.Sprintf("f%d", i)] = strings.Repeat("x", 20000)
	}
	if r := post("/v1/write_form", map[string]any{"event_id": "form-1", "form_fields": long}); r.status != 413 || errorCode(r) != codeAnswerTooLong {
		t.Fatalf("form flood: %d %s", r.status, r.body)
	}
	// The dwell flood: 24 cards × 1,000 visits.
	if r := post("/v1/write_batch_dwell", map[string]any{"event_id": "dwell-1", "dwell_data": dwells(1000)}); r.status != 413 || errorCode(r) != codeOverBudgetVisits {
		t.Fatalf("dwell flood: %d %s", r.status, r.body)
	}
	// A checkpoint's value and an engagement's response are answers too.
	if r := post("/v1/write_checkpoint", map[string]any{"event_id": "cp-1", "checkpoint": "x", "value": strings.Repeat("x", maxAnswerChars+1)}); r.status != 413 || errorCode(r) != codeAnswerTooLong {
		t.Fatalf("long checkpoint: %d %s", r.status, r.body)
	}
	if got := rows(); got != 0 {
		t.Fatalf("refused events stored %d rows", got)
	}

	// Within the per-request limits, with a new event id each time: the events budget
	// stops the dwell batches, the bytes budget the pages of long answers.
	var refused response
	for i := 0; i < 100; i++ {
		r := post("/v1/write_batch_dwell", map[string]any{"event_id": fmt.Sprintf("dwell-%d", i+2), "dwell_data": dwells(budgetMargin * honestVisitsPerCard)})
		if r.status != 200 {
			refused = r
			break
		}
	}
	if refused.status != 413 || errorCode(refused) != codeOverBudgetEvents {
		t.Fatalf("dwell batches within the visits budget: %d %s", refused.status, refused.body)
	}
	def, err := newStudyDefs(e).Load(context.Background(), study)
	if err != nil {
		t.Fatal(err)
	}
	b := conditionBudget(def.Study, def.Study.Conditions[0])
	before := rows()
	if before > b.rows {
		t.Fatalf("%d rows stored, over the budget of %d", before, b.rows)
	}
	fields := map[string]string{}
	for i := 0; i < 12; i++ {
		fields[fmt.Sprintf("f%d", i)] = strings.Repeat("y", maxAnswerChars)
	}
	e.participantLoad(study, "pages")
	refused = response{}
	for i := 0; i < 100; i++ {
		r := e.post("/v1/write_form", map[string]any{"user_id": "pages", "experiment_id": study, "event_id": fmt.Sprintf("page-%d", i), "form_fields": fields})
		if r.status != 200 {
			refused = r
			break
		}
	}
	if refused.status != 413 || errorCode(refused) != codeOverBudgetBytes {
		t.Fatalf("pages of long answers: %d %s", refused.status, refused.body)
	}
	if got := rows(); got != before {
		t.Fatalf("the refused dwell batch changed the stored rows: %d, then %d", before, got)
	}
	d := e.call(ada, http.MethodGet, "/v1/studies/"+study+"/dashboard", nil, "")
	if d.status != 200 || !strings.Contains(string(d.body), `"over_budget"`) || !strings.Contains(string(d.body), "participant pages") {
		t.Fatalf("the study page does not show the over-budget alert: %d %s", d.status, d.body)
	}
}

// TestParticipantRateAnswers429AndTheRetryIsStored: past the burst, a participant's next
// request is answered 429 too_many_requests with retry_after and stores nothing; once a
// token is back, the same event (the outbox retries it) is stored.
func TestParticipantRateAnswers429AndTheRetryIsStored(t *testing.T) {
	e := newEnv(t)
	study := e.spawnStudy(e.researcher(), []map[string]any{{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"solarflare_demo","number_to_show":3}]`}})
	e.participantLoad(study, "fast")
	def, err := newStudyDefs(e).Load(context.Background(), study)
	if err != nil {
		t.Fatal(err)
	}
	b := conditionBudget(def.Study, def.Study.Conditions[0])
	cp := func(id string) response {
		return e.post("/v1/write_checkpoint", map[string]any{"user_id": "fast", "experiment_id": study, "event_id": id, "checkpoint": "tab-inactive"})
	}
	for i := 0; i < b.burst; i++ {
		if r := cp(fmt.Sprintf("cp-%d", i)); r.status != 200 {
			// The bucket refills meanwhile; only a refusal before the burst is spent fails.
			t.Fatalf("request %d of a burst of %d: %d %s", i, b.burst, r.status, r.body)
		}
	}
	// The bucket refilled a little while the burst was sent: spend that too.
	acked := b.burst
	var r response
	for i := 0; i < 100; i++ {
		if r = cp(fmt.Sprintf("refilled-%d", i)); r.status != 200 {
			break
		}
		acked++
	}
	if acked > b.burst+50 {
		t.Fatalf("the burst of %d did not run out: %d acknowledged", b.burst, acked)
	}
	if r.status != 429 || errorCode(r) != codeTooManyRequests || r.header.Get("Retry-After") == "" || r.json["error"].(map[string]any)["retry_after"] == nil {
		t.Fatalf("past the burst: %d %v %s", r.status, r.header, r.body)
	}
	// load_block (an adaptive feed's next block, ranked and recorded) spends the same rate.
	// The bucket refills a token every tenth of a second: on a busy machine one may be back
	// before the request, which it spends (this feed is not adaptive: 409); a load_block that
	// did not spend the rate would never meet the 429.
	var lb response
	for i := 0; i < 20; i++ {
		if lb = e.post("/v1/load_block", map[string]any{"user_id": "fast", "experiment_id": study, "shown": 1}); lb.status != http.StatusConflict {
			break
		}
	}
	if lb.status != 429 || errorCode(lb) != codeTooManyRequests {
		t.Fatalf("load_block past the burst: %d %s", lb.status, lb.body)
	}
	if got := e.usedRows(study, "fast"); got != int64(acked) {
		t.Fatalf("%d rows stored for %d acknowledged requests", got, acked)
	}
	time.Sleep(time.Minute / requestsPerMinute * 2)
	if r := cp(fmt.Sprintf("refilled-%d", acked-b.burst)); r.status != 200 {
		t.Fatalf("the retry: %d %s", r.status, r.body)
	}
	if got := e.usedRows(study, "fast"); got != int64(acked)+1 {
		t.Fatalf("after the retry %d rows are stored, want %d", got, acked+1)
	}
}

// TestBudgetsAreReadBackAfterARestart: a participant's use is kept in memory, read from
// the database the first time a server sees them, so a restart does not give them a new
// budget.
func TestBudgetsAreReadBackAfterARestart(t *testing.T) {
	t.Parallel()
	e := newEnv(t)
	study := e.spawnStudy(e.researcher(), []map[string]any{{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"solarflare_demo","number_to_show":24}]`}})
	cards := e.participantLoad(study, "again")
	batch := func(srv *httptest.Server, id string) int {
		var d []map[string]any
		for i, c := range cards {
			times := make([]int, budgetMargin*honestVisitsPerCard)
			d = append(d, map[string]any{"idx": i, "entity_id": c, "dwellTimes": times})
		}
		r := e.postTo(srv, "/v1/write_batch_dwell", map[string]any{"user_id": "again", "experiment_id": study, "event_id": id, "dwell_data": d})
		return r.status
	}
	sent := 0
	for ; sent < 100 && batch(e.srv, fmt.Sprintf("b-%d", sent)) == 200; sent++ {
	}
	if sent == 0 || sent == 100 {
		t.Fatalf("%d batches before the budget ran out", sent)
	}
	// A new server over the same database: the participant is still over.
	restarted := httptest.NewServer(New(Config{Store: e.store, Media: e.media, Frontend: testFrontend}).Handler())
	defer restarted.Close()
	if got := batch(restarted, "after-restart"); got != 413 {
		t.Fatalf("after a restart the participant got a new budget: %d", got)
	}
}

// newStudyDefs reads study definitions from the test's store.
func newStudyDefs(e *testEnv) *study.Definitions { return study.NewDefinitions(e.store) }

// usedRows answers the rows a participant has sent, as stored.
func (e *testEnv) usedRows(studyID, user string) int64 {
	e.t.Helper()
	p, err := e.store.Participant(context.Background(), studyID, user)
	if err != nil {
		e.t.Fatal(err)
	}
	u, err := e.store.ParticipantUsage(context.Background(), p.ParticipantID)
	if err != nil {
		e.t.Fatal(err)
	}
	return u.Rows
}

// postTo posts body as JSON to path on srv (another server over the test's store).
func (e *testEnv) postTo(srv *httptest.Server, path string, body any) response {
	e.t.Helper()
	saved := e.srv
	e.srv = srv
	defer func() { e.srv = saved }()
	return e.post(path, body)
}

func TestAnswerCharsCountsWhatWasTyped(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		in   string
		want int
	}{
		{"", 0}, {"abc", 3}, {"%E2%82%AC", 1}, {url.PathEscape("€uro"), 4}, {"%zz", 3}, {"100%", 4}, {"%4", 2}, {"%41%42", 2},
	} {
		if got := answerChars(tc.in); got != tc.want {
			t.Errorf("answerChars(%q) = %d, want %d", tc.in, got, tc.want)
		}
	}
}

// BenchmarkBudgetCheck is what the budgets add to each event: the rate's token, the check
// and reservation, and the settling after the commit, for one engagement of a participant
// already seen (go test ./api -run '^$' -bench BenchmarkBudgetCheck -benchmem).
func BenchmarkBudgetCheck(b *testing.B) {
	e := newEnv(b)
	e.load("bench")
	srv := New(Config{Store: e.store, Media: e.media, Frontend: testFrontend})
	ref := participantRef{UserID: "bench", ExperimentID: "solarflare"}
	target, err := e.store.ResolveEvent(context.Background(), "solarflare", "bench", 0)
	if err != nil {
		b.Fatal(err)
	}
	srv.budgets.forCondition(mustDef(b, srv), target.Condition).rate.Burst = 1 << 40 // no refusals while timing
	r := httptest.NewRequest(http.MethodPost, "/v1/write_user_engagement", nil)
	ev := store.Event{Engagements: []store.Engagement{{EventID: "0f8e7a2c-1d3b-4c5e-9f6a-7b8c9d0e1f2a", EntityID: 1, Type: "likes", Response: "1"}}}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if err := srv.pace(r, ref, target); err != nil {
			b.Fatal(err)
		}
		res, err := srv.charge(r, ref, target, ev)
		if err != nil {
			b.Fatal(err)
		}
		srv.settle(res, 0) // as a retry: nothing used, so the budget never runs out
	}
}

func mustDef(b *testing.B, srv *Server) *study.Definition {
	def, err := srv.studyDefinition(context.Background(), "solarflare")
	if err != nil {
		b.Fatal(err)
	}
	return def
}

// TestConcurrentEventsCannotOvershootABudget: events of one participant sent at once each
// reserve their share before they are stored, so together they never pass the budget.
func TestConcurrentEventsCannotOvershootABudget(t *testing.T) {
	e := newEnv(t)
	study := e.spawnStudy(e.researcher(), []map[string]any{{"condition": 1, "param": "entity_sets", "value": `[{"entity_set":"solarflare_demo","number_to_show":24}]`}})
	cards := e.participantLoad(study, "many")
	def, err := newStudyDefs(e).Load(context.Background(), study)
	if err != nil {
		t.Fatal(err)
	}
	b := conditionBudget(def.Study, def.Study.Conditions[0])
	var d []map[string]any
	for i, c := range cards {
		d = append(d, map[string]any{"idx": i, "entity_id": c, "dwellTimes": make([]int, b.visitsPerCard)})
	}
	perBatch := int64(len(cards) * b.visitsPerCard)
	const senders = 8
	statuses := make(chan int, senders)
	for i := 0; i < senders; i++ {
		go func() {
			r := e.post("/v1/write_batch_dwell", map[string]any{"user_id": "many", "experiment_id": study, "event_id": fmt.Sprintf("at-once-%d", i), "dwell_data": d})
			statuses <- r.status
		}()
	}
	acked := int64(0)
	for i := 0; i < senders; i++ {
		switch s := <-statuses; s {
		case 200:
			acked++
		case 413:
		default:
			t.Errorf("a batch answered %d", s)
		}
	}
	if want := b.rows / perBatch; acked != want {
		t.Errorf("%d batches of %d rows acknowledged against a budget of %d rows, want %d", acked, perBatch, b.rows, want)
	}
	if got := e.usedRows(study, "many"); got != acked*perBatch || got > b.rows {
		t.Errorf("%d rows stored for %d acknowledged batches (budget %d)", got, acked, b.rows)
	}
}

// TestBudgetsFollowAnEditedDesign: a study's budgets are computed from the definition the
// event's study was loaded as; an edit before the first real participant (a preview
// participant's events already computed them) loads a new definition, and the budgets
// follow it instead of staying those of the old design.
func TestBudgetsFollowAnEditedDesign(t *testing.T) {
	t.Parallel()
	b := newBudgets()
	def := func(cards int) *study.Definition {
		return &study.Definition{ExperimentID: "fl-edit", Study: params.Study{Conditions: []params.Condition{
			{Number: 1, EntitySets: []params.EntitySetChoice{{EntitySet: "s", NumberToShow: cards}}},
		}}}
	}
	small, large := def(5), def(50)
	before := b.forCondition(small, 1)
	if again := b.forCondition(small, 1); again != before {
		t.Fatalf("the same definition gave other budgets: %+v, %+v", before, again)
	}
	after := b.forCondition(large, 1)
	if after.rows <= before.rows || after.visitsPerCard != before.visitsPerCard {
		t.Fatalf("50 cards after the edit: %+v; 5 cards before: %+v", after, before)
	}
}

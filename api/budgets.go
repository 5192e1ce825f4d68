package api

import (
	"net/http"
	"slices"
	"sync"

	"feedlab/export"
	"feedlab/limit"
	"feedlab/params"
	cq "feedlab/questionnaire"
	"feedlab/study"
)

// Per-participant budgets (issue 20, item 2). Nothing else bounds what one registered
// participant sends: a script holding a real participant's ids could write questionnaire
// pages of 240 KB with a new event id each time (the database grew 2.8 GB a minute) or
// dwell batches of 24,000 rows (other participants went from thousands of acknowledged
// events a second to almost none). A participant's budgets are computed from their
// condition: what an honest session of that condition sends at most, times budgetMargin.
// docs/security.md ("How the numbers were chosen") says how each number was chosen;
// TestHonestLongSessionStaysUnderBudgets plays a session far longer than any real one and
// checks it stays under them.

// What one honest participant does at most, per card, per button or in all. Each is well
// above what a real session shows; budgetMargin multiplies the total on top.
const (
	// honestFixedCheckpoints: consent, instructions, feed-landed, submit-click,
	// feed-entity-idx-final, leave_feed, the intervention video's three, end-redirect,
	// outbox-drain-timeout on each page, with room to spare.
	honestFixedCheckpoints = 40
	// honestTabSwitches: each hide and show of the tab logs two checkpoints and resends
	// the dwell batch so far.
	honestTabSwitches = 50
	// honestTogglesPerButton: a participant turning one card's like on and off again.
	honestTogglesPerButton = 4
	// honestVideoEvents: mute and pause toggles of one video card (counted for every card:
	// the study's parameters do not say which cards are videos).
	honestVideoEvents = 20
	// honestVisitsPerCard: a card scrolled into view again and again in one feed session
	// (the honest-session test visits each card ten times).
	honestVisitsPerCard = 20
	// honestFieldsPerForm is the answers allowed for a questionnaire whose fields the
	// server does not know (custom-msg): more than any built-in page has.
	honestFieldsPerForm = 20
	// honestPageSends: a questionnaire page may be sent again (back button, reload).
	honestPageSends = 2
	// honestSpeechPerCard: comments and replies one participant writes under one card
	// (feed-button-comment); a thread of five by one person is already a lot.
	honestSpeechPerCard = 5
	// honestCommentLikesPerCard: likes given and taken back on one card's comments
	// (comment-like).
	honestCommentLikesPerCard = 20
	// honestPosts: posts one participant writes at the top of their feed (feed-compose).
	honestPosts = 10
	// honestRowBytes is what one row of a short event holds in budget bytes (event id,
	// name, response): a UUID, a checkpoint name and a time take about 70.
	honestRowBytes = 100

	// budgetMargin multiplies the honest maximum into the budget.
	budgetMargin = 10
	// burstMargin multiplies the honest number of requests into the rate's burst: an
	// outbox flushing a whole session kept offline may send everything twice (a beacon
	// and the next page's flush).
	burstMargin = 2
	// requestsPerMinute refills the rate's bucket: ten a second, more than a person
	// clicking and scrolling produces once the burst (a whole session) is spent.
	requestsPerMinute = 600
)

// Answer length: the longest built-in field is the final page's comment, limited to 2,000
// characters by its definition (questionnaire/builtins/final.json, max_length).
// maxAnswerChars counts characters as typed (a URL-encoded %XX sequence of one character
// counts once); maxResponse bounds the stored, encoded text (2,000 characters of three
// UTF-8 bytes each are 18,000 once encoded).
const maxAnswerChars = 5000

// Error codes of the budgets.
const (
	codeOverBudgetEvents = "over_budget_events"
	codeOverBudgetBytes  = "over_budget_bytes"
	codeOverBudgetVisits = "over_budget_visits"
	codeAnswerTooLong    = "answer_too_long"
	codeTooManyRequests  = "too_many_requests"
)

// budget is what one participant of a condition may send in all.
type budget struct {
	rows          int64 // rows stored: a click, a checkpoint, a form field, one dwell
	bytes         int64 // budget bytes of those rows (rowBytes)
	visitsPerCard int   // dwells of one card in one dwell batch
	burst         int   // the request rate's burst
	rate          *limit.Rate
}

// conditionBudget computes a condition's budget from what its participants are shown.
func conditionBudget(s params.Study, c params.Condition) budget {
	cards := int64(0)
	for _, es := range c.EntitySets {
		cards += int64(es.NumberToShow)
	}
	buttons := int64(0)
	for _, v := range c.Buttons {
		if v != "" && v != "no" {
			buttons++
		}
	}
	var fields, textFields, forms int64
	for _, name := range append(slices.Clone(c.FormsBefore), c.Forms...) {
		forms++
		if custom, ok := s.Questionnaire(name); ok {
			f, t := customFields(custom, cards)
			fields, textFields = fields+f, textFields+t
			continue
		}
		q, known := questionnaire(name)
		if !known {
			fields += honestFieldsPerForm
			continue
		}
		fields += int64(len(q.Fields))
		for _, f := range q.Fields {
			if f.Kind == "text" {
				textFields++
			}
		}
	}
	checkpoints := honestFixedCheckpoints + cards + 2*honestTabSwitches + forms // feed-entity-idx-N, tab times, form-done
	clicks := cards*buttons*honestTogglesPerButton + cards*honestVideoEvents
	dwells := cards * honestVisitsPerCard
	answers := honestPageSends * (fields + cards) // the pages, and the accuracy prompt on each card
	// What a participant may say (feed-button-comment) and like (comment-like): so many
	// comments a card, each up to MaxSpeechChars characters of up to four bytes.
	var speech, speechBytes int64
	if c.CommentBox {
		speech += cards * honestSpeechPerCard
		speechBytes += cards * honestSpeechPerCard * (4*MaxSpeechChars + maxTargetID)
	}
	if c.CommentLike {
		speech += cards * honestCommentLikesPerCard
	}
	if c.Compose {
		speech += honestPosts
		speechBytes += honestPosts * (4*MaxSpeechChars + maxTargetID)
	}
	clicks += speech
	rows := checkpoints + clicks + dwells + answers
	// The dwell batch after each tab switch and at submit, the pages, and load_block at
	// most once a card (an adaptive feed's blocks).
	requests := checkpoints + clicks + (1 + honestTabSwitches) + honestPageSends*(forms+cards) + cards
	burst := int(burstMargin * requests)
	return budget{
		rows:          budgetMargin * rows,
		bytes:         budgetMargin * (rows*honestRowBytes + honestPageSends*textFields*maxResponse + speechBytes),
		visitsPerCard: budgetMargin * honestVisitsPerCard,
		burst:         burst,
		rate:          limit.NewRate(requestsPerMinute, burst),
	}
}

// questionnaire finds a built-in questionnaire by name.
func questionnaire(name string) (export.Questionnaire, bool) {
	for _, q := range export.Questionnaires() {
		if q.Name == name {
			return q, true
		}
	}
	return export.Questionnaire{}, false
}

// budgets holds every study's budgets (computed once: a study's design never changes once
// someone arrived) and every participant's use of them.
type budgets struct {
	mu      sync.Mutex
	studies map[string]studyBudgets // experiment_id → the budgets of its current definition
	usage   *usageTable
}

// studyBudgets are a study's budgets per condition (from 1) and the definition they were
// computed from: an edit before the first real participant (a preview's events come
// earlier) loads a new definition, and the budgets follow it.
type studyBudgets struct {
	def *study.Definition
	per []budget
}

func newBudgets() *budgets {
	return &budgets{studies: map[string]studyBudgets{}, usage: newUsageTable()}
}

// forCondition answers the budget of a condition of def.
func (b *budgets) forCondition(def *study.Definition, condition int64) budget {
	b.mu.Lock()
	defer b.mu.Unlock()
	cached := b.studies[def.ExperimentID]
	per := cached.per
	if cached.def != def {
		per = make([]budget, len(def.Study.Conditions))
		for i, c := range def.Study.Conditions {
			per[i] = conditionBudget(def.Study, c)
		}
		b.studies[def.ExperimentID] = studyBudgets{def: def, per: per}
	}
	if condition < 1 || int(condition) > len(per) {
		// Cannot happen for a registered participant; the largest budget is the safe side.
		var most budget
		for _, p := range per {
			if p.rows > most.rows {
				most = p
			}
		}
		return most
	}
	return per[condition-1]
}

// answerChars counts the characters of an answer as the participant typed them: the app
// URL-encodes every answer, so each %XX sequence is one byte, and the bytes that continue
// a UTF-8 character do not count.
func answerChars(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]) {
			c = unhex(s[i+1])<<4 | unhex(s[i+2])
			i += 2
		}
		if c&0xC0 != 0x80 {
			n++
		}
	}
	return n
}

func isHex(c byte) bool { return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F' }

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c <= 'F':
		return c - 'A' + 10
	}
	return c - 'a' + 10
}

// overBudget is the 413 of a budget, named by its code.
func overBudget(code, message string) *apiError {
	return &apiError{http.StatusRequestEntityTooLarge, code, message}
}

// customFields counts the answers a custom questionnaire may send and how many of them are
// typed text: a cards item's questions once per card it can show (the feed's cards, or
// its sample, and its lures).
func customFields(q cq.Questionnaire, cardsInFeed int64) (fields, text int64) {
	var count func(it cq.Item, times int64)
	count = func(it cq.Item, times int64) {
		switch it.Type {
		case cq.Matrix:
			fields += times * int64(len(it.Statements))
		case cq.Cards:
			n := cardsInFeed
			if it.Sample > 0 && int64(it.Sample) < n {
				n = int64(it.Sample)
			}
			for _, sub := range it.Items {
				count(sub, times*(n+int64(it.Lures)))
			}
		default:
			fields += times
			if it.Type == cq.Text || it.Type == cq.Textarea {
				text += times
			}
			if it.Other {
				fields, text = fields+times, text+times
			}
		}
	}
	for _, p := range q.Pages {
		for _, it := range p.Items {
			count(it, 1)
		}
	}
	return fields, text
}

package export

// The codebook's words for every fixed column. An entry is shared by every export that
// has the column unless typeDocs gives that export its own. Columns that other parts of
// feedlab add (is_test, study_version, the original-shape columns, the ranking's
// inventory columns) are listed here too, so the codebook covers them the day they land.

// ColumnDoc is what a codebook says of one column.
type ColumnDoc struct {
	Type    string // integer, decimal, text, 0/1, ISO 8601 time, list
	Unit    string // ms, epoch ms, count, ...; "" when none
	Origin  string // where the value comes from
	Meaning string
}

const (
	tInt   = "integer"
	tDec   = "number"
	tText  = "text"
	tBit   = "0/1"
	tISO   = "text (ISO 8601 UTC time)"
	tList  = "text (list, ';'-separated integers)"
	uMs    = "ms"
	uEpoch = "epoch ms (UTC)"
	uCount = "count"
)

const (
	oServer = "server, when the event was received"
	oClient = "participant's browser (sent with the event)"
	// oClientClock is for times: read from the participant's device clock, which may be
	// set wrong, unlike the server's times.
	oClientClock = "participant's browser (its clock)"
	oStudy       = "the study's parameters (params.csv)"
	oInventory   = "inventory: the feed composed for the participant at arrival"
	oSet         = "stimulus set, as uploaded"
	oRegistered  = "participant's registration (arrival)"
	oDerived     = "derived by feedlab from the stored events at export"
)

// commonDocs are the columns that mean the same in every export that has them.
var commonDocs = map[string]ColumnDoc{
	"user_id":             {tText, "", oRegistered, "The participant's id in this study (from the arrival link, or generated)."},
	"experiment_id":       {tText, "", oStudy, "The study's id."},
	"condition":           {tInt, "", oRegistered, "The condition the participant was assigned (1-based)."},
	"entity_id":           {tInt, "", "feedlab, when the set was stored", "The card's id; unique across every stimulus set of the appliance."},
	"entity_set":          {tText, "", oSet, "The stimulus set the card belongs to."},
	"entity_category":     {tText, "", oSet, "The set's category: news, opinion, sensational or ads."},
	"entity_url":          {tText, "", oSet, "Where the card's image or video is served from (/media/... for files held by the appliance)."},
	"entity_type":         {tText, "", oSet, "The card's media type as the set gives it (for example image or video)."},
	"item_order":          {tInt, "", oInventory, "The card's position in the participant's feed, from 0 (top)."},
	"event_id":            {tText, "", oClient, "The event's id, made by the participant's browser; a resent event keeps its id and is stored once."},
	"shown_shares":        {tInt, uCount, oInventory, "The share count the card displayed, before the participant's own click (which is not included): 0 for a yes button; empty when it showed no count."},
	"shown_likes":         {tInt, uCount, oInventory, "The like count the card displayed; empty when it showed no count."},
	"shown_read_later":    {tInt, uCount, oInventory, "The read-later count the card displayed; empty when it showed no count."},
	"shown_upvote":        {tInt, uCount, oInventory, "The upvote count the card displayed; empty when it showed no count."},
	"shown_downvote":      {tInt, uCount, oInventory, "The downvote count the card displayed; empty when it showed no count."},
	"source_url":          {tText, "", oSet, "Where the stimulus was found (the original article or post)."},
	"filename":            {tText, "", oSet, "The stimulus's file name as uploaded."},
	"retrieve_date":       {tText, "", oSet, "When the stimulus was retrieved, as the set gives it."},
	"headline":            {tText, "", oSet, "The card's headline (plain text); empty when the set has none."},
	"is_test":             {tBit, "", oRegistered, "1 for a test participant (preview or pilot run), 0 otherwise. The column is always there; test participants' rows are in the file only when test participants were asked for (Include test participants, --include-test), so without them it holds only 0."},
	"study_version":       {tInt, "", oRegistered, "The version of the study's texts the participant got (texts edited after launch make a new version)."},
	"time_stamp_iso":      {tISO, "", oServer, "When the server received the event, as an ISO 8601 UTC time with milliseconds."},
	"user_agent":          {tText, "", "participant's browser (User-Agent header)", "The browser the event came from (cut to 400 bytes; recorded at arrival and with each event batch; no IP address is stored)."},
	"algorithm":           {tText, "", oInventory, "The ranking algorithm that placed the card."},
	"score":               {tDec, "", oInventory, "The ranking algorithm's score for the card (higher ranks first)."},
	"reason":              {tText, "", oInventory, "Why the algorithm placed the card there, in words."},
	"inputs":              {tText, "", oInventory, "The inputs the ranking algorithm used for the card (JSON)."},
	"client_time":         {tInt, uEpoch, oClientClock, "When the participant's browser saved the answer or reached the checkpoint."},
	"time_engagement":     {tInt, uEpoch, oClientClock, "When the participant engaged (clicked, or the video event happened)."},
	"time_content_viewed": {tInt, uEpoch, oClientClock, "Engagements: when the card came into view before the engagement. Dwell rows: when this visit began."},
}

// typeDocs are the columns whose meaning is particular to one export.
var typeDocs = map[string]map[string]ColumnDoc{
	TypeEngagement: {
		"time_stamp":      {tInt, uEpoch, oServer, "When the server received the event (the original platform's type; time_stamp_iso has it as text)."},
		"engagement_type": {tText, "", oClient, "What the participant did; every value is listed under 'Values of engagement_type'."},
		"response":        {tText, "", oClient, "Buttons: 1 when the click turned the button on, 0 when off. accuracy_score: the rating. Video events: 1. dwell: the visit's length in ms (integer)."},
		"accuracy_score":  {tInt, "", "participant's browser (the count the card displayed, sent with the event)", "The card's accuracy counter as the original platform exported it: 0 where the card has the accuracy button (it shows no count to click), empty otherwise."},
		"likes":           {tBit, "", oClient, "Whether the card's like button was on after the event (empty for events that do not carry it)."},
		"read_later":      {tBit, "", oClient, "Whether the card's read-later button was on after the event (empty when not carried)."},
		"shares":          {tBit, "", oClient, "Whether the card's share button was on after the event (empty when not carried)."},
		// Only in a study whose participants may speak (SpeechColumns).
		"text":      {tText, "", oClient, "What the participant wrote (comment, reply, post) or what a simulated other's reaction showed them (reaction_shown), as plain text; a cell a spreadsheet would run as a formula is neutralised like every cell unless Raw values were asked for. Empty on every other row."},
		"target_id": {tText, "", oClient, "What the row is about within the card: for a comment the card's entity_id, for a reply or comment_like the seeded comment_id, for a reaction_shown the participant's comment or post it answered. Empty on every other row."},
	},
	TypeUserForm: {
		"time_stamp": {tInt, uEpoch, oServer, "When the server received the row (the original platform's type; time_stamp_iso has it as text)."},
		"field":      {tText, "", "participant app", "What the row holds: a questionnaire answer field, a checkpoint name, URLParams-<name> (a parameter of the arrival link) or condition. Fields are listed under 'Questionnaires', 'Checkpoints' and 'Arrival rows'."},
		"response":   {tText, "", oClient, "The answer (URL-decoded; checkbox answers are the checked values joined with ';'), the checkpoint's value (by default the client time in epoch ms), or the arrival value."},
		"kind":       {tText, "", "feedlab", "answer (a questionnaire answer), checkpoint (a logged moment of the flow) or arrival (URLParams-* and condition, written at registration)."},
		// Only in a study whose own questionnaires ask about feed cards (CardAnswerColumns).
		"entity_id": {tInt, "", oClient, "For an answer about a feed card (a field <cards item>.<question>): the card's id, as in the inventory and exposures exports; empty for every other row."},
		"lure":      {tBit, "", "feedlab", "For an answer about a feed card: 1 when the card was a lure (a card of the same sets the participant was not shown), 0 when it was in their feed; empty for every other row."},
		"position":  {tInt, "", oClient, "For an answer about a feed card: the card's place in the questionnaire, from 1; empty for every other row."},
	},
	TypeExperimentParameters: {
		"param": {tText, "", oStudy, "The parameter's name; every parameter is described in the parameter reference, " + ParameterReference + "."},
		"value": {tText, "", oStudy, "The parameter's value in that condition, as written (plain text; JSON for entity_sets and forms)."},
	},
	TypeParticipants: {
		"stage":               {tText, "", oDerived, "The furthest stage the participant reached: arrived, feed (the feed loaded or an event came from it), submitted (pressed submit), questionnaires (answered a questionnaire), completed (reached the end and got the completion code)."},
		"completed":           {tBit, "", oDerived, "1 when the participant completed the study."},
		"completion_code":     {tText, "", "feedlab, at completion", "The completion code the participant was given; empty when not completed."},
		"exit_state":          {tText, "", "feedlab", "How the participant's session ended: empty while in progress (or abandoned without a platform's word), completed, returned or timed_out (Prolific, marked from its export: the place was freed), screened_out, terminate or quality_terminate (Lucid exits, e.g. a failed attention check), over_quota."},
		"started_at_ms":       {tInt, uEpoch, oServer, "When the participant arrived (was registered)."},
		"completed_at_ms":     {tInt, uEpoch, oServer, "When the participant completed; empty when not completed."},
		"time_to_complete_ms": {tInt, uMs, oDerived, "completed_at_ms − started_at_ms; empty when not completed."},
		"cards_in_feed":       {tInt, uCount, oInventory, "How many cards the participant's feed held."},
		"cards_seen":          {tInt, uCount, oDerived, "How many of the feed's cards had at least one dwell longer than 0 ms (no cleaning)."},
		"dwell_total_ms":      {tInt, uMs, oDerived, "The sum of every dwell on every card (no cleaning)."},
		"engagements":         {tInt, uCount, oDerived, "How many engagement events (clicks and video events, not dwells) the participant sent."},
	},
	TypeExposures: {
		"dwell_ms":         {tInt, uMs, oDerived, "Total time the card was in view: the sum of the visits that remain after the cleaning stated above (0 when none)."},
		"dwell_visits":     {tInt, uCount, oDerived, "How many visits (times the card came into view) remain after cleaning."},
		"dwell_visits_ms":  {tList, uMs, oDerived, "Each remaining visit's dwell after cleaning, in the order they happened, joined with ';'; empty when none."},
		"dwell_raw_ms":     {tInt, uMs, oClient, "The sum of every visit's dwell as recorded, before any cleaning."},
		"seen":             {tBit, "", oDerived, "1 when the card was in view for some time after cleaning (dwell_ms > 0)."},
		"shares":           {tBit, "", oDerived, "The share button's state the participant left the card in (the last share event's response; 0 when never clicked)."},
		"likes":            {tBit, "", oDerived, "The like button's final state (the last like event's response; 0 when never clicked)."},
		"read_later":       {tBit, "", oDerived, "The read-later button's final state (0 when never clicked)."},
		"upvote":           {tBit, "", oDerived, "The upvote button's final state (0 when never clicked)."},
		"downvote":         {tBit, "", oDerived, "The downvote button's final state (0 when never clicked)."},
		"accuracy_score":   {tInt, "", oDerived, "The last accuracy rating given to the card; empty when none."},
		"videomute_true":   {tBit, "", oDerived, "1 when the participant muted the card's video at least once."},
		"videomute_false":  {tBit, "", oDerived, "1 when the participant unmuted the card's video at least once."},
		"videopause_true":  {tBit, "", oDerived, "1 when the participant paused the card's video at least once."},
		"videopause_false": {tBit, "", oDerived, "1 when the participant played (unpaused) the card's video at least once."},
		"cards_in_feed":    {tInt, uCount, oInventory, "How many cards the participant's feed held (before trimming)."},
		"saw_every_card":   {tBit, "", oDerived, "1 when every card of the participant that has a row in this file (after trimming) has seen = 1."},
	},
}

// EngagementTypeValues are the values of engagement_type, with what each means.
var EngagementTypeValues = [][2]string{
	{"shares", "The share button; response 1 = turned on, 0 = turned off."},
	{"likes", "The like button; response 1 = on, 0 = off."},
	{"read_later", "The read-later (bookmark) button; response 1 = on, 0 = off."},
	{"accuracy_score", "An accuracy rating of the card; response = the rating."},
	{"upvote", "The upvote button; response 1 = on, 0 = off."},
	{"downvote", "The downvote button; response 1 = on, 0 = off."},
	{"videomute_true", "The participant muted the video; response 1."},
	{"videomute_false", "The participant unmuted the video; response 1."},
	{"videopause_true", "The participant paused the video; response 1."},
	{"videopause_false", "The participant played the video; response 1."},
	{"comments_open", "The card's seeded comment thread was open (docs/social.md): one row per stretch it stayed open and in view, sent when it closed, the card left view, the page went away or the feed was submitted; response = its length in ms (on the feed's clock, which stops while the tab is hidden)."},
	{"comment_seen", "A seeded comment came into view (half of it on screen) for the first time; response = its comment_id from the set's comments file. Sent once per card and comment."},
	{"comment", "The participant wrote a comment under the card (feed-button-comment; docs/social.md); text = what they wrote (plain text, up to 1,000 characters), target_id = the card's entity_id, event_id = the comment's own id (what a reply to it or a reaction names)."},
	{"reply", "The participant replied to a seeded comment under the card; text = what they wrote, target_id = the comment_id replied to (from the set's comments file)."},
	{"comment_like", "The participant liked a seeded comment (comment-like); target_id = its comment_id; response 1 = liked, 0 = the like taken back."},
	{"post", "The participant wrote a post of their own at the top of the feed (feed-compose); entity_id is empty (a post is about no card), text = what they wrote, target_id = the post's own id (its event_id, what a reaction to it names)."},
	{"reaction_shown", "The page showed the participant a simulated other's reaction (the study's reactions rules; docs/social.md), once per reaction: response = the rule's number in the reactions list (from 1), text = what was shown (the reply's text, the notification, or +N for a raised like count), target_id = what it reacted to (the participant's comment, reply or post id, or the card they liked or shared); entity_id = the card, empty for a reaction to a post; time_engagement = when it was due."},
	{"dwell", "One visit of the card in view, sent when the feed was submitted; response = its length in ms, time_content_viewed = when it began."},
}

// CheckpointDocs are the checkpoints the participant app logs.
var CheckpointDocs = [][2]string{
	{"feed-landed", "The feed was shown."},
	{"feed-entity-idx-N", "The card at item_order N came into view for the first time."},
	{"leave_feed", "The participant left the feed page (tab hidden or page closed)."},
	{"submit-click", "The participant pressed the feed's submit button."},
	{"end-redirect", "The participant reached the end and was sent back to the platform (completion)."},
	{"outbox-drain-timeout", "The participant left before every event was acknowledged; the value is how many events were still waiting."},
	{"(other)", "Any other name is a moment the participant app logged (tab and video times, questionnaire pages); its value is the client time in epoch ms unless stated."},
}

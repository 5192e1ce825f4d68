package store

import (
	"database/sql"

	"feedlab/store/db"
)

// The types below are what the store hands out. sqlc's generated types (store/db) stay
// inside this package, so the rest of the appliance never depends on a query's exact
// column list and a regenerated query changes nothing outside store. Each has the fields of
// the row it is read from, so converting one is a plain struct conversion: no copy per
// field on the export's hot path.

// Study is a stored study.
type Study struct {
	ExperimentID string
	NConditions  int64
	Builtin      int64 // 1 for the built-in demo study
	CreatedBy    string
	CreatedAt    int64  // Unix ms
	OwnerID      int64  // the owning researcher; 0 when the study has no owner (visible to all)
	Status       string // StatusOpen, StatusPaused or StatusClosed
	TextVersion  int64  // the version of its texts new participants get
}

// Participant is a registered participant of a study.
type Participant struct {
	ParticipantID  int64
	ExperimentID   string
	UserID         string
	Condition      int64
	Seed           int64
	PlatformIds    string // JSON object of the platform ids (PROLIFIC_PID, workerId, RID, ...)
	QueryParams    string // JSON object of every arrival URL parameter
	StartedAt      int64
	CompletedAt    sql.NullInt64
	CompletionCode string
	IsTest         int64         // 1 for a preview/pilot participant
	Stage          string        // furthest funnel stage (StageArrived ... StageCompleted)
	LastSeenAt     sql.NullInt64 // server ms of the last stored event
	StudyVersion   int64         // the study's text version the participant got
	UserAgentID    sql.NullInt64 // the browser at arrival (UserAgents maps it to its text)
	ExitState      string        // how the session ended ('' in progress; ExitStates)
}

// EntitySet is a stored stimulus set.
type EntitySet struct {
	EntitySet      string
	EntityCategory string
	Columns        []string // the uploaded header, in order
	Builtin        bool
	CreatedAt      int64
	Hidden         bool   // left out of the study wizard
	UploadedBy     string // researcher who uploaded it on the upload pages, or ''
}

// Entity is one card of a stimulus set.
type Entity struct {
	EntityID     int64
	EntitySet    string
	Position     int64 // 1-based upload order
	EntityUrl    string
	SourceUrl    string
	Filename     string
	RetrieveDate string
	EntityType   string
	Headline     string
	Covariates   string // JSON object of the set's other columns; decode with Covariates
	// Width and Height are the image's size in pixels, when known (migration 0012).
	Width  sql.NullInt64
	Height sql.NullInt64
}

// FeedCard is one card of a participant's feed, in feed order, with the social counts it
// displays (Valid=false where that button shows no count).
type FeedCard struct {
	ItemOrder      int64
	ShownShares    sql.NullInt64
	ShownLikes     sql.NullInt64
	ShownReadLater sql.NullInt64
	ShownUpvote    sql.NullInt64
	ShownDownvote  sql.NullInt64
	EntityID       int64
	EntitySet      string
	Position       int64
	EntityUrl      string
	SourceUrl      string
	Filename       string
	RetrieveDate   string
	EntityType     string
	Headline       string
	Covariates     string
	Width          sql.NullInt64
	Height         sql.NullInt64
}

// Entity is the card itself, without its place in the feed and its counts.
func (c FeedCard) Entity() Entity {
	return Entity{
		EntityID: c.EntityID, EntitySet: c.EntitySet, Position: c.Position, EntityUrl: c.EntityUrl,
		SourceUrl: c.SourceUrl, Filename: c.Filename, RetrieveDate: c.RetrieveDate, EntityType: c.EntityType,
		Headline: c.Headline, Covariates: c.Covariates, Width: c.Width, Height: c.Height,
	}
}

// EngagementRow is one stored engagement (a click, a video event or one dwell) as the
// engagement export reads it.
type EngagementRow struct {
	EngagementPk      int64
	EventID           string
	ReceivedAt        int64
	TimeEngagement    sql.NullInt64
	TimeContentViewed sql.NullInt64
	ParticipantID     int64
	EntityID          int64
	EngagementType    string
	Response          string
	Likes             sql.NullInt64
	ReadLater         sql.NullInt64
	Shares            sql.NullInt64
	AccuracyScore     sql.NullInt64
	UserAgentID       sql.NullInt64 // the browser that sent the event (UserAgents maps it)
	// Text and TargetID are a comment's, reply's or shown reaction's (migration 0028); ''
	// on every other row.
	Text     string
	TargetID string
}

// AnswerRow is one stored answer, checkpoint or arrival row with its participant, as the
// user_form export reads it.
type AnswerRow struct {
	AnswerPk     int64
	EventID      string
	ReceivedAt   int64
	ClientTime   sql.NullInt64
	UserID       string
	ExperimentID string
	Condition    int64
	Kind         string
	Field        string
	Response     string
	IsTest       int64 // the participant is a test (preview, pilot)
	StudyVersion int64 // the study's text version the participant got
	// A custom questionnaire's answer about a feed card (issue 23): the card, whether it
	// was a lure (0/1), its place in the questionnaire (from 1); NULL for other rows.
	EntityID sql.NullInt64
	Lure     sql.NullInt64
	Position sql.NullInt64
}

// InventoryRow is one card shown to one participant, as the inventory export reads it.
type InventoryRow struct {
	ParticipantID  int64
	UserID         string
	ExperimentID   string
	Condition      int64
	ItemOrder      int64
	EntityID       int64
	EntitySet      string
	EntityUrl      string
	ShownShares    sql.NullInt64
	ShownLikes     sql.NullInt64
	ShownReadLater sql.NullInt64
	ShownUpvote    sql.NullInt64
	ShownDownvote  sql.NullInt64
	Algorithm      string          // the ranking algorithm that placed the card ('' before 0006)
	Score          sql.NullFloat64 // its score; NULL when the algorithm gives none
	Reason         string          // why the card is at this position, in words
	Inputs         string          // the inputs that produced it (JSON: seed, posterior, script hash)
	IsTest         int64           // the participant is a test (preview, pilot)
}

// Shown is one card as a participant was shown it: its feed position and the counts it
// displayed.
type Shown struct {
	ParticipantID  int64
	EntityID       int64
	ItemOrder      int64
	ShownShares    sql.NullInt64
	ShownLikes     sql.NullInt64
	ShownReadLater sql.NullInt64
	ShownUpvote    sql.NullInt64
	ShownDownvote  sql.NullInt64
}

func entitySetFrom(r db.EntitySet) EntitySet {
	return EntitySet{EntitySet: r.EntitySet, EntityCategory: r.EntityCategory, Columns: setColumns(r.Columns),
		Builtin: r.Builtin != 0, CreatedAt: r.CreatedAt, Hidden: r.Hidden != 0, UploadedBy: r.UploadedBy}
}

func entitiesFrom(rows []db.Entity) []Entity {
	out := make([]Entity, len(rows))
	for i, r := range rows {
		out[i] = Entity(r)
	}
	return out
}

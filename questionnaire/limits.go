package questionnaire

// Limits keep one definition from costing the server or a participant's phone much: a
// study's definitions are stored with it, sent to every participant and read at every
// export. They are far above any real questionnaire (a long survey has about 100 items).
const (
	MaxJSONLen        = 1_000_000 // bytes of the whole questionnaires list
	MaxQuestionnaires = 50
	MaxPages          = 50
	MaxItemsPerPage   = 100
	MaxItems          = 500 // items, card sub-items and matrix statements of one questionnaire
	MaxOptions        = 100
	MaxStatements     = 50
	MaxCardItems      = 20
	MaxCardsAsked     = 500 // sample and lures
	MaxTextLen        = 5000
	MaxLabelLen       = 500
	MaxTitleLen       = 200
	MaxNameLen        = 40
	MaxIDLen          = 64
	MaxValueLen       = 200
	MaxAnswerLen      = 2000 // max_length: the server keeps 2,000 characters of typed text
	MaxAbsNumber      = 1e12 // bounds of min, max, step and default
	MaxSliderSteps    = 10000
	MaxShowIfValues   = 100
	MaxUnitLen        = 20 // a slider's unit, shown after its value

	DefaultTextLen     = 500
	DefaultTextareaLen = 2000
)

// Package questionnaire is a researcher's own questionnaire as data: its definition (the
// contract of issue 23 that the wizard, params.csv, the participant page and the exports
// share), and the parser that checks a definition and names every problem with its
// questionnaire, page and item.
//
// A questionnaire has pages of items; an item is one question (single, multi, likert,
// matrix, slider, number, text, textarea, attention) or a cards item, which asks its own
// simple items once for each of several feed cards.
package questionnaire

// Questionnaire is one definition as it appears in the study's questionnaires list.
type Questionnaire struct {
	// Name is how a condition's forms and forms-before lists name it, and its page
	// /form/<name>: lower-case letters, digits and '_', never a built-in's name.
	Name  string `json:"name"`
	Title string `json:"title"`
	// Heading is the pages' heading when it should differ from the title (the title names
	// the questionnaire in lists; a built-in's heading is often a question).
	Heading string `json:"heading,omitempty"`
	Pages   []Page `json:"pages"`
}

// Page is one screen of a questionnaire.
type Page struct {
	Intro          string `json:"intro,omitempty"` // markdown above the items
	Items          []Item `json:"items"`
	RandomizeItems bool   `json:"randomize_items,omitempty"`
}

// Item is one question, or a cards item asking its Items about each of several cards.
// Which fields matter depends on Type; the parser refuses fields a type does not use, so
// a researcher does not set a "max" that nothing reads.
type Item struct {
	ID   string `json:"id"`
	Type string `json:"type"`
	Text string `json:"text"` // markdown
	// Required is true when absent: a researcher opts out of answers, not in.
	Required *bool  `json:"required,omitempty"`
	Help     string `json:"help,omitempty"`
	// Unmarked shows an optional item without "(optional)": an attention check must not
	// invite the careless to skip it.
	Unmarked bool `json:"unmarked,omitempty"`
	// Save false asks the item but stores no answer (the distractors around an attention
	// check).
	Save *bool `json:"save,omitempty"`
	// Group is the heading of the group the item belongs to: consecutive items with the
	// same group are shown under it, and randomize_items shuffles whole groups.
	Group string `json:"group,omitempty"`

	// single, multi, attention
	Options          []Option `json:"options,omitempty"`
	RandomizeOptions bool     `json:"randomize_options,omitempty"`
	Other            bool     `json:"other,omitempty"` // adds an "Other" choice with a text box
	// ReverseOptions shows the options last first (the stored values do not change).
	ReverseOptions bool `json:"reverse_options,omitempty"`

	// multi: how many selections; number and slider: the value's range.
	Min *float64 `json:"min,omitempty"`
	Max *float64 `json:"max,omitempty"`
	// slider: the step (default 1) and the starting position (none unless given).
	Step    *float64 `json:"step,omitempty"`
	Default *float64 `json:"default,omitempty"`
	// number: whole numbers only; min itself refused; the hint shown for an answer that
	// is not such a number.
	Integer      bool   `json:"integer,omitempty"`
	MinExclusive bool   `json:"min_exclusive,omitempty"`
	Invalid      string `json:"invalid,omitempty"`
	// slider: appended to the value shown ("%").
	Unit string `json:"unit,omitempty"`

	// likert, matrix: points 3 to 11; labels either for the two ends or for every point.
	// slider: labels for its two ends.
	Points int      `json:"points,omitempty"`
	Labels []string `json:"labels,omitempty"`
	// matrix: the statements rated on one scale, each answer stored as "<item>.<statement>".
	Statements []Statement `json:"statements,omitempty"`

	// text, textarea: the longest answer in characters.
	MaxLength int `json:"max_length,omitempty"`

	// attention: the option value that passes.
	Expect string `json:"expect,omitempty"`

	ShowIf *ShowIf `json:"show_if,omitempty"`

	// cards: which cards and what to ask about each.
	From   string `json:"from,omitempty"`   // "feed": the cards this participant was shown
	Order  string `json:"order,omitempty"`  // "feed" (default) or "shuffled"
	Sample int    `json:"sample,omitempty"` // how many of them; 0 = all
	Lures  int    `json:"lures,omitempty"`  // cards of the same sets not shown, mixed in
	Items  []Item `json:"items,omitempty"`
}

// Option is one choice: Value is what is stored, Label what the participant reads.
type Option struct {
	Value string `json:"value"`
	Label string `json:"label"`
}

// Statement is one row of a matrix.
type Statement struct {
	ID   string `json:"id"`
	Text string `json:"text"`
}

// ShowIf shows an item only when an earlier item's stored answer equals a value (Equals)
// or is one of several (In). For a multi item it holds when any selected value matches.
type ShowIf struct {
	Item   string   `json:"item"`
	Equals *string  `json:"equals,omitempty"`
	In     []string `json:"in,omitempty"`
}

// The item types.
const (
	Single    = "single"
	Multi     = "multi"
	Likert    = "likert"
	Matrix    = "matrix"
	Slider    = "slider"
	Number    = "number"
	Text      = "text"
	Textarea  = "textarea"
	Attention = "attention"
	Cards     = "cards"
)

// Types are the item types in the order the documentation lists them.
var Types = []string{Single, Multi, Likert, Matrix, Slider, Number, Text, Textarea, Attention, Cards}

// IsSaved tells whether the item's answer is stored (true unless save is false).
func (it Item) IsSaved() bool { return it.Save == nil || *it.Save }

// IsRequired tells whether the item must be answered (true unless required is false).
func (it Item) IsRequired() bool { return it.Required == nil || *it.Required }

// HasCards tells whether any page asks about feed cards, which only exist after the feed.
func (q Questionnaire) HasCards() bool {
	for _, p := range q.Pages {
		for _, it := range p.Items {
			if it.Type == Cards {
				return true
			}
		}
	}
	return false
}

// Fields lists the answer fields the questionnaire can store, in definition order: item
// ids, "<matrix>.<statement>" and "<cards>.<sub item>" (a cards sub-item's answers are one
// field, told apart by the card's entity_id). An item with Other adds "<item>.other".
func (q Questionnaire) Fields() []string {
	var out []string
	var add func(prefix string, it Item)
	add = func(prefix string, it Item) {
		switch it.Type {
		case Matrix:
			for _, s := range it.Statements {
				out = append(out, prefix+it.ID+"."+s.ID)
			}
		case Cards:
			for _, sub := range it.Items {
				add(prefix+it.ID+".", sub)
			}
		default:
			if !it.IsSaved() {
				return
			}
			out = append(out, prefix+it.ID)
			if it.Other {
				out = append(out, prefix+it.ID+".other")
			}
		}
	}
	for _, p := range q.Pages {
		for _, it := range p.Items {
			add("", it)
		}
	}
	return out
}

package params

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"feedlab/feed"
	"feedlab/questionnaire"
)

// MaxConditions is the largest number of conditions a study may have. The spec sets no
// bound; 50 is far above any real design and keeps the wizard and exports manageable.
const MaxConditions = 50

// Row is one study parameter: the value of param in one condition. Its JSON form is the
// wizard's {condition, param, value}.
type Row struct {
	Condition int    `json:"condition"`
	Param     string `json:"param"`
	Value     string `json:"value"`
	Line      int    `json:"-"` // source line (CSV) or 1-based item number (wizard), for messages; 0 if unknown
}

// SetLookup reports whether a stimulus set exists and how many cards (entities) it has.
type SetLookup func(name string) (numEntities int, ok bool)

// EntitySetChoice is one stimulus set chosen for a condition.
type EntitySetChoice struct {
	EntitySet string `json:"entity_set"`
	// NumberToShow is how many of the set's cards a participant sees, 1 to the set's size.
	NumberToShow int `json:"number_to_show"`
	// RandomizeBetweenSubjects is "yes" when each participant gets their own random
	// subsample of the set, "no" when all participants of the condition see the same one.
	RandomizeBetweenSubjects string `json:"randomize_between_subjects"`
}

// Condition is the checked, normalised parameters of one condition.
type Condition struct {
	Number            int
	Feed              string            // scroll or swipe
	SourceLine        string            // "" (none), "domain" or "covariate:<column>": the publisher line above each post
	SourceTime        string            // "" (none) or "covariate:<column>": the time shown beside the source
	EntitySets        []EntitySetChoice // at least one
	Buttons           map[string]string // share, like, bookmark, accuracy, upvote, downvote → no, yes or lognormal
	InterventionType  string            // "", accprompt, literacytip, socialnorm, importance, default-modal or accprompt-modal
	InterventionPerc  int               // 1 to 100 when InterventionType is set, otherwise 0
	InterventionVideo string            // /media/ path of the default-modal's video; "" for the built-in demo video
	// InterventionStyle, InterventionTrigger and InterventionText are set only with a type
	// (interventions.go): modal or infeed; position, first-share or first-engagement;
	// markdown, "" for the type's default text.
	InterventionStyle   string
	InterventionTrigger string
	InterventionText    string
	Skin                string // default or distract (the page around the feed)
	// Comments is how a card's seeded comments show (social.go): "" (none), collapsed or
	// first-N; CommentsTags limits them to those carrying one of the tags (nil: all).
	Comments     string
	CommentsTags []string
	// CommentBox, CommentLike and Compose let participants speak (speak.go): a comment box
	// and Reply, a like on seeded comments, a post of their own at the top of the feed.
	CommentBox     bool
	CommentLike    bool
	Compose        bool
	Algorithm      string       // one of feed.Algorithms
	Ranking        feed.Ranking // the algorithm's settings (algorithm-* parameters); zero for random
	CustomMsgType  string       // "", onpage or modal
	CustomMsg      string       // markdown; "" when CustomMsgType is ""
	Forms          []string     // questionnaire names (built-in or the study's own), in order, after the feed
	FormsBefore    []string     // questionnaire names shown after consent and before the feed
	Instruct       string       // markdown; "" shows no instructions
	Consent        string       // markdown; "" shows no consent
	Platform       string       // "", mturk, prolific, lucid or custom
	RedirectURL    string       // set for prolific, lucid and custom
	CompletionCode string       // mturk only; "" means generated per participant
	Quota          int          // completed participants wanted in this condition; 0 = no quota
	Exits          Exits        // redirect URLs of the platforms' other exits (recruitment.go)
	// Language is the participant interface's language (languages.go): a canonical BCP 47
	// tag, "" for the default (English).
	Language string
	// TextSize is large or offer (text_size.go); "" for the default (normal).
	TextSize string
}

// Study is a checked study definition: conditions 1..N in order.
type Study struct {
	// Title names the study for researchers (My studies, exports); "" when none. It is
	// study-wide and never sent to a participant's browser.
	Title      string
	Conditions []Condition
	// Recruitment is the study-wide assignment rule and quota (recruitment.go).
	Recruitment Recruitment
	// Questionnaires are the researcher's own questionnaire definitions (study-wide;
	// custom_questionnaires.go); nil when none.
	Questionnaires []questionnaire.Questionnaire
	// Reactions are the simulated others' rules (study-wide; reactions.go); nil for none.
	Reactions []Reaction
	// Translations are the study's own interface texts, language → key → text
	// (study-wide; languages.go); nil when none.
	Translations map[string]map[string]string
}

// buttonKinds are the feed buttons, each set by the parameter feed-button-<kind>.
var buttonKinds = []string{"share", "like", "bookmark", "accuracy", "upvote", "downvote"}

const paramNConditions = "n-conditions"

// paramTitle is the study-wide title: written once, on condition 1, at the start of the
// canonical rows; if given on several conditions it must be the same on each.
const paramTitle = "title"

// MaxTitleLen is the longest study title, in characters.
const MaxTitleLen = 200

// paramOrder is every per-condition parameter, in the order Rows writes them.
var paramOrder = []string{
	"feed", "entity_sets",
	"feed-button-share", "feed-button-like", "feed-button-bookmark",
	"feed-button-accuracy", "feed-button-upvote", "feed-button-downvote",
	"intervention-type", "intervention-perc", "intervention-video",
	"algorithm", "custom-msg-type", "custom-msg", "forms",
	"instruct", "consent", "platform", "redirect-url", "completion-code",
	"source-line", "source-time",
}

// allParams is every parameter name a row may carry.
var allParams = append(append(append(append(append(append([]string{paramTitle, paramNConditions}, paramOrder...), rankingParams...), studyWideRecruitment...), recruitmentParams...), familyParams...), append(append(append([]string{paramQuestionnaires, paramFormsBefore}, socialParams...), append(speakParams, paramReactions)...), paramLanguage, paramTranslations, paramTextSize)...)

// Rows returns the study as canonical rows: title and n-conditions first (both on
// condition 1; the title even when empty, so the file shows where to write it), then every parameter of
// every condition in a fixed order, with plain (not URL-encoded) values. Validate turns
// them back into the same study, given the same stimulus sets.
func (s Study) Rows() []Row {
	if len(s.Conditions) == 0 {
		return nil
	}
	rows := make([]Row, 0, 2+len(s.Conditions)*len(paramOrder))
	rows = append(rows, Row{Condition: 1, Param: paramTitle, Value: s.Title})
	rows = append(rows, Row{Condition: 1, Param: paramNConditions, Value: strconv.Itoa(len(s.Conditions))})
	family := s.usesFamily()
	social := s.usesSocial()
	speak := s.usesSpeak()
	if len(s.Questionnaires) > 0 {
		rows = append(rows, Row{Condition: 1, Param: paramQuestionnaires, Value: jsonText(s.Questionnaires)})
	}
	if len(s.Reactions) > 0 {
		rows = append(rows, Row{Condition: 1, Param: paramReactions, Value: jsonText(s.Reactions)})
	}
	if len(s.Translations) > 0 {
		rows = append(rows, Row{Condition: 1, Param: paramTranslations, Value: jsonText(s.Translations)})
	}
	languages := s.UsesLanguage()
	sized := s.UsesTextSize()
	for _, c := range s.Conditions {
		for _, p := range paramOrder {
			rows = append(rows, Row{Condition: c.Number, Param: p, Value: c.value(p)})
			if p == "forms" && len(c.FormsBefore) > 0 {
				rows = append(rows, Row{Condition: c.Number, Param: paramFormsBefore, Value: jsonText(c.FormsBefore)})
			}
			if p == "algorithm" {
				// The algorithm's settings follow it, only those it uses, so a study
				// with the random algorithm has the same rows as before they existed.
				for _, rp := range rankingParams {
					if v := c.rankingValue(rp); v != "" {
						rows = append(rows, Row{Condition: c.Number, Param: rp, Value: v})
					}
				}
			}
		}
		// The intervention family and skin, on every condition of a study that uses them
		// (so each export row says its condition's skin), on none of a study that does not.
		if family {
			for _, fp := range familyParams {
				rows = append(rows, Row{Condition: c.Number, Param: fp, Value: c.familyValue(fp)})
			}
		}
		// The social layer's, on every condition of a study that shows comments anywhere.
		if social {
			for _, sp := range socialParams {
				rows = append(rows, Row{Condition: c.Number, Param: sp, Value: c.socialValue(sp)})
			}
		}
		// Participants who speak, likewise on every condition of a study that lets them.
		if speak {
			for _, sp := range speakParams {
				rows = append(rows, Row{Condition: c.Number, Param: sp, Value: c.speakValue(sp)})
			}
		}
		// The language, on every condition of a study where some condition sets one.
		if languages {
			rows = append(rows, Row{Condition: c.Number, Param: paramLanguage, Value: c.LanguageTag()})
		}
		// The text size likewise, on every condition once some condition differs from normal.
		if sized {
			rows = append(rows, Row{Condition: c.Number, Param: paramTextSize, Value: c.TextSizeValue()})
		}
		// Recruitment settings last, only those that differ from the default, so a study
		// without them has the same rows as before they existed.
		for _, rp := range append(append([]string(nil), studyWideRecruitment...), recruitmentParams...) {
			if v := s.recruitmentValue(c, rp); v != "" {
				rows = append(rows, Row{Condition: c.Number, Param: rp, Value: v})
			}
		}
	}
	return rows
}

// value is the plain text of one parameter of c.
func (c Condition) value(param string) string {
	switch param {
	case "feed":
		return c.Feed
	case "source-line":
		return c.SourceLine
	case "source-time":
		return c.SourceTime
	case "entity_sets":
		return jsonText(c.EntitySets)
	case "intervention-type":
		return c.InterventionType
	case "intervention-perc":
		if c.InterventionPerc == 0 {
			return ""
		}
		return strconv.Itoa(c.InterventionPerc)
	case "intervention-video":
		return c.InterventionVideo
	case "algorithm":
		return c.Algorithm
	case "custom-msg-type":
		return c.CustomMsgType
	case "custom-msg":
		return c.CustomMsg
	case "forms":
		if len(c.Forms) == 0 {
			return "[]"
		}
		return jsonText(c.Forms)
	case "instruct":
		return c.Instruct
	case "consent":
		return c.Consent
	case "platform":
		return c.Platform
	case "redirect-url":
		return c.RedirectURL
	case "completion-code":
		return c.CompletionCode
	}
	if kind, ok := strings.CutPrefix(param, "feed-button-"); ok {
		return c.Buttons[kind]
	}
	return ""
}

// jsonText marshals values that cannot fail to marshal (strings, ints, slices of them).
func jsonText(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		panic(fmt.Sprintf("params: marshal %T: %v", v, err)) // only plain data reaches here
	}
	return string(b)
}

// InterventionIndex is the card index from which the intervention opens in a feed of n
// cards (feed-side spec §4, intervention_idx): n × percentage / 100, rounded down, minus
// 1. ok is false when the condition has no intervention.
func (c Condition) InterventionIndex(n int) (idx int, ok bool) {
	if c.InterventionType == "" {
		return 0, false
	}
	perc := c.InterventionPerc
	if perc == 0 {
		perc = defaultInterventionPerc
	}
	return n*perc/100 - 1, true
}

package params

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
)

// The intervention family (issue 26): the spec's intervention-type names (accprompt,
// literacytip, socialnorm, importance) with intervention-style (a pop-up or a card in the
// feed), intervention-trigger (when it opens) and intervention-text (its words), and the
// skin of the page around the feed. The two older types stay as they were: default-modal
// is the video pop-up, which has no spec name, and accprompt-modal is accprompt shown as a
// pop-up; old studies and files keep their rows and their participants' experience.

// Intervention types.
const (
	InterventionAccPrompt      = "accprompt"
	InterventionLiteracyTip    = "literacytip"
	InterventionSocialNorm     = "socialnorm"
	InterventionImportance     = "importance"
	InterventionVideoModal     = "default-modal"   // the video pop-up (before the spec's names)
	InterventionAccPromptModal = "accprompt-modal" // = accprompt with style modal
)

// Styles, triggers and skins.
const (
	StyleModal             = "modal"
	StyleInfeed            = "infeed"
	TriggerPosition        = "position"
	TriggerFirstShare      = "first-share"
	TriggerFirstEngagement = "first-engagement"
	SkinDefault            = "default"
	SkinDistract           = "distract"
)

var (
	// interventionStyles are the values of intervention-style, the default first; the
	// spec's "none" is accepted for the default.
	interventionStyles = []Choice{{StyleModal, "Pop-up over the feed"}, {StyleInfeed, "Card in the feed"}}
	// interventionTriggers are the values of intervention-trigger, the default first.
	interventionTriggers = []Choice{
		{TriggerPosition, "At a position in the feed"},
		{TriggerFirstShare, "At the first Share (before it counts)"},
		{TriggerFirstEngagement, "At the first press of any button"},
	}
	// skins are the values of skin, the default first.
	skins = []Choice{{SkinDefault, "Default (calm side columns)"}, {SkinDistract, "Distracting (moving trends, notifications)"}}
)

// InterventionStyles are the values of intervention-style, the default first.
func InterventionStyles() []Choice { return slices.Clone(interventionStyles) }

// InterventionTriggers are the values of intervention-trigger, the default first.
func InterventionTriggers() []Choice { return slices.Clone(interventionTriggers) }

// Skins are the values of skin, the default first.
func Skins() []Choice { return slices.Clone(skins) }

// familyParams are the parameters the intervention family added. Rows writes them after
// the older ones, and only for a study that uses one of them, so a study written before
// they existed has the same rows (and the same export columns) as before.
var familyParams = []string{"intervention-style", "intervention-trigger", "intervention-text", "skin"}

// DefaultInterventionText is the built-in English text of an intervention type ("" for
// types that show no text of their own); DefaultText gives it in another language. The
// texts are in defaulttexts/ (default_texts.go); their sources are cited in
// docs/interventions.md. The accuracy prompt asks its own question: a text, when given,
// introduces it.
func DefaultInterventionText(typ string) string { return DefaultText(typ, DefaultLanguage) }

// InterventionBase is the spec's name of a condition's intervention type: accprompt for
// accprompt-modal; default-modal (the video) and "" as they are.
func (c Condition) InterventionBase() string {
	if c.InterventionType == InterventionAccPromptModal {
		return InterventionAccPrompt
	}
	return c.InterventionType
}

// InterventionShownText is the markdown the participant reads: the condition's
// intervention-text, or its type's default in the condition's language (whose hash is
// then the one recorded).
func (c Condition) InterventionShownText() string {
	if c.InterventionText != "" {
		return c.InterventionText
	}
	return DefaultText(c.InterventionBase(), c.LanguageTag())
}

// TextHash is the hex SHA-256 of a text, recorded with each intervention shown so an
// analysis can tell which words a participant read.
func TextHash(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// usesFamily reports whether any condition sets a family parameter away from its default.
func (s Study) usesFamily() bool {
	for _, c := range s.Conditions {
		if c.familyDiffers() {
			return true
		}
	}
	return false
}

func (c Condition) familyDiffers() bool {
	return c.InterventionStyle != "" || c.InterventionTrigger != "" || c.InterventionText != "" || c.Skin != ""
}

// orDefault is "" for the default value, so a default reads as never set.
func orDefault(v, def string) string {
	if v == def {
		return ""
	}
	return v
}

// familyValue is the plain text of one family parameter of c.
func (c Condition) familyValue(param string) string {
	switch param {
	case "intervention-style":
		if c.InterventionType != "" && c.InterventionStyle == "" {
			return StyleModal
		}
		return c.InterventionStyle
	case "intervention-trigger":
		if c.InterventionType != "" && c.InterventionTrigger == "" {
			return TriggerPosition
		}
		return c.InterventionTrigger
	case "intervention-text":
		return c.InterventionText
	case "skin":
		if c.Skin == "" {
			return SkinDefault
		}
		return c.Skin
	}
	return ""
}

// interventionFamily checks a condition's family parameters; c.InterventionType is set.
// A default value is kept as "" (the Condition of a study without the family is the same
// as before it existed); Rows writes it out in full.
func interventionFamily(c *Condition, get func(string) field) {
	defer func() {
		c.Skin = orDefault(c.Skin, SkinDefault)
		c.InterventionStyle = orDefault(c.InterventionStyle, StyleModal)
		c.InterventionTrigger = orDefault(c.InterventionTrigger, TriggerPosition)
	}()
	c.Skin = get("skin").oneOf(SkinDefault, values(skins)...)
	if c.InterventionType == "" {
		return // style, trigger and text have no effect (Warnings says so)
	}
	style := get("intervention-style")
	if style.word() == "none" {
		style.raw = ""
	}
	c.InterventionStyle = style.oneOf(StyleModal, values(interventionStyles)...)
	trigger := get("intervention-trigger")
	c.InterventionTrigger = trigger.oneOf(TriggerPosition, values(interventionTriggers)...)
	text := get("intervention-text")
	c.InterventionText = text.markdown()

	if c.InterventionStyle == StyleInfeed {
		switch c.InterventionType {
		case InterventionVideoModal:
			style.fail("the video pop-up (default-modal) cannot be a card in the feed; use intervention-style modal, or another intervention-type")
		case InterventionAccPromptModal:
			style.fail("accprompt-modal is the pop-up accuracy prompt; for a card in the feed use intervention-type accprompt with intervention-style infeed")
		}
		if c.InterventionTrigger != TriggerPosition {
			trigger.fail("a card in the feed sits at its position; %s needs intervention-style modal (a pop-up that opens at the press)", c.InterventionTrigger)
		}
	}
	if c.InterventionType == InterventionVideoModal && c.InterventionText != "" {
		text.fail("the video pop-up (default-modal) shows no text; leave intervention-text empty or choose a text type (literacytip, socialnorm, importance, accprompt)")
	}
	switch c.InterventionTrigger {
	case TriggerFirstShare:
		if c.Buttons["share"] == "no" {
			trigger.fail("first-share opens the intervention at the first Share press, but this condition has no Share button; set feed-button-share to yes or lognormal")
		}
	case TriggerFirstEngagement:
		some := false
		for _, k := range buttonKinds {
			some = some || c.Buttons[k] != "no"
		}
		if !some {
			trigger.fail("first-engagement opens the intervention at the first button press, but this condition shows no buttons; turn on at least one feed-button")
		}
	}
}

package params

import (
	"strconv"
)

// Recruitment parameters (issue 11): how new participants are assigned to conditions,
// how many completed participants each condition and the study want, and where each of
// the platforms' exits sends a participant. assignment, assignment-active-minutes and
// quota-total are study-wide: they may be given on any condition and must be the same
// wherever given (the wizard sends them with every condition); Study.Rows writes them on
// every condition, only when they differ from the default, so older studies keep their rows.

const (
	paramAssignment    = "assignment"
	paramActiveMinutes = "assignment-active-minutes"
	paramQuota         = "quota"
	paramQuotaTotal    = "quota-total"
	paramRedirTerm     = "redirect-url-terminate"
	paramRedirQuality  = "redirect-url-quality"
	paramRedirOver     = "redirect-url-overquota"
	paramRedirScreen   = "redirect-url-screenout"
	paramAttentionExit = "attention-fail-exit"
)

// The assignment rules. BalancedCompleted counts completed participants plus those active
// within the window; BalancedArrivals counts every arrival (the rule before issue 11).
const (
	AssignBalancedCompleted = "balanced-completed"
	AssignBalancedArrivals  = "balanced-arrivals"
	// DefaultActiveMinutes is the default assignment-active-minutes.
	DefaultActiveMinutes = 30
	// MaxActiveMinutes bounds the window: a week.
	MaxActiveMinutes = 7 * 24 * 60
	// MaxQuota bounds quota and quota-total.
	MaxQuota = 1_000_000
)

// assignmentRules are the values of the assignment parameter, the default first
// (AssignmentChoices, options.go).
var assignmentRules = values(assignmentChoices)

// attentionFailExits are the values of attention-fail-exit: none (the participant
// continues as before) or quality-terminate (AttentionFailChoices, options.go).
var attentionFailExits = values(attentionFailChoices)

// recruitmentParams are the per-condition recruitment parameters, in the order Rows writes them.
var recruitmentParams = []string{paramQuota, paramRedirTerm, paramRedirQuality, paramRedirOver, paramRedirScreen, paramAttentionExit}

// studyWideRecruitment are the study-wide ones, written on every condition.
var studyWideRecruitment = []string{paramAssignment, paramActiveMinutes, paramQuotaTotal}

// Recruitment is the study-wide recruitment settings.
type Recruitment struct {
	Assignment    string // AssignBalancedCompleted or AssignBalancedArrivals
	ActiveMinutes int    // 0 counts completed participants only
	QuotaTotal    int    // completed participants wanted for the study; 0 = no quota
}

// DefaultRecruitment is what a study without recruitment parameters uses.
func DefaultRecruitment() Recruitment {
	return Recruitment{Assignment: AssignBalancedCompleted, ActiveMinutes: DefaultActiveMinutes}
}

// Exits are a condition's redirect URLs for the platforms' exits other than completion;
// "" where not set.
type Exits struct {
	Terminate string // Lucid terminate (client code 20)
	Quality   string // Lucid quality terminate (30)
	OverQuota string // over quota (40), or any platform's "study full" link
	ScreenOut string // Prolific screen-out URL with its code
	// AttentionFail is "quality-terminate" when a failed attention check ends the
	// participant's session there, else "".
	AttentionFail string
}

// recruitmentValue is the plain text of a recruitment parameter of c in study s; "" when
// it has its default (so Rows leaves it out).
func (s Study) recruitmentValue(c Condition, param string) string {
	switch param {
	case paramAssignment:
		if s.Recruitment.Assignment != "" && s.Recruitment.Assignment != AssignBalancedCompleted {
			return s.Recruitment.Assignment
		}
	case paramActiveMinutes:
		if s.Recruitment.Assignment != "" && s.Recruitment.ActiveMinutes != DefaultActiveMinutes {
			return strconv.Itoa(s.Recruitment.ActiveMinutes)
		}
	case paramQuotaTotal:
		if s.Recruitment.QuotaTotal > 0 {
			return strconv.Itoa(s.Recruitment.QuotaTotal)
		}
	case paramQuota:
		if c.Quota > 0 {
			return strconv.Itoa(c.Quota)
		}
	case paramRedirTerm:
		return c.Exits.Terminate
	case paramRedirQuality:
		return c.Exits.Quality
	case paramRedirOver:
		return c.Exits.OverQuota
	case paramRedirScreen:
		return c.Exits.ScreenOut
	case paramAttentionExit:
		return c.Exits.AttentionFail
	}
	return ""
}

// conditionRecruitment checks a condition's own recruitment parameters.
func conditionRecruitment(c *Condition, get func(string) field) {
	c.Quota = intRange(get(paramQuota), 0, 0, MaxQuota)
	c.Exits.Terminate = optionalURL(get(paramRedirTerm))
	c.Exits.Quality = optionalURL(get(paramRedirQuality))
	c.Exits.OverQuota = optionalURL(get(paramRedirOver))
	c.Exits.ScreenOut = optionalURL(get(paramRedirScreen))
	c.Exits.AttentionFail = orNone(get(paramAttentionExit).oneOf("", attentionFailExits...))
	if c.Exits.AttentionFail != "" && c.Exits.Quality == "" {
		f := get(paramAttentionExit)
		f.fail("attention-fail-exit is quality-terminate but redirect-url-quality is empty; set the quality-terminate URL or set this to none")
	}
}

// studyRecruitment checks the study-wide recruitment parameters: each must be the same
// on every condition that gives it.
func (v *validator) studyRecruitment(byCond map[int]map[string]Row, top int) Recruitment {
	r := DefaultRecruitment()
	for _, param := range studyWideRecruitment {
		value, from := "", 0
		for c := 1; c <= top; c++ {
			row, ok := byCond[c][param]
			if !ok {
				continue
			}
			f := field{v: v, cond: c, param: param, raw: row.Value, line: row.Line}
			switch param {
			case paramAssignment:
				r.Assignment = f.oneOf(AssignBalancedCompleted, assignmentRules...)
			case paramActiveMinutes:
				r.ActiveMinutes = intRange(f, DefaultActiveMinutes, 0, MaxActiveMinutes)
			case paramQuotaTotal:
				r.QuotaTotal = intRange(f, 0, 0, MaxQuota)
			}
			t := f.word()
			if from == 0 {
				value, from = t, c
				continue
			}
			if t != value {
				f.fail("differs from the value given for condition %d (%s); %s is study-wide, the same on every condition", from, quote(value), param)
			}
		}
	}
	return r
}

// optionalURL checks an optional redirect URL like redirect-url.
func optionalURL(f field) string {
	if f.text() == "" {
		return ""
	}
	return redirectURL(f, "")
}

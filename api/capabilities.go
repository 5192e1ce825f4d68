package api

import (
	"net/http"
	"strings"

	"feedlab/params"
	"feedlab/stimuli"
)

// choice is one option the wizard offers: the parameter value and how the spec words it.
type choice struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

type algorithmChoice struct {
	Name     string           `json:"name"`
	Title    string           `json:"title"`
	Settings []params.Setting `json:"settings"` // the algorithm-* parameters it reads
}

type platformChoice struct {
	Name       string `json:"name"`
	Title      string `json:"title"`
	ExampleURL string `json:"example_url"`
}

// algorithmTitles names the spec's algorithms (section 9); an algorithm without a title
// here is shown by its name.
var algorithmTitles = map[string]string{
	"random":                        "Random",
	"attitude_filter_feed":          "Attitude filter feed",
	"will_smith_priority_treatment": "Priority (will_smith_priority_treatment)",
	"thompson_sampling":             "Thompson sampling",
	"engagement":                    "Engagement",
	"preference":                    "Preference",
	"chronological":                 "Chronological",
	"custom":                        "Custom script",
}

// formTitles are the questionnaire pages' titles, as the participant pages show them.
var formTitles = map[string]string{
	"form": "Demographics", "crt": "Word problems", "ses": "Socioeconomic status",
	"socialmediause": "Social media use", "lean": "Political ideology", "imp": "News importance",
	"ac": "Attention check", "aot": "Actively open-minded thinking",
	"ccn": "Monkeypox attribution and concern", "def": "Desired exposure frequency",
	"exp": "Exposure frequency", "ftg": "COVID-19 fatigue", "final": "Final questions",
	"custom-msg": "Custom end message",
}

var (
	interventionTypes = []choice{{"", "None"}, {"default-modal", "Default popup (experimental)"}, {"accprompt-modal", "Popup accuracy prompt"}}
	customMsgTypes    = []choice{{"", "None"}, {"onpage", "On page"}, {"modal", "Modal"}}
	feedTypes         = []choice{{"scroll", "Scroll (continuous)"}, {"swipe", "Swipe (one post per swipe)"}}
	buttonValues      = []choice{{"no", "No (hidden)"}, {"yes", "Yes (button, count from 0)"}, {"lognormal", "Lognormal (button with social counts)"}}
	// The example URL is what a platform's completion link looks like, shown under the
	// redirect URL field; MTurk takes a completion code instead, None sends participants home.
	assignmentRules = []choice{
		{params.AssignBalancedCompleted, "Balanced by completed and recently active participants"},
		{params.AssignBalancedArrivals, "Balanced by arrivals"},
	}
	attentionFailExits = []choice{{"", "None (continue)"}, {"quality-terminate", "Quality terminate"}}
	platforms          = []platformChoice{
		{"", "None", ""},
		{"mturk", "MTurk", ""},
		{"prolific", "Prolific", "https://app.prolific.com/submissions/complete?cc=XXXXXXX"},
		{"lucid", "Lucid / Cint", "https://samplicio.us/s/ClientCallBack.aspx?RIS=10&RID=[%RID%]"},
		{"custom", "Custom", "https://example.org/thank-you"},
	}
)

// capabilities answers what the wizard may offer: algorithms, interventions, questionnaires, platforms and the addresses
// participants open.
func (s *Server) capabilities(w http.ResponseWriter, r *http.Request) {
	var algorithms []algorithmChoice
	for _, a := range params.AvailableAlgorithms() {
		algorithms = append(algorithms, algorithmChoice{a, titleOf(algorithmTitles, a), nonNilSettings(params.AlgorithmSettings(a))})
	}
	var forms []choice
	for _, f := range params.KnownForms {
		forms = append(forms, choice{f, titleOf(formTitles, f)})
	}
	ok(w, map[string]any{
		"algorithms":         algorithms,
		"intervention_types": interventionTypes,
		"custom_msg_types":   customMsgTypes,
		"questionnaires":     forms,
		"platforms":          platforms,
		"feed_types":         feedTypes,
		"buttons":            params.ButtonKinds(),
		"button_values":      buttonValues,
		"categories":         stimuli.Categories,
		"max_conditions":     params.MaxConditions,
		"participant_urls":   s.participantURLs(r),
		"recruitment": map[string]any{
			"assignment_rules":       assignmentRules,
			"default_active_minutes": params.DefaultActiveMinutes,
			"max_active_minutes":     params.MaxActiveMinutes,
			"max_quota":              params.MaxQuota,
			"attention_fail_exits":   attentionFailExits,
		},
	})
}

// nonNilSettings makes an algorithm without settings answer [] rather than null.
func nonNilSettings(s []params.Setting) []params.Setting {
	if s == nil {
		return []params.Setting{}
	}
	return s
}

func titleOf(titles map[string]string, name string) string {
	if t, ok := titles[name]; ok {
		return t
	}
	return name
}

// participantURLs are the addresses participants open, local first, as serve printed them.
// Without them (a server made in a test) the address the researcher used stands in.
func (s *Server) participantURLs(r *http.Request) []string {
	if len(s.publicURLs) > 0 {
		return append([]string(nil), s.publicURLs...)
	}
	scheme := "http"
	if isHTTPS(r) {
		scheme = "https"
	}
	host := r.Host
	if host == "" || strings.ContainsAny(host, "/ ") {
		host = "localhost"
	}
	return []string{scheme + "://" + host + "/"}
}

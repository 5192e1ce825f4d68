package params

import "slices"

// Questionnaire is one questionnaire page a condition's forms parameter may name, served
// at /form/<name>: its name and its title as the participant page shows it. The questions
// themselves are the built-in definitions (questionnaire/builtins/NAME.json);
// TestQuestionnaireTitlesMatchTheDefinitions holds the names and titles here to theirs.
type Questionnaire struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	// Message: a page that shows the study's custom end message and asks nothing; every
	// other entry has a built-in definition with its questions.
	Message bool `json:"message"`
}

// questionnaires are the questionnaire pages in the wizard's order. custom-msg is the
// custom end message page: it has no questions, and comes where the researcher lists it.
var questionnaires = []Questionnaire{
	{Name: "form", Title: "Demographics"},
	{Name: "crt", Title: "Word problems"},
	{Name: "ses", Title: "Socioeconomic status"},
	{Name: "socialmediause", Title: "Social media use"},
	{Name: "lean", Title: "Political ideology"},
	{Name: "imp", Title: "News importance"},
	{Name: "ac", Title: "Attention check"},
	{Name: "aot", Title: "Actively open-minded thinking"},
	{Name: "ccn", Title: "Monkeypox attribution and concern"},
	{Name: "def", Title: "Desired exposure frequency"},
	{Name: "exp", Title: "Exposure frequency"},
	{Name: "ftg", Title: "COVID-19 fatigue"},
	{Name: "final", Title: "Final questions"},
	{Name: CustomMsgForm, Title: "Custom end message", Message: true},
}

// CustomMsgForm is the custom end message page's name among the questionnaires.
const CustomMsgForm = "custom-msg"

// Questionnaires are the questionnaire pages in the wizard's order; a copy.
func Questionnaires() []Questionnaire { return slices.Clone(questionnaires) }

// KnownForms lists the questionnaires a condition may send participants to, each served
// at /form/<name> (the names of Questionnaires).
var KnownForms = formNames()

// knownForms is a private copy, so that a caller changing KnownForms changes nothing here.
var knownForms = formNames()

func formNames() []string {
	out := make([]string, 0, len(questionnaires))
	for _, q := range questionnaires {
		out = append(out, q.Name)
	}
	return out
}

package params

import "slices"

// Questionnaire is one questionnaire page a condition's forms parameter may name, served
// at /form/<name>: its name and its title as the participant page shows it. The questions
// themselves live in the participant app (frontend/src/participant/forms/definitions/);
// TestQuestionnaireTitlesMatchTheDefinitions holds the titles here to the titles there.
type Questionnaire struct {
	Name  string `json:"name"`
	Title string `json:"title"`
}

// questionnaires are the questionnaire pages in the wizard's order. custom-msg is the
// custom end message page: it has no questions, and comes where the researcher lists it.
var questionnaires = []Questionnaire{
	{"form", "Demographics"},
	{"crt", "Word problems"},
	{"ses", "Socioeconomic status"},
	{"socialmediause", "Social media use"},
	{"lean", "Political ideology"},
	{"imp", "News importance"},
	{"ac", "Attention check"},
	{"aot", "Actively open-minded thinking"},
	{"ccn", "Monkeypox attribution and concern"},
	{"def", "Desired exposure frequency"},
	{"exp", "Exposure frequency"},
	{"ftg", "COVID-19 fatigue"},
	{"final", "Final questions"},
	{CustomMsgForm, "Custom end message"},
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

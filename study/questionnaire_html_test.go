package study

import (
	"encoding/json"
	"strings"
	"testing"

	"feedlab/questionnaire"
)

// A participant receives a custom questionnaire's markdown rendered by the server and
// sanitized: the question's text and help inline (no <p>, they sit in a label), a page's
// intro as blocks, a card question's text too; raw researcher HTML never reaches the page.
func TestQuestionnaireTextsReachParticipantsAsSanitizedHTML(t *testing.T) {
	t.Parallel()
	qs, err := questionnaire.Parse([]byte(`[{"name":"views","title":"Views","pages":[
{"intro":"Please read:\n\n- one\n- two","items":[
 {"id":"trust","type":"likert","text":"Do you **trust** the news? <script>alert(1)</script>","help":"See [the FAQ](https://example.org/faq)","points":5,"labels":["No","Yes"]},
 {"id":"city","type":"text","text":"Your city"}]}]}]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := participantQuestionnaires(qs)
	if err != nil {
		t.Fatal(err)
	}
	var got []struct {
		Pages []struct {
			Intro     string `json:"intro"`
			IntroHTML string `json:"intro_html"`
			Items     []struct {
				Text, TextHTML, HelpHTML string
			} `json:"items"`
		} `json:"pages"`
	}
	// The plain fields stay as written (the contract); the _html fields are added.
	if err := json.Unmarshal([]byte(strings.NewReplacer(`"text_html"`, `"TextHTML"`, `"help_html"`, `"HelpHTML"`).Replace(out)), &got); err != nil {
		t.Fatal(err)
	}
	page := got[0].Pages[0]
	if page.Intro != "Please read:\n\n- one\n- two" || !strings.Contains(page.IntroHTML, "<ul>") || !strings.HasPrefix(page.IntroHTML, "<p>Please read:</p>") {
		t.Errorf("intro %q rendered %q", page.Intro, page.IntroHTML)
	}
	trust := page.Items[0]
	if !strings.HasPrefix(trust.TextHTML, "Do you <strong>trust</strong> the news?") {
		t.Errorf("text rendered %q", trust.TextHTML)
	}
	if strings.Contains(trust.TextHTML, "script") || strings.Contains(trust.TextHTML, "alert(1)") {
		t.Errorf("raw HTML reached the participant: %s", out)
	}
	if !strings.Contains(trust.HelpHTML, `<a href="https://example.org/faq"`) || !strings.Contains(trust.HelpHTML, `target="_blank"`) || strings.HasPrefix(trust.HelpHTML, "<p>") {
		t.Errorf("help rendered %q", trust.HelpHTML)
	}
	if city := page.Items[1]; city.TextHTML != "Your city" {
		t.Errorf("plain text rendered %q", city.TextHTML)
	}
}

package study

import (
	"encoding/json"
	"html"
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

// A matrix's statements and the options of a choice (a card question's too) are markdown
// like the question's text: rendered inline by the server and sanitized the same way.
func TestStatementsAndOptionLabelsReachParticipantsAsSanitizedHTML(t *testing.T) {
	t.Parallel()
	qs, err := questionnaire.Parse([]byte(`[{"name":"views","title":"Views","pages":[{"items":[
 {"id":"grid","type":"matrix","text":"Rate","points":5,"statements":[{"id":"a","text":"I *trust* [science](https://example.org) <img src=x onerror=alert(1)>"},{"id":"b","text":"Plain"}]},
 {"id":"pick","type":"single","text":"Pick","options":[{"value":"y","label":"**Yes** <script>alert(2)</script>"},{"value":"n","label":"No"}]},
 {"id":"posts","type":"cards","items":[{"id":"share","type":"multi","text":"Share?","options":[{"value":"f","label":"On _Facebook_"},{"value":"x","label":"Nowhere"}]}]}]}]}]`), nil)
	if err != nil {
		t.Fatal(err)
	}
	out, err := participantQuestionnaires(qs)
	if err != nil {
		t.Fatal(err)
	}
	type option struct {
		Label     string `json:"label"`
		LabelHTML string `json:"label_html"`
	}
	var got []struct {
		Pages []struct {
			Items []struct {
				Statements []struct {
					Text     string `json:"text"`
					TextHTML string `json:"text_html"`
				} `json:"statements"`
				Options []option `json:"options"`
				Items   []struct {
					Options []option `json:"options"`
				} `json:"items"`
			} `json:"items"`
		} `json:"pages"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	items := got[0].Pages[0].Items
	a := items[0].Statements[0]
	if !strings.HasPrefix(a.TextHTML, `I <em>trust</em> <a href="https://example.org"`) || !strings.Contains(a.TextHTML, `target="_blank"`) || strings.HasPrefix(a.TextHTML, "<p>") {
		t.Errorf("statement %q rendered %q", a.Text, a.TextHTML)
	}
	if items[0].Statements[1].TextHTML != "Plain" {
		t.Errorf("plain statement rendered %q", items[0].Statements[1].TextHTML)
	}
	if yes := items[1].Options[0]; yes.Label != "**Yes** <script>alert(2)</script>" || !strings.HasPrefix(yes.LabelHTML, "<strong>Yes</strong>") {
		t.Errorf("option %q rendered %q", yes.Label, yes.LabelHTML)
	}
	if f := items[2].Items[0].Options[0]; f.LabelHTML != "On <em>Facebook</em>" {
		t.Errorf("card question's option rendered %q", f.LabelHTML)
	}
	// Only the plain label keeps what was typed; no _html field carries raw HTML.
	var loose []map[string]any
	_ = json.Unmarshal([]byte(out), &loose)
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, val := range x {
				if s, ok := val.(string); ok && strings.HasSuffix(k, "_html") {
					for _, bad := range []string{"onerror", "alert(", "<script", "<img"} {
						if strings.Contains(s, bad) {
							t.Errorf("%s carries %q: %s", k, bad, s)
						}
					}
				}
				walk(val)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(loose)
}

// Every built-in, in English and in each translation, renders for participants, and its
// markdown-rendered texts read exactly as its plain texts did when the participant app held
// them: the built-ins' words contain nothing markdown would change.
func TestEveryBuiltinReachesParticipantsAsWritten(t *testing.T) {
	t.Parallel()
	type served struct{ name, lang string }
	var all []served
	for _, q := range questionnaire.Builtins() {
		for _, lang := range append([]string{questionnaire.English}, questionnaire.TranslatedInto(q.Name)...) {
			all = append(all, served{q.Name, lang})
		}
	}
	for _, q := range all {
		out, lang, ok := BuiltinForParticipants(q.name, q.lang)
		if !ok || lang != q.lang {
			t.Fatalf("%s in %s is served in %s (%v)", q.name, q.lang, lang, ok)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatalf("%s: %v", q.name, err)
		}
		var check func(v any)
		check = func(v any) {
			switch x := v.(type) {
			case map[string]any:
				for k, val := range x {
					plain, isHTML := strings.CutSuffix(k, "_html")
					if !isHTML {
						check(val)
						continue
					}
					want, _ := x[plain].(string)
					if k == "intro_html" {
						want = "<p>" + want + "</p>\n"
					}
					if h := html.UnescapeString(val.(string)); h != want {
						t.Errorf("%s in %s: %s renders as %q, its text is %q", q.name, q.lang, plain, h, want)
					}
				}
			case []any:
				for _, e := range x {
					check(e)
				}
			}
		}
		check(got)
	}
	if _, _, ok := BuiltinForParticipants("custom-msg", "es"); ok {
		t.Error("the end message page is served as a questionnaire")
	}
}

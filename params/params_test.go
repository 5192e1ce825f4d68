package params

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"reflect"
	"strings"
	"testing"
)

// testSets is the stimulus-set inventory the tests validate against.
var testSets = map[string]int{"news_a": 30, "news_b": 10, "empty_set": 0}

func lookup(name string) (int, bool) {
	n, ok := testSets[name]
	return n, ok
}

// minimal is the smallest valid condition: only its stimulus set.
func minimal(cond int) Row {
	return Row{Condition: cond, Param: "entity_sets", Value: `[{"entity_set":"news_a"}]`}
}

func mustValidate(t *testing.T, rows []Row) Study {
	t.Helper()
	s, err := Validate(rows, lookup)
	if err != nil {
		t.Fatalf("Validate: %v", err)
	}
	return s
}

func TestStudyFileRoundTrip(t *testing.T) {
	f, err := os.Open("testdata/study.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := ParseCSV(f)
	if err != nil {
		t.Fatalf("ParseCSV: %v", err)
	}
	study := mustValidate(t, rows)

	want := Study{Conditions: []Condition{
		{
			Number: 1,
			Feed:   "scroll",
			EntitySets: []EntitySetChoice{
				{EntitySet: "news_a", NumberToShow: 10, RandomizeBetweenSubjects: "yes"},
				{EntitySet: "news_b", NumberToShow: 10, RandomizeBetweenSubjects: "yes"},
			},
			Buttons:           map[string]string{"share": "yes", "like": "lognormal", "bookmark": "no", "accuracy": "no", "upvote": "no", "downvote": "no"},
			InterventionType:  "default-modal",
			InterventionPerc:  30,
			InterventionVideo: "/media/popup.mp4",
			Algorithm:         "random",
			CustomMsgType:     "onpage",
			CustomMsg:         "Thank you! You saw **fake** news, see [our debrief](https://example.org/debrief?a=1&b=2).",
			Forms:             []string{"crt", "ses", "final"},
			Instruct:          "# Instructions\n\nYou will see a newsfeed. For each card, tell us whether you would share it.",
			Consent:           "By continuing you agree, that's all & more: 100% voluntary.",
			Platform:          "prolific",
			RedirectURL:       "https://app.prolific.com/submissions/complete?cc=C1A2B3",
		},
		{
			Number:           2,
			Feed:             "swipe",
			EntitySets:       []EntitySetChoice{{EntitySet: "news_b", NumberToShow: 5, RandomizeBetweenSubjects: "no"}},
			Buttons:          map[string]string{"share": "no", "like": "no", "bookmark": "no", "accuracy": "no", "upvote": "no", "downvote": "no"},
			InterventionType: "accprompt-modal",
			InterventionPerc: 50,
			Algorithm:        "random",
			Platform:         "mturk",
			CompletionCode:   "FEEDLAB-2024",
		},
	}, Recruitment: DefaultRecruitment()}
	if !reflect.DeepEqual(study, want) {
		t.Fatalf("study:\n got %+v\nwant %+v", study, want)
	}

	// Verify parameters → params.csv → create again gives the same study.
	var buf bytes.Buffer
	if err := WriteCSV(&buf, study.Rows()); err != nil {
		t.Fatal(err)
	}
	again, err := ParseCSV(&buf)
	if err != nil {
		t.Fatalf("ParseCSV of written rows: %v\n%s", err, buf.String())
	}
	if got := mustValidate(t, again); !reflect.DeepEqual(got, study) {
		t.Fatalf("round trip changed the study:\n got %+v\nwant %+v", got, study)
	}
	// And Rows alone round-trips too.
	if got := mustValidate(t, study.Rows()); !reflect.DeepEqual(got, study) {
		t.Fatalf("Rows round trip changed the study")
	}
}

func TestDefaults(t *testing.T) {
	s := mustValidate(t, []Row{minimal(1)})
	want := Condition{
		Number:     1,
		Feed:       "scroll",
		EntitySets: []EntitySetChoice{{EntitySet: "news_a", NumberToShow: 30, RandomizeBetweenSubjects: "yes"}},
		Buttons:    map[string]string{"share": "no", "like": "no", "bookmark": "no", "accuracy": "no", "upvote": "no", "downvote": "no"},
		Algorithm:  "random",
	}
	if len(s.Conditions) != 1 || !reflect.DeepEqual(s.Conditions[0], want) {
		t.Fatalf("got %+v\nwant %+v", s.Conditions, want)
	}
}

func TestRowsCanonical(t *testing.T) {
	s := mustValidate(t, []Row{minimal(1)})
	var buf bytes.Buffer
	if err := WriteCSV(&buf, s.Rows()); err != nil {
		t.Fatal(err)
	}
	want := strings.Join([]string{
		"condition,param,value",
		"1,title,",
		"1,n-conditions,1",
		"1,feed,scroll",
		`1,entity_sets,"[{""entity_set"":""news_a"",""number_to_show"":30,""randomize_between_subjects"":""yes""}]"`,
		"1,feed-button-share,no",
		"1,feed-button-like,no",
		"1,feed-button-bookmark,no",
		"1,feed-button-accuracy,no",
		"1,feed-button-upvote,no",
		"1,feed-button-downvote,no",
		"1,intervention-type,",
		"1,intervention-perc,",
		"1,intervention-video,",
		"1,algorithm,random",
		"1,custom-msg-type,",
		"1,custom-msg,",
		"1,forms,[]",
		"1,instruct,",
		"1,consent,",
		"1,platform,",
		"1,redirect-url,",
		"1,completion-code,",
		"1,source-line,",
		"1,source-time,",
		"",
	}, "\r\n")
	if buf.String() != want {
		t.Fatalf("got\n%s\nwant\n%s", buf.String(), want)
	}
}

// TestValues checks how each parameter's accepted values are normalised.
func TestValues(t *testing.T) {
	tests := []struct {
		name  string
		rows  []Row
		check func(c Condition) any
		want  any
	}{
		{"feed swipe any case", []Row{{1, "feed", " SWIPE ", 0}}, func(c Condition) any { return c.Feed }, "swipe"},
		{"feed null is default", []Row{{1, "feed", "null", 0}}, func(c Condition) any { return c.Feed }, "scroll"},
		{"feed undefined is default", []Row{{1, "feed", "undefined", 0}}, func(c Condition) any { return c.Feed }, "scroll"},
		{"empty button is no", []Row{{1, "feed-button-like", "", 0}}, func(c Condition) any { return c.Buttons["like"] }, "no"},
		{"null button is no", []Row{{1, "feed-button-upvote", "null", 0}}, func(c Condition) any { return c.Buttons["upvote"] }, "no"},
		{"button lognormal", []Row{{1, "feed-button-downvote", "lognormal", 0}}, func(c Condition) any { return c.Buttons["downvote"] }, "lognormal"},
		{"intervention none", []Row{{1, "intervention-type", "None", 0}, {1, "intervention-perc", "50", 0}}, func(c Condition) any { return [2]any{c.InterventionType, c.InterventionPerc} }, [2]any{"", 0}},
		{"intervention none clears garbage perc", []Row{{1, "intervention-perc", "lots", 0}, {1, "intervention-video", "../x", 0}}, func(c Condition) any { return [3]any{c.InterventionType, c.InterventionPerc, c.InterventionVideo} }, [3]any{"", 0, ""}},
		{"intervention default perc", []Row{{1, "intervention-type", "default-modal", 0}}, func(c Condition) any { return [2]any{c.InterventionPerc, c.InterventionVideo} }, [2]any{50, ""}},
		{"intervention perc 1", []Row{{1, "intervention-type", "accprompt-modal", 0}, {1, "intervention-perc", "1", 0}}, func(c Condition) any { return c.InterventionPerc }, 1},
		{"intervention perc 100", []Row{{1, "intervention-type", "accprompt-modal", 0}, {1, "intervention-perc", "100", 0}}, func(c Condition) any { return c.InterventionPerc }, 100},
		{"video path kept", []Row{{1, "intervention-type", "default-modal", 0}, {1, "intervention-video", "/media/set_a/clip.WEBM", 0}}, func(c Condition) any { return c.InterventionVideo }, "/media/set_a/clip.WEBM"},
		{"video name becomes path", []Row{{1, "intervention-type", "default-modal", 0}, {1, "intervention-video", "clip.ogg", 0}}, func(c Condition) any { return c.InterventionVideo }, "/media/clip.ogg"},
		{"video dropped for accprompt", []Row{{1, "intervention-type", "accprompt-modal", 0}, {1, "intervention-video", "clip.ogg", 0}}, func(c Condition) any { return c.InterventionVideo }, ""},
		{"algorithm empty is random", []Row{{1, "algorithm", "", 0}}, func(c Condition) any { return c.Algorithm }, "random"},
		{"algorithm Random", []Row{{1, "algorithm", "Random", 0}}, func(c Condition) any { return c.Algorithm }, "random"},
		{"custom msg cleared without type", []Row{{1, "custom-msg", "bye", 0}}, func(c Condition) any { return c.CustomMsg }, ""},
		{"custom msg modal", []Row{{1, "custom-msg-type", "modal", 0}, {1, "custom-msg", "bye\r\nnow\r", 0}}, func(c Condition) any { return c.CustomMsg }, "bye\nnow\n"},
		{"forms empty list", []Row{{1, "forms", "[]", 0}}, func(c Condition) any { return c.Forms }, []string(nil)},
		{"forms null", []Row{{1, "forms", "null", 0}}, func(c Condition) any { return c.Forms }, []string(nil)},
		{"forms order kept", []Row{{1, "forms", `["final", "AC", "custom-msg"]`, 0}}, func(c Condition) any { return c.Forms }, []string{"final", "ac", "custom-msg"}},
		{"markdown kept", []Row{{1, "consent", "  *I agree*  ", 0}}, func(c Condition) any { return c.Consent }, "  *I agree*  "},
		{"markdown blank", []Row{{1, "instruct", " \n\t ", 0}}, func(c Condition) any { return c.Instruct }, ""},
		{"markdown at limit", []Row{{1, "instruct", strings.Repeat("é", MaxTextLen), 0}}, func(c Condition) any { return len([]rune(c.Instruct)) }, MaxTextLen},
		{"source line and time", []Row{{1, "source-line", " Domain ", 0}, {1, "source-time", "covariate: posted ago", 0}}, func(c Condition) any { return [2]string{c.SourceLine, c.SourceTime} }, [2]string{"domain", "covariate:posted ago"}},
		{"source none", []Row{{1, "source-line", "none", 0}, {1, "source-time", "", 0}}, func(c Condition) any { return [2]string{c.SourceLine, c.SourceTime} }, [2]string{"", ""}},
		{"platform none", []Row{{1, "platform", "none", 0}, {1, "redirect-url", "nonsense", 0}, {1, "completion-code", "X", 0}}, func(c Condition) any { return [3]string{c.Platform, c.RedirectURL, c.CompletionCode} }, [3]string{"", "", ""}},
		{"mturk without code", []Row{{1, "platform", "mturk", 0}}, func(c Condition) any { return [2]string{c.Platform, c.CompletionCode} }, [2]string{"mturk", ""}},
		{"mturk drops url", []Row{{1, "platform", "MTurk", 0}, {1, "redirect-url", "https://x.org", 0}, {1, "completion-code", " CODE1 ", 0}}, func(c Condition) any { return [3]string{c.Platform, c.RedirectURL, c.CompletionCode} }, [3]string{"mturk", "", "CODE1"}},
		{"lucid url", []Row{{1, "platform", "lucid", 0}, {1, "redirect-url", " HTTP://notch.example.org/r?RID=[%RID%] ", 0}}, func(c Condition) any { return c.RedirectURL }, "HTTP://notch.example.org/r?RID=[%RID%]"},
		{"custom url drops code", []Row{{1, "platform", "custom", 0}, {1, "redirect-url", "https://lab.example.edu/next", 0}, {1, "completion-code", "X", 0}}, func(c Condition) any { return [2]string{c.RedirectURL, c.CompletionCode} }, [2]string{"https://lab.example.edu/next", ""}},
		{"entity number as string", []Row{{1, "entity_sets", `[{"entity_set":"news_a","number_to_show":" 7 ","randomize_between_subjects":"NO"}]`, 0}}, func(c Condition) any { return c.EntitySets }, []EntitySetChoice{{"news_a", 7, "no"}}},
		{"entity number empty is all", []Row{{1, "entity_sets", `[{"entity_set":"news_b","number_to_show":"","randomize_between_subjects":null}]`, 0}}, func(c Condition) any { return c.EntitySets }, []EntitySetChoice{{"news_b", 10, "yes"}}},
		{"entity number null is all", []Row{{1, "entity_sets", `[{"entity_set":"news_b","number_to_show":null}]`, 0}}, func(c Condition) any { return c.EntitySets }, []EntitySetChoice{{"news_b", 10, "yes"}}},
		{"entity number max", []Row{{1, "entity_sets", `[{"entity_set":"news_b","number_to_show":10}]`, 0}}, func(c Condition) any { return c.EntitySets }, []EntitySetChoice{{"news_b", 10, "yes"}}},
		{"n-conditions", []Row{{1, "n-conditions", "1", 0}}, func(c Condition) any { return c.Number }, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows := append([]Row{}, tt.rows...)
			if !hasParam(rows, "entity_sets") {
				rows = append(rows, minimal(1))
			}
			s := mustValidate(t, rows)
			if got := tt.check(s.Conditions[0]); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %#v, want %#v", got, tt.want)
			}
			if again := mustValidate(t, s.Rows()); !reflect.DeepEqual(again, s) {
				t.Errorf("Rows does not round-trip: %+v", s.Rows())
			}
		})
	}
}

func hasParam(rows []Row, p string) bool {
	for _, r := range rows {
		if r.Param == p {
			return true
		}
	}
	return false
}

// TestValidateErrors checks every rule's message. Rows get line numbers from their
// position (line 2 onwards, as in a file); a condition without entity_sets gets one.
func TestValidateErrors(t *testing.T) {
	long := strings.Repeat("x", MaxTextLen+1)
	tests := []struct {
		name string
		rows []Row
		want string
	}{
		{"no rows", nil, "no rows: a study needs at least one condition"},
		{"condition zero", []Row{{0, "feed", "scroll", 0}}, "line 2: condition 0: conditions are numbered from 1"},
		{"condition negative", []Row{{-3, "feed", "scroll", 0}}, "line 2: condition -3: conditions are numbered from 1"},
		{"too many conditions", []Row{{51, "feed", "scroll", 0}}, "line 2: condition 51: a study may have at most 50 conditions"},
		{"100 conditions, said once", []Row{{1, "n-conditions", "100", 0}, {52, "feed", "scroll", 0}, {100, "feed", "scroll", 0}, {51, "algorithm", "random", 0}},
			"line 2: condition 1: n-conditions: is 100; a study may have at most 50 conditions\nline 3: conditions 51 to 100: a study may have at most 50 conditions"},
		{"unknown param close", []Row{{1, "feed-button-likes", "yes", 0}}, `line 2: condition 1: unknown parameter "feed-button-likes" (did you mean feed-button-like?)`},
		{"unknown param case", []Row{{1, "Feed", "scroll", 0}}, `line 2: condition 1: unknown parameter "Feed" (did you mean feed?)`},
		{"unknown param short", []Row{{1, "upvote", "yes", 0}}, `line 2: condition 1: unknown parameter "upvote" (did you mean feed-button-upvote?)`},
		{"unknown param n_conditions", []Row{{1, "n_conditions", "1", 0}}, `line 2: condition 1: unknown parameter "n_conditions" (did you mean n-conditions?)`},
		{"unknown param far", []Row{{1, "wallpaper", "default", 0}}, `line 2: condition 1: unknown parameter "wallpaper"; known parameters: title, n-conditions, feed, entity_sets, feed-button-share, feed-button-like, feed-button-bookmark, feed-button-accuracy, feed-button-upvote, feed-button-downvote, intervention-type, intervention-perc, intervention-video, algorithm, custom-msg-type, custom-msg, forms, instruct, consent, platform, redirect-url, completion-code, source-line, source-time, algorithm-covariate, algorithm-value, algorithm-mode, algorithm-attitude-param, algorithm-positions, algorithm-script, assignment, assignment-active-minutes, quota-total, quota, redirect-url-terminate, redirect-url-quality, redirect-url-overquota, redirect-url-screenout, attention-fail-exit, intervention-style, intervention-trigger, intervention-text, skin, questionnaires, forms-before, comments, comments-tags, feed-button-comment, comment-like, feed-compose, reactions, language, translations, text-size`},
		{"invalid utf8", []Row{{1, "consent", "a\xffb", 0}}, "line 2: condition 1: consent: the value is not valid UTF-8 text"},
		{"nul", []Row{{1, "consent", "a\x00b", 0}}, "line 2: condition 1: consent: the value contains a NUL character"},
		{"repeated", []Row{{1, "feed", "scroll", 0}, {1, "feed", "swipe", 0}}, "line 3: condition 1: feed: given more than once for this condition (first on line 2)"},
		{"gap", []Row{minimal(1), minimal(3)}, "condition 2: no rows for this condition; conditions must be numbered 1 to 3 without gaps"},
		{"no gap when only bad rows", []Row{minimal(1), {2, "feeed", "x", 0}, minimal(3)}, `line 3: condition 2: unknown parameter "feeed" (did you mean feed?)` + "\ncondition 2: entity_sets: " + entitySetsMissing},
		{"unreadable entity_sets not also missing", []Row{{1, "entity_sets", "\xff", 0}}, "line 2: condition 1: entity_sets: the value is not valid UTF-8 text"},
		{"unreadable redirect-url not also missing", []Row{minimal(1), {1, "platform", "custom", 0}, {1, "redirect-url", "\x00", 0}}, "line 4: condition 1: redirect-url: the value contains a NUL character"},
		{"n-conditions mismatch", []Row{{1, "n-conditions", "3", 0}, minimal(1), minimal(2)}, "line 2: condition 1: n-conditions: is 3 but the rows define conditions 1 to 2"},
		{"n-conditions not number", []Row{{1, "n-conditions", "two", 0}}, `line 2: condition 1: n-conditions: "two" is not a whole number`},
		{"feed", []Row{{1, "feed", "slide", 0}}, `line 2: condition 1: feed: "slide" is not allowed; use scroll, swipe`},
		{"entity_sets missing", []Row{{1, "feed", "scroll", 0}}, "condition 1: entity_sets: You need to select at least one set per condition under the Cards section."},
		{"entity_sets empty", []Row{{1, "entity_sets", "", 0}}, "line 2: condition 1: entity_sets: You need to select at least one set per condition under the Cards section."},
		{"entity_sets null", []Row{{1, "entity_sets", "null", 0}}, "line 2: condition 1: entity_sets: You need to select at least one set per condition under the Cards section."},
		{"entity_sets empty list", []Row{{1, "entity_sets", "[]", 0}}, "line 2: condition 1: entity_sets: You need to select at least one set per condition under the Cards section."},
		{"entity_sets not json", []Row{{1, "entity_sets", "news_a", 0}}, `line 2: condition 1: entity_sets: must be a JSON list of sets such as [{"entity_set":"NAME","number_to_show":10,"randomize_between_subjects":"yes"}]`},
		{"entity_sets null entry", []Row{{1, "entity_sets", "[null]", 0}}, `line 2: condition 1: entity_sets: entry 1: must be an object such as {"entity_set":"NAME","number_to_show":10,"randomize_between_subjects":"yes"}`},
		{"entity_sets no name", []Row{{1, "entity_sets", `[{"number_to_show":3}]`, 0}}, "line 2: condition 1: entity_sets: entry 1: entity_set must name a stimulus set"},
		{"entity_sets name not string", []Row{{1, "entity_sets", `[{"entity_set":5}]`, 0}}, "line 2: condition 1: entity_sets: entry 1: entity_set must name a stimulus set"},
		{"entity_sets unknown key", []Row{{1, "entity_sets", `[{"entity_set":"news_a","number_to_shw":3}]`, 0}}, `line 2: condition 1: entity_sets: entry 1: unknown key "number_to_shw" (did you mean number_to_show?)`},
		{"entity_sets unknown set", []Row{{1, "entity_sets", `[{"entity_set":"news_z"}]`, 0}}, `line 2: condition 1: entity_sets: unknown stimulus set "news_z"`},
		{"entity_sets duplicate", []Row{{1, "entity_sets", `[{"entity_set":"news_a"},{"entity_set":"news_a"}]`, 0}}, `line 2: condition 1: entity_sets: set "news_a" is listed more than once`},
		{"entity_sets empty set", []Row{{1, "entity_sets", `[{"entity_set":"empty_set"}]`, 0}}, `line 2: condition 1: entity_sets: set "empty_set" has no cards`},
		{"number_to_show too big", []Row{{1, "entity_sets", `[{"entity_set":"news_b","number_to_show":11}]`, 0}}, `line 2: condition 1: entity_sets: set "news_b": number_to_show 11 is outside 1 to 10 (the set's size)`},
		{"number_to_show negative", []Row{{1, "entity_sets", `[{"entity_set":"news_b","number_to_show":"-1"}]`, 0}}, `line 2: condition 1: entity_sets: set "news_b": number_to_show -1 is outside 1 to 10 (the set's size)`},
		{"number_to_show zero", []Row{{1, "entity_sets", `[{"entity_set":"news_b","number_to_show":0}]`, 0}}, `line 2: condition 1: entity_sets: set "news_b": number_to_show must be a whole number from 1 to 10 (the set's size), or empty for all`},
		{"number_to_show fraction", []Row{{1, "entity_sets", `[{"entity_set":"news_b","number_to_show":2.5}]`, 0}}, `line 2: condition 1: entity_sets: set "news_b": number_to_show must be a whole number from 1 to 10 (the set's size), or empty for all`},
		{"number_to_show bool", []Row{{1, "entity_sets", `[{"entity_set":"news_b","number_to_show":true}]`, 0}}, `line 2: condition 1: entity_sets: set "news_b": number_to_show must be a whole number from 1 to 10 (the set's size), or empty for all`},
		{"randomize bad", []Row{{1, "entity_sets", `[{"entity_set":"news_b","randomize_between_subjects":"maybe"}]`, 0}}, `line 2: condition 1: entity_sets: set "news_b": randomize_between_subjects is "maybe"; use yes or no`},
		{"randomize not string", []Row{{1, "entity_sets", `[{"entity_set":"news_b","randomize_between_subjects":true}]`, 0}}, `line 2: condition 1: entity_sets: set "news_b": randomize_between_subjects must be "yes" or "no"`},
		{"button", []Row{{1, "feed-button-share", "maybe", 0}}, `line 2: condition 1: feed-button-share: "maybe" is not allowed; use no, yes, lognormal`},
		{"intervention type", []Row{{1, "intervention-type", "accprompt-infeed", 0}}, `line 2: condition 1: intervention-type: "accprompt-infeed" is not allowed; use none, accprompt, literacytip, socialnorm, importance, accprompt-modal, default-modal`},
		{"intervention perc 0", []Row{{1, "intervention-type", "default-modal", 0}, {1, "intervention-perc", "0", 0}}, `line 3: condition 1: intervention-perc: "0" is not a whole number from 1 to 100`},
		{"intervention perc 101", []Row{{1, "intervention-type", "default-modal", 0}, {1, "intervention-perc", "101", 0}}, `line 3: condition 1: intervention-perc: "101" is not a whole number from 1 to 100`},
		{"intervention perc text", []Row{{1, "intervention-type", "default-modal", 0}, {1, "intervention-perc", "half", 0}}, `line 3: condition 1: intervention-perc: "half" is not a whole number from 1 to 100`},
		{"video traversal", []Row{{1, "intervention-type", "default-modal", 0}, {1, "intervention-video", "/media/../secret.mp4", 0}}, `line 3: condition 1: intervention-video: "/media/../secret.mp4" must be a media file name or a path /media/NAME, using only letters, digits, '.', '_' and '-'`},
		{"video elsewhere", []Row{{1, "intervention-type", "default-modal", 0}, {1, "intervention-video", "/img/a.mp4", 0}}, `line 3: condition 1: intervention-video: "/img/a.mp4" must be a media file name or a path /media/NAME, using only letters, digits, '.', '_' and '-'`},
		{"video url", []Row{{1, "intervention-type", "default-modal", 0}, {1, "intervention-video", "https://cdn.example.org/a.mp4", 0}}, `line 3: condition 1: intervention-video: "https://cdn.example.org/a.mp4" must be a media file name or a path /media/NAME, using only letters, digits, '.', '_' and '-'`},
		{"video image", []Row{{1, "intervention-type", "default-modal", 0}, {1, "intervention-video", "a.png", 0}}, `line 3: condition 1: intervention-video: "a.png" is not a video; use an .mp4, .webm or .ogg file`},
		{"algorithm attitude needs its lean", []Row{{1, "algorithm", "Attitude_Filter_Feed", 0}}, "condition 1: algorithm-covariate: algorithm attitude_filter_feed needs algorithm-covariate (lean covariate)"},
		{"algorithm unknown", []Row{{1, "algorithm", "newest", 0}}, `line 2: condition 1: algorithm: unknown algorithm "newest"; available: random, chronological, engagement, attitude_filter_feed, will_smith_priority_treatment, thompson_sampling, preference, custom`},
		{"setting of another algorithm", []Row{{1, "algorithm", "random", 0}, {1, "algorithm-mode", "shown", 0}}, "line 3: condition 1: algorithm-mode: is not a setting of algorithm random; remove it or choose another algorithm"},
		{"engagement mode", []Row{{1, "algorithm", "engagement", 0}, {1, "algorithm-mode", "loud", 0}}, `line 3: condition 1: algorithm-mode: "loud" is not allowed; use shown, observed`},
		{"attitude mode", []Row{{1, "algorithm", "attitude_filter_feed", 0}, {1, "algorithm-covariate", "lean", 0}, {1, "algorithm-mode", "opposite", 0}}, `line 4: condition 1: algorithm-mode: "opposite" is not allowed; use congruent, congruent-first, cross-cutting, balanced`},
		{"priority needs a value", []Row{{1, "algorithm", "priority", 0}, {1, "algorithm-covariate", "topic", 0}}, "condition 1: algorithm-value: algorithm will_smith_priority_treatment needs algorithm-value (priority value)"},
		{"priority positions", []Row{{1, "algorithm", "priority", 0}, {1, "algorithm-covariate", "topic", 0}, {1, "algorithm-value", "x", 0}, {1, "algorithm-positions", "1,0", 0}}, `line 5: condition 1: algorithm-positions: "1,0" is not a list of feed positions from 1 to 100000 separated by commas, such as 1,5,10`},
		{"custom needs rank", []Row{{1, "algorithm", "custom", 0}, {1, "algorithm-script", "def sort(cards, p):\n  return cards\n", 0}}, "line 3: condition 1: algorithm-script: the script is refused: the script does not define a function rank(cards, participant)"},
		{"custom syntax", []Row{{1, "algorithm", "custom", 0}, {1, "algorithm-script", "def rank(cards, p):\n  return cards +\n", 0}}, "line 3: condition 1: algorithm-script: the script fails at line 2, column 17: expected a value here, found the end of the line"},
		{"custom rank's parameters", []Row{{1, "algorithm", "custom", 0}, {1, "algorithm-script", "def rank(cards):\n  return cards\n", 0}}, "line 3: condition 1: algorithm-script: the script fails at line 1, column 1: rank takes 1 parameters; it must take two: rank(cards, participant)"},
		{"custom msg type", []Row{{1, "custom-msg-type", "popup", 0}}, `line 2: condition 1: custom-msg-type: "popup" is not allowed; use none, onpage, modal`},
		{"custom msg empty", []Row{{1, "custom-msg-type", "onpage", 0}}, "condition 1: custom-msg: the custom end message is empty but custom-msg-type is onpage; write the message or set the type to none"},
		{"custom msg too long", []Row{{1, "custom-msg-type", "modal", 0}, {1, "custom-msg", long, 0}}, "line 3: condition 1: custom-msg: the text has 20001 characters; at most 20000 are allowed"},
		{"forms not json", []Row{{1, "forms", "crt,ses", 0}}, `line 2: condition 1: forms: must be a JSON list of questionnaire names such as ["crt","ses","final"]`},
		{"forms not strings", []Row{{1, "forms", "[1]", 0}}, `line 2: condition 1: forms: must be a JSON list of questionnaire names such as ["crt","ses","final"]`},
		{"forms unknown", []Row{{1, "forms", `["crtt"]`, 0}}, `line 2: condition 1: forms: unknown questionnaire "crtt" (did you mean crt?); known: form, crt, ses, socialmediause, lean, imp, ac, aot, ccn, def, exp, ftg, final, custom-msg`},
		{"forms repeated", []Row{{1, "forms", `["crt","CRT"]`, 0}}, "line 2: condition 1: forms: questionnaire crt is listed more than once"},
		{"instruct too long", []Row{{1, "instruct", long, 0}}, "line 2: condition 1: instruct: the text has 20001 characters; at most 20000 are allowed"},
		{"consent too long", []Row{{1, "consent", long, 0}}, "line 2: condition 1: consent: the text has 20001 characters; at most 20000 are allowed"},
		{"platform", []Row{{1, "platform", "cloudresearch", 0}}, `line 2: condition 1: platform: "cloudresearch" is not allowed; use none, mturk, prolific, lucid, custom`},
		{"redirect required prolific", []Row{{1, "platform", "prolific", 0}}, "condition 1: redirect-url: a redirect URL is required when the platform is prolific"},
		{"redirect required lucid", []Row{{1, "platform", "lucid", 0}, {1, "redirect-url", "null", 0}}, "line 3: condition 1: redirect-url: a redirect URL is required when the platform is lucid"},
		{"redirect required custom", []Row{{1, "platform", "custom", 0}, {1, "redirect-url", " ", 0}}, "line 3: condition 1: redirect-url: a redirect URL is required when the platform is custom"},
		{"redirect relative", []Row{{1, "platform", "custom", 0}, {1, "redirect-url", "/next", 0}}, `line 3: condition 1: redirect-url: "/next" is not an absolute http or https URL (like https://example.org/done?code=X)`},
		{"redirect scheme", []Row{{1, "platform", "custom", 0}, {1, "redirect-url", "javascript:alert(1)", 0}}, `line 3: condition 1: redirect-url: "javascript:alert(1)" is not an absolute http or https URL (like https://example.org/done?code=X)`},
		{"redirect no host", []Row{{1, "platform", "custom", 0}, {1, "redirect-url", "https:///x", 0}}, `line 3: condition 1: redirect-url: "https:///x" is not an absolute http or https URL (like https://example.org/done?code=X)`},
		{"redirect space", []Row{{1, "platform", "custom", 0}, {1, "redirect-url", "https://x.org/a b", 0}}, `line 3: condition 1: redirect-url: "https://x.org/a b" contains spaces or control characters; percent-encode them (a space is %20)`},
		{"redirect long", []Row{{1, "platform", "custom", 0}, {1, "redirect-url", "https://x.org/" + strings.Repeat("a", 2000), 0}}, "line 3: condition 1: redirect-url: the URL is longer than 2000 characters"},
		{"completion code long", []Row{{1, "platform", "mturk", 0}, {1, "completion-code", strings.Repeat("c", 101), 0}}, "line 3: condition 1: completion-code: the completion code is longer than 100 characters"},
		{"completion code control", []Row{{1, "platform", "mturk", 0}, {1, "completion-code", "a\tb", 0}}, "line 3: condition 1: completion-code: the completion code contains control characters"},
		{"source line word", []Row{{1, "source-line", "publisher", 0}}, `line 2: condition 1: source-line: "publisher" is not allowed; use none, domain or covariate:<column> (a column of the stimulus sets, such as covariate:publisher)`},
		{"source line empty covariate", []Row{{1, "source-line", "covariate:", 0}}, `line 2: condition 1: source-line: covariate:"" must name a column of the stimulus sets (at most 100 characters, no control characters)`},
		{"source time domain", []Row{{1, "source-time", "domain", 0}}, `line 2: condition 1: source-time: "domain" is not allowed; use none or covariate:<column> (a column of the stimulus sets, such as covariate:publisher)`},
		{"title two lines", []Row{{1, "title", "Study\nof feeds", 0}}, "line 2: condition 1: title: the title must be one line of text, without line breaks"},
		{"title too long", []Row{{1, "title", strings.Repeat("t", MaxTitleLen+1), 0}}, "line 2: condition 1: title: the title has 201 characters; at most 200 are allowed"},
		{"title control", []Row{{1, "title", "a\x07b", 0}}, "line 2: condition 1: title: the title contains control characters"},
		{"title differs", []Row{{1, "title", "Feeds", 0}, {2, "title", "Feeds 2", 0}}, `line 3: condition 2: title: differs from the title given for condition 1 ("Feeds"); a study has one title, the same on every condition`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows := append([]Row{}, tt.rows...)
			for i := range rows {
				rows[i].Line = i + 2
			}
			if len(rows) > 0 && !hasParam(rows, "entity_sets") && !strings.Contains(tt.want, "entity_sets: ") {
				for _, c := range conditionsOf(rows) {
					rows = append(rows, minimal(c)) // Line 0: not in the file
				}
			}
			_, err := Validate(rows, lookup)
			if err == nil {
				t.Fatalf("no error, want %q", tt.want)
			}
			var ps Problems
			if !errors.As(err, &ps) {
				t.Fatalf("error %T is not Problems", err)
			}
			if err.Error() != tt.want {
				t.Errorf("got  %q\nwant %q", err.Error(), tt.want)
			}
		})
	}
}

func conditionsOf(rows []Row) []int {
	seen := map[int]bool{}
	var out []int
	for _, r := range rows {
		if r.Condition >= 1 && r.Condition <= MaxConditions && !seen[r.Condition] {
			seen[r.Condition] = true
			out = append(out, r.Condition)
		}
	}
	return out
}

func TestValidateCollectsAllProblems(t *testing.T) {
	rows := []Row{
		{1, "feed", "slide", 2},
		{1, "entity_sets", `[{"entity_set":"nope"}]`, 3},
		{1, "colour", "red", 4},
		{3, "feed", "scroll", 5},
		{2, "algorithm", "engagment", 6},
		{1, "platform", "prolific", 7},
	}
	_, err := Validate(rows, lookup)
	want := strings.Join([]string{
		`line 2: condition 1: feed: "slide" is not allowed; use scroll, swipe`,
		`line 3: condition 1: entity_sets: unknown stimulus set "nope"`,
		`line 4: condition 1: unknown parameter "colour"; known parameters: ` + strings.Join(allParams, ", "),
		`line 6: condition 2: algorithm: unknown algorithm "engagment" (did you mean engagement?); available: random, chronological, engagement, attitude_filter_feed, will_smith_priority_treatment, thompson_sampling, preference, custom`,
		`condition 1: redirect-url: a redirect URL is required when the platform is prolific`,
		`condition 2: entity_sets: You need to select at least one set per condition under the Cards section.`,
		`condition 3: entity_sets: You need to select at least one set per condition under the Cards section.`,
	}, "\n")
	if err == nil || err.Error() != want {
		t.Fatalf("got\n%v\nwant\n%s", err, want)
	}
	if n := len(err.(Problems)); n != 7 {
		t.Errorf("%d problems, want 7", n)
	}
}

func TestProblemsMessageIsBounded(t *testing.T) {
	var rows []Row
	for i := range 150 {
		rows = append(rows, Row{Condition: 0, Param: "feed", Line: i + 2})
	}
	_, err := Validate(rows, lookup)
	msg := err.Error()
	if n := strings.Count(msg, "\n"); n != maxListed {
		t.Errorf("%d lines, want %d", n+1, maxListed+1)
	}
	if !strings.HasSuffix(msg, "… and 50 more problems") {
		t.Errorf("message ends %q", msg[len(msg)-40:])
	}
}

func TestNilSetLookup(t *testing.T) {
	_, err := Validate([]Row{minimal(1)}, nil)
	if err == nil || !strings.Contains(err.Error(), `unknown stimulus set "news_a"`) {
		t.Fatalf("got %v", err)
	}
}

func TestKnownFormsIsACopy(t *testing.T) {
	saved := KnownForms[0]
	KnownForms[0] = "hacked"
	defer func() { KnownForms[0] = saved }()
	if _, err := Validate([]Row{minimal(1), {1, "forms", `["form"]`, 0}}, lookup); err != nil {
		t.Fatal(err)
	}
}

func TestManyConditions(t *testing.T) {
	var rows []Row
	for c := MaxConditions; c >= 1; c-- { // any order
		rows = append(rows, minimal(c), Row{Condition: c, Param: "n-conditions", Value: fmt.Sprint(MaxConditions)})
	}
	s := mustValidate(t, rows)
	if len(s.Conditions) != MaxConditions || s.Conditions[49].Number != 50 {
		t.Fatalf("got %d conditions", len(s.Conditions))
	}
	if again := mustValidate(t, s.Rows()); !reflect.DeepEqual(again, s) {
		t.Fatal("no round trip")
	}
}

func TestInterventionIndex(t *testing.T) {
	tests := []struct {
		typ       string
		perc, n   int
		want      int
		wantShown bool
	}{
		{"", 0, 20, 0, false},
		{"default-modal", 0, 20, 9, true},
		{"default-modal", 50, 21, 9, true},
		{"accprompt-modal", 30, 25, 6, true},
		{"accprompt-modal", 100, 10, 9, true},
		{"accprompt-modal", 1, 10, -1, true},
	}
	for _, tt := range tests {
		c := Condition{InterventionType: tt.typ, InterventionPerc: tt.perc}
		got, ok := c.InterventionIndex(tt.n)
		if got != tt.want || ok != tt.wantShown {
			t.Errorf("%+v: got %d %v", tt, got, ok)
		}
	}
}

func TestTitleIsStudyWideAndFirst(t *testing.T) {
	lookup := func(string) (int, bool) { return 5, true }
	sets := `[{"entity_set":"a"}]`
	rows := []Row{
		{Condition: 1, Param: "entity_sets", Value: sets},
		{Condition: 1, Param: "title", Value: "  Feeds and trust  "},
		{Condition: 2, Param: "entity_sets", Value: sets},
		{Condition: 2, Param: "title", Value: "Feeds and trust"},
	}
	st, err := Validate(rows, lookup)
	if err != nil {
		t.Fatal(err)
	}
	if st.Title != "Feeds and trust" {
		t.Fatalf("title %q", st.Title)
	}
	canon := st.Rows()
	if canon[0] != (Row{Condition: 1, Param: "title", Value: "Feeds and trust"}) || canon[1].Param != "n-conditions" {
		t.Fatalf("canonical rows start %v", canon[:2])
	}
	for _, r := range canon[1:] {
		if r.Param == "title" {
			t.Fatalf("title written twice: %v", r)
		}
	}
	again, err := Validate(canon, lookup)
	if err != nil || again.Title != st.Title {
		t.Fatalf("round trip: %q %v", again.Title, err)
	}
	for _, p := range st.Conditions[0].ExperimentParameters() {
		if p.Param == "title" {
			t.Fatal("the title reached a participant's parameters")
		}
	}
	// Given on one condition only, it is still the study's title; empty is allowed.
	if st, err := Validate(rows[:3], lookup); err != nil || st.Title != "Feeds and trust" {
		t.Fatalf("title on condition 1 only: %q %v", st.Title, err)
	}
	if st, err := Validate([]Row{{Condition: 1, Param: "entity_sets", Value: sets}, {Condition: 1, Param: "title", Value: ""}}, lookup); err != nil || st.Title != "" {
		t.Fatalf("empty title: %q %v", st.Title, err)
	}
}

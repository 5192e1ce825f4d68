package params

import (
	"slices"
	"strings"
	"testing"

	"feedlab/feed"
)

func TestRankingSettingsAreCanonicalAndFollowTheAlgorithm(t *testing.T) {
	s := mustValidate(t, []Row{
		minimal(1), {1, "algorithm", "Priority", 0}, {1, "algorithm-covariate", " topic ", 0},
		{1, "algorithm-value", "health", 0}, {1, "algorithm-positions", "5, 1,3", 0},
		minimal(2), {2, "algorithm", "attitude_filter_feed", 0}, {2, "algorithm-covariate", "partisanship", 0},
		minimal(3), {3, "algorithm", "engagement", 0},
	})
	c1, c2, c3 := s.Conditions[0], s.Conditions[1], s.Conditions[2]
	if c1.Algorithm != feed.Priority || c1.Ranking.Covariate != "topic" || c1.Ranking.Value != "health" || !slices.Equal(c1.Ranking.Positions, []int{1, 3, 5}) {
		t.Errorf("priority (alias) read as %q %+v", c1.Algorithm, c1.Ranking)
	}
	if c2.Ranking.Mode != feed.CongruentFirst || c2.Ranking.AttitudeParam != "attitude" {
		t.Errorf("attitude defaults %+v", c2.Ranking)
	}
	if c3.Ranking.Mode != feed.SignalShown {
		t.Errorf("engagement default signal %+v", c3.Ranking)
	}
	var got []string
	for _, r := range s.Rows() {
		if r.Condition == 1 && strings.HasPrefix(r.Param, "algorithm") {
			got = append(got, r.Param+"="+r.Value)
		}
	}
	want := []string{"algorithm=will_smith_priority_treatment", "algorithm-covariate=topic", "algorithm-value=health", "algorithm-positions=1,3,5"}
	if !slices.Equal(got, want) {
		t.Errorf("canonical rows %v, want %v", got, want)
	}
	checkRoundTrip(t, s)
	// Settings never reach a participant's browser.
	for _, p := range c1.ExperimentParameters() {
		if strings.HasPrefix(p.Param, "algorithm-") {
			t.Errorf("participant receives %s", p.Param)
		}
	}
}

func TestRandomStudiesKeepTheirRows(t *testing.T) {
	s := mustValidate(t, []Row{minimal(1)})
	for _, r := range s.Rows() {
		if strings.HasPrefix(r.Param, "algorithm-") {
			t.Errorf("a random study writes %s", r.Param)
		}
	}
}

func TestEveryAlgorithmExceptRandomShowsWholeSets(t *testing.T) {
	for _, a := range feed.Algorithms {
		rows := []Row{{1, "entity_sets", `[{"entity_set":"news_a","number_to_show":2}]`, 0}, {1, "algorithm", a, 0}}
		for _, s := range algorithmSettings[a] {
			if s.Required {
				v := "x"
				if s.Kind == "script" {
					v = "def rank(cards, participant):\n    return cards\n"
				}
				rows = append(rows, Row{1, s.Param, v, 0})
			}
		}
		c := mustValidate(t, rows).Conditions[0]
		n, _ := lookup("news_a")
		if want := map[bool]int{true: 2, false: n}[a == feed.Random]; c.EntitySets[0].NumberToShow != want {
			t.Errorf("%s: number_to_show %d, want %d", a, c.EntitySets[0].NumberToShow, want)
		}
	}
}

func TestAlgorithmSettingsAreListedForTheWizard(t *testing.T) {
	for _, a := range feed.Algorithms {
		for _, s := range AlgorithmSettings(a) {
			if !slices.Contains(rankingParams, s.Param) || s.Label == "" || s.Help == "" {
				t.Errorf("%s: setting %+v", a, s)
			}
		}
	}
	if AlgorithmSettings(feed.Custom)[0].Kind != "script" {
		t.Error("custom's script setting is not a script field")
	}
}

// FuzzRankingSettings throws any algorithm and settings at one condition: never a panic,
// either Problems with messages or a study that survives every round trip.
func FuzzRankingSettings(f *testing.F) {
	f.Add("custom", "algorithm-script", "def rank(cards, participant):\n    return cards\n", "algorithm-mode", "")
	f.Add("custom", "algorithm-script", "def rank(c, p):\n  while True:\n    pass\n", "", "")
	f.Add("priority", "algorithm-covariate", "topic", "algorithm-value", "1")
	f.Add("will_smith_priority_treatment", "algorithm-positions", "2,2", "algorithm-value", "x")
	f.Add("attitude_filter_feed", "algorithm-covariate", "lean", "algorithm-mode", "BALANCED")
	f.Add("attitude_filter_feed", "algorithm-attitude-param", "a\x01b", "algorithm-covariate", "lean")
	f.Add("engagement", "algorithm-mode", "observed", "algorithm-covariate", "x")
	f.Add("chronological", "algorithm-covariate", "", "", "")
	f.Add("preference", "algorithm-covariate", strings.Repeat("c", 101), "", "")
	f.Fuzz(func(t *testing.T, algo, p1, v1, p2, v2 string) {
		rows := []Row{minimal(1), {Condition: 1, Param: "algorithm", Value: algo, Line: 3}}
		if p1 != "" && p1 != "algorithm" && p1 != "entity_sets" {
			rows = append(rows, Row{Condition: 1, Param: p1, Value: v1, Line: 4})
		}
		if p2 != "" && p2 != p1 && p2 != "algorithm" && p2 != "entity_sets" {
			rows = append(rows, Row{Condition: 1, Param: p2, Value: v2, Line: 5})
		}
		s, err := Validate(rows, lookup)
		if err != nil {
			checkProblems(t, err)
			return
		}
		checkRoundTrip(t, s)
	})
}

package study

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"feedlab/feed"
	"feedlab/params"
	"feedlab/store"
)

// checkRanking checks each condition's algorithm against the cards of its sets: the
// covariate it reads must be a column of every selected set (numeric for the attitude
// lean), and a custom script must rank the study's real cards without error.
func checkRanking(ctx context.Context, st *store.Store, s params.Study) (params.Problems, error) {
	var problems params.Problems
	for _, c := range s.Conditions {
		if c.Algorithm == feed.Random || c.Algorithm == feed.Thompson || c.Algorithm == feed.Engagement {
			continue
		}
		var cards []feed.Card
		for _, es := range c.EntitySets {
			ents, err := st.Entities(ctx, es.EntitySet)
			if err != nil {
				return nil, err
			}
			cards = append(cards, feedCards(ents)...)
			if cov := c.Ranking.Covariate; cov != "" && cov != feed.DefaultDateCovariate {
				set, err := st.EntitySet(ctx, es.EntitySet)
				if err != nil {
					return nil, err
				}
				if !slices.Contains(set.Columns, cov) {
					problems = append(problems, params.Problem{Condition: c.Number, Param: "algorithm-covariate",
						Message: fmt.Sprintf("set %q has no column %q; its columns are %s", es.EntitySet, cov, strings.Join(set.Columns, ", "))})
					continue
				}
				if c.Algorithm == feed.AttitudeFeed {
					if bad := firstNonNumeric(ents, cov); bad != "" {
						problems = append(problems, params.Problem{Condition: c.Number, Param: "algorithm-covariate",
							Message: fmt.Sprintf("set %q: column %q must hold numbers (a lean centred at 0), but one card has %q", es.EntitySet, cov, bad)})
					}
				}
			}
		}
		if c.Algorithm == feed.Custom {
			// The script's own failures (its errors, time, memory) are the researcher's
			// to fix; a worker that cannot be had is the appliance's problem, said as such.
			var se *feed.ScriptError
			// A condition ranked by answers given before the feed is dry-run with a sample
			// participant's answers (answers_ranking.go): a script reading one that may be
			// missing without .get fails here, not for a participant.
			dry := feed.Participant{}
			if ReadsAnswers(c) {
				dry.Answers = sampleAnswers(s, c)
			}
			if err := feed.DryRunFor(ctx, c.Ranking.Script, cards, dry); errors.As(err, &se) {
				problems = append(problems, params.ScriptProblem(c.Number, err))
			} else if err != nil {
				return nil, fmt.Errorf("study: dry run of condition %d's script: %w", c.Number, err)
			}
		}
	}
	return problems, nil
}

// firstNonNumeric is the first non-empty value of a covariate that is not a number.
func firstNonNumeric(ents []store.Entity, cov string) string {
	for _, e := range ents {
		v := strings.TrimSpace(store.Covariates(e.Covariates)[cov])
		if v == "" {
			continue
		}
		if _, err := strconv.ParseFloat(v, 64); err != nil {
			return v
		}
	}
	return ""
}

// feedCards are stored cards as feed sees them.
func feedCards(ents []store.Entity) []feed.Card {
	cards := make([]feed.Card, len(ents))
	for i, e := range ents {
		cards[i] = feed.Card{EntityID: e.EntityID, Set: e.EntitySet, Position: e.Position,
			SourceURL: e.SourceUrl, Filename: e.Filename, RetrieveDate: e.RetrieveDate, EntityType: e.EntityType,
			Headline: e.Headline, EntityURL: e.EntityUrl, Covariates: store.Covariates(e.Covariates)}
	}
	return cards
}

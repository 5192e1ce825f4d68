package feed

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
)

// The preference algorithm adapts a feed within a session: the first block is in random
// order (ComposeFor); each later block of the infinite scroll is asked of the server,
// which ranks the cards not yet shown toward the covariates of the cards this participant
// engaged with so far (NextBlock), and records what it chose and why.

// Ranked is one card of a re-ranked block with its score, reason and inputs.
type Ranked struct {
	EntityID int64
	Score    float64
	Reason   string
	Inputs   string
}

// NextBlock orders the cards not yet shown (in their current feed order) for block number
// block (from 2). A card's score is, summed over the covariates compared, the share of
// the engaged cards that have the card's value; algorithm-covariate limits the comparison
// to one covariate, otherwise every covariate counts. Ties are broken at random from the
// seed and the block, so the same inputs always give the same order.
func NextBlock(r Ranking, remaining, engaged []Card, seed uint64, block int) []Ranked {
	profile := map[string]map[string]int{} // covariate → value → engaged cards with it
	for _, c := range engaged {
		for name, v := range c.Covariates {
			if r.Covariate != "" && name != r.Covariate {
				continue
			}
			if profile[name] == nil {
				profile[name] = map[string]int{}
			}
			profile[name][strings.TrimSpace(v)]++
		}
	}
	ids := make([]int64, len(engaged))
	for i, c := range engaged {
		ids[i] = c.EntityID
	}
	slices.Sort(ids)
	inputs, _ := json.Marshal(map[string]any{"block": block, "engaged": ids, "seed": fmt.Sprint(seed)})
	rng := rand.New(rand.NewPCG(seed, uint64(block)))
	order := rng.Perm(len(remaining)) // tie-break
	out := make([]Ranked, len(remaining))
	for i, c := range remaining {
		score, why := 0.0, []string{}
		names := make([]string, 0, len(profile))
		for name := range profile {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			v := strings.TrimSpace(c.Covariates[name])
			if n := profile[name][v]; n > 0 {
				score += float64(n) / float64(len(engaged))
				why = append(why, fmt.Sprintf("%s=%s (%d of %d engaged)", name, v, n, len(engaged)))
			}
		}
		reason := fmt.Sprintf("block %d: no engagement yet, random order", block)
		if len(engaged) > 0 {
			reason = fmt.Sprintf("block %d: shares nothing with the %d engaged cards", block, len(engaged))
			if len(why) > 0 {
				reason = fmt.Sprintf("block %d: matches %s", block, strings.Join(why, ", "))
			}
		}
		out[i] = Ranked{EntityID: c.EntityID, Score: score, Reason: reason, Inputs: string(inputs)}
	}
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		return cmp.Or(cmp.Compare(out[b].Score, out[a].Score), cmp.Compare(order[a], order[b]))
	})
	sorted := make([]Ranked, len(out))
	for i, j := range idx {
		sorted[i] = out[j]
	}
	return sorted
}

package feed

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func scriptCards(n int) []Card {
	out := make([]Card, n)
	for i := range out {
		out[i] = Card{EntityID: int64(100 + i), Set: "s", Position: int64(i + 1), Covariates: map[string]string{"k": "v"}}
	}
	return out
}

func TestScriptErrorsNameTheirLine(t *testing.T) {
	// Time enough for the step limit to stop the endless loop first on a loaded machine.
	useSandbox(t, Limits{Timeout: 10 * time.Second, Memory: DefaultLimits.Memory, Workers: 2})
	tests := []struct{ name, src, want string }{
		{"syntax", "def rank(cards, participant):\n    return cards +\n", "line 2, column 19: "},
		{"undefined", "def rank(cards, participant):\n    x = 1\n    return nope\n", "line 3, column 12: undefined name 'nope'"},
		{"runtime", "def rank(cards, participant):\n    return cards[0]['covariates']['missing']\n", "line 2, column 34: key \"missing\" not in dict"},
		{"no rank", "def order(cards):\n    return cards\n", "does not define a function rank(cards, participant)"},
		{"one parameter", "def rank(cards):\n    return cards\n", "line 1, column 1: rank takes 1 parameters"},
		{"drops a card", "def rank(cards, participant):\n    return cards[1:]\n", "rank returned 2 cards for a feed of 3"},
		{"repeats a card", "def rank(cards, participant):\n    return [cards[0], cards[0], cards[1]]\n", "returned entity_id 100 twice"},
		{"unknown id", "def rank(cards, participant):\n    return [1, 2, 3]\n", "entity_id 1, which is not in this feed"},
		{"not a list", "def rank(cards, participant):\n    return 3\n", "rank returned a int"},
		{"endless loop", "def rank(cards, participant):\n    while True:\n        pass\n", "more than 1000000 steps (an endless loop?)"},
		{"empty", "  \n", "the script is empty"},
		{"too long", strings.Repeat("#", MaxScriptLen+1), "at most 20000 are allowed"},
		{"no I/O", "load('x.star', 'y')\ndef rank(cards, participant):\n    return cards\n", "line 1, column 1: "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := DryRun(t.Context(), tt.src, scriptCards(3))
			var se *ScriptError
			if !errors.As(err, &se) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want a ScriptError containing %q", err, tt.want)
			}
		})
	}
}

func TestScriptsReturnCardsIdsOrTextIdsWithScoreAndReason(t *testing.T) {
	for _, src := range []string{
		"def rank(cards, participant):\n    return reversed(cards) if False else list(reversed(cards))\n",
		"def rank(cards, participant):\n    return [c['entity_id'] for c in reversed(cards)]\n",
		"def rank(cards, participant):\n    return [str(c['entity_id']) for c in reversed(cards)]\n",
	} {
		items, err := ComposeFor(t.Context(), Condition{Sets: []SetChoice{{Set: "s"}}, Algorithm: Custom, Ranking: Ranking{Script: src}}, 1, func(string) ([]Card, error) { return scriptCards(3), nil }, Participant{})
		if err != nil || order(items)[0] != 102 || order(items)[2] != 100 {
			t.Fatalf("%q: %v %v", src, order(items), err)
		}
	}
	src := "def rank(cards, participant):\n    out = []\n    for c in cards:\n        c['score'] = c['position'] * 2\n        c['reason'] = 'twice ' + str(c['position']) + ' for ' + participant['arrival'].get('who', '?')\n        out.append(c)\n    return out\n"
	items, err := ComposeFor(t.Context(), Condition{Sets: []SetChoice{{Set: "s"}}, Algorithm: Custom, Ranking: Ranking{Script: src}}, 1,
		func(string) ([]Card, error) { return scriptCards(2), nil }, Participant{Arrival: map[string]string{"who": "ana"}})
	if err != nil || items[1].Score != 4 || items[1].Reason != "twice 2 for ana" || !strings.Contains(items[0].Inputs, ScriptHash(src)) {
		t.Fatalf("%+v %v", items, err)
	}
}

// FuzzLoadScript: any source either loads or gives a ScriptError with a message; a loaded
// script either ranks three cards into a permutation or gives a ScriptError. Never a
// panic, never a run past the step limit.
func FuzzLoadScript(f *testing.F) {
	f.Add("def rank(cards, participant):\n    return cards\n")
	f.Add("def rank(cards, participant):\n    return sorted(cards, key = lambda c: c['position'])\n")
	f.Add("def rank(c, p):\n    return [x['entity_id'] for x in c][::-1]\n")
	f.Add("x = [1]\nfor i in range(100000000):\n    x.append(i)\n")
	f.Add("def rank(c, p):\n    return {'a': 1}\n")
	f.Add("def rank(c, p):\n    return [None, None, None]\n")
	f.Add("def rank(c, p):\n    return [{'entity_id': 99999999999999999999999}] * 3\n")
	f.Add("def rank(c, p):\n\tif p['seed'] > 0:\n\t\treturn c\n")
	f.Add("\x00\xff")
	f.Fuzz(func(t *testing.T, src string) {
		err := DryRun(t.Context(), src, scriptCards(3))
		if err == nil {
			return
		}
		var se *ScriptError
		if !errors.As(err, &se) || se.Msg == "" {
			t.Fatalf("error %T %v is not a ScriptError with a message", err, err)
		}
	})
}

// BenchmarkScript: a realistic script sorting 1,000 cards, and the worst case, a script
// that loops until the step limit stops it, which bounds what any script can cost.
//
//	go test ./feed -run '^$' -bench BenchmarkScript
func BenchmarkScript(b *testing.B) {
	cards := scriptCards(1000)
	for i := range cards {
		cards[i].Covariates = map[string]string{"k": fmt.Sprint(i % 7)}
	}
	for _, s := range []struct{ name, src string }{
		{"sort-1000-cards", "def rank(cards, participant):\n    return sorted(cards, key = lambda c: (c['covariates']['k'], -c['position']))\n"},
		{"endless-loop-stopped-at-step-limit", "def rank(cards, participant):\n    while True:\n        pass\n"},
	} {
		b.Run(s.name, func(b *testing.B) {
			for range b.N {
				err := DryRun(b.Context(), s.src, cards)
				if (err != nil) != strings.HasPrefix(s.name, "endless") {
					b.Fatal(err)
				}
			}
		})
	}
}

// The example scripts in docs/ranking load and rank the CLI fixture's kind of cards.
func TestExampleScriptsRun(t *testing.T) {
	files, _ := filepath.Glob("../docs/ranking/*.star")
	if len(files) < 2 {
		t.Fatalf("found %d example scripts", len(files))
	}
	cards := scriptCards(9)
	for i := range cards {
		cards[i].Covariates = map[string]string{"topic": []string{"science", "health", "art"}[i%3], "veracity": []string{"true", "false"}[i%2]}
		cards[i].RetrieveDate = fmt.Sprintf("2026-01-%02d", i+1)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := DryRun(t.Context(), string(src), cards); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
}

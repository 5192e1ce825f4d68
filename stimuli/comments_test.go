package stimuli

import (
	"errors"
	"strings"
	"testing"
	"unicode/utf8"
)

var cardFiles = map[string]bool{"a.png": true, "b.png": true}

const commentHeaderLine = "comment_id\tfilename\tauthor\ttext\tavatar\tlikes\ttime\treply_to\ttag"

func TestParseCommentsReadsEveryColumn(t *testing.T) {
	t.Parallel()
	in := lines(commentHeaderLine,
		"c1\ta.png\tDana Reyes\tThis is false; see the agency's statement.\tdana.png\t12\t2h\t\tcorrection",
		"",
		"c2\ta.png\tLee\tThanks!\t\t\t1h\tc1\t",
		"c3\tb.png\tSam\tNice\t\t0\t\t\t")
	cs, err := ParseComments(strings.NewReader(in), cardFiles)
	if err != nil {
		t.Fatal(err)
	}
	want := []Comment{
		{Line: 2, ID: "c1", Filename: "a.png", Author: "Dana Reyes", Text: "This is false; see the agency's statement.", Avatar: "dana.png", Likes: 12, Time: "2h", Tag: "correction"},
		{Line: 4, ID: "c2", Filename: "a.png", Author: "Lee", Text: "Thanks!", Time: "1h", ReplyTo: "c1"},
		{Line: 5, ID: "c3", Filename: "b.png", Author: "Sam", Text: "Nice"},
	}
	if len(cs) != len(want) {
		t.Fatalf("%d comments: %+v", len(cs), cs)
	}
	for i := range want {
		if cs[i] != want[i] {
			t.Errorf("comment %d: %+v, want %+v", i+1, cs[i], want[i])
		}
	}

	// Only the required columns, in another order.
	cs, err = ParseComments(strings.NewReader(lines("text\tauthor\tfilename\tcomment_id", "hi\tA\tb.png\tx")), cardFiles)
	if err != nil || len(cs) != 1 || cs[0].Text != "hi" || cs[0].Filename != "b.png" || cs[0].ID != "x" {
		t.Fatalf("%+v, %v", cs, err)
	}
}

func TestParseCommentsNamesEveryRowProblem(t *testing.T) {
	t.Parallel()
	long := strings.Repeat("é", MaxCommentRunes+1)
	in := lines(commentHeaderLine,
		"c1\ta.png\tA\tok\t\t\t\t\t",
		"c1\ta.png\tB\tsame id\t\t\t\t\t",
		"c2\tz.png\tC\tno such card\t\t\t\t\t",
		"c3\ta.png\t\tno author\t\t\t\t\t",
		"c4\ta.png\tD\t"+long+"\t\t\t\t\t",
		"c5\ta.png\tE\tbad likes\t\t-3\t\t\t",
		"c6\ta.png\tF\treply to nothing\t\t\t\tnope\t",
		"c7\ta.png\tG\treply\t\t\t\tc1\t",
		"c8\ta.png\tH\treply to a reply\t\t\t\tc7\t",
		"c9\tb.png\tI\treply across cards\t\t\t\tc1\t",
	)
	_, err := ParseComments(strings.NewReader(in), cardFiles)
	var p *Problem
	if !errors.As(err, &p) || !errors.Is(err, ErrInvalid) {
		t.Fatalf("err %v is not a Problem", err)
	}
	want := []string{
		`Comments row 3: comment_id "c1" is already used on line 2`,
		`Comments row 4: filename "z.png" is not a card of the set`,
		`Comments row 5: column author is empty`,
		`Comments row 6: text is 2001 characters long; the limit is 2000`,
		`Comments row 7: likes must be a whole number from 0 to 1000000000, not "-3"`,
		`Comments row 8: reply_to "nope" is not a comment_id of this file`,
		`Comments row 10: reply_to "c7" is itself a reply; replies go one level deep`,
		`Comments row 11: reply_to "c1" is under "a.png", not "b.png"`,
	}
	if strings.Join(p.Rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("row problems:\n%s\nwant:\n%s", strings.Join(p.Rows, "\n"), strings.Join(want, "\n"))
	}
}

func TestParseCommentsRefusesABadHeader(t *testing.T) {
	t.Parallel()
	for in, want := range map[string]string{
		"":                               "the comments text is empty",
		"comment_id\tfilename\tauthor":   "missing required column(s): text",
		commentHeaderLine + "\treply-to": `unknown column "reply-to"`,
		"comment_id\tfilename\tauthor\ttext\ttext":                  `duplicate column "text"`,
		lines("comment_id\tfilename\tauthor\ttext", "c1\ta.png\tA"): "3 fields, but the header has 4",
	} {
		_, err := ParseComments(strings.NewReader(in), cardFiles)
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: err %v, want one saying %q", in, err, want)
		}
	}
}

func FuzzParseComments(f *testing.F) {
	for _, s := range []string{
		"",
		commentHeaderLine,
		lines(commentHeaderLine, "c1\ta.png\tA\thi\t\t3\t2h\t\tt", "c2\ta.png\tB\tyo\t\t\t\tc1\t"),
		lines("text\tcomment_id\tauthor\tfilename", "x\tc\ta\tb.png", "y\tc\ta\tb.png"),
		"\uFEFF" + commentHeaderLine + "\r\nc1\ta.png\tA\thi\t\t\t\t\t\r\n",
		lines(commentHeaderLine, "c1\ta.png\tA\thi\xff\t\t\t\t\t"),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		cs, err := ParseComments(strings.NewReader(in), cardFiles)
		if err != nil {
			if !errors.Is(err, ErrInvalid) {
				t.Fatalf("input error does not match ErrInvalid: %v", err)
			}
			return
		}
		// What every accepted file promises to the store and the feed.
		byID := map[string]Comment{}
		for _, c := range cs {
			if _, dup := byID[c.ID]; dup {
				t.Fatalf("comment_id %q twice", c.ID)
			}
			byID[c.ID] = c
		}
		for _, c := range cs {
			if c.ID == "" || c.Author == "" || c.Text == "" || !cardFiles[c.Filename] {
				t.Fatalf("accepted an incomplete comment %+v", c)
			}
			if utf8.RuneCountInString(c.Text) > MaxCommentRunes || c.Likes < 0 || strings.ContainsAny(c.Text+c.Author+c.Tag, "\t\r\n") {
				t.Fatalf("accepted a comment out of bounds %+v", c)
			}
			if c.ReplyTo != "" {
				p, ok := byID[c.ReplyTo]
				if !ok || p.ReplyTo != "" || p.Filename != c.Filename {
					t.Fatalf("accepted reply %+v to %+v", c, p)
				}
			}
		}
	})
}

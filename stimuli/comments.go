package stimuli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The columns of a set's seeded comments (docs/social.md). comment_id, filename, author and
// text are required; the others may be left out of the header or left empty.
const (
	ColCommentID = "comment_id"
	ColAuthor    = "author"
	ColText      = "text"
	ColAvatar    = "avatar"
	ColLikes     = "likes"
	ColTime      = "time"
	ColReplyTo   = "reply_to"
	ColTag       = "tag"
)

// CommentColumns lists every column a comments file may have, required ones first.
var CommentColumns = []string{ColCommentID, ColFilename, ColAuthor, ColText, ColAvatar, ColLikes, ColTime, ColReplyTo, ColTag}

var requiredCommentColumns = CommentColumns[:4]

// Limits on seeded comments. MaxCommentRunes is what a feed shows under a post without
// becoming an article; MaxComments keeps a mistaken paste from growing without bound.
const (
	MaxCommentRunes = 2_000
	MaxComments     = 100_000
	maxLikes        = 1_000_000_000
)

// Comment is one seeded comment under a card of the set.
type Comment struct {
	// Line is the 1-based line of the comment in the TSV text.
	Line     int
	ID       string
	Filename string // the card it belongs to (every card with that filename)
	Author   string
	Text     string
	// Avatar is the author's picture: a file name (imported from the media directory or
	// uploaded with the set) or a URL; "" shows the author's initial.
	Avatar  string
	Likes   int64
	Time    string // shown as written ("2h")
	ReplyTo string // the comment_id of a top-level comment; "" for a top-level comment
	Tag     string
}

// ParseComments reads a set's seeded comments from tab-separated text whose first line is
// the header, under the text rules of ParseTSV (no quoting, LF or CRLF, UTF-8). Each
// comment's filename must be one of the set's (filenames), comment_id unique, reply_to a
// top-level comment of the same card (one level of replies), likes a whole number.
// Every row's problems are reported together, as for the stimuli; nothing is half-read.
func ParseComments(r io.Reader, filenames map[string]bool) ([]Comment, error) {
	lr := &io.LimitedReader{R: r, N: MaxInputBytes + 1}
	sc := bufio.NewScanner(lr)
	sc.Buffer(nil, maxLineBytes)
	var (
		cols     map[string]int
		ncols    int
		line     int
		out      []Comment
		rows     = &rowChecker{}
		seenLine = map[string]int{}
	)
	for sc.Scan() {
		if lr.N == 0 {
			return nil, invalidf("comments: the text is larger than %d MiB", MaxInputBytes>>20)
		}
		line++
		text := sc.Text()
		if line == 1 {
			text = strings.TrimPrefix(text, "\uFEFF")
		}
		if !utf8.ValidString(text) {
			return nil, invalidf("comments line %d: invalid UTF-8", line)
		}
		if strings.Contains(text, "\r") {
			return nil, invalidf("comments line %d: carriage return inside the line (only LF or CRLF line endings are supported)", line)
		}
		if isBlank(text) {
			continue
		}
		fields := strings.Split(text, "\t")
		if cols == nil {
			c, err := commentHeader(fields, line)
			if err != nil {
				return nil, err
			}
			cols, ncols = c, len(fields)
			continue
		}
		if len(fields) != ncols {
			return nil, invalidf("comments line %d: %d fields, but the header has %d columns (a value cannot contain a tab or line break)", line, len(fields), ncols)
		}
		if len(out) == MaxComments {
			return nil, invalidf("comments line %d: more than %d comments", line, MaxComments)
		}
		c, msg := commentRow(fields, cols, line, filenames)
		if msg == "" {
			if prev, dup := seenLine[c.ID]; dup {
				msg = fmt.Sprintf("comment_id %q is already used on line %d", c.ID, prev)
			} else {
				seenLine[c.ID] = line
			}
		}
		if msg != "" {
			rows.add(fmt.Sprintf("Comments row %d: %s", line, msg))
			continue
		}
		out = append(out, c)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, invalidf("comments line %d: longer than %d bytes", line+1, maxLineBytes)
		}
		return nil, fmt.Errorf("stimuli: read comments: %w", err)
	}
	if lr.N == 0 {
		return nil, invalidf("comments: the text is larger than %d MiB", MaxInputBytes>>20)
	}
	if cols == nil {
		return nil, invalidf("no comments: the comments text is empty")
	}
	checkReplies(out, rows)
	if err := rows.err(); err != nil {
		return nil, err
	}
	return out, nil
}

// commentHeader maps each known column to its position; an unknown column is refused, so
// a misspelt "reply-to" is not silently dropped.
func commentHeader(fields []string, line int) (map[string]int, error) {
	cols := make(map[string]int, len(fields))
	for i, f := range fields {
		name := strings.TrimSpace(f)
		known := false
		for _, c := range CommentColumns {
			known = known || c == name
		}
		if !known {
			return nil, invalidf("comments header (line %d): unknown column %q; the columns are %s", line, truncate(name, 40), strings.Join(CommentColumns, ", "))
		}
		if j, dup := cols[name]; dup {
			return nil, invalidf("comments header (line %d): duplicate column %q (columns %d and %d)", line, name, j+1, i+1)
		}
		cols[name] = i
	}
	var missing []string
	for _, c := range requiredCommentColumns {
		if _, ok := cols[c]; !ok {
			missing = append(missing, c)
		}
	}
	if len(missing) > 0 {
		return nil, invalidf("comments header (line %d): missing required column(s): %s", line, strings.Join(missing, ", "))
	}
	return cols, nil
}

// commentRow builds one comment, or says what is wrong with the row.
func commentRow(fields []string, cols map[string]int, line int, filenames map[string]bool) (Comment, string) {
	get := func(name string) string {
		if i, ok := cols[name]; ok {
			return strings.TrimSpace(fields[i])
		}
		return ""
	}
	for name, i := range cols {
		if msg := checkValue(strings.TrimSpace(fields[i])); msg != "" {
			return Comment{}, fmt.Sprintf("column %s %s", name, msg)
		}
	}
	c := Comment{
		Line: line, ID: get(ColCommentID), Filename: get(ColFilename), Author: get(ColAuthor), Text: get(ColText),
		Avatar: get(ColAvatar), Time: get(ColTime), ReplyTo: get(ColReplyTo), Tag: get(ColTag),
	}
	for _, req := range requiredCommentColumns {
		if get(req) == "" {
			return Comment{}, fmt.Sprintf("column %s is empty", req)
		}
	}
	if n := utf8.RuneCountInString(c.Text); n > MaxCommentRunes {
		return Comment{}, fmt.Sprintf("text is %d characters long; the limit is %d", n, MaxCommentRunes)
	}
	if !filenames[c.Filename] {
		return Comment{}, fmt.Sprintf("filename %q is not a card of the set", truncate(c.Filename, 80))
	}
	if s := get(ColLikes); s != "" {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n < 0 || n > maxLikes {
			return Comment{}, fmt.Sprintf("likes must be a whole number from 0 to %d, not %q", maxLikes, truncate(s, 40))
		}
		c.Likes = n
	}
	if c.ReplyTo == c.ID {
		return Comment{}, "reply_to names the comment itself"
	}
	return c, ""
}

// checkReplies adds a problem for each reply whose reply_to is not a top-level comment of
// the same card: the feed shows one level of replies.
func checkReplies(cs []Comment, rows *rowChecker) {
	byID := make(map[string]*Comment, len(cs))
	for i := range cs {
		byID[cs[i].ID] = &cs[i]
	}
	for _, c := range cs {
		if c.ReplyTo == "" {
			continue
		}
		parent, ok := byID[c.ReplyTo]
		switch {
		case !ok:
			rows.add(fmt.Sprintf("Comments row %d: reply_to %q is not a comment_id of this file", c.Line, truncate(c.ReplyTo, 80)))
		case parent.ReplyTo != "":
			rows.add(fmt.Sprintf("Comments row %d: reply_to %q is itself a reply; replies go one level deep", c.Line, c.ReplyTo))
		case parent.Filename != c.Filename:
			rows.add(fmt.Sprintf("Comments row %d: reply_to %q is under %q, not %q", c.Line, c.ReplyTo, parent.Filename, c.Filename))
		}
	}
}

// AvatarIsURL reports whether the comment's avatar is already a URL the feed may show (an
// http(s) URL or a path the appliance serves) rather than the name of a file to import.
func (c Comment) AvatarIsURL() bool { return isStimulusURL(c.Avatar) }

// Filenames is the set of the set's card filenames, which comments attach to.
func (s Set) Filenames() map[string]bool {
	names := make(map[string]bool, len(s.Rows))
	for _, r := range s.Rows {
		names[r.Filename] = true
	}
	return names
}

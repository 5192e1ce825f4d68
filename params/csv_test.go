package params

import (
	"bytes"
	"errors"
	"io"
	"reflect"
	"strings"
	"testing"
)

func TestParseCSV(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want []Row
	}{
		{"plain", "condition,param,value\n1,feed,swipe\n", []Row{{1, "feed", "swipe", 2}}},
		{"bom crlf header case", "\uFEFF Condition , PARAM,Value \r\n1,feed,swipe\r\n", []Row{{1, "feed", "swipe", 2}}},
		{"trims condition and param, keeps value", "condition,param,value\n 2 , consent ,  hi  \n", []Row{{2, "consent", "  hi  ", 2}}},
		{"quoted multi-line value keeps its start line", "condition,param,value\n1,instruct,\"a\r\nb, \"\"c\"\"\"\n1,feed,\n", []Row{{1, "instruct", "a\nb, \"c\"", 2}, {1, "feed", "", 4}}},
		{"blank lines skipped", "condition,param,value\n\n1,feed,scroll\n\n", []Row{{1, "feed", "scroll", 3}}},
		{"no final newline", "condition,param,value\n1,feed,scroll", []Row{{1, "feed", "scroll", 2}}},
		{"condition not checked here", "condition,param,value\n0,whatever,x\n", []Row{{0, "whatever", "x", 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ParseCSV(strings.NewReader(tt.in))
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, tt.want) {
				t.Errorf("got %#v\nwant %#v", got, tt.want)
			}
		})
	}
}

func TestParseCSVErrors(t *testing.T) {
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "line 1: the file is empty; the first line must be the header condition,param,value"},
		{"only blank lines", "\n\n", "line 1: the file is empty; the first line must be the header condition,param,value"},
		{"no header", "1,feed,scroll\n", `line 1: the first line must be the header condition,param,value, not "1,feed,scroll"`},
		{"wrong header", "cond,param,value\n1,feed,scroll\n", `line 1: the first line must be the header condition,param,value, not "cond,param,value"`},
		{"extra header column", "condition,param,value,note\n", `line 1: the first line must be the header condition,param,value, not "condition,param,value,note"`},
		{"header only", "condition,param,value\n", "line 2: no rows after the header"},
		{"too few fields", "condition,param,value\n1,feed\n", "line 2: found 2 fields, expected 3 (condition,param,value); put values that contain commas in double quotes"},
		{"too many fields", "condition,param,value\n1,consent,I agree, really\n", "line 2: found 4 fields, expected 3 (condition,param,value); put values that contain commas in double quotes"},
		{"condition not a number", "condition,param,value\none,feed,scroll\n", `line 2: feed: condition "one" is not a whole number`},
		{"condition not a number, unknown param", "condition,param,value\n1.5,fed,scroll\n", `line 2: condition "1.5" is not a whole number`},
		{"invalid utf8", "condition,param,value\n1,consent,caf\xe9\n", "line 2: the row is not valid UTF-8 text; save the file as UTF-8"},
		{"bare quote", "condition,param,value\n1,consent,say \"hi\"\n", `line 2: a " appears inside a value that does not start with "; put the whole value in double quotes and write each " inside it as ""`},
		{"bare quote in header", "condition,\"param\"x,value\n", `line 1: a quoted value is not closed, or text follows its closing "`},
		{"unclosed quote", "condition,param,value\n1,consent,\"abc\n1,feed,scroll\n", `line 3: a quoted value is not closed, or text follows its closing " (in the row that starts on line 2)`},
		{"all row problems listed", "condition,param,value\nx,feed,scroll\n1,feed\n1,feed,scroll\n2,a,b,c\n",
			"line 2: feed: condition \"x\" is not a whole number\nline 3: found 2 fields, expected 3 (condition,param,value); put values that contain commas in double quotes\nline 5: found 4 fields, expected 3 (condition,param,value); put values that contain commas in double quotes"},
		{"syntax error after row problems", "condition,param,value\nx,feed,scroll\n1,a\"b,c\n", "line 2: feed: condition \"x\" is not a whole number\nline 3: a \" appears inside a value that does not start with \"; put the whole value in double quotes and write each \" inside it as \"\""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rows, err := ParseCSV(strings.NewReader(tt.in))
			if err == nil {
				t.Fatalf("no error; rows %v", rows)
			}
			var ps Problems
			if !errors.As(err, &ps) {
				t.Fatalf("error %T is not Problems: %v", err, err)
			}
			if err.Error() != tt.want {
				t.Errorf("got  %q\nwant %q", err.Error(), tt.want)
			}
		})
	}
}

func TestParseCSVTooLarge(t *testing.T) {
	big := io.MultiReader(strings.NewReader("condition,param,value\n1,consent,\""), strings.NewReader(strings.Repeat("a", MaxCSVBytes)), strings.NewReader("\"\n"))
	_, err := ParseCSV(big)
	if err == nil || err.Error() != "the file is larger than 10 MB" {
		t.Fatalf("got %v", err)
	}
}

type failingReader struct{}

func (failingReader) Read([]byte) (int, error) { return 0, errors.New("disk on fire") }

func TestParseCSVReadError(t *testing.T) {
	_, err := ParseCSV(failingReader{})
	if err == nil || err.Error() != "params: read csv: disk on fire" {
		t.Fatalf("got %v", err)
	}
}

func TestWriteCSVQuoting(t *testing.T) {
	rows := []Row{
		{1, "consent", "a, \"b\"\nc", 0},
		{1, "instruct", " leading space", 0},
		{12, "feed", "scroll", 0},
	}
	var buf bytes.Buffer
	if err := WriteCSV(&buf, rows); err != nil {
		t.Fatal(err)
	}
	want := "condition,param,value\r\n1,consent,\"a, \"\"b\"\"\r\nc\"\r\n1,instruct,\" leading space\"\r\n12,feed,scroll\r\n"
	if buf.String() != want {
		t.Fatalf("got %q\nwant %q", buf.String(), want)
	}
	back, err := ParseCSV(&buf)
	if err != nil {
		t.Fatal(err)
	}
	for i := range back {
		back[i].Line = 0
	}
	if !reflect.DeepEqual(back, rows) {
		t.Fatalf("got %#v", back)
	}
}

package markdown

import (
	"html"
	"regexp"
	"strings"
	"testing"

	"feedlab/media"
)

func TestToHTMLRendersAndSanitizes(t *testing.T) {
	cases := []struct {
		name, in      string
		want, notWant []string
	}{
		{"emphasis and list", "You are **18 or older**.\n\n- one\n- two", []string{"<strong>18 or older</strong>", "<li>one</li>"}, nil},
		{"script removed", "hi <script>alert(1)</script>", []string{"hi"}, []string{"<script"}},
		{"event handler removed", `<img src="x.png" onerror="alert(1)">`, nil, []string{"onerror"}},
		{"javascript link removed", "[click](javascript:alert(1))", []string{"click"}, []string{"javascript:"}},
		{"external link opens elsewhere", "[paper](https://doi.org/10.1/x)", []string{`href="https://doi.org/10.1/x"`, `target="_blank"`}, nil},
		{"iframe removed", `<iframe src="https://evil.example"></iframe>`, nil, []string{"iframe"}},
		// Remote content (issue 13 item 11): only the appliance's own media load.
		{"remote image dropped, alt kept", "see ![a *tracking* pixel](https://evil.example/p.gif?who=1) here", []string{"see a <em>tracking</em> pixel here"}, []string{"<img", "evil.example"}},
		{"protocol-relative image dropped", "![x](//evil.example/p.gif)", []string{"x"}, []string{"<img", "evil.example"}},
		{"http image dropped", "![x](http://10.0.0.1/p.png)", nil, []string{"<img", "10.0.0.1"}},
		{"media path escape dropped", "![x](/media/../v1/dump_data)", nil, []string{"<img"}},
		{"reference image dropped", "![x][r]\n\n[r]: https://evil.example/p.gif", nil, []string{"<img", "evil.example"}},
		{"raw html image omitted", `<img src="https://evil.example/p.gif">`, nil, []string{"<img", "evil.example"}},
		{"own media image kept", "![chart](/media/3f9a.png)", []string{`<img src="/media/3f9a.png" alt="chart"`}, nil},
		{"built-in image kept", "![logo](/img/accprompt-1.svg)", []string{`<img src="/img/accprompt-1.svg"`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := ToHTML(c.in)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("%q: missing %q in %q", c.in, w, got)
				}
			}
			for _, w := range c.notWant {
				if strings.Contains(got, w) {
					t.Errorf("%q: unexpected %q in %q", c.in, w, got)
				}
			}
		})
	}
}

func FuzzToHTML(f *testing.F) {
	f.Add("**x** <script>y</script>")
	f.Add("[a](javascript:b)")
	f.Add("![a](https://evil.example/x.png) ![b](/media/a.png) ![c](//x/y)")
	f.Add("![a][r]\n\n[r]: <https://x/y> \"t\"")
	f.Add("*![a](http://x/y)*")
	f.Fuzz(func(t *testing.T, s string) {
		out, err := ToHTML(s)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(strings.ToLower(out), "<script") {
			t.Fatalf("script survived: %q", out)
		}
		for _, m := range imgSrc.FindAllStringSubmatch(out, -1) {
			// A same-origin path under the appliance's own prefixes, no segment leaving it
			// ("/media/..x" is a file name, "/media/../x" is not).
			if !media.IsLocalURL(html.UnescapeString(m[1])) {
				t.Fatalf("an image from elsewhere than /media/ survived: %q", out)
			}
		}
	})
}

// imgSrc finds the src of every <img>.
var imgSrc = regexp.MustCompile(`(?i)<img[^>]*\ssrc="([^"]*)"`)

// TestScriptAndStyleContentIsDropped: a message holding <script>alert(1)</script> showed
// "alert(1)" (the tags were omitted, their content kept as text). The content of script
// and style elements goes with their tags; other words around them stay (issue 22, item 5).
func TestScriptAndStyleContentIsDropped(t *testing.T) {
	for src, want := range map[string]string{
		"Thanks! <script>alert(1)</script> bye":          "<p>Thanks!  bye</p>\n",
		"a <STYLE type=\"x\">body{color:red}</Style> b":  "<p>a  b</p>\n",
		"x <script>never closed *y* z":                   "<p>x </p>\n",
		"<scripts>kept</scripts> and <b>bold</b> *text*": "<p>kept and bold <em>text</em></p>\n",
		"<script>alert(1)</script>":                      "\n",
	} {
		got, err := ToHTML(src)
		if err != nil || got != want {
			t.Errorf("ToHTML(%q) = %q, %v; want %q", src, got, err, want)
		}
	}
}

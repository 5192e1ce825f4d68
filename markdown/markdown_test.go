package markdown

import (
	"strings"
	"testing"
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
	f.Fuzz(func(t *testing.T, s string) {
		out, err := ToHTML(s)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(strings.ToLower(out), "<script") {
			t.Fatalf("script survived: %q", out)
		}
	})
}

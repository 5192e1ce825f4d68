package cli

import (
	"strings"
	"testing"
)

func TestParseFrameAncestors(t *testing.T) {
	got, err := parseFrameAncestors("https://survey.example.org, https://*.qualtrics.com  http://localhost:3000/")
	if err != nil || strings.Join(got, " ") != "https://survey.example.org https://*.qualtrics.com http://localhost:3000" {
		t.Errorf("%v %v", got, err)
	}
	for _, bad := range []string{"*", "survey.example.org", "https://", "https://a.org/path", "https://a.org;script-src *", "'unsafe-inline'", "javascript:x", "https://a.org?x=1", "https://*"} {
		if _, err := parseFrameAncestors(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// FuzzParseFrameAncestors: whatever is accepted is a list of plain origins that cannot
// break out of the CSP directive.
func FuzzParseFrameAncestors(f *testing.F) {
	f.Add("https://survey.example.org https://*.qualtrics.com")
	f.Add("https://a.org;default-src *")
	f.Fuzz(func(t *testing.T, v string) {
		got, err := parseFrameAncestors(v)
		if err != nil {
			return
		}
		for _, o := range got {
			if strings.ContainsAny(o, " ;,'\"\n\r\t") || !(strings.HasPrefix(o, "https://") || strings.HasPrefix(o, "http://")) {
				t.Fatalf("%q gave origin %q", v, o)
			}
		}
	})
}

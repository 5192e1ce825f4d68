package study

import "testing"

func TestExitURLSubstitutesTheRID(t *testing.T) {
	cases := []struct{ raw, rid, want string }{
		{"https://s.example.org/cb?RIS=40&RID=[%RID%]", "ab c&1", "https://s.example.org/cb?RIS=40&RID=ab+c%261"},
		{"https://s.example.org/cb?RIS=20&RID=%5B%25RID%25%5D", "r1", "https://s.example.org/cb?RIS=20&RID=r1"},
		{"https://s.example.org/cb?RIS=30", "r1", "https://s.example.org/cb?RID=r1&RIS=30"},
		{"https://s.example.org/cb?RIS=30", "", "https://s.example.org/cb?RIS=30"},
		{"", "r1", ""},
	}
	for _, c := range cases {
		if got := ExitURL(c.raw, map[string]string{"rid": c.rid}); got != c.want {
			t.Errorf("ExitURL(%q, %q) = %q, want %q", c.raw, c.rid, got, c.want)
		}
	}
}

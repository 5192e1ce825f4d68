package stimuli

import (
	"errors"
	"strings"
	"testing"
	"time"
)

func TestSetName(t *testing.T) {
	day := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	tests := []struct {
		name    string
		now     time.Time
		ident   string
		want    string
		wantErr bool
	}{
		{"example from the issue", day, "My News!", "20261122_mynews", false},
		{"digits and underscores kept", day, "Study_2024_b", "20261122_study_2024_b", false},
		{"spaces, dashes and dots dropped", day, "fake-news set.v2", "20261122_fakenewssetv2", false},
		{"exactly 15 characters", day, "abcdefghijklmno", "20261122_abcdefghijklmno", false},
		{"truncated to 15", day, "abcdefghijklmnopqrstuvwxyz", "20261122_abcdefghijklmno", false},
		{"truncation counts kept characters only", day, "a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p", "20261122_abcdefghijklmno", false},
		{"non-ASCII letters dropped", day, "Über Größe", "20261122_bergre", false},
		{"Kelvin sign is not k", day, "\u212Aelvin", "20261122_elvin", false},
		{"underscores only", day, "___", "20261122____", false},
		{"date in UTC", time.Date(2026, 11, 22, 23, 30, 0, 0, time.FixedZone("EST", -5*3600)), "x", "20261123_x", false},
		{"empty", day, "", "", true},
		{"nothing kept", day, "!!! ???", "", true},
		{"only non-ASCII", day, "日本語", "", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SetName(tt.now, tt.ident)
			if tt.wantErr {
				if err == nil || !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), "no letters, digits or underscores") {
					t.Fatalf("SetName(%q) = %q, %v; want an ErrInvalid error", tt.ident, got, err)
				}
				return
			}
			if err != nil || got != tt.want {
				t.Fatalf("SetName(%q) = %q, %v; want %q", tt.ident, got, err, tt.want)
			}
		})
	}
}

func TestCategories(t *testing.T) {
	want := []string{"news", "opinion", "sensational", "ads"}
	if strings.Join(Categories, ",") != strings.Join(want, ",") {
		t.Fatalf("Categories = %q, want %q", Categories, want)
	}
	for _, tt := range []struct {
		c  string
		ok bool
	}{
		{"news", true}, {"opinion", true}, {"sensational", true}, {"ads", true},
		{"News", false}, {" news", false}, {"", false}, {"test", false}, {"ad", false},
	} {
		if got := ValidCategory(tt.c); got != tt.ok {
			t.Errorf("ValidCategory(%q) = %v, want %v", tt.c, got, tt.ok)
		}
		err := CheckCategory(tt.c)
		if (err == nil) != tt.ok {
			t.Errorf("CheckCategory(%q) = %v", tt.c, err)
		}
	}
	err := CheckCategory("memes")
	const msg = `stimuli: unknown category "memes" (want one of: news, opinion, sensational, ads)`
	if err == nil || err.Error() != msg || !errors.Is(err, ErrInvalid) {
		t.Fatalf("CheckCategory error = %v, want %q", err, msg)
	}
}

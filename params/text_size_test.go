package params

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestTextSizeIsCheckedAndWrittenOnlyWhenUsed: text-size takes normal, large or offer; it is
// written on every condition of a study where some condition is not normal (on none of
// another, so its rows stay as they were), read back to the same study, and sent to the
// browser only where it is not normal.
func TestTextSizeIsCheckedAndWrittenOnlyWhenUsed(t *testing.T) {
	t.Parallel()
	s := mustValidate(t, []Row{
		minimal(1),
		minimal(2), {Condition: 2, Param: "text-size", Value: " Large "},
		minimal(3), {Condition: 3, Param: "text-size", Value: "offer"},
		minimal(4), {Condition: 4, Param: "text-size", Value: "normal"},
	})
	if got := []string{s.Conditions[0].TextSize, s.Conditions[1].TextSize, s.Conditions[2].TextSize, s.Conditions[3].TextSize}; !slices.Equal(got, []string{"", "large", "offer", ""}) {
		t.Fatalf("text sizes %q, want the default, large, offer and the default", got)
	}
	if !s.UsesTextSize() {
		t.Error("UsesTextSize is false for a study with a large condition")
	}
	var written []string
	for _, r := range s.Rows() {
		if r.Param == "text-size" {
			written = append(written, string(rune('0'+r.Condition))+" "+r.Value)
		}
	}
	if want := []string{"1 normal", "2 large", "3 offer", "4 normal"}; !slices.Equal(written, want) {
		t.Errorf("Rows wrote %q, want %q", written, want)
	}
	if again := mustValidate(t, s.Rows()); !reflect.DeepEqual(again, s) {
		t.Errorf("round trip changed the study:\n got %+v\nwant %+v", again, s)
	}
	sent := func(c Condition) []Param {
		return slices.DeleteFunc(c.ExperimentParameters(), func(p Param) bool { return p.Param != "text-size" })
	}
	if p := sent(s.Conditions[2]); !slices.Equal(p, []Param{{"text-size", "offer"}}) {
		t.Errorf("the offer condition's browser gets %v", p)
	}
	if p := sent(s.Conditions[3]); len(p) != 0 {
		t.Errorf("a normal condition sends %v; its browser should get what it always did", p)
	}
	plain := mustValidate(t, []Row{minimal(1), {Condition: 1, Param: "text-size", Value: "normal"}})
	if plain.UsesTextSize() || slices.ContainsFunc(plain.Rows(), func(r Row) bool { return r.Param == "text-size" }) {
		t.Errorf("a study with normal text only writes %v", plain.Rows())
	}
	_, err := Validate([]Row{minimal(1), {Condition: 1, Param: "text-size", Value: "huge", Line: 3}}, lookup)
	if want := `"huge" is not allowed; use normal, large, offer`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("text-size huge: %v, want %q", err, want)
	}
	if names := values(TextSizes()); !slices.Equal(names, []string{"normal", "large", "offer"}) {
		t.Errorf("TextSizes offers %v; the wizard's default must come first", names)
	}
}

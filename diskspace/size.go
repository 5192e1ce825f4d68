package diskspace

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Units of the size flags. They are binary, as feedlab's own limits and messages are
// ("512 MB" is 512 << 20 bytes); KiB, MiB, GiB and TiB are accepted as the same.
var units = []struct {
	suffix string
	shift  uint
}{
	{"tib", 40}, {"gib", 30}, {"mib", 20}, {"kib", 10},
	{"tb", 40}, {"gb", 30}, {"mb", 20}, {"kb", 10},
	{"t", 40}, {"g", 30}, {"m", 20}, {"k", 10},
	{"b", 0},
}

// ParseSize reads a size such as "5GB", "512MB", "1.5 GiB" or "1048576" (bytes).
func ParseSize(v string) (int64, error) {
	s := strings.ToLower(strings.TrimSpace(v))
	shift := uint(0)
	for _, u := range units {
		if num, ok := strings.CutSuffix(s, u.suffix); ok {
			s, shift = strings.TrimSpace(num), u.shift
			break
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || math.IsInf(f, 0) || math.IsNaN(f) {
		return 0, fmt.Errorf("%q is not a size like 5GB, 512MB or 0", v)
	}
	b := f * float64(uint64(1)<<shift)
	if b >= math.MaxInt64 {
		return 0, fmt.Errorf("%q is too large", v)
	}
	return int64(b), nil
}

// ParseFloor reads a free-space floor: a size ("1GB"), a share of the disk ("5%"), both
// separated by a comma (the smaller applies: "1GB,5%") or "0" for none.
func ParseFloor(v string) (Floor, error) {
	var f Floor
	parts := strings.Split(v, ",")
	if len(parts) > 2 {
		return f, fmt.Errorf("%q is not a floor like 1GB, 5%% or 1GB,5%%", v)
	}
	for _, p := range parts {
		p = strings.TrimSpace(p)
		if pct, ok := strings.CutSuffix(p, "%"); ok {
			n, err := strconv.ParseFloat(strings.TrimSpace(pct), 64)
			if err != nil || n < 0 || n > 100 || f.Percent != 0 {
				return Floor{}, fmt.Errorf("%q is not a floor like 1GB, 5%% or 1GB,5%% (a share is 0%% to 100%%)", v)
			}
			f.Percent = n
			continue
		}
		n, err := ParseSize(p)
		if err != nil || f.Bytes != 0 {
			return Floor{}, fmt.Errorf("%q is not a floor like 1GB, 5%% or 1GB,5%%", v)
		}
		f.Bytes = n
	}
	return f, nil
}

// FormatSize writes bytes for a person: "1.5 GB", "512 MB", "900 bytes".
func FormatSize(n int64) string {
	for _, u := range []struct {
		name  string
		shift uint
	}{{"TB", 40}, {"GB", 30}, {"MB", 20}, {"KB", 10}} {
		unit := int64(1) << u.shift
		if n >= unit {
			v := float64(n) / float64(unit)
			if n%unit == 0 || v >= 100 {
				return fmt.Sprintf("%.0f %s", v, u.name)
			}
			return strings.TrimSuffix(fmt.Sprintf("%.1f", v), ".0") + " " + u.name
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

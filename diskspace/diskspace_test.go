package diskspace

import (
	"errors"
	"testing"
	"time"
)

func TestFloorIsTheSmallerOfSizeAndShare(t *testing.T) {
	const gb = 1 << 30
	for _, c := range []struct {
		floor Floor
		total int64
		want  int64
	}{
		{DefaultFloor, 8 * gb, 8 * gb / 20}, // a small card: 5 % is 410 MB, under 1 GB
		{DefaultFloor, 2048 * gb, gb},       // a large disk: 1 GB, not 100 GB
		{Floor{Bytes: 3 * gb}, 8 * gb, 3 * gb},
		{Floor{Percent: 100}, 8 * gb, 8 * gb},
		{Floor{}, 8 * gb, 0},
	} {
		if got := c.floor.For(c.total); got != c.want {
			t.Errorf("%v on %d: %d, want %d", c.floor, c.total, got, c.want)
		}
	}
}

func TestParseFloorAndSize(t *testing.T) {
	for in, want := range map[string]Floor{
		"1GB": {Bytes: 1 << 30}, "5%": {Percent: 5}, "1GB,5%": {Bytes: 1 << 30, Percent: 5},
		"512 MiB": {Bytes: 512 << 20}, "0": {}, "100%": {Percent: 100}, "2048": {Bytes: 2048},
	} {
		got, err := ParseFloor(in)
		if err != nil || got != want {
			t.Errorf("ParseFloor(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "lots", "-1GB", "101%", "1GB,2GB", "5%,6%", "1,2,3", "NaN", "1e30GB"} {
		if _, err := ParseFloor(bad); err == nil {
			t.Errorf("ParseFloor(%q) accepted", bad)
		}
	}
	if n, err := ParseSize("1.5gb"); err != nil || n != 3<<29 {
		t.Errorf("ParseSize(1.5gb) = %d, %v", n, err)
	}
	for n, want := range map[int64]string{5 << 30: "5 GB", 3 << 29: "1.5 GB", 900: "900 bytes", 512 << 20: "512 MB"} {
		if got := FormatSize(n); got != want {
			t.Errorf("FormatSize(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestCheckerCachesForASecond: the arrival path asks on every request; the disk is read at
// most once a second, and Fresh reads it at once.
func TestCheckerCachesForASecond(t *testing.T) {
	c := New(t.TempDir(), Floor{Bytes: 100})
	now := time.Unix(0, 0)
	c.now = func() time.Time { return now }
	reads, free := 0, int64(1000)
	c.statfs = func(string) (int64, int64, error) { reads++; return free, 10000, nil }
	for range 1000 {
		if c.Check().Low() {
			t.Fatal("low with 1000 bytes free above a 100-byte floor")
		}
	}
	if reads != 1 {
		t.Fatalf("1000 checks within a second read the disk %d times", reads)
	}
	free = 50
	if c.Check().Low() {
		t.Error("the cached reading changed within the second")
	}
	now = now.Add(TTL)
	if r := c.Check(); !r.Low() || r.Headroom() != 0 || r.Detail() != "50 bytes free, floor 100 bytes" {
		t.Errorf("after a second: %+v %q", r, r.Detail())
	}
	free = 5000
	if r := c.Fresh(); r.Low() || r.Headroom() != 4900 || reads != 3 {
		t.Errorf("Fresh: %+v after %d reads", r, reads)
	}
	c.statfs = func(string) (int64, int64, error) { return 0, 0, errors.New("gone") }
	if r := c.Fresh(); r.Low() || r.Headroom() != -1 {
		t.Errorf("an unreadable disk must not block: %+v", r)
	}
	var none *Checker
	if none.Check().Low() {
		t.Error("a nil checker is low")
	}
}

// TestCheckerReadsTheRealDisk: statfs answers this machine's disk, and a floor of 100 %
// is always low (how the tests simulate a full disk).
func TestCheckerReadsTheRealDisk(t *testing.T) {
	r := New(t.TempDir(), Floor{Bytes: 1}).Check()
	if r.Err != nil || r.Total <= 0 || r.Free <= 0 || r.Free > r.Total || r.Low() {
		t.Fatalf("reading: %+v", r)
	}
	if r := New(t.TempDir(), Floor{Percent: 100}).Check(); !r.Low() {
		t.Fatalf("a 100%% floor is not low: %+v", r)
	}
}

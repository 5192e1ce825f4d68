package limit

import (
	"fmt"
	"testing"
	"time"
)

func TestRateBurstThenRefill(t *testing.T) {
	r := NewRate(60, 3) // one a second, three at once
	now := time.Unix(0, 0)
	for i := 0; i < 3; i++ {
		if w := r.Take("a", now); w != 0 {
			t.Fatalf("take %d: wait %v", i, w)
		}
	}
	if w := r.Take("a", now); w != time.Second {
		t.Fatalf("4th take: wait %v, want 1s", w)
	}
	if w := r.Take("b", now); w != 0 {
		t.Fatalf("another key waited %v", w)
	}
	if w := r.Take("a", now.Add(time.Second)); w != 0 {
		t.Fatalf("after a second: wait %v", w)
	}
	if w := r.Take("a", now.Add(time.Hour)); w != 0 || r.buckets["a"].tokens != 2 {
		t.Fatalf("after an hour the bucket holds the burst, not more: %v %v", w, r.buckets["a"].tokens)
	}
	var none *Rate
	if none.Take("x", now) != 0 || NewRate(0, 1).Take("x", now) != 0 {
		t.Fatal("no limit limited")
	}
}

// TestRateMemoryIsBounded: a spray of addresses cannot grow the map without bound.
func TestRateMemoryIsBounded(t *testing.T) {
	r := NewRate(1, 1)
	now := time.Unix(0, 0)
	for i := 0; i < maxKeys+10; i++ {
		r.Take(fmt.Sprint(i), now)
	}
	if len(r.buckets) > maxKeys {
		t.Fatalf("%d keys kept", len(r.buckets))
	}
}

// FuzzRate: a Take never answers a negative wait, and answers 0 at most burst times at one
// instant for one key.
func FuzzRate(f *testing.F) {
	f.Add(200, 200, 300)
	f.Add(1, 1, 5)
	f.Fuzz(func(t *testing.T, perMinute, burst, takes int) {
		perMinute, burst, takes = perMinute%100000, burst%1000, max(0, takes%2000)
		r := NewRate(perMinute, burst)
		now := time.Unix(1000, 0)
		granted := 0
		for i := 0; i < takes; i++ {
			w := r.Take("k", now)
			if w < 0 {
				t.Fatalf("negative wait %v", w)
			}
			if w == 0 {
				granted++
			}
		}
		if perMinute > 0 && granted > max(burst, 1) {
			t.Fatalf("%d granted at one instant with burst %d", granted, burst)
		}
	})
}

// TestTakeAboveLeavesTheFloor: a taker above a floor never empties the bucket below it;
// a plain Take still finds those tokens, and they refill before the floor taker gets more.
func TestTakeAboveLeavesTheFloor(t *testing.T) {
	r := NewRate(60, 10)
	now := time.Unix(0, 0)
	got := 0
	for i := 0; i < 100; i++ {
		if r.TakeAbove("", 4, now) == 0 {
			got++
		}
	}
	if got != 6 {
		t.Fatalf("%d taken above a floor of 4 from 10, want 6", got)
	}
	for i := 0; i < 4; i++ {
		if r.Take("", now) != 0 {
			t.Fatalf("the floor's token %d was gone", i)
		}
	}
	if r.Take("", now) == 0 {
		t.Fatal("more than the burst")
	}
	// A second later one token is back: it goes to the floor, not above it.
	if w := r.TakeAbove("", 4, now.Add(time.Second)); w == 0 {
		t.Fatal("a refilled token went above the floor before the floor was full")
	}
	if r.Take("", now.Add(time.Second)) != 0 {
		t.Fatal("the refilled floor token was not there")
	}
}

package auth

import (
	"strings"
	"testing"
	"time"
)

// TestDeviceCookieIsSignedAndNamesItsAccount: only a cookie signed with the appliance's
// secret, unaltered and younger than a year, is read; it names its account and a device id.
func TestDeviceCookieIsSignedAndNamesItsAccount(t *testing.T) {
	secret := []byte("0123456789abcdef0123456789abcdef")
	now := time.Unix(1_700_000_000, 0)
	c := NewDeviceCookie(secret, "Ada Lovelace", now)
	d, ok := ReadDeviceCookie(secret, c, now.Add(time.Hour))
	if !ok || d.Name != "Ada Lovelace" || d.ID == "" {
		t.Fatalf("%v %+v", ok, d)
	}
	if other := NewDeviceCookie(secret, "Ada Lovelace", now); other == c {
		t.Fatal("two browsers got the same device id")
	}
	bad := map[string]string{
		"another secret": "",
		"a year later":   "",
		"name changed":   strings.Replace(c, c[3:strings.Index(c[3:], ".")+3], "Qm9i", 1),
		"mac cut":        c[:len(c)-1],
		"empty":          "",
		"garbage":        "d1.x.y.z.w",
	}
	for what := range bad {
		val, sec, at := c, secret, now
		switch what {
		case "another secret":
			sec = []byte("another secret of the same size!")
		case "a year later":
			at = now.Add(DeviceLifetime + time.Second)
		default:
			val = bad[what]
		}
		if _, ok := ReadDeviceCookie(sec, val, at); ok {
			t.Errorf("%s: accepted", what)
		}
	}
}

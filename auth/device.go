package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"strings"
	"time"
)

// Known-device cookies (OWASP's device-cookie pattern, issue 20 item 4). A browser that
// signed in to an account once carries a signed cookie naming that account; a sign-in from
// it is exempt from the account's lockout (which strangers can trigger by guessing) and has
// a budget of its own. The cookie proves nothing about the password: it only says "this
// browser has known the password before", so a stolen one gives its holder a few guesses,
// never access.

// DeviceLifetime is how long a device cookie is honoured after it was issued.
const DeviceLifetime = 365 * 24 * time.Hour

// Device is what a valid device cookie says: the account it was issued for and the
// browser's own random id, which keys that browser's failure budget.
type Device struct {
	Name string
	ID   string
}

// NewDeviceCookie returns the value of a device cookie for account name, issued at now,
// signed with secret (HMAC-SHA256).
func NewDeviceCookie(secret []byte, name string, now time.Time) string {
	id := make([]byte, 16)
	rand.Read(id)
	payload := "d1." + base64.RawURLEncoding.EncodeToString([]byte(name)) + "." +
		base64.RawURLEncoding.EncodeToString(id) + "." + strconv.FormatInt(now.Unix(), 10)
	return payload + "." + deviceMAC(secret, payload)
}

// ReadDeviceCookie checks a device cookie's signature and age. ok is false for anything
// not issued by this appliance's secret within DeviceLifetime.
func ReadDeviceCookie(secret []byte, value string, now time.Time) (d Device, ok bool) {
	if len(value) > 512 || len(secret) == 0 {
		return Device{}, false
	}
	i := strings.LastIndexByte(value, '.')
	if i < 0 {
		return Device{}, false
	}
	payload, mac := value[:i], value[i+1:]
	if !hmac.Equal([]byte(mac), []byte(deviceMAC(secret, payload))) {
		return Device{}, false
	}
	parts := strings.Split(payload, ".")
	if len(parts) != 4 || parts[0] != "d1" {
		return Device{}, false
	}
	name, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return Device{}, false
	}
	issued, err := strconv.ParseInt(parts[3], 10, 64)
	if err != nil {
		return Device{}, false
	}
	if age := now.Sub(time.Unix(issued, 0)); age < -time.Minute || age > DeviceLifetime {
		return Device{}, false
	}
	return Device{Name: string(name), ID: parts[2]}, true
}

func deviceMAC(secret []byte, payload string) string {
	m := hmac.New(sha256.New, secret)
	m.Write([]byte(payload))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

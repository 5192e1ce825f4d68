package api

import (
	"context"
	"net/http"
	"sync"

	"feedlab/auth"
)

// deviceCookie names the known-device cookie (auth/device.go): set at every successful
// sign-in, sent only to the sign-in calls, kept across sign-outs.
const (
	deviceCookie     = "feedlab_device"
	deviceCookiePath = "/v1/auth/"
	// deviceSecretSetting is the settings key of the appliance's device-cookie secret: in
	// the database, so cookies survive restarts and no secret appears on a command line.
	deviceSecretSetting = "device_cookie_secret"
)

// deviceKeys loads the device-cookie secret once; a failure (a database that cannot be
// read) is retried at the next sign-in rather than remembered.
type deviceKeys struct {
	mu     sync.Mutex
	secret []byte
}

func (s *Server) deviceSecret(ctx context.Context) ([]byte, error) {
	s.devices.mu.Lock()
	defer s.devices.mu.Unlock()
	if s.devices.secret == nil {
		b, err := s.store.Secret(ctx, deviceSecretSetting)
		if err != nil {
			return nil, err
		}
		s.devices.secret = b
	}
	return s.devices.secret, nil
}

// knownDevice answers the request's known browser for account name: a valid device cookie
// issued for that very name, or nil (a cookie for another name counts as none).
func (s *Server) knownDevice(r *http.Request, name string) *auth.Device {
	c, err := r.Cookie(deviceCookie)
	if err != nil || c.Value == "" {
		return nil
	}
	secret, err := s.deviceSecret(r.Context())
	if err != nil {
		return nil // the sign-in goes on as from an unknown browser
	}
	d, ok := auth.ReadDeviceCookie(secret, c.Value, s.now())
	if !ok || d.Name != name {
		return nil
	}
	return &d
}

// rememberDevice gives the browser a device cookie for the account it just signed in to
// (HttpOnly, SameSite=Strict, a year, Secure over HTTPS as the session cookie is). Without
// the secret the sign-in still succeeds; the browser just stays unknown.
func (s *Server) rememberDevice(w http.ResponseWriter, r *http.Request, name string) {
	secret, err := s.deviceSecret(r.Context())
	if err != nil {
		s.log.Warn("no device cookie issued", "err", err)
		return
	}
	now := s.now()
	http.SetCookie(w, &http.Cookie{
		Name: deviceCookie, Value: auth.NewDeviceCookie(secret, name, now), Path: deviceCookiePath,
		Expires: now.Add(auth.DeviceLifetime), MaxAge: int(auth.DeviceLifetime.Seconds()),
		HttpOnly: true, SameSite: http.SameSiteStrictMode, Secure: isHTTPS(r),
	})
}

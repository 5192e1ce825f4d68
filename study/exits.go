package study

import (
	"net/url"
	"strings"

	"feedlab/params"
)

// ridPlaceholders are how Lucid (Cint) writes the respondent id in a redirect URL; some
// setups copy it percent-encoded. The participant page's end flow reads the same list.
var ridPlaceholders = []string{"[%RID%]", "%5B%25RID%25%5D", "%5b%25RID%25%5d"}

// ExitURL is a redirect URL with the participant's RID (arrival parameter RID or rid) put
// in place of its [%RID%] placeholder, or set as its RID query parameter when it has no
// placeholder. Without an RID the URL is used as given; "" stays "".
func ExitURL(raw string, arrival map[string]string) string {
	rid := arrival["RID"]
	if rid == "" {
		rid = arrival["rid"]
	}
	if raw == "" || rid == "" {
		return raw
	}
	for _, p := range ridPlaceholders {
		if strings.Contains(raw, p) {
			return strings.ReplaceAll(raw, p, url.QueryEscape(rid))
		}
	}
	u, err := url.Parse(raw)
	if err != nil {
		return raw
	}
	q := u.Query()
	q.Set("RID", rid)
	u.RawQuery = q.Encode()
	return u.String()
}

// OverQuotaURL is where an arrival who finds every condition full is sent: the first
// condition's over-quota URL that is set (the arrival has no condition), RID substituted;
// "" when the study sets none.
func (d *Definition) OverQuotaURL(arrival map[string]string) string {
	for _, c := range d.Study.Conditions {
		if c.Exits.OverQuota != "" {
			return ExitURL(c.Exits.OverQuota, arrival)
		}
	}
	return ""
}

// exitURLs maps the participant-facing exit names to a condition's URLs.
func exitURLs(c params.Condition) map[string]string {
	return map[string]string{
		"terminate":  c.Exits.Terminate,
		"quality":    c.Exits.Quality,
		"screen-out": c.Exits.ScreenOut,
		"over-quota": c.Exits.OverQuota,
	}
}

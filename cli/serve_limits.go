package cli

import (
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// defaultMaxConnsPerClient is generous because a classroom shares one NAT address and a
// browser opens up to six connections: 200 participants behind one address fit.
const defaultMaxConnsPerClient = 1500

// checkWritable makes sure the data directory and its media store take new files, so a
// read-only or full disk is said at start-up, not discovered by the first participant.
func checkWritable(dir string) error {
	for _, d := range []string{dir, filepath.Join(dir, "media")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return fmt.Errorf("serve: cannot create the data directory %s (%v); choose another with --data", d, err)
		}
		f, err := os.CreateTemp(d, ".feedlab-write-check-*")
		if err == nil {
			_, err = f.Write([]byte("feedlab"))
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			os.Remove(f.Name())
		}
		if err != nil {
			return fmt.Errorf("serve: the data directory %s is not writable (%v); feedlab stores every participant's data there. Free space or fix its permissions, or choose another with --data", d, err)
		}
	}
	return nil
}

// parseFrameAncestors reads --frame-ancestors: origins (scheme://host[:port], the host may
// start with "*." for subdomains) separated by spaces or commas.
func parseFrameAncestors(v string) ([]string, error) {
	var out []string
	for _, f := range strings.FieldsFunc(v, func(r rune) bool { return r == ' ' || r == ',' }) {
		u, err := url.Parse(f)
		if err != nil {
			return nil, fmt.Errorf("%q is not an origin like https://survey.example.org", f)
		}
		host := strings.TrimPrefix(u.Host, "*.")
		if (u.Scheme != "https" && u.Scheme != "http") || host == "" || strings.ContainsAny(host, "*;'\"") ||
			(u.Path != "" && u.Path != "/") || u.RawQuery != "" || u.Fragment != "" || u.User != nil {
			return nil, fmt.Errorf("%q is not an origin like https://survey.example.org", f)
		}
		out = append(out, u.Scheme+"://"+u.Host)
	}
	return out, nil
}

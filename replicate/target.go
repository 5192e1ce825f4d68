// Package replicate streams the appliance's database to another disk, an S3-compatible
// bucket or an SFTP server with Litestream (embedded as a library), copies the
// content-addressed media files to the same place, and rebuilds a data directory from
// there (issue 27). Litestream does the database: feedlab only chooses where, watches
// and restores; it has no replication engine of its own.
//
// A destination holds two folders: db/ (Litestream's LTX files) and media/xx/NAME (the
// media files under the same names as in the data directory).
package replicate

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"strings"

	"github.com/benbjohnson/litestream"
	"github.com/benbjohnson/litestream/file"
	"github.com/benbjohnson/litestream/s3"
	"github.com/benbjohnson/litestream/sftp"
)

// ErrBadURL is a destination feedlab cannot use; its message says why in the researcher's
// words.
var ErrBadURL = errors.New("replica URL")

// Target is one destination: Litestream's client for the database and a blob store for
// the media, both under the same URL.
type Target struct {
	// URL is the destination as given (it holds no secret: those are refused).
	URL   string
	db    litestream.ReplicaClient
	media blobs
}

// Parse reads a destination URL: file:///path, s3://bucket/path (endpoint, region and
// credentials from the environment: AWS_ENDPOINT_URL_S3 or AWS_ENDPOINT_URL, AWS_REGION,
// AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY) or sftp://user@host[:port]/path (key from
// FEEDLAB_SFTP_KEY, host key from FEEDLAB_SFTP_HOST_KEY). Secrets on the command line end
// up in shell histories and process lists, so a password or query in the URL is refused.
func Parse(raw string) (*Target, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", ErrBadURL, errors.Unwrap(err))
	}
	// Messages show the URL with any password masked: they reach logs and terminals.
	raw = u.Redacted()
	if u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("%w %q: no ?options: endpoint, region and credentials come from the environment (AWS_ENDPOINT_URL_S3, AWS_REGION, AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)", ErrBadURL, raw)
	}
	if _, has := u.User.Password(); has {
		return nil, fmt.Errorf("%w %q: no password in the URL; use a key file (FEEDLAB_SFTP_KEY)", ErrBadURL, raw)
	}
	t := &Target{URL: raw}
	switch u.Scheme {
	case "file":
		if u.Host != "" || !path.IsAbs(u.Path) || path.Clean(u.Path) == "/" {
			return nil, fmt.Errorf("%w %q: a file destination is file:///absolute/folder", ErrBadURL, raw)
		}
		dir := path.Clean(u.Path)
		t.db = file.NewReplicaClient(path.Join(dir, "db"))
		t.media = &fileBlobs{dir: path.Join(dir, "media")}
	case "s3":
		if u.Host == "" {
			return nil, fmt.Errorf("%w %q: an S3 destination is s3://bucket/folder", ErrBadURL, raw)
		}
		c := s3.NewReplicaClient()
		c.Bucket = u.Host
		c.Path = path.Join(strings.Trim(u.Path, "/"), "db")
		c.Region = firstEnv("AWS_REGION", "AWS_DEFAULT_REGION")
		c.AccessKeyID = os.Getenv("AWS_ACCESS_KEY_ID")
		c.SecretAccessKey = os.Getenv("AWS_SECRET_ACCESS_KEY")
		if ep := firstEnv("AWS_ENDPOINT_URL_S3", "AWS_ENDPOINT_URL"); ep != "" {
			// S3-compatible stores (MinIO, Garage, a NAS) mostly serve buckets as paths.
			c.Endpoint, c.ForcePathStyle = ep, true
		}
		t.db = c
		t.media = newS3Blobs(c.Bucket, path.Join(strings.Trim(u.Path, "/"), "media"), c.Region, c.Endpoint, c.AccessKeyID, c.SecretAccessKey)
	case "sftp":
		if u.Host == "" || u.User.Username() == "" || !path.IsAbs(u.Path) {
			return nil, fmt.Errorf("%w %q: an SFTP destination is sftp://user@host/absolute/folder", ErrBadURL, raw)
		}
		c := sftp.NewReplicaClient()
		c.Host = u.Host
		if u.Port() == "" {
			c.Host = u.Host + ":22"
		}
		c.User = u.User.Username()
		c.Path = path.Join(path.Clean(u.Path), "db")
		c.KeyPath = os.Getenv("FEEDLAB_SFTP_KEY")
		c.HostKey = os.Getenv("FEEDLAB_SFTP_HOST_KEY")
		// Without the server's key anyone between the appliance and the SSH server could
		// pose as it and receive the participants' data: the key is required, not optional.
		if c.HostKey == "" {
			return nil, fmt.Errorf("%w %q: set FEEDLAB_SFTP_HOST_KEY to the SSH server's public key (one authorized_keys line, e.g. from ssh-keyscan), so feedlab sends the data only to that server", ErrBadURL, raw)
		}
		t.db = c
		t.media = &sftpBlobs{client: c, dir: path.Join(path.Clean(u.Path), "media")}
	default:
		return nil, fmt.Errorf("%w %q: use file:///folder, s3://bucket/folder or sftp://user@host/folder", ErrBadURL, raw)
	}
	return t, nil
}

func firstEnv(names ...string) string {
	for _, n := range names {
		if v := os.Getenv(n); v != "" {
			return v
		}
	}
	return ""
}

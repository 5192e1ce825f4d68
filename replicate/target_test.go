package replicate

import (
	"errors"
	"strings"
	"testing"
)

// A destination holds no secret and no option on the command line; each kind has its shape.
func TestParseRefusesSecretsAndShapesItDoesNotKnow(t *testing.T) {
	t.Parallel()
	for _, c := range []struct{ url, want string }{
		{"sftp://ada:hunter2@nas.lab/backups", "no password"},
		{"s3://bucket/lab?access-key-id=AKIA", "no ?options"},
		{"s3://bucket/lab?endpoint=http://127.0.0.1:9000", "no ?options"},
		{"file://relative/folder", "file:///absolute/folder"},
		{"file:///", "file:///absolute/folder"},
		{"s3:///no-bucket", "s3://bucket/folder"},
		{"sftp://nas.lab/backups", "sftp://user@host/absolute/folder"},
		{"gs://bucket/lab", "use file:///folder"},
		{"/mnt/nas/feedlab", "use file:///folder"},
	} {
		_, err := Parse(c.url)
		if !errors.Is(err, ErrBadURL) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want ErrBadURL saying %q", c.url, err, c.want)
		}
		if err != nil && strings.Contains(err.Error(), "hunter2") {
			t.Errorf("the error repeats the password: %v", err)
		}
	}
	for _, ok := range []string{"file:///mnt/nas/feedlab", "s3://bucket/lab1", "sftp://feedlab@nas.lab:2222/srv/feedlab"} {
		if _, err := Parse(ok); err != nil {
			t.Errorf("Parse(%q): %v", ok, err)
		}
	}
}

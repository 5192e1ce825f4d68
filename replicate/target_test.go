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
	for _, ok := range []string{"file:///mnt/nas/feedlab", "s3://bucket/lab1"} {
		if _, err := Parse(ok); err != nil {
			t.Errorf("Parse(%q): %v", ok, err)
		}
	}
}

// An SFTP destination is used only with the server's key pinned: an unchecked server could
// be anyone between the appliance and the lab's SSH server.
func TestSFTPNeedsTheServersKey(t *testing.T) {
	const dest = "sftp://feedlab@nas.lab:2222/srv/feedlab"
	t.Setenv("FEEDLAB_SFTP_HOST_KEY", "")
	if _, err := Parse(dest); !errors.Is(err, ErrBadURL) || !strings.Contains(err.Error(), "FEEDLAB_SFTP_HOST_KEY") {
		t.Errorf("Parse(%q) without the host key = %v, want ErrBadURL naming FEEDLAB_SFTP_HOST_KEY", dest, err)
	}
	t.Setenv("FEEDLAB_SFTP_HOST_KEY", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDcpXRn1jOJ3nvUe3AZyU2k6AbhdfOq3pBTDfRhlIBRv")
	if _, err := Parse(dest); err != nil {
		t.Errorf("Parse(%q) with the host key: %v", dest, err)
	}
}

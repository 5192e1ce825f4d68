package replicate

import (
	"context"
	"fmt"
	"os"
	"path"
	"sync"

	lssftp "github.com/benbjohnson/litestream/sftp"
	"github.com/pkg/sftp"
	"golang.org/x/crypto/ssh"
)

// sftpBlobs keeps media files on the SFTP server next to Litestream's, through a
// connection of its own made with the same user, key and host key.
type sftpBlobs struct {
	client *lssftp.ReplicaClient // the settings only
	dir    string

	mu   sync.Mutex
	conn *sftp.Client
}

func (b *sftpBlobs) sftp() (*sftp.Client, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.conn != nil {
		return b.conn, nil
	}
	cfg := &ssh.ClientConfig{User: b.client.User, HostKeyCallback: ssh.InsecureIgnoreHostKey()}
	if b.client.HostKey != "" {
		key, _, _, _, err := ssh.ParseAuthorizedKey([]byte(b.client.HostKey))
		if err != nil {
			return nil, fmt.Errorf("FEEDLAB_SFTP_HOST_KEY: %w", err)
		}
		cfg.HostKeyCallback = ssh.FixedHostKey(key)
	}
	if b.client.KeyPath != "" {
		buf, err := os.ReadFile(b.client.KeyPath)
		if err != nil {
			return nil, fmt.Errorf("FEEDLAB_SFTP_KEY: %w", err)
		}
		signer, err := ssh.ParsePrivateKey(buf)
		if err != nil {
			return nil, fmt.Errorf("FEEDLAB_SFTP_KEY: %w", err)
		}
		cfg.Auth = append(cfg.Auth, ssh.PublicKeys(signer))
	}
	sc, err := ssh.Dial("tcp", b.client.Host, cfg)
	if err != nil {
		return nil, err
	}
	c, err := sftp.NewClient(sc)
	if err != nil {
		sc.Close()
		return nil, err
	}
	b.conn = c
	return c, nil
}

// drop forgets a connection that failed, so the next call dials again.
func (b *sftpBlobs) drop() {
	b.mu.Lock()
	if b.conn != nil {
		b.conn.Close()
		b.conn = nil
	}
	b.mu.Unlock()
}

func (b *sftpBlobs) names(ctx context.Context) (map[string]bool, error) {
	c, err := b.sftp()
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	w := c.Walk(b.dir)
	for w.Step() {
		if err := w.Err(); err != nil {
			if os.IsNotExist(err) {
				continue
			}
			b.drop()
			return nil, err
		}
		if !w.Stat().IsDir() {
			out[path.Base(w.Path())] = true
		}
	}
	return out, nil
}

func (b *sftpBlobs) put(ctx context.Context, name, src string) (err error) {
	c, err := b.sftp()
	if err != nil {
		return err
	}
	defer func() {
		if err != nil {
			b.drop()
		}
	}()
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	dst := path.Join(b.dir, blobKey(name))
	if err := c.MkdirAll(path.Dir(dst)); err != nil {
		return err
	}
	tmp := dst + ".tmp"
	out, err := c.Create(tmp)
	if err != nil {
		return err
	}
	if _, err := out.ReadFrom(in); err != nil {
		out.Close()
		return err
	}
	if err := out.Close(); err != nil {
		return err
	}
	return c.PosixRename(tmp, dst)
}

func (b *sftpBlobs) get(ctx context.Context, name, dst string) error {
	c, err := b.sftp()
	if err != nil {
		return err
	}
	f, err := c.Open(path.Join(b.dir, blobKey(name)))
	if err != nil {
		return err
	}
	defer f.Close()
	return writeChecked(f, name, dst)
}

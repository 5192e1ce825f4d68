//go:build unix

package diskspace

import "syscall"

// statfs returns the bytes an unprivileged process may still write on dir's disk (the
// blocks reserved for root do not count: feedlab does not run as root) and its size.
func statfs(dir string) (free, total int64, err error) {
	var st syscall.Statfs_t
	if err := syscall.Statfs(dir, &st); err != nil {
		return 0, 0, err
	}
	bs := int64(st.Bsize)
	return int64(st.Bavail) * bs, int64(st.Blocks) * bs, nil
}

//go:build !unix

package diskspace

import "errors"

// statfs is not available here: the guard lets everything through and a full disk is
// answered by the storage errors as before.
func statfs(dir string) (free, total int64, err error) {
	return 0, 0, errors.New("free space cannot be read on this system")
}

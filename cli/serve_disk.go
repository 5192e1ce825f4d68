package cli

import (
	"flag"
	"fmt"
	"strings"

	"feedlab/diskspace"
)

// sizeFlag is a flag holding a size in bytes, written like 5GB or 512MB (0 for none).
type sizeFlag struct{ n int64 }

func (f *sizeFlag) String() string {
	if f == nil || f.n == 0 {
		return "0"
	}
	return strings.ReplaceAll(diskspace.FormatSize(f.n), " ", "")
}

func (f *sizeFlag) Set(v string) error {
	n, err := diskspace.ParseSize(v)
	if err != nil {
		return err
	}
	f.n = n
	return nil
}

// floorFlag is --min-free-space: a size, a share of the disk, or both (the smaller).
type floorFlag struct{ f diskspace.Floor }

func (f *floorFlag) String() string {
	if f == nil {
		return ""
	}
	return f.f.String()
}

func (f *floorFlag) Set(v string) error {
	fl, err := diskspace.ParseFloor(v)
	if err != nil {
		return err
	}
	f.f = fl
	return nil
}

// Usage lines of the disk flags, shared by serve and the import commands.
const (
	minFreeSpaceUsage  = "free space kept on the data directory's disk: below it new participants are told the study is full and uploads and imports are refused (a size like 1GB, a share like 5%, or both, the smaller applying; 0: no floor)"
	bundleMaxSizeUsage = "the most a study bundle's files may add up to once decompressed"
)

// minFreeSpaceFlag adds --min-free-space (default 1GB,5%: the smaller) to fs.
func minFreeSpaceFlag(fs *flag.FlagSet) *floorFlag {
	f := &floorFlag{f: diskspace.DefaultFloor}
	fs.Var(f, "min-free-space", minFreeSpaceUsage)
	return f
}

// bundleMaxSizeFlag adds --bundle-max-size (default 2GB) to fs.
func bundleMaxSizeFlag(fs *flag.FlagSet, def int64) *sizeFlag {
	f := &sizeFlag{n: def}
	fs.Var(f, "bundle-max-size", bundleMaxSizeUsage)
	return f
}

// checkRoom refuses a command-line import of size bytes into the data directory dir when
// its disk is below the floor or the import would take it there; nothing is stored then.
func checkRoom(cmd, dir string, floor diskspace.Floor, size int64) error {
	r := diskspace.New(dir, floor).Fresh()
	if r.Err != nil {
		return nil // free space cannot be read here: the disk's own errors still stop a write
	}
	if r.Low() {
		return fmt.Errorf("%s: the disk of %s is nearly full (%s free, below the floor of %s); nothing was stored. Free disk space, or lower --min-free-space", cmd, dir, diskspace.FormatSize(r.Free), diskspace.FormatSize(r.Floor))
	}
	if size > r.Headroom() {
		return fmt.Errorf("%s: its %s of media would take the disk of %s below the floor of %s (%s free); nothing was stored. Free disk space, or lower --min-free-space", cmd, diskspace.FormatSize(size), dir, diskspace.FormatSize(r.Floor), diskspace.FormatSize(r.Free))
	}
	return nil
}

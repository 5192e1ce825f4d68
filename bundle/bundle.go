// Package bundle writes and reads a study bundle: one zip with a study's parameters
// (params.csv), its stimulus sets (TSV) and their media, the codebooks of its exports and
// feedlab's version, listed with their SHA-256 hashes in manifest.json. It is the
// replication package a journal asks for and the way to move a study to another
// appliance: importing it recreates the study with identical parameters, sets and media.
//
// Layout of the zip:
//
//	manifest.json              format, feedlab version, the study, its sets, every file's hash
//	params.csv                 the study (condition,param,value), as 'study create --from' reads
//	sets/<set name>.tsv        each set in its uploaded columns, plus entity_url
//	media/<sha256>.<ext>       each media file the sets serve from the appliance
//	codebooks/<type>.md        the codebook of each of the study's exports
//
// A bundle comes from outside: Open checks every name, size and hash before anything is
// stored (no path outside the layout, no zip bomb), and Import stores nothing of a bundle
// that does not validate.
package bundle

import "errors"

// Format names this layout in manifest.json.
const Format = "feedlab-study-bundle/1"

// Limits on a bundle, checked against the sizes a zip declares and again while reading
// (declared sizes can lie).
const (
	MaxEntries       = 20_000
	MaxMediaBytes    = 512 << 20 // one image or video, as 'sets import' allows
	MaxTextBytes     = 64 << 20  // params.csv, a set's TSV, a codebook
	MaxManifestBytes = 8 << 20
	// MaxTotalBytes is the default cap on a bundle's decompressed files together
	// (OpenLimit takes another: serve and 'study import' have --bundle-max-size). A study's
	// media rarely pass a few hundred MB; the cap keeps one import from filling the disk.
	MaxTotalBytes = 2 << 30
	// maxRatio bounds how much one entry may expand: media hardly compress and text
	// rarely beyond 100:1, while a zip bomb does by millions.
	maxRatio = 1000
)

// ErrInvalid is matched by every problem with a bundle's content; the message is for the
// researcher.
var ErrInvalid = errors.New("bundle: invalid")

// ErrSetConflict is returned when a bundle's stimulus set has the name of a different set
// on this appliance.
var ErrSetConflict = errors.New("bundle: a different stimulus set has this name")

// Manifest is manifest.json.
type Manifest struct {
	Format         string    `json:"format"`
	FeedlabVersion string    `json:"feedlab_version"`
	ExperimentID   string    `json:"experiment_id"`
	Params         string    `json:"params"`
	Sets           []SetInfo `json:"sets"`
	Files          []File    `json:"files"`
}

// SetInfo describes one stimulus set of the bundle.
type SetInfo struct {
	Name     string   `json:"name"`
	Category string   `json:"category"`
	Columns  []string `json:"columns"` // as uploaded (entity_url is added to the TSV when absent)
	File     string   `json:"file"`
	Cards    int      `json:"cards"`
}

// File is one file of the bundle with its SHA-256 (hex) and size.
type File struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Size   int64  `json:"size"`
}

package bundle

import (
	"archive/zip"
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"path"
	"regexp"
	"slices"
	"strings"

	"feedlab/diskspace"
	"feedlab/params"
	"feedlab/stimuli"
)

// Bundle is an opened, validated bundle: its manifest, study rows and sets, with the
// media still in the zip.
type Bundle struct {
	Manifest Manifest
	Rows     []params.Row
	Sets     []Set
	zr       *zip.Reader
	files    map[string]*zip.File
	// maxTotal caps the decompressed bytes of the bundle's files, declared and read.
	maxTotal int64
}

// Set is one stimulus set of a bundle, parsed and checked, and its TSV as in the bundle
// (to compare with a set of the same name on this appliance).
type Set struct {
	Info  SetInfo
	Cards []stimuli.Card
	TSV   []byte
	Media []string // media file names its cards use
}

var (
	setFile   = regexp.MustCompile(`^sets/[a-z0-9_]{1,64}\.tsv$`)
	mediaFile = regexp.MustCompile(`^media/[0-9a-f]{64}\.[a-z0-9]{1,5}$`)
	codebook  = regexp.MustCompile(`^codebooks/[a-z_]{1,40}\.md$`)
	hexHash   = regexp.MustCompile(`^[0-9a-f]{64}$`)
)

func invalid(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInvalid, fmt.Sprintf(format, args...))
}

// OpenLimit reads the zip in r (size bytes) and checks it whole: only the bundle layout's
// names, sizes within the limits, every file listed in the manifest with a matching
// SHA-256, a valid params.csv and valid sets whose media are in the bundle. Nothing is
// stored. maxTotal caps the decompressed total (0 or less: MaxTotalBytes),
// checked on the sizes the zip declares and again on the bytes read, here and when
// Import stores the media.
func OpenLimit(r io.ReaderAt, size, maxTotal int64) (*Bundle, error) {
	if maxTotal <= 0 {
		maxTotal = MaxTotalBytes
	}
	zr, err := zip.NewReader(r, size)
	if err != nil {
		return nil, invalid("not a zip file (%v)", err)
	}
	if len(zr.File) > MaxEntries {
		return nil, invalid("%d files; a bundle holds at most %d", len(zr.File), MaxEntries)
	}
	b := &Bundle{zr: zr, files: map[string]*zip.File{}, maxTotal: maxTotal}
	var total uint64
	for _, f := range zr.File {
		name := f.Name
		if err := checkName(name); err != nil {
			return nil, err
		}
		if _, dup := b.files[name]; dup {
			return nil, invalid("%s appears twice", name)
		}
		limit := uint64(limitOf(name))
		if f.UncompressedSize64 > limit {
			return nil, invalid("%s is %d bytes; the limit is %d", name, f.UncompressedSize64, limit)
		}
		if f.UncompressedSize64 > 1<<20 && f.UncompressedSize64/maxRatio > f.CompressedSize64 {
			return nil, invalid("%s expands more than %d times: refused as a possible zip bomb", name, maxRatio)
		}
		total += f.UncompressedSize64
		if total > uint64(maxTotal) {
			return nil, b.overCap()
		}
		b.files[name] = f
	}
	mf, ok := b.files["manifest.json"]
	if !ok {
		return nil, invalid("manifest.json is missing: this is not a feedlab study bundle")
	}
	// One pass reads every file (the manifest here, the others for their hash): what it
	// reads counts against the cap, whatever the headers declared.
	read := &budget{left: maxTotal, over: b.overCap}
	raw, err := readAll(mf, MaxManifestBytes, read)
	if err != nil {
		return nil, err
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&b.Manifest); err != nil {
		return nil, invalid("manifest.json: %v", err)
	}
	m := &b.Manifest
	if m.Format != Format {
		return nil, invalid("manifest.json: format %q; this feedlab reads %q", truncate(m.Format), Format)
	}
	// Every file but the manifest is listed once, and its content has the listed hash.
	listed := map[string]File{}
	for _, f := range m.Files {
		if _, dup := listed[f.Path]; dup {
			return nil, invalid("manifest.json lists %s twice", truncate(f.Path))
		}
		if _, ok := b.files[f.Path]; !ok || f.Path == "manifest.json" {
			return nil, invalid("manifest.json lists %s, which the zip does not hold", truncate(f.Path))
		}
		if !hexHash.MatchString(f.SHA256) {
			return nil, invalid("manifest.json: %s has no valid sha256", f.Path)
		}
		listed[f.Path] = f
	}
	for name, f := range b.files {
		if name == "manifest.json" {
			continue
		}
		want, ok := listed[name]
		if !ok {
			return nil, invalid("%s is not listed in manifest.json", name)
		}
		if err := checkHash(f, want, read); err != nil {
			return nil, err
		}
	}
	if m.Params != "params.csv" || b.files["params.csv"] == nil {
		return nil, invalid("params.csv is missing")
	}
	text, err := readAll(b.files["params.csv"], MaxTextBytes, nil)
	if err != nil {
		return nil, err
	}
	if b.Rows, err = params.ParseCSV(bytes.NewReader(text)); err != nil {
		return nil, invalid("params.csv: %v", err)
	}
	for _, info := range m.Sets {
		set, err := b.readSet(info)
		if err != nil {
			return nil, err
		}
		b.Sets = append(b.Sets, set)
	}
	return b, nil
}

// readSet parses one set with the upload rules and checks it against its manifest entry.
func (b *Bundle) readSet(info SetInfo) (Set, error) {
	if info.File != "sets/"+info.Name+".tsv" || !setFile.MatchString(info.File) {
		return Set{}, invalid("manifest.json: set %q must be in sets/<its name>.tsv", truncate(info.Name))
	}
	if !stimuli.ValidCategory(info.Category) {
		return Set{}, invalid("set %s: category %q is not one of news, opinion, sensational, ads", info.Name, truncate(info.Category))
	}
	f := b.files[info.File]
	if f == nil {
		return Set{}, invalid("%s is missing", info.File)
	}
	text, err := readAll(f, MaxTextBytes, nil)
	if err != nil {
		return Set{}, err
	}
	parsed, err := stimuli.ParseTSV(bytes.NewReader(text))
	if err != nil {
		return Set{}, invalid("%s: %v", info.File, err)
	}
	want := slices.Clone(info.Columns)
	if !slices.Contains(want, stimuli.ColEntityURL) {
		want = append(want, stimuli.ColEntityURL)
	}
	if !slices.Equal(parsed.Columns, want) {
		return Set{}, invalid("%s: columns %v differ from the manifest's %v", info.File, parsed.Columns, want)
	}
	cards, err := parsed.Cards(nil)
	if err != nil {
		return Set{}, invalid("%s: %v", info.File, err)
	}
	if len(cards) != info.Cards {
		return Set{}, invalid("%s: %d cards, the manifest says %d", info.File, len(cards), info.Cards)
	}
	set := Set{Info: info, Cards: cards, TSV: text}
	for i, c := range cards {
		name, local := strings.CutPrefix(c.EntityURL, "/media/")
		if !local {
			continue
		}
		if b.files["media/"+name] == nil || !mediaFile.MatchString("media/"+name) {
			return Set{}, invalid("%s line %d: its media file %s is not in the bundle", info.File, i+2, truncate(name))
		}
		if !slices.Contains(set.Media, name) {
			set.Media = append(set.Media, name)
		}
	}
	return set, nil
}

// checkName accepts only the layout's names: no directories, no path outside the
// bundle, nothing else.
func checkName(name string) error {
	switch {
	case name == "manifest.json", name == "params.csv":
	case path.Clean(name) != name || strings.Contains(name, `\`):
		return invalid("%q is not a plain path", truncate(name))
	case setFile.MatchString(name), mediaFile.MatchString(name), codebook.MatchString(name):
	default:
		return invalid("%q is not part of a study bundle (manifest.json, params.csv, sets/, media/, codebooks/)", truncate(name))
	}
	return nil
}

func limitOf(name string) int64 {
	switch {
	case name == "manifest.json":
		return MaxManifestBytes
	case strings.HasPrefix(name, "media/"):
		return MaxMediaBytes
	}
	return MaxTextBytes
}

// overCap is the refusal of a bundle whose files add up to more than its cap.
func (b *Bundle) overCap() error {
	return invalid("the bundle's files add up to more than %s once decompressed, the limit on this appliance (--bundle-max-size)", diskspace.FormatSize(b.maxTotal))
}

// MediaBytes is how many bytes the bundle's media files hold (as declared; reading never
// yields more): the most an import writes to the media store.
func (b *Bundle) MediaBytes() int64 {
	var n int64
	for name, f := range b.files {
		if strings.HasPrefix(name, "media/") {
			n += int64(f.UncompressedSize64)
		}
	}
	return n
}

// budget counts the bytes read from a bundle's files against its cap, so a zip whose
// headers understate its sizes is stopped by what it yields, not by what it declares.
type budget struct {
	left int64
	over func() error
}

// reader wraps r so that reading past the budget fails with over().
func (bg *budget) reader(r io.Reader) io.Reader {
	if bg == nil {
		return r
	}
	return &budgetReader{r: r, bg: bg}
}

type budgetReader struct {
	r  io.Reader
	bg *budget
}

func (br *budgetReader) Read(p []byte) (int, error) {
	n, err := br.r.Read(p)
	br.bg.left -= int64(n)
	if br.bg.left < 0 {
		return n, br.bg.over()
	}
	return n, err
}

// open opens a zip entry for reading at most its limit (whatever its header declares).
func open(f *zip.File) (io.ReadCloser, int64, error) {
	rc, err := f.Open()
	if err != nil {
		return nil, 0, invalid("%s: %v", f.Name, err)
	}
	return rc, limitOf(f.Name), nil
}

func readAll(f *zip.File, limit int64, read *budget) ([]byte, error) {
	rc, _, err := open(f)
	if err != nil {
		return nil, err
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(read.reader(rc), limit+1))
	if errors.Is(err, ErrInvalid) {
		return nil, err
	} else if err != nil {
		return nil, invalid("%s: %v", f.Name, err)
	}
	if int64(len(data)) > limit {
		return nil, invalid("%s is larger than %d bytes", f.Name, limit)
	}
	return data, nil
}

func checkHash(f *zip.File, want File, read *budget) error {
	rc, limit, err := open(f)
	if err != nil {
		return err
	}
	defer rc.Close()
	h := sha256.New()
	n, err := io.Copy(h, io.LimitReader(read.reader(rc), limit+1))
	if errors.Is(err, ErrInvalid) {
		return err
	} else if err != nil {
		return invalid("%s: %v", f.Name, err)
	}
	if n > limit {
		return invalid("%s is larger than %d bytes", f.Name, limit)
	}
	if n != want.Size || hex.EncodeToString(h.Sum(nil)) != want.SHA256 {
		return invalid("%s does not match its hash in manifest.json: the bundle is damaged or was changed", f.Name)
	}
	return nil
}

func truncate(s string) string {
	if len(s) > 80 {
		return s[:80] + "..."
	}
	return s
}

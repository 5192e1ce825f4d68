package bundle

import (
	"archive/zip"
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"feedlab/export"
	"feedlab/media"
	"feedlab/store"
)

// Write streams the bundle of study id to w. Media are stored in the zip as they are
// (they are compressed already), text is deflated.
func Write(ctx context.Context, st *store.Store, ms *media.Store, w io.Writer, id, version string) error {
	if _, err := st.Study(ctx, id); err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	ps, err := st.StudyParams(ctx, id)
	if err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	sets, err := export.StudySets(ctx, st, ps)
	if err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	zw := zip.NewWriter(w)
	m := Manifest{Format: Format, FeedlabVersion: version, ExperimentID: id, Params: "params.csv"}
	add := func(path string, method uint16, write func(io.Writer) error) error {
		fw, err := zw.CreateHeader(&zip.FileHeader{Name: path, Method: method})
		if err != nil {
			return err
		}
		h := sha256.New()
		cw := &countWriter{w: io.MultiWriter(fw, h)}
		if err := write(cw); err != nil {
			return err
		}
		m.Files = append(m.Files, File{Path: path, SHA256: hex.EncodeToString(h.Sum(nil)), Size: cw.n})
		return nil
	}
	text := func(path string, write func(io.Writer) error) error { return add(path, zip.Deflate, write) }

	if err := text("params.csv", func(w io.Writer) error {
		return export.WriteWith(ctx, st, w, export.TypeExperimentParameters, id, export.Options{Raw: true})
	}); err != nil {
		return fmt.Errorf("bundle: params: %w", err)
	}
	var mediaNames []string
	for _, set := range sets {
		info := SetInfo{Name: set.EntitySet, Category: set.EntityCategory, Columns: set.Columns, File: "sets/" + set.EntitySet + ".tsv"}
		if err := text(info.File, func(w io.Writer) error {
			n, used, err := writeSetTSV(ctx, st, w, set)
			info.Cards = n
			for _, u := range used {
				if !slices.Contains(mediaNames, u) {
					mediaNames = append(mediaNames, u)
				}
			}
			return err
		}); err != nil {
			return fmt.Errorf("bundle: set %s: %w", set.EntitySet, err)
		}
		m.Sets = append(m.Sets, info)
	}
	for _, name := range mediaNames {
		if err := add("media/"+name, zip.Store, func(w io.Writer) error {
			f, err := ms.Open(name)
			if err != nil {
				return err
			}
			defer f.Close()
			_, err = io.Copy(w, f)
			return err
		}); err != nil {
			return fmt.Errorf("bundle: media %s: %w", name, err)
		}
	}
	for _, typ := range export.Types {
		if typ == export.TypeStimulusSet {
			continue
		}
		if err := text("codebooks/"+typ+".md", func(w io.Writer) error {
			cb, err := export.NewCodebook(ctx, st, typ, id, export.Options{}, version)
			if err != nil {
				return err
			}
			return cb.WriteMarkdown(w)
		}); err != nil {
			return fmt.Errorf("bundle: codebook %s: %w", typ, err)
		}
	}
	fw, err := zw.Create("manifest.json")
	if err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	enc := json.NewEncoder(fw)
	enc.SetIndent("", "  ")
	if err := enc.Encode(m); err != nil {
		return fmt.Errorf("bundle: manifest: %w", err)
	}
	if err := zw.Close(); err != nil {
		return fmt.Errorf("bundle: %w", err)
	}
	return nil
}

// writeSetTSV writes a set as tab-separated text in its uploaded columns, with
// entity_url added when the set has none, and returns its card count and the media files
// its cards serve from the appliance. Stored values hold no tab or line break (the upload
// rules refuse them), so the text reads back as the same set.
func writeSetTSV(ctx context.Context, st *store.Store, w io.Writer, set store.EntitySet) (int, []string, error) {
	cols := slices.Clone(set.Columns)
	if !slices.Contains(cols, "entity_url") {
		cols = append(cols, "entity_url")
	}
	var b bytes.Buffer
	b.WriteString(strings.Join(cols, "\t") + "\n")
	n := 0
	var used []string
	err := st.EachEntity(ctx, set.EntitySet, func(e store.Entity) error {
		n++
		cov := store.Covariates(e.Covariates)
		fixed := map[string]string{"entity_url": e.EntityUrl, "source_url": e.SourceUrl, "filename": e.Filename,
			"retrieve_date": e.RetrieveDate, "entity_type": e.EntityType, "headline": e.Headline}
		for i, c := range cols {
			v, ok := fixed[c]
			if !ok {
				v = cov[c]
			}
			if i > 0 {
				b.WriteByte('\t')
			}
			b.WriteString(v)
		}
		b.WriteByte('\n')
		if name, ok := strings.CutPrefix(e.EntityUrl, "/media/"); ok && !slices.Contains(used, name) {
			used = append(used, name)
		}
		if b.Len() > 64<<10 {
			if _, err := w.Write(b.Bytes()); err != nil {
				return err
			}
			b.Reset()
		}
		return nil
	})
	if err != nil {
		return 0, nil, err
	}
	_, err = w.Write(b.Bytes())
	return n, used, err
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

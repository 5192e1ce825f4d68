// Package export writes a study's data as tidy CSV (RFC 4180, UTF-8, header row), one row
// per event, answer or card, streamed from the store page by page so memory stays flat
// however large the study. The shapes keep the original platform's columns so existing
// analysis scripts work, and add the event id and the displayed social counts.
package export

import (
	"context"
	"database/sql"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"time"

	"feedlab/feed"
	"feedlab/params"
	"feedlab/store"
)

// The download types, as on the download page.
const (
	TypeEngagement           = "engagement"
	TypeUserForm             = "user_form"
	TypeEntityInfo           = "entity_info"
	TypeExperimentParameters = "experiment_parameters"
	TypeInventory            = "inventory"
	TypeStimulusSet          = "stimulus_set"
	// The derived, analysis-ready types: one row per participant, and one row per
	// participant and card shown.
	TypeParticipants = "participants"
	TypeExposures    = "exposures"
)

// Types lists every download type in the download page's order (TypeTable, types.go).
var Types = typeNames()

// ErrUnknownType is returned for a type not in Types.
var ErrUnknownType = errors.New("export: unknown type")

// PlatformIDNotice is said alongside exports that may hold platform participant ids.
const PlatformIDNotice = "Note: this export holds recruitment-platform participant ids (PROLIFIC_PID, workerId, RID, ...) because they are needed for payment; handle it as personal data."

// HoldsPlatformIDs reports whether an export type may contain platform participant ids.
func HoldsPlatformIDs(typ string) bool {
	t, ok := TypeNamed(typ)
	return ok && t.PlatformIDs
}

// expandExcluded are parameters not repeated as columns on every row: long markdown texts
// that would multiply the file size and say nothing per event, the study-wide title, and
// the study's own questionnaire definitions (up to a megabyte of JSON; the codebook lists
// them item by item) and its own interface texts (translations, as long). The
// experiment_parameters export has them all.
var expandExcluded = []string{"instruct", "consent", "custom-msg", "title", "algorithm-script", "intervention-text", "questionnaires", "translations"}

// scriptHashColumn stands for algorithm-script in the expanded parameter columns: the
// script's sha256, so every event row names the exact ranking code that ordered its feed.
const scriptHashColumn = "algorithm-script-sha256"

// interventionTextHashColumn stands for intervention-text in the expanded parameter
// columns: the sha256 of the researcher's own intervention text (empty rows: the type's
// default text).
const interventionTextHashColumn = "intervention-text-sha256"

// Options change how an export is written.
type Options struct {
	// Raw writes every value as stored. By default a cell that a spreadsheet would run as
	// a formula is neutralised (see Neutralise). The experiment_parameters export is
	// always raw: it is a study definition that 'feedlab study create --from' reads back.
	Raw bool
	// IncludeTest keeps the rows of test participants (preview, pilot), marked 1 in the
	// is_test column. By default they are left out.
	IncludeTest bool
	// Cleaning applies to the exposures export (and is stated in its codebook).
	Cleaning Cleaning
}

// WriteWith streams the export of type typ to w. id is the experiment_id, or the stimulus
// set name for TypeStimulusSet. An unknown study or set gives store.ErrNotFound before
// anything is written. The zero Options neutralise formula cells and leave out test
// participants.
func WriteWith(ctx context.Context, st *store.Store, w io.Writer, typ, id string, opts Options) error {
	if err := opts.Cleaning.Check(); err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	var rw recordWriter = &safeWriter{cw: cw}
	if opts.Raw {
		rw = cw
	}
	if err := dispatch(ctx, st, rw, cw, typ, id, opts); err != nil {
		return err
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("export %s %s: %w", typ, id, err)
	}
	return nil
}

// dispatch writes the export of typ through rw (cw for the always-raw parameters).
func dispatch(ctx context.Context, st *store.Store, rw recordWriter, cw *csv.Writer, typ, id string, opts Options) error {
	var err error
	switch typ {
	case TypeStimulusSet:
		err = writeStimulusSet(ctx, st, rw, id)
	case TypeEngagement, TypeUserForm, TypeEntityInfo, TypeExperimentParameters, TypeInventory, TypeParticipants, TypeExposures:
		if _, err := st.Study(ctx, id); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		var ps []store.Param
		if ps, err = st.StudyParams(ctx, id); err != nil {
			return fmt.Errorf("export: %w", err)
		}
		switch typ {
		case TypeEngagement:
			err = writeEngagements(ctx, st, rw, id, newParamColumns(ps), letsSpeak(ps), opts.IncludeTest)
		case TypeUserForm:
			err = writeAnswers(ctx, st, rw, id, newParamColumns(ps), asksAboutCards(ps), opts.IncludeTest)
		case TypeEntityInfo:
			err = writeEntityInfo(ctx, st, rw, ps)
		case TypeExperimentParameters:
			// Always raw: the file must recreate the study exactly ('study create --from'
			// reads values as written) and equal Verify parameters' download byte for byte.
			err = writeParams(cw, ps)
		case TypeInventory:
			err = writeInventory(ctx, st, rw, id, opts.IncludeTest)
		case TypeParticipants:
			err = writeParticipants(ctx, st, rw, id, newParamColumns(ps), ps, opts.IncludeTest)
		case TypeExposures:
			err = writeExposures(ctx, st, rw, id, newParamColumns(ps), ps, opts.Cleaning, opts.IncludeTest)
		}
	default:
		return fmt.Errorf("%w %q; choose one of %v", ErrUnknownType, typ, Types)
	}
	if err != nil {
		return fmt.Errorf("export %s %s: %w", typ, id, err)
	}
	return nil
}

// paramColumns expands a study's condition parameters into columns: one column per
// parameter, holding that parameter's value in the row's condition.
type paramColumns struct {
	names  []string
	values map[int][]string // condition → values in names order
}

func newParamColumns(ps []store.Param) paramColumns {
	pc := paramColumns{values: map[int][]string{}}
	byCond := map[int]map[string]string{}
	for _, p := range ps {
		if p.Param == "algorithm-script" && p.Value != "" {
			p.Param, p.Value = scriptHashColumn, feed.ScriptHash(p.Value)
		}
		if p.Param == "intervention-text" && p.Value != "" {
			// Like the script: every row names the exact words of its condition's
			// intervention (params.TextHash, as the participant's records carry it).
			p.Param, p.Value = interventionTextHashColumn, params.TextHash(p.Value)
		}
		if slices.Contains(expandExcluded, p.Param) {
			continue
		}
		if byCond[p.Condition] == nil {
			byCond[p.Condition] = map[string]string{}
		}
		byCond[p.Condition][p.Param] = p.Value
		if !slices.Contains(pc.names, p.Param) {
			pc.names = append(pc.names, p.Param)
		}
	}
	sort.Strings(pc.names)
	for c, m := range byCond {
		vals := make([]string, len(pc.names))
		for i, n := range pc.names {
			vals[i] = m[n]
		}
		pc.values[c] = vals
	}
	return pc
}

func (pc paramColumns) row(condition int64) []string {
	if v, ok := pc.values[int(condition)]; ok {
		return v
	}
	return make([]string, len(pc.names))
}

// timestamp formats a server time (Unix ms) as ISO 8601 UTC with milliseconds.
func timestamp(ms int64) string {
	return time.UnixMilli(ms).UTC().Format("2006-01-02T15:04:05.000Z")
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// nullableFloat is a score as text, empty for NULL; the shortest text that reads back
// as the same number.
func nullableFloat(f sql.NullFloat64) string {
	if !f.Valid {
		return ""
	}
	return strconv.FormatFloat(f.Float64, 'g', -1, 64)
}

// decoded URL-decodes a response as the original download page did (values are sent
// encodeURIComponent-encoded); a value that is not valid encoding is kept as it is.
func decoded(s string) string {
	if v, err := url.PathUnescape(s); err == nil {
		return v
	}
	return s
}

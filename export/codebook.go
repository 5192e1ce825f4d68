package export

import (
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"feedlab/store"
)

// A codebook says what every column of an export holds: its
// type, unit, origin and meaning, and for the answers every question's text and options.
// It is Markdown, written for the researcher who reads it beside the CSV and for a
// replication package; it describes the file the same export call writes, with the same
// options, because it reads that file's header.

// CodebookColumn is one column of an export with its description.
type CodebookColumn struct {
	Name string
	ColumnDoc
	// Documented is false when feedlab has no description for the column (a test keeps
	// it from happening).
	Documented bool
}

// Codebook describes one export of one study or set.
type Codebook struct {
	Type, ID string
	Version  string
	Options  Options
	Columns  []CodebookColumn
	Forms    []Questionnaire // the questionnaires whose answers the file may hold
	// Interventions: the study shows an intervention, so the file may hold its rows.
	Interventions bool
}

var errHeaderDone = errors.New("export: header read")

// headerCapture keeps the first record (the header) and stops the export.
type headerCapture struct{ header []string }

func (h *headerCapture) Write(record []string) error {
	h.header = slices.Clone(record)
	return errHeaderDone
}

// Header returns the header row the export of typ with opts would write.
func Header(ctx context.Context, st *store.Store, typ, id string, opts Options) ([]string, error) {
	if typ == TypeExperimentParameters {
		if _, err := st.Study(ctx, id); err != nil {
			return nil, fmt.Errorf("export: %w", err)
		}
		return []string{"condition", "param", "value"}, nil
	}
	h := &headerCapture{}
	err := dispatch(ctx, st, h, csv.NewWriter(io.Discard), typ, id, opts)
	if errors.Is(err, errHeaderDone) || (err == nil && h.header != nil) {
		return h.header, nil
	}
	if err == nil {
		return nil, fmt.Errorf("export %s %s: no header written", typ, id)
	}
	return nil, err
}

// NewCodebook describes the export of typ for id with opts. version is feedlab's.
func NewCodebook(ctx context.Context, st *store.Store, typ, id string, opts Options, version string) (Codebook, error) {
	header, err := Header(ctx, st, typ, id, opts)
	if err != nil {
		return Codebook{}, err
	}
	cb := Codebook{Type: typ, ID: id, Version: version, Options: opts}
	var ps []store.Param
	var covariates []string
	if typ != TypeStimulusSet {
		if ps, err = st.StudyParams(ctx, id); err != nil {
			return Codebook{}, fmt.Errorf("export: %w", err)
		}
		if _, covariates, err = studySets(ctx, st, ps); err != nil {
			return Codebook{}, fmt.Errorf("export: %w", err)
		}
	} else {
		set, err := st.EntitySet(ctx, id)
		if err != nil {
			return Codebook{}, fmt.Errorf("export: %w", err)
		}
		covariates = set.Columns
	}
	params := newParamColumns(ps).names
	if typ == TypeUserForm || typ == TypeParticipants {
		cb.Forms = studyForms(ps)
		cb.Interventions = studyHasIntervention(ps)
	}
	answerFields := map[string]QField{}
	for _, q := range Questionnaires() {
		for _, f := range q.Fields {
			answerFields[f.Name] = f
		}
	}
	for _, q := range customQuestionnaires(ps) {
		for _, f := range customForm(q).Fields {
			answerFields[f.Name] = f
		}
	}
	for _, name := range header {
		doc, ok := describeColumn(typ, name, params, covariates, answerFields)
		cb.Columns = append(cb.Columns, CodebookColumn{Name: name, ColumnDoc: doc, Documented: ok})
	}
	return cb, nil
}

// describeColumn finds a column's description: the export's own, the common one, or the
// generic one of a generated column (a parameter, a covariate, an answer, a platform id,
// an arrival parameter or a checkpoint).
func describeColumn(typ, name string, params, covariates []string, answers map[string]QField) (ColumnDoc, bool) {
	if d, ok := typeDocs[typ][name]; ok {
		return d, true
	}
	// A parameter named like a column another export has (algorithm, for one) is still a
	// parameter here: only this export's own fixed columns come first.
	if name == interventionTextHashColumn && slices.Contains(params, name) {
		return interventionTextHashDoc, true
	}
	if slices.Contains(params, name) && !slices.Contains(fixedColumns(typ), name) {
		return paramDoc(name), true
	}
	if typ == TypeStimulusSet && slices.Contains(covariates, name) && name != "entity_url" {
		if d, ok := commonDocs[name]; ok {
			return d, true
		}
		return ColumnDoc{tText, "", oSet, "A covariate column of the set, as uploaded."}, true
	}
	if d, ok := commonDocs[name]; ok {
		return d, true
	}
	if typ == TypeStimulusSet {
		return ColumnDoc{}, false
	}
	if slices.Contains(params, name) {
		return paramDoc(name), true
	}
	if typ == TypeEntityInfo || typ == TypeExposures {
		base := strings.TrimPrefix(name, "covariate_")
		if slices.Contains(covariates, base) {
			return ColumnDoc{tText, "", oSet, fmt.Sprintf("The card's covariate %s, as the stimulus set gives it (named covariate_%s only when %s is also one of feedlab's columns).", base, base, base)}, true
		}
	}
	if f, ok := answers[name]; ok && typ == TypeExposures && f.Cards != "" {
		return ColumnDoc{answerType(f), f.Unit, "questionnaire answer (participant)", fmt.Sprintf("The answer about the row's card to “%s” (a question of the study's own questionnaire, %s; see the user_form codebook); empty when not asked about this card or not answered.", f.Question, f.Cards)}, true
	}
	if typ == TypeParticipants {
		switch {
		case strings.HasPrefix(name, platformPrefix):
			return ColumnDoc{tText, "", "the arrival link (recruitment platform)", fmt.Sprintf("The participant's %s as the recruitment platform sent it (kept for payment: personal data).", strings.TrimPrefix(name, platformPrefix))}, true
		case strings.HasPrefix(name, checkpointPrefix):
			return ColumnDoc{tInt, uEpoch, oServer, fmt.Sprintf("When the server first received the checkpoint %s (see 'Checkpoints'); empty when never reached.", strings.TrimPrefix(name, checkpointPrefix))}, true
		case strings.HasPrefix(name, urlParamsPrefix):
			return ColumnDoc{tText, "", oRegistered, fmt.Sprintf("The arrival link's parameter %s.", strings.TrimPrefix(name, urlParamsPrefix))}, true
		}
		field := strings.TrimPrefix(name, "answer_")
		if d, ok := interventionFieldDoc(field); ok {
			return d, true
		}
		if f, ok := answers[field]; ok {
			return ColumnDoc{answerType(f), f.Unit, "questionnaire answer (participant)", fmt.Sprintf("The answer to “%s” (see 'Questionnaires'); the last answer when given twice; empty when not answered.", f.Question)}, true
		}
		return ColumnDoc{tText, "", "questionnaire answer (participant)", fmt.Sprintf("The answer saved under the field %s (a field no built-in questionnaire defines); empty when not answered.", field)}, true
	}
	return ColumnDoc{}, false
}

// ParameterReference says where a codebook's reader finds every parameter described: the
// appliance serves docs/parameters.md at /docs/parameters. A codebook written by the command
// line cannot know the address the appliance is reached at, so it names the path and how
// to complete it.
const ParameterReference = "/docs/parameters on the feedlab appliance (its address followed by /docs/parameters, e.g. http://localhost:8080/docs/parameters)"

func paramDoc(name string) ColumnDoc {
	if name == "language" {
		// Written on every condition of a study where some condition sets a language (and
		// in no other study's files), so each participant's row says what they read.
		return ColumnDoc{tText, "", oStudy, "The language of the participant interface in the row's condition, a BCP 47 tag (en where the condition set none): the language the participant read the feed's buttons, the dialogs, the questionnaires' buttons and messages and the end in (docs/languages.md). Built-in questionnaire items are in English; a language without a built-in catalogue shows English where the study's translations give no text."}
	}
	return ColumnDoc{tText, "", oStudy, fmt.Sprintf("The study parameter %s in the row's condition (see the parameter reference, %s; long texts and the title are only in the experiment_parameters export).", name, ParameterReference)}
}

// fixedColumns are the columns an export always writes, before any generated one.
func fixedColumns(typ string) []string {
	switch typ {
	case TypeEngagement:
		return EngagementColumns
	case TypeUserForm:
		return UserFormColumns
	case TypeInventory:
		return InventoryColumns
	case TypeEntityInfo:
		return entityBaseColumns
	case TypeParticipants:
		return ParticipantColumns
	case TypeExposures:
		return ExposureColumns
	}
	return nil
}

// answerType is the type of an answer column.
func answerType(f QField) string {
	switch f.Kind {
	case "number":
		if f.Format == "integer" {
			return tInt
		}
		return tDec
	case "slider":
		return tDec
	case "likert", "matrix":
		return tInt
	case "checkbox", "multi":
		return "text (the checked values, ';'-separated)"
	}
	return tText
}

// typeSummaries say in one line what a row of each export is.
var typeSummaries = map[string]string{
	TypeEngagement:           "One row per engagement event (button click, video event) and per dwell visit, oldest first. The study's parameters follow as columns, valued in the row's condition.",
	TypeUserForm:             "The long shape: one row per questionnaire answer, checkpoint, arrival-link parameter (URLParams-*) and assigned condition.",
	TypeEntityInfo:           "One row per card of every stimulus set the study uses, with the sets' covariates.",
	TypeExperimentParameters: "The study's parameters as params.csv (condition,param,value): 'feedlab study create --from' recreates the study from this file.",
	TypeInventory:            "One row per card shown to each participant, in feed order, with the social counts each displayed.",
	TypeStimulusSet:          "The stimulus set in its uploaded columns, with entity_id and entity_url added.",
	TypeParticipants:         "One row per participant: condition and its parameters, platform ids, how far they got and when, and every questionnaire answer as its own column.",
	TypeExposures:            "One row per participant and card shown: position, dwell (total and per visit), each engagement as 0/1, the counts shown and the card's covariates. Cleaning is applied as stated below.",
}

// WriteMarkdown writes the codebook as Markdown.
func (cb Codebook) WriteMarkdown(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Codebook: %s export of %s\n\n", cb.Type, cb.ID)
	fmt.Fprintf(&b, "Written by feedlab %s for the file `%s`. %s\n\n", cb.Version, Filename(cb.ID, cb.Type), typeSummaries[cb.Type])
	b.WriteString("The file is CSV (RFC 4180, UTF-8) with a header row. An empty cell means no value. Integers are written without separators or decimals, 0/1 columns hold only 0 or 1, and every time is either epoch milliseconds (UTC) or an ISO 8601 UTC text, as each column says.")
	if cb.Options.Raw {
		b.WriteString(" Values are written as stored (raw).\n\n")
	} else {
		b.WriteString(" A text cell that a spreadsheet would run as a formula (starting with =, +, -, @, tab or carriage return, and not a plain number) starts with an added apostrophe '; ask for raw values to get them as stored.\n\n")
	}
	if HoldsPlatformIDs(cb.Type) {
		b.WriteString(PlatformIDNotice + "\n\n")
	}
	if cb.Type == TypeExposures {
		b.WriteString("## Cleaning\n\n| option | value |\n| --- | --- |\n")
		for _, d := range cb.Options.Cleaning.describe() {
			fmt.Fprintf(&b, "| %s | %s |\n", d[0], cell(d[1]))
		}
		b.WriteString("\nDwell cleaning applies to each visit: a visit shorter than the floor is dropped, then a visit longer than the cap counts as the cap. dwell_raw_ms is never cleaned.\n\n")
	}
	b.WriteString("## Columns\n\n| column | type | unit | origin | meaning |\n| --- | --- | --- | --- | --- |\n")
	for _, c := range cb.Columns {
		meaning := c.Meaning
		if !c.Documented {
			meaning = "(not described)"
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", cell(c.Name), cell(c.Type), cell(c.Unit), cell(c.Origin), cell(meaning))
	}
	b.WriteString("\n")
	if cb.Type == TypeEngagement {
		b.WriteString("## Values of engagement_type\n\n| value | meaning |\n| --- | --- |\n")
		for _, v := range EngagementTypeValues {
			fmt.Fprintf(&b, "| %s | %s |\n", v[0], cell(v[1]))
		}
		b.WriteString("\n")
	}
	if cb.Type == TypeUserForm || cb.Type == TypeParticipants {
		b.WriteString("## Questionnaires\n\n")
		if len(cb.Forms) == 0 {
			b.WriteString("The study asks no built-in questionnaire.\n\n")
		}
		for _, q := range cb.Forms {
			if q.Custom {
				writeCustomForm(&b, q)
				continue
			}
			fmt.Fprintf(&b, "### %s (/form/%s)\n\n| field | kind | question | options (value = text) |\n| --- | --- | --- | --- |\n", cell(q.Title), q.Name)
			for _, f := range q.Fields {
				if !q.saved(f.Name) {
					continue
				}
				fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", cell(f.Name), cell(fieldKind(f)), cell(f.Question), cell(optionList(f)))
			}
			b.WriteString("\n")
			writeTranslations(&b, q)
		}
		if cb.Interventions {
			writeInterventionSection(&b)
		}
		b.WriteString("## Checkpoints\n\n| checkpoint | meaning |\n| --- | --- |\n")
		for _, c := range CheckpointDocs {
			fmt.Fprintf(&b, "| %s | %s |\n", c[0], cell(c[1]))
		}
		b.WriteString("\n## Arrival rows\n\nURLParams-<name> holds each parameter of the link the participant arrived with (for example URLParams-PROLIFIC_PID); condition holds the condition assigned at arrival.\n")
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// writeCustomForm lists a study's own questionnaire: every answer field with its type,
// text, options or scale, when it is shown and how a cards question's cards were chosen.
func writeCustomForm(b *strings.Builder, q Questionnaire) {
	fmt.Fprintf(b, "### %s (/form/%s, the study's own questionnaire)\n\n", cell(q.Title), q.Name)
	b.WriteString("A choice stores its option's value, a likert or matrix answer the point's number from 1, a slider or number its number, a multi its values joined with ';'.\n\n")
	b.WriteString("| field | type | question | options (value = text) or scale | shown | cards |\n| --- | --- | --- | --- | --- | --- |\n")
	for _, f := range q.Fields {
		opts := optionList(QField{Options: f.Options})
		if f.Scale != "" {
			opts = strings.TrimPrefix(opts+"; "+f.Scale, "; ")
		}
		shown := f.ShowIf
		if shown == "" {
			shown = "always"
		}
		fmt.Fprintf(b, "| %s | %s | %s | %s | %s | %s |\n", cell(f.Name), cell(fieldKind(f)), cell(f.Question), cell(opts), cell(shown), cell(f.Cards))
	}
	b.WriteString("\n")
}

func fieldKind(f QField) string {
	k := f.Kind
	if f.Required {
		k += ", required"
	}
	return k
}

func optionList(f QField) string {
	var parts []string
	for _, o := range f.Options {
		parts = append(parts, o.Value+" = "+o.Text)
	}
	num := func(p *float64) string { return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%f", *p), "0"), ".") }
	if f.Min != nil && f.Max != nil {
		parts = append(parts, fmt.Sprintf("from %s to %s%s", num(f.Min), num(f.Max), f.Unit))
	}
	return strings.Join(parts, "; ")
}

// cell keeps a value inside one Markdown table cell.
func cell(s string) string {
	s = strings.ReplaceAll(s, "\\", "\\\\")
	s = strings.ReplaceAll(s, "|", "\\|")
	return strings.Join(strings.Fields(s), " ")
}

// Filename is the export's file name: {id}_{type}.csv, the id kept to characters every
// file system takes.
func Filename(id, typ string) string {
	return fileSafe(id) + "_" + typ + ".csv"
}

// CodebookFilename is the codebook's file name beside Filename's.
func CodebookFilename(id, typ string) string {
	return fileSafe(id) + "_" + typ + "_codebook.md"
}

func fileSafe(s string) string {
	var b strings.Builder
	prevBad := false
	for _, r := range s {
		ok := r == '_' || r == '.' || r == '-' || (r >= 'a' && r <= 'z') || (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9')
		if ok {
			b.WriteRune(r)
		} else if !prevBad {
			b.WriteByte('_')
		}
		prevBad = !ok
	}
	return b.String()
}

package export

import "slices"

// TypeInfo is one download type as the download page and the command line offer it.
// Its file is Filename(id, Name) and its codebook CodebookFilename(id, Name), written by
// NewCodebook; the rows are written by dispatch (export.go), the one other place a new
// type needs.
type TypeInfo struct {
	Name  string `json:"name"`
	Title string `json:"title"` // the download page's label
	// OfSet: the id is a stimulus set's name, not an experiment_id.
	OfSet bool `json:"of_set"`
	// PlatformIDs: the export may hold recruitment-platform participant ids
	// (PlatformIDNotice is said beside it).
	PlatformIDs bool `json:"platform_ids"`
}

// typeTable lists the download types: the spec's six in its order, then feedlab's two
// derived, analysis-ready ones (one row per participant; one per participant and card).
var typeTable = []TypeInfo{
	{Name: TypeEngagement, Title: "Feed engagement data"},
	{Name: TypeUserForm, Title: "User information", PlatformIDs: true},
	{Name: TypeEntityInfo, Title: "Entity information (covariates for stimuli)"},
	{Name: TypeExperimentParameters, Title: "Experiment parameters"},
	{Name: TypeInventory, Title: "Inventory (for creating custom feed algorithms)"},
	{Name: TypeStimulusSet, Title: "Stimulus set", OfSet: true},
	{Name: TypeParticipants, Title: "Participants (one row each, every answer as a column)", PlatformIDs: true},
	{Name: TypeExposures, Title: "Exposures (one row per participant and card, ready for analysis)"},
	// A new type: its entry here, its writer in dispatch, its columns in codebook_columns.go.
}

// TypeTable is every download type in the download page's order; a copy.
func TypeTable() []TypeInfo { return slices.Clone(typeTable) }

// TypeNamed returns the download type called name.
func TypeNamed(name string) (TypeInfo, bool) {
	i := slices.IndexFunc(typeTable, func(t TypeInfo) bool { return t.Name == name })
	if i < 0 {
		return TypeInfo{}, false
	}
	return typeTable[i], true
}

func typeNames() []string {
	out := make([]string, 0, len(typeTable))
	for _, t := range typeTable {
		out = append(out, t.Name)
	}
	return out
}

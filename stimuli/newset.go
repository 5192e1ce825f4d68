package stimuli

import (
	"feedlab/store"
)

// ColEntityURL is the column that, when a set carries it (the hosted-upload flow fills it
// after the files are uploaded), gives each card's URL.
const ColEntityURL = "entity_url"

// ToNewSet turns a parsed set into the set the store keeps. entityURL gives each row's
// card URL (for example the appliance's own /media/ URL of an imported file); nil means
// the row's entity_url column when present, else its source_url, as in the web upload.
func (s Set) ToNewSet(name, category string, entityURL func(Row) (string, error)) (store.NewSet, error) {
	ns := store.NewSet{Name: name, Category: category, Columns: s.Columns, Entities: make([]store.NewEntity, 0, len(s.Rows))}
	for _, r := range s.Rows {
		url := r.SourceURL
		if v, ok := r.Value(ColEntityURL); ok && v != "" {
			url = v
		}
		if entityURL != nil {
			u, err := entityURL(r)
			if err != nil {
				return store.NewSet{}, err
			}
			url = u
		}
		cov := make(map[string]string, len(r.Extra))
		for _, f := range r.Extra {
			if f.Name != ColEntityURL {
				cov[f.Name] = f.Value
			}
		}
		ns.Entities = append(ns.Entities, store.NewEntity{
			EntityURL: url, SourceURL: r.SourceURL, Filename: r.Filename, RetrieveDate: r.RetrieveDate,
			EntityType: r.EntityType, Headline: r.Headline, Covariates: cov,
		})
	}
	return ns, nil
}

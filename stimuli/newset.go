package stimuli

// ColEntityURL is the column that, when a set carries it (the hosted-upload flow fills it
// after the files are uploaded), gives each card's URL.
const ColEntityURL = "entity_url"

// Card is one stimulus as it is stored: its card URL, the required columns, the headline
// and the covariates (every other column but entity_url).
type Card struct {
	EntityURL    string
	SourceURL    string
	Filename     string
	RetrieveDate string
	EntityType   string
	Headline     string
	Covariates   map[string]string
}

// Cards turns a parsed set into the cards to store, in order. entityURL gives each row's
// card URL (for example the appliance's own /media/ URL of an imported file); nil means
// the row's entity_url column when present, else its source_url, as in the web upload.
func (s Set) Cards(entityURL func(Row) (string, error)) ([]Card, error) {
	cards := make([]Card, 0, len(s.Rows))
	for _, r := range s.Rows {
		url := r.SourceURL
		if v, ok := r.Value(ColEntityURL); ok && v != "" {
			url = v
		}
		if entityURL != nil {
			u, err := entityURL(r)
			if err != nil {
				return nil, err
			}
			url = u
		}
		cov := make(map[string]string, len(r.Extra))
		for _, f := range r.Extra {
			if f.Name != ColEntityURL {
				cov[f.Name] = f.Value
			}
		}
		cards = append(cards, Card{
			EntityURL: url, SourceURL: r.SourceURL, Filename: r.Filename, RetrieveDate: r.RetrieveDate,
			EntityType: r.EntityType, Headline: r.Headline, Covariates: cov,
		})
	}
	return cards, nil
}

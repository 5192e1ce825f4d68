// Package demo installs solarflare, the built-in demo study, so that a new user sees a
// working feed on the first run with nothing configured. Its stimulus set is generated
// here (abstract images and invented headlines), so it is free of copyright.
package demo

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math"
	"math/rand/v2"

	"feedlab/media"
	"feedlab/params"
	"feedlab/store"
	"feedlab/study"
)

// ExperimentID is the built-in demo study's id; the feed opens it when no experiment is
// given.
const ExperimentID = "solarflare"

// SetName is the built-in demo stimulus set.
const SetName = "solarflare_demo"

// headlines are invented for the demo; no real outlet or person is named.
var headlines = []struct{ headline, topic string }{
	{"Solar flare expected to brighten northern skies this weekend", "science"},
	{"City council approves new bike lanes along the river", "local"},
	{"Researchers grow tomatoes in simulated lunar soil", "science"},
	{"Heat wave prompts extended hours at public libraries", "weather"},
	{"Volunteers restore a century-old lighthouse", "local"},
	{"Study finds short walks improve afternoon focus", "health"},
	{"Rare comet visible to the naked eye for one week", "science"},
	{"High school robotics team wins regional final", "education"},
	{"New ferry route cuts commute time across the bay", "local"},
	{"Farmers test drought-resistant wheat varieties", "environment"},
	{"Museum opens exhibit on the history of timekeeping", "culture"},
	{"Storm season forecast revised after cooler spring", "weather"},
	{"Town replaces streetlights with efficient LEDs", "environment"},
	{"Astronomers map a stellar nursery in new detail", "science"},
	{"Community garden harvest feeds hundreds of families", "local"},
	{"Survey: most commuters would try a four-day week", "work"},
	{"Marathon runners face record humidity on race day", "sports"},
	{"Library launches free repair cafe for small appliances", "local"},
	{"Scientists track migrating whales with acoustic buoys", "environment"},
	{"Night sky reserve designated in mountain valley", "science"},
	{"Local bakery celebrates fifty years in business", "local"},
	{"Engineers test quiet electric buses on hilly routes", "technology"},
	{"Aurora alert issued after strong geomagnetic storm", "science"},
	{"Students design app to share surplus cafeteria food", "education"},
}

// Ensure installs the demo study and its stimulus set if they are missing. It is cheap
// when they exist, and safe to call on every start.
func Ensure(ctx context.Context, st *store.Store, ms *media.Store) error {
	if _, err := st.Study(ctx, ExperimentID); err == nil {
		return nil
	} else if !errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("demo: %w", err)
	}
	if _, err := st.EntitySet(ctx, SetName); errors.Is(err, store.ErrNotFound) {
		if err := createSet(ctx, st, ms); err != nil {
			return err
		}
	} else if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	return createStudy(ctx, st)
}

func createSet(ctx context.Context, st *store.Store, ms *media.Store) error {
	set := store.NewSet{
		Name: SetName, Category: "news", Builtin: true,
		Columns: []string{"source_url", "filename", "retrieve_date", "entity_type", "headline", "topic"},
	}
	var stored []store.Media
	for i, h := range headlines {
		var buf bytes.Buffer
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		if err := enc.Encode(&buf, cardImage(i)); err != nil {
			return fmt.Errorf("demo: image %d: %w", i, err)
		}
		item, err := ms.Put(&buf, int64(buf.Len())+1)
		if err != nil {
			return fmt.Errorf("demo: store image %d: %w", i, err)
		}
		// The feed's srcset lists a JPEG copy of each PNG (media/variants.go): made now,
		// so the first participant's phone is not sent the heavier PNG.
		if err := ms.MakeVariants(item.Name); err != nil {
			return fmt.Errorf("demo: image %d: %w", i, err)
		}
		stored = append(stored, store.Media(item))
		set.Entities = append(set.Entities, store.NewEntity{
			EntityURL:    "/media/" + item.Name,
			SourceURL:    "/media/" + item.Name,
			Filename:     fmt.Sprintf("solarflare_%02d.png", i+1),
			RetrieveDate: "2026-01-01",
			EntityType:   "image",
			Headline:     h.headline,
			Covariates:   map[string]string{"topic": h.topic},
		})
	}
	if err := st.CreateEntitySet(ctx, set, stored); err != nil && !errors.Is(err, store.ErrConflict) {
		return fmt.Errorf("demo: %w", err)
	}
	return nil
}

// createStudy stores solarflare: one condition, a scrolling feed of every demo card in a
// random order, share and bookmark buttons with counts, likes with social cues, no
// questionnaires (its redirect route list is empty) and no consent or instructions.
func createStudy(ctx context.Context, st *store.Store) error {
	sets, _ := json.Marshal([]params.EntitySetChoice{{EntitySet: SetName, NumberToShow: len(headlines), RandomizeBetweenSubjects: "yes"}})
	rows := []params.Row{
		{Condition: 1, Param: "title", Value: "Built-in demo: a randomly generated feed"},
		{Condition: 1, Param: "feed", Value: "scroll"},
		{Condition: 1, Param: "entity_sets", Value: string(sets)},
		{Condition: 1, Param: "feed-button-share", Value: "yes"},
		{Condition: 1, Param: "feed-button-like", Value: "lognormal"},
		{Condition: 1, Param: "feed-button-bookmark", Value: "yes"},
		{Condition: 1, Param: "algorithm", Value: "random"},
	}
	if _, err := study.Create(ctx, st, rows, "", study.Builtin(ExperimentID), study.CreatedBy(store.AuditSystem, "the built-in demo study")); err != nil && !errors.Is(err, store.ErrConflict) {
		return fmt.Errorf("demo: %w", err)
	}
	return nil
}

// cardImage draws an abstract 480×270 picture for card i: a two-colour gradient sky with
// a glowing sun and a few hills, its colours and shapes drawn from a seed so each card
// looks different but the set is the same on every machine.
func cardImage(i int) image.Image {
	const w, h = 480, 270
	rng := rand.New(rand.NewPCG(uint64(i)+1, 42))
	top := hsv(rng.Float64(), 0.55, 0.95)
	bottom := hsv(rng.Float64(), 0.65, 0.55)
	sun := hsv(0.08+0.08*rng.Float64(), 0.8, 1)
	sx, sy, sr := 60+rng.Float64()*360, 45+rng.Float64()*105, 22+rng.Float64()*38
	// The hills' outlines are computed once per column, not per pixel.
	const hills = 3
	var ground [hills][w]float64
	var hillColour [hills]color.RGBA
	for k := 0; k < hills; k++ {
		phase := rng.Float64() * 2 * math.Pi
		for x := 0; x < w; x++ {
			ground[k][x] = h*(0.62+0.1*float64(k)) + 19*math.Sin(float64(x)/(68+22*float64(k))+phase)
		}
		hillColour[k] = mix(bottom, color.RGBA{20, 24, 40, 255}, 0.35+0.2*float64(k))
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		row := mix(top, bottom, float64(y)/h)
		glowing := math.Abs(float64(y)-sy) < sr*2.2
		for x := 0; x < w; x++ {
			c := row
			if glowing {
				if d := math.Hypot(float64(x)-sx, float64(y)-sy); d < sr {
					c = sun
				} else if d < sr*2.2 {
					c = mix(sun, row, (d-sr)/(sr*1.2))
				}
			}
			for k := hills - 1; k >= 0; k-- {
				if float64(y) > ground[k][x] {
					c = hillColour[k]
					break
				}
			}
			img.SetRGBA(x, y, c)
		}
	}
	return img
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	t = math.Max(0, math.Min(1, t))
	l := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t) }
	return color.RGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), 255}
}

func hsv(hue, s, v float64) color.RGBA {
	hue = math.Mod(hue, 1) * 6
	c := v * s
	x := c * (1 - math.Abs(math.Mod(hue, 2)-1))
	var r, g, b float64
	switch int(hue) {
	case 0:
		r, g, b = c, x, 0
	case 1:
		r, g, b = x, c, 0
	case 2:
		r, g, b = 0, c, x
	case 3:
		r, g, b = 0, x, c
	case 4:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	m := v - c
	return color.RGBA{uint8((r + m) * 255), uint8((g + m) * 255), uint8((b + m) * 255), 255}
}

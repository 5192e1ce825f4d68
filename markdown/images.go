package markdown

import (
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"

	"feedlab/media"
)

// localImages keeps only images served by the appliance itself (media.IsLocalURL: its
// media store and built-in images, /media/, /img/, /video/). An
// image from another host would be fetched by every participant's browser when the page
// shows: it tells that host who took part and when (a tracking pixel), and breaks the
// promise that the appliance makes no outside calls (docs/decisions.md, ground rules). A dropped
// image leaves its alt text. Raw HTML never reaches the page (goldmark omits it), so
// markdown images are the only way to an <img>.
type localImages struct{}

func (localImages) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	var remote []*ast.Image
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if img, ok := n.(*ast.Image); ok && entering && !media.IsLocalURL(string(img.Destination)) {
			remote = append(remote, img)
		}
		return ast.WalkContinue, nil
	})
	for _, img := range remote {
		parent := img.Parent()
		for c := img.FirstChild(); c != nil; {
			next := c.NextSibling()
			parent.InsertBefore(parent, img, c)
			c = next
		}
		parent.RemoveChild(parent, img)
	}
}

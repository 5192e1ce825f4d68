// Package markdown renders the markdown researchers write (consent, instructions, custom
// end messages) to HTML that is safe to put into a participant's page: goldmark renders
// CommonMark, bluemonday then removes anything that could run script or load content from
// elsewhere. The browser never injects researcher text raw.
package markdown

import (
	"bytes"
	"fmt"

	"github.com/microcosm-cc/bluemonday"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/util"
)

var (
	renderer = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough, extension.Linkify),
		goldmark.WithParserOptions(parser.WithASTTransformers(util.Prioritized(localImages{}, 100), util.Prioritized(scriptContent{}, 100))))
	policy = newPolicy()
)

func newPolicy() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	// Links open in a new tab so a participant never navigates away from the study.
	p.AddTargetBlankToFullyQualifiedLinks(true)
	p.RequireNoReferrerOnFullyQualifiedLinks(true)
	return p
}

// ToHTML renders markdown and sanitizes the result.
func ToHTML(src string) (string, error) {
	var buf bytes.Buffer
	if err := renderer.Convert([]byte(src), &buf); err != nil {
		return "", fmt.Errorf("markdown: render: %w", err)
	}
	return policy.Sanitize(buf.String()), nil
}

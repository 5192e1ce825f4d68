package markdown

import (
	"bytes"

	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

// scriptContent drops what stands between an inline <script> or <style> tag and its closing
// tag. Goldmark omits raw HTML tags but keeps the text between them, so a message holding
// "<script>alert(1)</script>" showed "alert(1)" to participants: code the researcher never
// meant as words. A tag with no closing tag in its paragraph drops the rest of the
// paragraph, as a browser would hide it. (A <script> block on lines of its own is an HTML
// block, which goldmark omits whole.)
type scriptContent struct{}

var hiddenElements = [][]byte{[]byte("script"), []byte("style")}

func (scriptContent) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	source := reader.Source()
	var drop []ast.Node
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		raw, ok := n.(*ast.RawHTML)
		if !entering || !ok {
			return ast.WalkContinue, nil
		}
		name := openingTag(rawText(raw, source))
		if name == nil {
			return ast.WalkContinue, nil
		}
		for c := n.NextSibling(); c != nil; c = c.NextSibling() {
			drop = append(drop, c)
			if r, ok := c.(*ast.RawHTML); ok && closes(rawText(r, source), name) {
				break
			}
		}
		return ast.WalkSkipChildren, nil
	})
	for _, n := range drop {
		if p := n.Parent(); p != nil {
			p.RemoveChild(p, n)
		}
	}
}

func rawText(r *ast.RawHTML, source []byte) []byte {
	var b []byte
	for i := 0; i < r.Segments.Len(); i++ {
		s := r.Segments.At(i)
		b = append(b, s.Value(source)...)
	}
	return b
}

// openingTag is the name of the hidden element a raw tag opens ("<script", "<STYLE …"), or nil.
func openingTag(tag []byte) []byte {
	for _, name := range hiddenElements {
		if len(tag) > len(name) && tag[0] == '<' && bytes.EqualFold(tag[1:1+len(name)], name) && !isNameByte(at(tag, 1+len(name))) {
			return name
		}
	}
	return nil
}

// closes reports whether a raw tag is name's closing tag.
func closes(tag, name []byte) bool {
	return len(tag) > len(name)+1 && tag[0] == '<' && tag[1] == '/' && bytes.EqualFold(tag[2:2+len(name)], name) && !isNameByte(at(tag, 2+len(name)))
}

func at(b []byte, i int) byte {
	if i < len(b) {
		return b[i]
	}
	return 0
}

func isNameByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-'
}

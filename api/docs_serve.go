package api

import (
	"html"
	"net/http"
	"sync"

	"feedlab/docs"
	"feedlab/markdown"
)

// parameterDocsPage is docs/parameters.md as a page, rendered once: the text is built into
// the binary, so it cannot change while the appliance runs.
var parameterDocsPage = sync.OnceValues(func() ([]byte, error) {
	body, err := markdown.ToHTML(docs.Parameters)
	if err != nil {
		return nil, err
	}
	const title = "Study parameters, exports and the participant API: feedlab"
	return []byte(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>` + html.EscapeString(title) + `</title>
<style>
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:72rem;padding:1rem;color:#1b1b1f}
table{border-collapse:collapse;display:block;overflow-x:auto;margin:1rem 0}
th,td{border:1px solid #c8c8d0;padding:.3rem .5rem;vertical-align:top;text-align:left}
code{background:#f1f1f4;padding:0 .2em;border-radius:3px;overflow-wrap:anywhere}
pre{background:#f1f1f4;padding:.5rem;overflow-x:auto}
</style></head>
<body><main>
` + body + `
</main></body></html>
`), nil
})

// serveParameterDocs answers the parameter reference the codebooks point to. It is public
// (it describes feedlab, not a study) and goes through the same renderer and sanitizer as
// researcher text, so the page carries no script.
func (s *Server) serveParameterDocs(w http.ResponseWriter, r *http.Request) {
	page, err := parameterDocsPage()
	if err != nil {
		s.fail(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Cache-Control", "no-cache")
	w.Write(page)
}

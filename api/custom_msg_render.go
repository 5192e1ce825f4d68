package api

import "net/http"

type customMessageRequest struct {
	Text string `json:"text"`
}

// renderCustomMessage answers the HTML of a custom end message for /form/custom-msg opened
// by its URL (the message travels in the link's query string, as the spec's route has it):
// the page shows it as markdown, rendered and sanitized here with the same policy as every
// researcher text (DESIGN.md decision 5), never as raw HTML. It is a participant call (no
// sign-in): it reads nothing stored, and the text is bounded like any custom-msg.
func (s *Server) renderCustomMessage(w http.ResponseWriter, r *http.Request) {
	var req customMessageRequest
	if err := decode(w, r, limitEvent, &req); err != nil {
		s.fail(w, r, err)
		return
	}
	html, err := renderText("custom-msg", req.Text)
	if err != nil {
		s.fail(w, r, err)
		return
	}
	ok(w, map[string]any{"html": html})
}

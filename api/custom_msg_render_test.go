package api

import (
	"strings"
	"testing"
)

// TestRenderCustomMessageIsSanitizedMarkdown: /form/custom-msg opened by its URL gets its
// message rendered as markdown with the researcher-text policy: emphasis and links kept,
// scripts, handlers and foreign images dropped; bad input is a clear 400.
func TestRenderCustomMessageIsSanitizedMarkdown(t *testing.T) {
	e := newEnv(t)
	r := e.post("/v1/render_custom_msg", map[string]string{"text": "## Debrief\n\nThe posts were **fabricated**. <script>alert(1)</script><img src=x onerror=alert(2)> ![t](https://evil.example/t.png)"})
	if r.status != 200 {
		t.Fatalf("%d %s", r.status, r.body)
	}
	html := r.json["data"].(map[string]any)["html"].(string)
	for _, want := range []string{"<h2", "Debrief", "<strong>fabricated</strong>"} {
		if !strings.Contains(html, want) {
			t.Errorf("html %q lacks %q", html, want)
		}
	}
	for _, bad := range []string{"<script", "onerror", "evil.example"} {
		if strings.Contains(html, bad) {
			t.Errorf("html %q keeps %q", html, bad)
		}
	}
	if r := e.post("/v1/render_custom_msg", map[string]string{"text": strings.Repeat("x", 20001)}); r.status != 400 {
		t.Fatalf("an over-long message: %d %s", r.status, r.body)
	}
	if r := e.post("/v1/render_custom_msg", "not json"); r.status != 400 {
		t.Fatalf("a bad body: %d %s", r.status, r.body)
	}
}

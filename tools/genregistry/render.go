package main

import (
	"bytes"
	"encoding/json"
	"fmt"

	"feedlab/export"
	"feedlab/params"
	"feedlab/stimuli"
	"feedlab/store"
)

// entry is one exported constant of the module: its doc comment, name, value (written as
// JSON, which is valid TypeScript) and whether it is a literal list (`as const`, so the
// TypeScript gets a union type of its names).
type entry struct {
	doc, name string
	value     any
	asConst   bool
	// typ is an optional exported type derived from the constant, such as
	// "PlatformName = (typeof PLATFORMS)[number]['name']".
	typ string
}

// platform is what the browser reads of a params.Platform (the participant page needs
// none of the wizard's words, the wizard none of the server's return link).
type platform struct {
	Name           string `json:"name"`
	Title          string `json:"title"`
	LinkParams     string `json:"linkParams"`
	End            string `json:"end"`
	NeedsRedirect  bool   `json:"needsRedirect"`
	CompletionCode bool   `json:"completionCode"`
	Reconcile      string `json:"reconcile"`
}

type questionnaire struct {
	Name    string `json:"name"`
	Title   string `json:"title"`
	Message bool   `json:"message"`
}

type exportType struct {
	Name  string `json:"name"`
	Title string `json:"title"`
	OfSet bool   `json:"ofSet"`
}

func entries() []entry {
	var platforms []platform
	for _, p := range params.Platforms() {
		platforms = append(platforms, platform{p.Name, p.Title, p.LinkParams, p.End, p.NeedsRedirect, p.CompletionCode, p.Reconcile})
	}
	var forms []questionnaire
	for _, q := range params.Questionnaires() {
		forms = append(forms, questionnaire{q.Name, q.Title, q.Message})
	}
	var types []exportType
	for _, t := range export.TypeTable() {
		types = append(types, exportType{t.Name, t.Title, t.OfSet})
	}
	return []entry{
		{doc: "URL_ENCODED_PARAMS are the parameters whose values travel URL-encoded between the server and the browser (params.URLEncoded).",
			name: "URL_ENCODED_PARAMS", value: params.URLEncoded(), asConst: true},
		{doc: "BUTTONS are the feed buttons, each set by the parameter feed-button-<name> (params.ButtonKinds).",
			name: "BUTTONS", value: params.ButtonKinds(), asConst: true},
		{doc: "PLATFORMS are the recruitment platforms in the wizard's order, None ('') first (params.Platforms).",
			name: "PLATFORMS", value: platforms, asConst: true, typ: "PlatformName = (typeof PLATFORMS)[number]['name']"},
		{doc: "QUESTIONNAIRES are the /form/<name> pages with their titles as the participant page shows them; message: the custom end message page, which asks nothing (params.Questionnaires).",
			name: "QUESTIONNAIRES", value: forms, asConst: true, typ: "QuestionnaireName = (typeof QUESTIONNAIRES)[number]['name']"},
		{doc: "EXPORT_TYPES are the download types in the download page's order, with its labels; ofSet: the id is a stimulus set's name (export.TypeTable).",
			name: "EXPORT_TYPES", value: types, asConst: true, typ: "ExportTypeName = (typeof EXPORT_TYPES)[number]['name']"},
		{doc: "MAX_TRIM is the largest trim the exposures export takes (export.MaxTrim).",
			name: "MAX_TRIM", value: export.MaxTrim},
		{doc: "CATEGORIES are the stimulus-set categories in the order offered (stimuli.Categories).",
			name: "CATEGORIES", value: stimuli.Categories, asConst: true, typ: "Category = (typeof CATEGORIES)[number]"},
		{doc: "COMMENT_MODES are the values of the comments parameter, the default first; first-N takes its N (params.CommentModes, params.MaxCommentsFirst).",
			name: "COMMENT_MODES", value: params.CommentModes(), asConst: true},
		{doc: "MAX_COMMENTS_FIRST is the largest N of comments first-N (params.MaxCommentsFirst).",
			name: "MAX_COMMENTS_FIRST", value: params.MaxCommentsFirst},
		{doc: "REACTION_WHEN are the participant actions a reactions rule answers; REACTION_DO what it may do (params.ReactionWhen, params.ReactionDo).",
			name: "REACTION_WHEN", value: params.ReactionWhen, asConst: true},
		{doc: "REACTION_DO are the kinds of reaction a rule's do holds, exactly one of them (params.ReactionDo).",
			name: "REACTION_DO", value: params.ReactionDo, asConst: true},
		{doc: "TEXT_SIZES are the values of text-size, the default first (params.TextSizes).",
			name: "TEXT_SIZES", value: names(params.TextSizes()), asConst: true, typ: "TextSize = (typeof TEXT_SIZES)[number]"},
		{doc: "CHECKPOINT_TEXT_SIZE is the checkpoint a participant's browser sends with the text size chosen under offer (params.CheckpointTextSize).",
			name: "CHECKPOINT_TEXT_SIZE", value: params.CheckpointTextSize},
		{doc: "STAGES are the funnel stages in order, the furthest last (store.Stages).",
			name: "STAGES", value: store.Stages, asConst: true, typ: "Stage = (typeof STAGES)[number]"},
	}
}

// names are the choices' values, in order.
func names(cs []params.Choice) []string {
	out := make([]string, 0, len(cs))
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

// render writes the module.
func render() ([]byte, error) {
	var b bytes.Buffer
	b.WriteString("// Code generated by tools/genregistry from the Go tables; DO NOT EDIT.\n")
	b.WriteString("// Change the Go table named beside each list, then run `go generate ./frontend`;\n")
	b.WriteString("// ./build.sh and TestRegistryIsCurrent fail while this file is stale.\n")
	for _, e := range entries() {
		// Written as it reads: '&' in a link stays '&' (valid TypeScript either way).
		var v bytes.Buffer
		enc := json.NewEncoder(&v)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		if err := enc.Encode(e.value); err != nil {
			return nil, fmt.Errorf("render %s: %w", e.name, err)
		}
		fmt.Fprintf(&b, "\n/** %s */\nexport const %s = %s", e.doc, e.name, bytes.TrimSpace(v.Bytes()))
		if e.asConst {
			b.WriteString(" as const")
		}
		b.WriteString(";\n")
		if e.typ != "" {
			fmt.Fprintf(&b, "export type %s;\n", e.typ)
		}
	}
	return b.Bytes(), nil
}

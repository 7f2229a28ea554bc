package server

import (
	"strings"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/openapi"
)

// A static list is read whole by the client and the host's model: 1,225 GitHub tools each
// carried the full envelope schema, the reserved arguments' paragraphs and up to 1,200
// characters of description, 10 MB the TypeScript client took seconds over (issue 31).
// A listed tool says what an assistant needs to call it right: its method and path, one
// sentence of what it does, its arguments; the reserved arguments in a few words (the
// server's instructions say the rest once), the envelope's shape in types. The whole
// description and the reserved arguments' full text stay one describe_operation away.

// leanInput is a tool's input schema with the reserved arguments said briefly.
func leanInput(schema map[string]any) map[string]any {
	in, _ := schema["properties"].(map[string]any)
	props := make(map[string]any, len(in))
	for k, v := range in {
		if lean := tools.ReservedSchema(k, tools.Lean); lean != nil {
			v = lean
		}
		props[k] = v
	}
	out := make(map[string]any, len(schema))
	for k, v := range schema {
		out[k] = v
	}
	out["properties"] = props
	return out
}

// leanDescription is "METHOD /path: what it does", in one sentence of plain text, and
// what the body needs when the spec says it.
func leanDescription(op *tools.Operation) string {
	var b strings.Builder
	b.WriteString(op.Key())
	what := plainText(op.Summary)
	if what == "" {
		what = firstSentence(plainText(op.Description))
	}
	if what != "" {
		b.WriteString(": " + what)
	}
	if note := openapi.BodyNote(op); note != "" {
		b.WriteString(" " + note)
	}
	return b.String()
}

// plainText is text without HTML tags, markdown links' targets, emphasis marks and line
// breaks (clarify.StripMarkup, which a confirmation's wording uses too).
func plainText(s string) string { return clarify.StripMarkup(s) }

// firstSentence is text up to its first full stop followed by a space, cut at 200
// characters.
func firstSentence(s string) string {
	if i := strings.Index(s, ". "); i > 0 {
		s = s[:i+1]
	}
	if r := []rune(s); len(r) > 200 {
		s = string(r[:199]) + "…"
	}
	return s
}

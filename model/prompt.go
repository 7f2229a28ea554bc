package model

import (
	"encoding/json"
	"fmt"
	"strings"
)

// FunctionName is the function the model answers through.
const FunctionName = "choose_operation"

// None is the operation the model answers when no candidate does what was asked.
const None = "none"

// MaxPromptBytes bounds what is sent to the model for one request: instructions, the
// request, the candidates and the answer's schema. Candidates are described more briefly,
// then fewer are offered, until the prompt fits.
const MaxPromptBytes = 4000

// Prompt is what one model call sends.
type Prompt struct {
	System string
	User   string
	// Schema is the JSON Schema of the answer: the function's parameters, or the object
	// asked for in JSON mode.
	Schema map[string]any
	// Candidates are the operations the prompt offers, in its order.
	Candidates []Candidate
}

// Size is the prompt's size in bytes: both messages and the encoded schema.
func (p Prompt) Size() int {
	data, _ := json.Marshal(p.Schema)
	return len(p.System) + len(p.User) + len(data)
}

const system = `You map a person's request to one operation of an HTTP API and copy the values they stated.
Choose only among the operations listed, by name. If none of them does what the person asks, answer operation "none" and say why in reason.
In arguments, put only values that appear in the person's words, copied as they wrote them: a name stays a name ("Sofia Coppola" for person_id), never an id you know, a default, an example or a guess. Leave out whatever they did not say.
reason: one short sentence on why this operation fits.`

// jsonModeNote is added where the endpoint has no function calling: the same answer, as
// a bare JSON object.
const jsonModeNote = `
Answer with one JSON object and nothing else: {"operation": "<name or none>", "reason": "<why>", "arguments": [{"name": "<argument>", "value": "<as said>"}]}`

// NewPrompt builds the prompt for request over the candidates, best first, within
// MaxPromptBytes: argument descriptions go first, then the last candidates.
func NewPrompt(request string, cands []Candidate) Prompt {
	request = strings.TrimSpace(request)
	if len(request) > 1000 {
		request = oneLine(request, 1000)
	}
	if p := build(request, cands, true); p.Size() <= MaxPromptBytes {
		return p
	}
	for n := len(cands); n > 1; n-- {
		if p := build(request, cands[:n], false); p.Size() <= MaxPromptBytes {
			return p
		}
	}
	return build(request, cands[:min(1, len(cands))], false)
}

// JSONMode is p for an endpoint without function calling: the schema described in the
// instructions instead.
func (p Prompt) JSONMode() Prompt {
	p.System += jsonModeNote
	return p
}

func build(request string, cands []Candidate, detail bool) Prompt {
	var b strings.Builder
	fmt.Fprintf(&b, "Request: %s\n\nOperations:\n", request)
	names := make([]any, 0, len(cands)+1)
	for i, c := range cands {
		names = append(names, c.Name)
		fmt.Fprintf(&b, "%d. %s (%s)", i+1, c.Name, c.Key)
		if c.Summary != "" {
			fmt.Fprintf(&b, ": %s", c.Summary)
		}
		b.WriteString("\n")
		if len(c.Params) == 0 {
			continue
		}
		b.WriteString("   arguments: ")
		for j, p := range c.Params {
			if j > 0 {
				b.WriteString("; ")
			}
			b.WriteString(p.Name)
			if p.Required {
				b.WriteString("*")
			}
			switch {
			case len(p.Enum) > 0:
				b.WriteString(" " + strings.Join(p.Enum, "|"))
			case p.Type != "":
				b.WriteString(" " + p.Type)
			}
			if detail && p.Desc != "" {
				b.WriteString(" (" + p.Desc + ")")
			}
		}
		b.WriteString("\n")
	}
	b.WriteString("(* required)")
	names = append(names, None)
	return Prompt{System: system, User: b.String(), Schema: answerSchema(names), Candidates: cands}
}

// answerSchema is the answer's JSON Schema, valid in OpenAI's strict mode: every
// property required, no other property allowed. Arguments are name/value pairs, since
// strict mode allows no free-form object; values are text, read back by each argument's
// declared type (Coerce).
func answerSchema(names []any) map[string]any {
	return map[string]any{
		"type":                 "object",
		"additionalProperties": false,
		"required":             []string{"operation", "reason", "arguments"},
		"properties": map[string]any{
			"operation": map[string]any{"type": "string", "enum": names, "description": "The chosen operation's name, or none."},
			"reason":    map[string]any{"type": "string"},
			"arguments": map[string]any{
				"type": "array",
				"items": map[string]any{
					"type":                 "object",
					"additionalProperties": false,
					"required":             []string{"name", "value"},
					"properties": map[string]any{
						"name":  map[string]any{"type": "string"},
						"value": map[string]any{"type": "string"},
					},
				},
			},
		},
	}
}

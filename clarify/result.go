package clarify

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/askapi/askapi/reverse/chain"
	"github.com/askapi/askapi/tools/upstream"
)

// Status is the outcome of a tool call.
type Status string

const (
	StatusOK                 Status = "ok"
	StatusNeedsClarification Status = "needs_clarification"
	StatusUnsupported        Status = "unsupported"
	StatusCancelled          Status = "cancelled"
	StatusError              Status = "error"
)

// Result is the envelope every tool returns as structuredContent.
type Result struct {
	Status Status `json:"status"`
	// Operation is "METHOD /path" of the operation the result is about.
	Operation string `json:"operation,omitempty"`
	HTTP      *HTTP  `json:"http,omitempty"`
	Body      any    `json:"body,omitempty"`
	// Note says when the body was truncated, cut, selected from or compacted; for
	// find_operations, which of the request's words were read as the API's own.
	Note string `json:"note,omitempty"`
	// Shape says how the body differs from the whole answer (shape.go).
	Shape     *Shape          `json:"shape,omitempty"`
	Resolved  []Resolution    `json:"resolved,omitempty"`
	Calls     []upstream.Call `json:"calls,omitempty"`
	Questions []Question      `json:"questions,omitempty"`
	// Continuation resumes the call after the person answered.
	Continuation string `json:"continuation,omitempty"`
	// Reason explains unsupported, cancelled and error results.
	Reason string `json:"reason,omitempty"`
	// Error describes an upstream or transport failure.
	Error *Failure `json:"error,omitempty"`

	// Steps is the backward chain a plan would run (the plan meta-tool).
	Steps []chain.Step `json:"steps,omitempty"`
	// Operations are the matches of find_operations, best first: on an unsupported
	// answer too, as the nearest candidates.
	Operations []OperationMatch `json:"operations,omitempty"`
	// Unserved are the content words of a find_operations query that no operation
	// serves, as the query said them.
	Unserved []string `json:"unserved,omitempty"`
	// Tool is the MCP tool definition describe_operation answers (dynamic mode): name,
	// description, inputSchema, _meta and annotations.
	Tool any `json:"tool,omitempty"`
	// Selected is the operation resolve chose, and why (selection.go).
	Selected *Selection `json:"selected,omitempty"`
}

// OperationMatch is one operation find_operations offers.
type OperationMatch struct {
	Tool    string  `json:"tool"`
	Method  string  `json:"method"`
	Path    string  `json:"path"`
	Summary string  `json:"summary,omitempty"`
	Score   float64 `json:"score"`
	// Matched are the query's words this operation matched, as the query said them.
	Matched []string `json:"matched,omitempty"`
}

// HTTP is the upstream answer's status line.
type HTTP struct {
	Status      int    `json:"status"`
	ContentType string `json:"content_type,omitempty"`
}

// Resolution records an argument askapi filled, and from which call.
type Resolution struct {
	Field string `json:"field"`
	Value any    `json:"value"`
	// From is the value the caller gave (a name), when the argument was resolved from one.
	From any `json:"from,omitempty"`
	// Via is the producer operation, "METHOD /path".
	Via string `json:"via,omitempty"`
	// Call is the index in calls of the producer request, or -1 when it was reused from a
	// continuation.
	Call  int    `json:"call"`
	Label string `json:"label,omitempty"`
	// ChosenBy is "model" when a model chose the lookup, the spec offering none.
	ChosenBy string `json:"chosen_by,omitempty"`
}

// Failure is an upstream or transport failure without secrets or stack traces.
type Failure struct {
	Message        string `json:"message"`
	UpstreamStatus int    `json:"upstream_status,omitempty"`
	BodyExcerpt    string `json:"body_excerpt,omitempty"`
}

// IsError reports whether the MCP result must carry isError.
func (r *Result) IsError() bool { return r.Status == StatusError }

// OutputSchema is the JSON Schema every tool declares: the envelope with only status
// required, so answers and clarifications both conform.
func OutputSchema() map[string]any {
	question := map[string]any{
		"type":     "object",
		"required": []string{"field", "kind", "question"},
		"properties": map[string]any{
			"field":      map[string]any{"type": "string"},
			"kind":       map[string]any{"type": "string", "enum": []string{"missing", "invalid", "ambiguous", "not_found", "unresolved", "unconfirmed", "sensitive"}},
			"question":   map[string]any{"type": "string"},
			"reason":     map[string]any{"type": "string"},
			"via":        map[string]any{"type": "string"},
			"candidates": map[string]any{"type": "array", "items": map[string]any{"type": "object"}},
			"options": map[string]any{
				"type": "array",
				"items": map[string]any{
					"type":       "object",
					"properties": map[string]any{"value": map[string]any{}, "label": map[string]any{"type": "string"}},
				},
			},
		},
	}
	return map[string]any{
		"type":     "object",
		"required": []string{"status"},
		"properties": map[string]any{
			"status":       map[string]any{"type": "string", "enum": []string{"ok", "needs_clarification", "unsupported", "cancelled", "error"}},
			"operation":    map[string]any{"type": "string"},
			"http":         map[string]any{"type": "object", "properties": map[string]any{"status": map[string]any{"type": "integer"}, "content_type": map[string]any{"type": "string"}}},
			"body":         map[string]any{"description": "The upstream response body, parsed when it is JSON."},
			"note":         map[string]any{"type": "string"},
			"shape":        shapeSchema(),
			"resolved":     map[string]any{"type": "array", "items": map[string]any{"type": "object"}},
			"calls":        map[string]any{"type": "array", "items": map[string]any{"type": "object"}},
			"questions":    map[string]any{"type": "array", "items": question},
			"continuation": map[string]any{"type": "string"},
			"reason":       map[string]any{"type": "string"},
			"error":        map[string]any{"type": "object"},
			"steps":        map[string]any{"type": "array", "items": map[string]any{"type": "object"}},
			"operations":   map[string]any{"type": "array", "items": map[string]any{"type": "object"}},
			"tool":         map[string]any{"type": "object"},
		},
	}
}

// mentionsAll reports whether a question already names every option.
func mentionsAll(question string, opts []Option) bool {
	for _, o := range opts {
		if !strings.Contains(question, o.Label) {
			return false
		}
	}
	return true
}

func (r *Result) onlySensitive() bool {
	for _, q := range r.Questions {
		if q.Kind != Sensitive {
			return false
		}
	}
	return len(r.Questions) > 0
}

// Text renders the result for the text content block: the same JSON, preceded for a
// clarification by the questions in plain words and the instruction not to guess.
func (r *Result) Text() string {
	data, err := json.Marshal(r)
	if err != nil {
		data = []byte(fmt.Sprintf(`{"status":"error","reason":%q}`, err.Error()))
	}
	switch r.Status {
	case StatusNeedsClarification:
		if r.onlySensitive() {
			return strings.TrimSuffix(r.sentLine(), ".") + ": this API's credentials are not configured or were refused. Tell the user what to set in askapi's configuration; never ask for a secret in chat.\n" + r.Questions[0].Question + "\n" + string(data)
		}
		var b strings.Builder
		b.WriteString(r.sentLine())
		b.WriteString(" Ask the user; do not guess or invent values.\n")
		for i, q := range r.Questions {
			fmt.Fprintf(&b, "%d. %s", i+1, q.Question)
			if len(q.Options) > 0 && !mentionsAll(q.Question, q.Options) {
				labels := make([]string, len(q.Options))
				for j, o := range q.Options {
					labels[j] = o.Label
				}
				// After a question of several lines (a confirmation showing its body), the
				// options start a line of their own rather than trail the body's last brace.
				sep := " "
				if strings.Contains(q.Question, "\n") {
					sep = "\n"
				}
				if q.Via != "" {
					// Labels an API wrote are its words, quoted and named as such, never
					// read as the server's (issue 27: a label forged a paragraph).
					for j, l := range labels {
						labels[j] = fmt.Sprintf("%q", l)
					}
					fmt.Fprintf(&b, "%sOptions, as %s names them: %s.", sep, q.Via, strings.Join(labels, "; "))
				} else {
					fmt.Fprintf(&b, "%sOptions: %s.", sep, strings.Join(labels, "; "))
				}
			}
			b.WriteString("\n")
		}
		if r.hasCandidates() {
			b.WriteString("Where a question lists candidates, you may instead look the thing up with one of those operations and call again with what it gives.\n")
		}
		b.WriteString("Then call the same tool again with the user's answers")
		if r.Continuation != "" {
			b.WriteString(" and the _continuation value below, unchanged")
		}
		b.WriteString(".\n")
		b.Write(data)
		return b.String()
	case StatusUnsupported:
		return "This API cannot do that: " + r.Reason + "\nTell the user; do not substitute another operation.\n" + string(data)
	}
	return string(data)
}

// sentLine says what reached the API: "Nothing was sent." only when nothing did;
// otherwise each request made and what the API answered, and whether the operation
// itself was among them.
func (r *Result) sentLine() string {
	if len(r.Calls) == 0 {
		return "Nothing was sent."
	}
	parts := make([]string, len(r.Calls))
	for i, c := range r.Calls {
		parts[i] = fmt.Sprintf("%s %s → %d", c.Method, c.Path, c.Status)
	}
	line := fmt.Sprintf("askapi sent %d request(s): %s.", len(r.Calls), strings.Join(parts, "; "))
	if r.HTTP == nil {
		line += " The operation itself was not called."
	}
	return line
}

// hasCandidates reports whether a question offers operations to look a thing up with.
func (r *Result) hasCandidates() bool {
	for _, q := range r.Questions {
		if len(q.Candidates) > 0 {
			return true
		}
	}
	return false
}

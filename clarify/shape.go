package clarify

import (
	"github.com/askapi/askapi/tools/upstream"
)

// Shape says how the body returned differs from the API's whole answer: the values
// _select picked, what _compact saved, what a cut at --max-body left out.
type Shape struct {
	// FullBytes is the size of the API's answer; Bytes that of the body returned.
	FullBytes int `json:"full_bytes"`
	Bytes     int `json:"bytes"`
	// Select are the _select paths; the body maps each path that matched to its value.
	Select []string `json:"select,omitempty"`
	// Unmatched are the paths that matched nothing.
	Unmatched []string `json:"unmatched,omitempty"`
	// Compact is true when empty values and links were dropped; SavedBytes is what that saved.
	Compact    bool `json:"compact,omitempty"`
	SavedBytes int  `json:"saved_bytes,omitempty"`
	// Cut says what was left out to stay under --max-body.
	Cut *upstream.Cut `json:"cut,omitempty"`
}

// shapeSchema is Shape in the output schema, kept short: every tool declares it.
func shapeSchema() map[string]any {
	integer := map[string]any{"type": "integer"}
	strs := map[string]any{"type": "array", "items": map[string]any{"type": "string"}}
	return map[string]any{
		"type":        "object",
		"description": "How the body differs from the API's whole answer (_select, _compact, a cut at --max-body).",
		"properties": map[string]any{
			"full_bytes": integer, "bytes": integer, "select": strs, "unmatched": strs,
			"compact": map[string]any{"type": "boolean"}, "saved_bytes": integer,
			"cut": map[string]any{"type": "object", "description": "max_bytes; dropped: paths left out; lists: {path, kept, total, example}"},
		},
	}
}

package tools

// The reserved arguments (DESIGN.md, "Tools"): optional on every tool, never sent
// upstream. Their schemas are defined here and nowhere else, in the words a tool shows
// in full (an operation's tool, describe_operation) and in a few (a listed tool, the
// server's instructions saying the rest once). The meta-tools (find_operations, plan,
// call_operation, resolve) say three of them in words of their own. The schemas are
// shared by every input schema: read-only.

// Reserved argument names.
const (
	// ArgUserRequest is the user's own words behind the call.
	ArgUserRequest = "_user_request"
	// ArgContinuation is the token of an earlier clarification.
	ArgContinuation = "_continuation"
	// ArgConfirm carries the person's yes or no to a write that policy wants confirmed;
	// it is offered only on such tools.
	ArgConfirm = "_confirm"
	// ArgSelect holds one path or a list of paths into the response.
	ArgSelect = "_select"
	// ArgCompact asks for the compact shape of the response (upstream's compact.go).
	ArgCompact = "_compact"
)

// ReservedArgs lists the reserved arguments.
var ReservedArgs = []string{ArgUserRequest, ArgContinuation, ArgConfirm, ArgSelect, ArgCompact}

// MaxSelectPaths bounds one call's selection: a few values, not a query language run.
const MaxSelectPaths = 20

// Wording is how fully a reserved argument's schema speaks.
type Wording int

const (
	// Full is an operation's tool in full.
	Full Wording = iota
	// Lean is a listed tool's: a few words.
	Lean
	// Meta is a meta-tool's.
	Meta
)

// ReservedSchema is arg's schema in wording w; nil for a name that is not reserved.
func ReservedSchema(arg string, w Wording) map[string]any {
	r, ok := reserved[arg]
	if !ok {
		return nil
	}
	switch {
	case w == Lean:
		return r.lean
	case w == Meta && r.meta != nil:
		return r.meta
	}
	return r.full
}

type reservedSchemas struct {
	full, lean, meta map[string]any // meta nil: the meta-tools say it in full
}

var reserved = map[string]reservedSchemas{
	ArgUserRequest: {
		full: map[string]any{"type": "string", "description": "The user's own words behind this call. askapi checks that values were said, not invented, and uses them to complete arguments. Never sent to the API."},
		lean: map[string]any{"type": "string", "description": "The user's own words."},
		meta: map[string]any{"type": "string", "description": "The user's own words behind this call."},
	},
	ArgContinuation: {
		full: map[string]any{"type": "string", "description": "The continuation token from an earlier needs_clarification result, passed back unchanged with the user's answers. Never sent to the API."},
		lean: map[string]any{"type": "string", "description": "From an earlier needs_clarification, unchanged."},
		meta: map[string]any{"type": "string", "description": "A continuation token from an earlier result, if any."},
	},
	ArgConfirm: {
		full: map[string]any{"type": "boolean", "description": "The user's answer to askapi's confirmation question, sent with the _continuation. Only the user can confirm; never set it on your own. Never sent to the API."},
		lean: map[string]any{"type": "boolean", "description": "The user's yes to askapi's confirmation, with the _continuation. Only the user confirms."},
		meta: map[string]any{"type": "boolean", "description": "The user's answer to askapi's confirmation question, sent with the _continuation. Only the user can confirm; never set it on your own."},
	},
	ArgSelect: {
		full: map[string]any{
			"type":        "array",
			"items":       map[string]any{"type": "string"},
			"maxItems":    MaxSelectPaths,
			"description": "Paths into the response (GJSON syntax: \"results.#.name\", \"items.0.id\", \"data.#(status==\\\"open\\\")#.title\"); only those values come back, keyed by path, with the full size noted. Use it for long answers. Never sent to the API.",
		},
		lean: map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "maxItems": MaxSelectPaths, "description": "GJSON paths: only those values come back."},
	},
	ArgCompact: {
		full: map[string]any{"type": "boolean", "description": "true: drop empty values, nulls and hypermedia links (_links, url fields repeating an id) from the response; identifiers and names are kept. Never sent to the API."},
		lean: map[string]any{"type": "boolean", "description": "Drop empty values and hypermedia links."},
	},
}

package clarify

// Selection says which operation resolve chose for a request in words, and why: the
// model's choice among the candidates the search index proposed, before the rule
// checked, completed and sent it.
type Selection struct {
	// Operation is "METHOD /path"; Tool its tool name.
	Operation string `json:"operation"`
	Tool      string `json:"tool"`
	// Reason is the model's account of why the operation fits.
	Reason string `json:"reason,omitempty"`
	// Arguments are the values the model read from the request, as it gave them.
	Arguments map[string]any `json:"arguments,omitempty"`
	// NotSaid are values the model gave that the request does not contain: never used,
	// asked about when the operation needs them.
	NotSaid map[string]any `json:"not_said,omitempty"`
	// Candidates is how many operations the model chose among.
	Candidates int `json:"candidates,omitempty"`
	// Model names the model that chose, when known.
	Model string `json:"model,omitempty"`
	// Resumed is set on a later round: the operation came from the continuation and the
	// model was not asked again.
	Resumed bool `json:"resumed,omitempty"`
}

// Package clarify decides what must be asked before a call may be sent: what is missing,
// invalid, ambiguous, invented or unconfirmed. It produces the question objects, the
// result envelope and the sealed continuation that lets a call resume.
package clarify

// Kind classifies why a question is asked.
type Kind string

const (
	// Missing: required and absent.
	Missing Kind = "missing"
	// Invalid: wrong type, format or enum.
	Invalid Kind = "invalid"
	// Ambiguous: a producer returned several candidates.
	Ambiguous Kind = "ambiguous"
	// NotFound: a producer returned none.
	NotFound Kind = "not_found"
	// Unconfirmed: the value looks invented, or a write needs confirmation.
	Unconfirmed Kind = "unconfirmed"
	// Sensitive: a secret must come from configuration, never from chat.
	Sensitive Kind = "sensitive"
	// Unresolved: a name was given for an identifier and no lookup could turn it into
	// one (none is known, or every one failed); Candidates name where to look.
	Unresolved Kind = "unresolved"
)

// Question is one thing the assistant must ask the person.
type Question struct {
	// Field is the argument the question is about.
	Field    string   `json:"field"`
	Kind     Kind     `json:"kind"`
	Question string   `json:"question"`
	Options  []Option `json:"options,omitempty"`
	Reason   string   `json:"reason"`
	// Via names the operation that produced the options or was searched, when one was.
	Via string `json:"via,omitempty"`
	// Candidates are, for an unresolved question, the operations that list or search the
	// kind of thing named, so the assistant can look the id up itself and call again.
	Candidates []Candidate `json:"candidates,omitempty"`
}

// Candidate is an operation that lists or searches a kind of thing.
type Candidate struct {
	Operation string `json:"operation"`
	Method    string `json:"method"`
	Path      string `json:"path"`
	Summary   string `json:"summary,omitempty"`
}

// MaxCandidates caps the operations an unresolved question offers.
const MaxCandidates = 5

// Option is one choice a person can pick; Value is what goes back into the argument.
type Option struct {
	Value any    `json:"value"`
	Label string `json:"label"`
}

// MaxOptions caps the options offered: a person picks from a handful, not a page.
const MaxOptions = 8

package eval

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Case is one scenario (DESIGN.md "Scenario cases and the evaluation"), plus the
// extensions documented in docs/cases.md.
type Case struct {
	ID        string     `json:"id"`
	Category  string     `json:"category"`
	Spec      string     `json:"spec"`
	Upstream  []Exchange `json:"upstream"`
	Turns     []Turn     `json:"turns"`
	GoldCalls []Call     `json:"gold_calls"`
	Note      string     `json:"note,omitempty"`
	// KnownFailure, when set, says why askapi fails this case today: the case is kept as
	// written (an honest failing case), run and reported, and does not fail the run. A
	// known failure that passes is reported so the marker is removed.
	KnownFailure string `json:"known_failure,omitempty"`
	// NeverSent lists words the person gave that must not reach the upstream in any write
	// (path, query or body, raw or URL-encoded): DESIGN.md's invariant, per case.
	NeverSent []string `json:"never_sent,omitempty"`

	// Env is added to the server's environment (credentials such as ASKAPI_AUTH_<SCHEME>).
	Env map[string]string `json:"env,omitempty"`
	// Policy is written to a file and passed with --policy.
	Policy json.RawMessage `json:"policy,omitempty"`
	// Client says how the eval client behaves beyond the plain result path.
	Client *ClientSpec `json:"client,omitempty"`
	// Model scripts the model resolve asks (model.go).
	Model *ModelSpec `json:"model,omitempty"`

	// File is where the case was read from.
	File string `json:"-"`
}

// ClientSpec is the extension "client": {"elicitation": ..., "protocol": ...}.
type ClientSpec struct {
	// Elicitation is "decline", "cancel" or {"accept": {...}}; absent means the client
	// does not declare elicitation.
	Elicitation json.RawMessage `json:"elicitation,omitempty"`
	// Protocol pins the protocol version, e.g. "2025-11-25"; empty is the newest.
	Protocol string `json:"protocol,omitempty"`
}

// Exchange is one upstream request the replaying server answers.
type Exchange struct {
	Method string         `json:"method"`
	Path   string         `json:"path"`
	Query  map[string]any `json:"query,omitempty"`
	// Headers must be present on the request with these values (names case-insensitive).
	Headers map[string]string `json:"headers,omitempty"`
	// RequestIncludes must be a JSON subset of the request body.
	RequestIncludes json.RawMessage `json:"request_includes,omitempty"`
	// RequestBody must equal the request body exactly (JSON equality after decoding,
	// numbers compared numerically); null means no body (or a JSON null).
	RequestBody json.RawMessage `json:"request_body,omitempty"`
	Status      int             `json:"status"`
	Body        json.RawMessage `json:"body,omitempty"`
	// ContentType overrides application/json; a string body is then sent as is.
	ContentType string `json:"content_type,omitempty"`
}

// Call is a gold upstream call: method, path and the query keys that matter.
type Call struct {
	Method string         `json:"method"`
	Path   string         `json:"path"`
	Query  map[string]any `json:"query,omitempty"`
}

// Turn is one call of the conversation: a tool call or the answers to the previous one.
type Turn struct {
	Tool        string         `json:"tool,omitempty"`
	Arguments   map[string]any `json:"arguments,omitempty"`
	UserRequest string         `json:"user_request,omitempty"`
	// AssistantQuery is, for a find_operations turn, the query an assistant would write
	// for the person's request (a few words, as in a search box); arguments.query keeps
	// the person's whole sentence. The eval runs and reports both inputs.
	AssistantQuery string         `json:"assistant_query,omitempty"`
	Answers        map[string]any `json:"answers,omitempty"`
	// TamperContinuation alters the continuation before it is sent back.
	TamperContinuation bool   `json:"tamper_continuation,omitempty"`
	Expect             Expect `json:"expect"`
}

// Expect is what a turn must answer.
type Expect struct {
	Status    string          `json:"status,omitempty"`
	Questions []WantQuestion  `json:"questions,omitempty"`
	Body      json.RawMessage `json:"body_includes,omitempty"`
	// Elicited, when set, says whether the client must have been shown a form during the
	// turn (an extension for elicitation-capable clients).
	Elicited *bool `json:"elicited,omitempty"`
	// Result is a JSON subset of the whole envelope (error, resolved, steps, operations...).
	Result json.RawMessage `json:"result_includes,omitempty"`
	// UpstreamCalls, when set, is how many upstream requests the turn must make.
	UpstreamCalls *int `json:"upstream_calls,omitempty"`
}

// WantQuestion is an expected question: field and kind, and values that must be offered.
type WantQuestion struct {
	Field          string `json:"field"`
	Kind           string `json:"kind"`
	OptionsInclude []any  `json:"options_include,omitempty"`
}

// Categories in table order.
var Categories = []string{"CLEAN", "IMKI", "IMR", "IWE", "IBTC"}

// LoadCases reads every *.json case under the given directories and files, sorted by id
// within each directory.
func LoadCases(paths []string) ([]*Case, error) {
	var out []*Case
	seen := map[string]string{}
	for _, p := range paths {
		files, err := caseFiles(p)
		if err != nil {
			return nil, err
		}
		for _, f := range files {
			c, err := loadCase(f)
			if err != nil {
				return nil, err
			}
			if prev, dup := seen[c.ID]; dup {
				return nil, fmt.Errorf("case id %q in %s is also in %s", c.ID, f, prev)
			}
			seen[c.ID] = f
			out = append(out, c)
		}
	}
	return out, nil
}

func caseFiles(p string) ([]string, error) {
	st, err := os.Stat(p)
	if err != nil {
		return nil, fmt.Errorf("cases: %w", err)
	}
	if !st.IsDir() {
		return []string{p}, nil
	}
	matches, err := filepath.Glob(filepath.Join(p, "*.json"))
	if err != nil {
		return nil, fmt.Errorf("cases in %s: %w", p, err)
	}
	sort.Strings(matches)
	return matches, nil
}

func loadCase(file string) (*Case, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("case: %w", err)
	}
	var c Case
	dec := json.NewDecoder(strings.NewReader(string(data)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, fmt.Errorf("case %s: %w", file, err)
	}
	c.File = file
	if err := c.validate(); err != nil {
		return nil, fmt.Errorf("case %s: %w", file, err)
	}
	return &c, nil
}

func (c *Case) validate() error {
	switch {
	case c.ID == "":
		return errors.New("no id")
	case c.Spec == "":
		return errors.New("no spec")
	case len(c.Turns) == 0:
		return errors.New("no turns")
	case c.Turns[0].Tool == "":
		return errors.New("the first turn must name a tool")
	}
	for i, t := range c.Turns {
		if (t.Tool == "") == (t.Answers == nil) {
			return fmt.Errorf("turn %d: give exactly one of tool and answers", i+1)
		}
	}
	if c.Client != nil && len(c.Client.Elicitation) > 0 {
		if _, err := c.Client.elicitAnswer(); err != nil {
			return err
		}
	}
	return nil
}

package corpuscheck

import (
	"encoding/json"
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/askapi/askapi/tools"
)

// Result is one spec's check: the JSON `askapi graph --stats --check` adds per spec, and
// what bench/cmd/corpus -check sums.
type Result struct {
	// Operations read from the raw spec, and those of them askapi publishes a tool for.
	Operations int `json:"operations"`
	Published  int `json:"published"`
	// BodyOps are the published operations whose body requires at least one property a
	// request carries; BodyOK those whose tool publishes every one of them as required
	// where it publishes the body, or whose body is explicitly optional and said so
	// (BodyOptional of them).
	BodyOps      int        `json:"body_ops"`
	BodyOK       int        `json:"body_ok"`
	BodyOptional int        `json:"body_optional,omitempty"`
	BodyMisses   []BodyMiss `json:"body_misses,omitempty"`
	// CredParams are the published operations' header and query parameters that carry a
	// credential (cred.go); CredMisses those published as an argument all the same.
	CredParams int        `json:"cred_params"`
	CredMisses []CredMiss `json:"cred_misses,omitempty"`
	// Notes count what was not checked, or counted apart, by reason: bodies without JSON
	// or form content, unresolved $refs, required properties that are readOnly or declared
	// nowhere, operations without a tool.
	Notes map[string]int `json:"notes,omitempty"`
}

// BodyMiss is an operation whose tool does not publish a required body property as
// required.
type BodyMiss struct {
	Op        string   `json:"op"`   // METHOD /path
	Tool      string   `json:"tool"` // the tool's name
	MediaType string   `json:"media_type"`
	Missing   []string `json:"missing"`
	Why       string   `json:"why"`
}

// CredMiss is a credential parameter published as an argument.
type CredMiss struct {
	Op   string `json:"op"`
	Tool string `json:"tool"`
	In   string `json:"in"`
	Name string `json:"name"`
	Arg  string `json:"arg"` // the argument it is published as
	Why  string `json:"why"` // what makes it a credential: name, description, format: password
}

// Tool is what askapi publishes for one operation, as tools/list shows it: the input
// schema (JSON) and the description.
type Tool struct {
	Name        string
	InputSchema json.RawMessage
	Description string
}

// Publish describes an operation as a tool the way the server does (server.ToolOf).
type Publish func(op *tools.Operation) (Tool, error)

// Check reads the raw spec (JSON or YAML) and compares it with the catalog askapi
// compiled from it, whose tools publish describes.
func Check(raw []byte, cat *tools.Catalog, publish Publish) (*Result, error) {
	s, err := parseRaw(raw)
	if err != nil {
		return nil, err
	}
	res := &Result{Notes: map[string]int{}}
	if _, ok := s.root["openapi"]; !ok {
		// Swagger 2.0 (askapi converts it): this reading is of OpenAPI 3 only.
		res.Notes["not OpenAPI 3: not read"]++
		return res, nil
	}
	apiKeys := s.apiKeyParams()
	byKey := map[string]*tools.Operation{}
	for _, op := range cat.Operations() {
		byKey[op.Method+" "+op.Path] = op
	}
	for _, o := range s.operations() {
		res.Operations++
		op := byKey[o.Key()]
		if op == nil {
			res.Notes["operation without a tool"]++
			continue
		}
		res.Published++
		t, err := publish(op)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", o.Key(), err)
		}
		var schema map[string]any
		if err := json.Unmarshal(t.InputSchema, &schema); err != nil {
			return nil, fmt.Errorf("%s: input schema: %w", o.Key(), err)
		}
		res.checkBody(s, o, op, t, schema)
		res.checkCredentials(s, o, op, t, schema, apiKeys)
	}
	if len(res.Notes) == 0 {
		res.Notes = nil
	}
	return res, nil
}

// saysOptional reads a tool description that says the request body may be left out.
var saysOptional = regexp.MustCompile(`(?i)\b(?:request )?body (?:may|can) be (?:left out|omitted)|\bbody is optional\b`)

func (res *Result) checkBody(s *rawSpec, o rawOp, op *tools.Operation, t Tool, schema map[string]any) {
	sent := ""
	if op.Body != nil {
		sent = op.Body.ContentType
	}
	r := s.readBody(o, sent)
	if r.Skip != "" {
		res.Notes["body: "+r.Skip]++
	}
	if len(r.ReadOnly) > 0 {
		res.Notes["body: required property readOnly (not expected)"] += len(r.ReadOnly)
	}
	if len(r.Undeclared) > 0 {
		res.Notes["body: required property declared nowhere (not expected)"] += len(r.Undeclared)
	}
	if len(r.AlternativeOnly) > 0 {
		res.Notes["body: required property declared only in some oneOf/anyOf alternatives (not expected)"] += len(r.AlternativeOnly)
	}
	if len(r.Required) == 0 {
		return
	}
	res.BodyOps++
	missing, why := unpublished(r.Required, op.Body, schema)
	if len(missing) == 0 {
		res.BodyOK++
		return
	}
	if r.Optional {
		if saysOptional.MatchString(t.Description) {
			res.BodyOK++
			res.BodyOptional++
			return
		}
		why = "the body is explicitly optional (required: false) but the description does not say so; " + why
	}
	res.BodyMisses = append(res.BodyMisses, BodyMiss{Op: o.Key(), Tool: t.Name, MediaType: r.MediaType, Missing: missing, Why: why})
}

// unpublished are the required names the input schema does not require where the tool
// publishes the body: at the top level when the body is flattened, else inside its
// single argument, which must be required itself.
func unpublished(required []string, b *tools.Body, schema map[string]any) ([]string, string) {
	if b == nil {
		return required, "no body is published"
	}
	props, _ := schema["properties"].(map[string]any)
	top := stringList(schema["required"])
	if b.Flattened {
		var missing []string
		for _, n := range required {
			if _, ok := props[n]; !ok || !contains(top, n) {
				missing = append(missing, n)
			}
		}
		return missing, "flattened body: not a required top-level argument"
	}
	arg := b.Arg
	body, _ := props[arg].(map[string]any)
	if body == nil {
		return required, fmt.Sprintf("the body argument %q is not in the input schema", arg)
	}
	var missing []string
	for _, n := range required {
		if !requires(body, n, 0) {
			missing = append(missing, n)
		}
	}
	if !contains(top, arg) {
		return required, fmt.Sprintf("the body argument %q is not required", arg)
	}
	return missing, fmt.Sprintf("not required inside the body argument %q", arg)
}

// requires tells a published (dereferenced) schema that requires a property: its own
// required, any allOf part's, or every oneOf (or anyOf) alternative's.
func requires(schema map[string]any, name string, depth int) bool {
	if depth > maxDepth {
		return false
	}
	if contains(stringList(schema["required"]), name) {
		return true
	}
	for _, part := range anyList(schema["allOf"]) {
		if p, ok := part.(map[string]any); ok && requires(p, name, depth+1) {
			return true
		}
	}
	for _, key := range []string{"oneOf", "anyOf"} {
		alts := anyList(schema[key])
		if len(alts) == 0 {
			continue
		}
		all := true
		for _, alt := range alts {
			p, ok := alt.(map[string]any)
			all = all && ok && requires(p, name, depth+1)
		}
		if all {
			return true
		}
	}
	return false
}

func (res *Result) checkCredentials(s *rawSpec, o rawOp, op *tools.Operation, t Tool, schema map[string]any, apiKeys map[string]bool) {
	props, _ := schema["properties"].(map[string]any)
	var fields map[string]bool
	responseFields := func() map[string]bool {
		if fields == nil {
			fields = s.responseFields(o)
		}
		return fields
	}
	for _, p := range s.params(o) {
		why := credentialLike(p, apiKeys, responseFields)
		if why == "" {
			continue
		}
		res.CredParams++
		// The parameter is published when the operation still has it as an argument and
		// the input schema lists that argument.
		for _, cp := range op.Params {
			same := cp.In == p.In && (cp.Name == p.Name || (p.In == "header" && strings.EqualFold(cp.Name, p.Name)))
			if !same {
				continue
			}
			if _, listed := props[cp.Arg]; listed {
				res.CredMisses = append(res.CredMisses, CredMiss{Op: o.Key(), Tool: t.Name, In: p.In, Name: p.Name, Arg: cp.Arg, Why: why})
			}
			break
		}
	}
}

// Add sums another spec's figures into res (misses are kept per spec by the caller).
func (res *Result) Add(o *Result) {
	if o == nil {
		return
	}
	res.Operations += o.Operations
	res.Published += o.Published
	res.BodyOps += o.BodyOps
	res.BodyOK += o.BodyOK
	res.BodyOptional += o.BodyOptional
	res.CredParams += o.CredParams
	for k, v := range o.Notes {
		if res.Notes == nil {
			res.Notes = map[string]int{}
		}
		res.Notes[k] += v
	}
}

// SortedNotes lists notes by reason.
func SortedNotes(n map[string]int) []string {
	keys := make([]string, 0, len(n))
	for k := range n {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

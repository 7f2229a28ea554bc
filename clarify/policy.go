package clarify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path"
	"strings"

	"github.com/oasdiff/yaml"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

// Policy is what a team decides about asking and confirming, from --policy and from the
// spec's x-askapi-* extensions.
type Policy struct {
	// ReadOnly hides every operation that writes.
	ReadOnly bool          `json:"read_only,omitempty"`
	Confirm  ConfirmPolicy `json:"confirm,omitempty"`
	FromUser FromUser      `json:"from_user,omitempty"`
	// Sources names producers: operation ("METHOD /path", tool name or "*") → argument →
	// "METHOD /path" or {operation, items, id, query}.
	Sources map[string]map[string]json.RawMessage `json:"sources,omitempty"`
}

// ConfirmPolicy says which writes need the person's confirmation before they are sent.
type ConfirmPolicy struct {
	AllWrites  bool     `json:"all_writes,omitempty"`
	Methods    []string `json:"methods,omitempty"`
	Tags       []string `json:"tags,omitempty"`
	Operations []string `json:"operations,omitempty"`
}

// FromUser lists fields whose values must come from the person's own words.
type FromUser struct {
	// Fields apply to every operation.
	Fields []string `json:"fields,omitempty"`
	// Operations maps "METHOD /path" or a tool name to its fields.
	Operations map[string][]string `json:"operations,omitempty"`
}

// LoadPolicy reads a policy file, YAML or JSON. Unknown keys are errors: a typo in a
// safety policy must not silently disable it.
func LoadPolicy(file string) (*Policy, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("policy %s: %w", file, err)
	}
	p, err := ParsePolicy(data)
	if err != nil {
		return nil, fmt.Errorf("policy %s: %w", file, err)
	}
	return p, nil
}

// ParsePolicy decodes a policy from YAML or JSON text.
func ParsePolicy(data []byte) (*Policy, error) {
	js, err := yaml.YAMLToJSON(data)
	if err != nil {
		return nil, fmt.Errorf("parse: %w", err)
	}
	p := &Policy{}
	if string(bytes.TrimSpace(js)) == "null" {
		return p, nil
	}
	dec := json.NewDecoder(bytes.NewReader(js))
	dec.DisallowUnknownFields()
	if err := dec.Decode(p); err != nil {
		return nil, fmt.Errorf("decode: %w", err)
	}
	for _, m := range p.Confirm.Methods {
		switch strings.ToUpper(m) {
		case "POST", "PUT", "PATCH", "DELETE":
		default:
			return nil, fmt.Errorf("confirm.methods: %q is not a write method (POST, PUT, PATCH, DELETE)", m)
		}
	}
	return p, nil
}

// WithSpec adds the spec's document-level x-askapi-policy, which has the same shape as a
// policy file; the file's settings add to it.
func (p *Policy) WithSpec(cat *tools.Catalog) (*Policy, error) {
	out := &Policy{}
	if p != nil {
		*out = *p
	}
	ext, ok := cat.Extensions()["x-askapi-policy"]
	if !ok {
		return out, nil
	}
	data, err := json.Marshal(ext)
	if err != nil {
		return nil, fmt.Errorf("x-askapi-policy: %w", err)
	}
	spec, err := ParsePolicy(data)
	if err != nil {
		return nil, fmt.Errorf("x-askapi-policy: %w", err)
	}
	out.ReadOnly = out.ReadOnly || spec.ReadOnly
	out.Confirm.AllWrites = out.Confirm.AllWrites || spec.Confirm.AllWrites
	out.Confirm.Methods = append(append([]string(nil), spec.Confirm.Methods...), out.Confirm.Methods...)
	out.Confirm.Tags = append(append([]string(nil), spec.Confirm.Tags...), out.Confirm.Tags...)
	out.Confirm.Operations = append(append([]string(nil), spec.Confirm.Operations...), out.Confirm.Operations...)
	out.FromUser.Fields = append(append([]string(nil), spec.FromUser.Fields...), out.FromUser.Fields...)
	if len(spec.FromUser.Operations) > 0 {
		merged := map[string][]string{}
		for k, v := range spec.FromUser.Operations {
			merged[k] = append(merged[k], v...)
		}
		for k, v := range out.FromUser.Operations {
			merged[k] = append(merged[k], v...)
		}
		out.FromUser.Operations = merged
	}
	if len(spec.Sources) > 0 {
		merged := map[string]map[string]json.RawMessage{}
		for _, src := range []map[string]map[string]json.RawMessage{spec.Sources, out.Sources} {
			for op, args := range src {
				if merged[op] == nil {
					merged[op] = map[string]json.RawMessage{}
				}
				for a, v := range args {
					merged[op][a] = v
				}
			}
		}
		out.Sources = merged
	}
	return out, nil
}

func matchesOp(patterns []string, op *tools.Operation) bool {
	for _, pat := range patterns {
		if pat == op.Name || pat == op.OperationID || pat == op.Key() {
			return true
		}
		// Globs over "METHOD /path" or the tool name: "DELETE /silence/*", "delete*".
		if ok, _ := path.Match(pat, op.Key()); ok {
			return true
		}
		if ok, _ := path.Match(pat, op.Name); ok {
			return true
		}
	}
	return false
}

// NeedsConfirm reports whether op writes and the policy (or the operation's
// x-askapi-confirm) wants the person to confirm it first.
func (p *Policy) NeedsConfirm(op *tools.Operation) bool {
	if op.ReadOnly() {
		return false
	}
	if v, ok := op.Extensions["x-askapi-confirm"].(bool); ok {
		return v
	}
	if p == nil {
		return false
	}
	c := p.Confirm
	if c.AllWrites || matchesOp(c.Operations, op) {
		return true
	}
	for _, m := range c.Methods {
		if strings.EqualFold(m, op.Method) {
			return true
		}
	}
	for _, t := range c.Tags {
		for _, ot := range op.Tags {
			if strings.EqualFold(t, ot) {
				return true
			}
		}
	}
	return false
}

// Hides reports whether read-only mode hides op.
func (p *Policy) Hides(op *tools.Operation) bool {
	return p != nil && p.ReadOnly && !op.ReadOnly()
}

// MustComeFromUser lists the fields of op whose values must appear in _user_request.
func (p *Policy) MustComeFromUser(op *tools.Operation) map[string]bool {
	out := map[string]bool{}
	if list, ok := op.Extensions["x-askapi-from-user"].([]any); ok {
		for _, f := range list {
			if s, ok := f.(string); ok {
				out[s] = true
			}
		}
	}
	if p == nil {
		return out
	}
	for _, f := range p.FromUser.Fields {
		out[f] = true
	}
	for key, fields := range p.FromUser.Operations {
		if matchesOp([]string{key}, op) {
			for _, f := range fields {
				out[f] = true
			}
		}
	}
	return out
}

// DeclaredSources converts the policy's sources for the dependency graph.
func (p *Policy) DeclaredSources() (reverse.DeclaredSources, error) {
	if p == nil || len(p.Sources) == 0 {
		return nil, nil
	}
	out := reverse.DeclaredSources{}
	for op, args := range p.Sources {
		out[op] = map[string]reverse.Declared{}
		for arg, raw := range args {
			var d reverse.Declared
			var name string
			if err := json.Unmarshal(raw, &name); err == nil {
				d.Operation = name
			} else if err := json.Unmarshal(raw, &d); err != nil {
				return nil, fmt.Errorf("sources.%s.%s: want \"METHOD /path\" or {operation, items, id, query}: %w", op, arg, err)
			}
			out[op][arg] = d
		}
	}
	return out, nil
}

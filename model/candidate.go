// Package model is askapi's optional use of a language model, kept to the two small tasks
// of the Reverse Chain method: choose the final operation among the few the search index
// proposes, and copy from the person's words the values they said. Everything the model
// answers is checked by the rule afterwards (server/resolve.go); the model never sends a
// request and never sees a secret. The package knows prompts and replies, not MCP.
package model

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/askapi/askapi/tools"
)

// Candidate is one operation offered to the model: what it is called, what it does and
// the arguments it takes, never its whole schema.
type Candidate struct {
	// Name is the tool name, the handle the model answers with.
	Name string
	// Key is "METHOD /path".
	Key     string
	Summary string
	Params  []Param
}

// Param is one argument of a candidate, as the model sees it.
type Param struct {
	Name     string
	Type     string
	Required bool
	Enum     []string
	// Desc is the first words of the argument's description.
	Desc string
}

// maxParams bounds the arguments shown per candidate: GitHub's list operations take a
// dozen paging and filtering options a request rarely names.
const maxParams = 12

// CandidateOf describes op for the model, from its published input schema (so
// credentials, which are configuration, are never offered), required arguments first.
func CandidateOf(op *tools.Operation) Candidate {
	c := Candidate{Name: op.Name, Key: op.Key(), Summary: oneLine(op.Summary, 80)}
	if c.Summary == "" {
		c.Summary = oneLine(op.Description, 80)
	}
	props, _ := op.InputSchema["properties"].(map[string]any)
	required := map[string]bool{}
	switch r := op.InputSchema["required"].(type) {
	case []string:
		for _, n := range r {
			required[n] = true
		}
	case []any:
		for _, n := range r {
			if s, ok := n.(string); ok {
				required[s] = true
			}
		}
	}
	order := map[string]int{}
	for i, p := range op.Params {
		order[p.Arg] = i
	}
	names := make([]string, 0, len(props))
	for name := range props {
		if !strings.HasPrefix(name, "_") {
			names = append(names, name)
		}
	}
	sort.SliceStable(names, func(i, j int) bool {
		a, b := names[i], names[j]
		if required[a] != required[b] {
			return required[a]
		}
		oa, aok := order[a]
		ob, bok := order[b]
		if aok != bok {
			return aok
		}
		if aok && oa != ob {
			return oa < ob
		}
		return a < b
	})
	for _, name := range names {
		s, _ := props[name].(map[string]any)
		p := Param{Name: name, Type: tools.SchemaType(s), Required: required[name], Desc: oneLine(str(s["description"]), 60)}
		if items, ok := s["items"].(map[string]any); ok && p.Type == "array" {
			if it := tools.SchemaType(items); it != "" {
				p.Type = it + "[]"
			}
		}
		if enum, ok := s["enum"].([]any); ok && len(enum) <= 8 {
			for _, v := range enum {
				if v != nil {
					p.Enum = append(p.Enum, fmt.Sprint(v))
				}
			}
		}
		c.Params = append(c.Params, p)
		if len(c.Params) == maxParams {
			break
		}
	}
	return c
}

// Param returns the candidate's argument named name.
func (c Candidate) Param(name string) (Param, bool) {
	for _, p := range c.Params {
		if p.Name == name {
			return p, true
		}
	}
	return Param{}, false
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

// oneLine is the first sentence of text, at most max bytes (cut at a word).
func oneLine(text string, max int) string {
	text = strings.TrimSpace(text)
	if i := strings.IndexAny(text, "\r\n"); i >= 0 {
		text = text[:i]
	}
	if i := strings.Index(text, ". "); i >= 0 {
		text = text[:i]
	}
	text = strings.TrimSuffix(text, ".")
	if len(text) <= max {
		return text
	}
	cut := text[:max]
	for !utf8.ValidString(cut) {
		cut = cut[:len(cut)-1]
	}
	if i := strings.LastIndexByte(cut, ' '); i > max/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, " ,;:") + "…"
}

package clarify

import (
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/askapi/askapi/tools"
)

// A required field missing inside an object argument ({"usage_charge": {"description":
// …}} without its point) is a missing value of its own, asked for by its dotted path
// (usage_charge.point): the person is asked for the point, not for the whole charge
// again. The answer may come by that path, or as the whole object.

// nestedPath is the dotted path of a field inside an argument: arg, then the location
// ("/usage_charge" → ""), then the field. ok is false inside a list, where a dotted path
// would not say which item.
func nestedPath(arg, at, field string) (string, bool) {
	segs := []string{arg}
	for _, s := range strings.Split(strings.Trim(at, "/"), "/") {
		if s == "" {
			continue
		}
		if _, err := strconv.Atoi(s); err == nil {
			return "", false
		}
		segs = append(segs, s)
	}
	return strings.Join(append(segs, field), "."), true
}

// nestedSchema is the schema of the field at a dotted path inside op's arguments, nil
// when the path leads to none.
func nestedSchema(op *tools.Operation, path string) map[string]any {
	segs := strings.Split(path, ".")
	props, _ := op.InputSchema["properties"].(map[string]any)
	var cur map[string]any
	for i, s := range segs {
		if i > 0 {
			props, _ = cur["properties"].(map[string]any)
		}
		next, ok := props[s].(map[string]any)
		if !ok {
			return nil
		}
		cur = next
	}
	return cur
}

// nestedMissingQuestion is the question for a required field missing at a dotted path.
func nestedMissingQuestion(op *tools.Operation, path string) Question {
	i := strings.LastIndexByte(path, '.')
	parent, field := path[:i], path[i+1:]
	if j := strings.LastIndexByte(parent, '.'); j >= 0 {
		parent = parent[j+1:]
	}
	f := Field{Arg: field, Schema: nestedSchema(op, path), Owner: owner(op)}
	return Question{
		Field:    path,
		Kind:     Missing,
		Question: fmt.Sprintf("The %s needs its %s. %s", Human(parent), Human(field), Ask(op, f)),
		Reason:   fmt.Sprintf("%s is required inside %s", field, strings.TrimSuffix(path, "."+field)),
	}
}

// FoldDotted puts values given by a dotted path (an answer to a nested question) into
// their object argument; args is returned as is when none is.
func FoldDotted(op *tools.Operation, args map[string]any) map[string]any {
	props, _ := op.InputSchema["properties"].(map[string]any)
	var out map[string]any
	for k, v := range args {
		head, rest, dotted := strings.Cut(k, ".")
		if _, known := props[k]; known || !dotted || nestedSchema(op, k) == nil {
			continue
		}
		if out == nil {
			out = maps.Clone(args)
		}
		out[head] = setPath(out[head], strings.Split(rest, "."), v)
		delete(out, k)
	}
	if out == nil {
		return args
	}
	return out
}

// setPath returns a copy of cur (an object, or nothing yet) with v at path.
func setPath(cur any, path []string, v any) map[string]any {
	m, _ := cur.(map[string]any)
	m = maps.Clone(m)
	if m == nil {
		m = map[string]any{}
	}
	if len(path) == 1 {
		m[path[0]] = v
	} else {
		m[path[0]] = setPath(m[path[0]], path[1:], v)
	}
	return m
}

// nestedMissing asks for each required field a problem found missing inside an object
// argument; none when the problem is another, or sits in a list.
func (c Call) nestedMissing(p problem) []Question {
	if len(p.missing) == 0 || p.field == "" {
		return nil
	}
	var qs []Question
	for _, m := range p.missing {
		path, ok := nestedPath(p.field, p.path, m)
		if !ok || nestedSchema(c.Op, path) == nil {
			return nil
		}
		qs = append(qs, nestedMissingQuestion(c.Op, path))
	}
	return qs
}

// WireNames puts values given by a parameter's name on the wire (profile/givenName,
// idpCertAlias@TypeHint) under the tool's argument for it (profile_givenName): an
// assistant that read the spec, not the tool's schema, means that argument. A name that
// is an argument itself, or whose argument is given too, stays as given.
func WireNames(op *tools.Operation, args map[string]any) map[string]any {
	props, _ := op.InputSchema["properties"].(map[string]any)
	var out map[string]any
	for _, p := range op.Params {
		v, given := args[p.Name]
		if !given || p.Name == p.Arg {
			continue
		}
		if _, known := props[p.Name]; known {
			continue
		}
		if _, both := args[p.Arg]; both {
			continue
		}
		if out == nil {
			out = maps.Clone(args)
		}
		out[p.Arg] = v
		delete(out, p.Name)
	}
	if out == nil {
		return args
	}
	return out
}

// BodyFields puts the body's own fields, given beside the body argument instead of in it
// ({"action": "mute"} for a body that is one of several objects, served as one "body"
// argument), into that argument: an assistant that read the body's schema means them.
// Only names the tool does not take, each a property of the body's schema or of one of
// its alternatives, are moved; a body given too stays the assistant's to fix.
func BodyFields(op *tools.Operation, args map[string]any) map[string]any {
	b := op.Body
	if b == nil || b.Flattened || b.Arg == "" {
		return args
	}
	if _, given := args[b.Arg]; given {
		return args
	}
	props, _ := op.InputSchema["properties"].(map[string]any)
	fields := bodyProps(b.Schema)
	var out map[string]any
	for k, v := range args {
		if _, known := props[k]; known || strings.HasPrefix(k, "_") || !fields[k] {
			continue
		}
		if out == nil {
			out = maps.Clone(args)
			out[b.Arg] = map[string]any{}
		}
		out[b.Arg].(map[string]any)[k] = v
		delete(out, k)
	}
	if out == nil {
		return args
	}
	return out
}

// bodyProps are the property names of an object schema and of its alternatives (oneOf,
// anyOf, allOf), one level down.
func bodyProps(schema map[string]any) map[string]bool {
	out := map[string]bool{}
	add := func(s map[string]any) {
		props, _ := s["properties"].(map[string]any)
		for k := range props {
			out[k] = true
		}
	}
	add(schema)
	for _, key := range []string{"oneOf", "anyOf", "allOf"} {
		alts, _ := schema[key].([]any)
		for _, a := range alts {
			if m, ok := a.(map[string]any); ok {
				add(m)
			}
		}
	}
	return out
}

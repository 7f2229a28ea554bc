package clarify

import (
	"reflect"

	"github.com/askapi/askapi/tools"
)

// A flattened body whose schema is one of several shapes (Vercel's DNS record: an A record
// needs a value, an MX record a priority) publishes every shape's fields as arguments and
// requires only what all shapes require: a tool's input schema cannot carry oneOf at its
// top level for most clients. What the chosen shape requires besides is checked here, so a
// body is never sent without it.

// alternativeMissing lists the body fields that the body's oneOf/anyOf alternatives still
// require, given the fields present: none when some alternative the values fit is
// complete; else what the closest fitting alternative lacks. Nothing when no body field
// is given (the body's own required check speaks then) or no alternative fits the values
// (the API says what is wrong better than a guess would).
func alternativeMissing(op *tools.Operation, args map[string]any) []string {
	b := op.Body
	if b == nil || !b.Flattened {
		return nil
	}
	var alts []map[string]any
	for _, key := range []string{"oneOf", "anyOf"} {
		list, _ := b.Schema[key].([]any)
		for _, a := range list {
			if m, ok := a.(map[string]any); ok {
				alts = append(alts, m)
			}
		}
	}
	if len(alts) == 0 {
		return nil
	}
	given := map[string]any{}
	for _, name := range b.Props {
		if v, ok := args[name]; ok && present(v) {
			given[name] = v
		}
	}
	if len(given) == 0 {
		return nil
	}
	var best []string
	fits := false
	for _, alt := range alts {
		if !fitsAlternative(alt, given) {
			continue
		}
		var missing []string
		req, _ := alt["required"].([]string)
		for _, name := range req {
			if _, ok := given[name]; !ok {
				missing = append(missing, name)
			}
		}
		if len(missing) == 0 {
			return nil
		}
		if !fits || len(missing) < len(best) {
			best = missing
		}
		fits = true
	}
	return best
}

// fitsAlternative tells whether the given values agree with an alternative's own word on
// them: a const or enum it sets (the record type "MX"), and no field it closes out.
func fitsAlternative(alt map[string]any, given map[string]any) bool {
	props, _ := alt["properties"].(map[string]any)
	closed := alt["additionalProperties"] == false
	for name, v := range given {
		p, declared := props[name].(map[string]any)
		if !declared {
			if closed {
				return false
			}
			continue
		}
		if c, ok := p["const"]; ok && !sameValue(c, v) {
			return false
		}
		if enum, ok := p["enum"].([]any); ok {
			in := false
			for _, e := range enum {
				in = in || sameValue(e, v)
			}
			if !in {
				return false
			}
		}
	}
	return true
}

// sameValue compares a schema's value with an argument's, numbers by value.
func sameValue(a, b any) bool {
	if fa, ok := tools.SchemaNumber(a); ok {
		fb, ok := tools.SchemaNumber(b)
		return ok && fa == fb
	}
	return reflect.DeepEqual(a, b)
}

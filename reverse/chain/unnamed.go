package chain

import (
	"errors"
	"strings"
	"unicode"

	"github.com/askapi/askapi/reverse/lexicon"
)

// errNoNames is a list whose items carry nothing a person calls them by: an id and a
// type only (vRNI's applications: entity_id, entity_type). Words cannot be matched
// there, and "none is called that" would not be true: the lookup failed.
var errNoNames = errors.New("the answer names none of the things it lists")

// unnamed reports whether no item carries text beyond its id and its kind: no string
// with a letter, at any depth (JSON:API's attributes.title), in a field other than
// idField or a type field.
func unnamed(items []map[string]any, idField string) bool {
	for _, it := range items {
		if hasText(it, idField, "", 0) {
			return false
		}
	}
	return len(items) > 0
}

// hasText reports a string with a letter in v, at path at, outside the field skip (a
// path: "id", "announcement/id") and type fields.
func hasText(v any, skip, at string, depth int) bool {
	if depth > 4 {
		return false
	}
	switch x := v.(type) {
	case string:
		return strings.ContainsFunc(x, unicode.IsLetter)
	case []any:
		for _, e := range x {
			if hasText(e, skip, at+"/*", depth+1) {
				return true
			}
		}
	case map[string]any:
		for k, e := range x {
			sub := k
			if at != "" {
				sub = at + "/" + k
			}
			if sub == skip {
				continue
			}
			if w := lexicon.SnakeCase(k); w == "type" || w == "kind" || strings.HasSuffix(w, "_type") || strings.HasSuffix(w, "_kind") {
				continue
			}
			if hasText(e, skip, sub, depth+1) {
				return true
			}
		}
	}
	return false
}

package tools

import (
	"encoding/json"
	"strings"
)

// SchemaType is the main type of a JSON Schema map: its one type, or the first non-null
// one of a type list ("" when untyped).
func SchemaType(s map[string]any) string {
	switch t := s["type"].(type) {
	case string:
		return t
	case []string:
		for _, x := range t {
			if x != "null" {
				return x
			}
		}
	case []any:
		for _, x := range t {
			if str, ok := x.(string); ok && str != "null" {
				return str
			}
		}
	}
	return ""
}

// UUIDFormat reports a format that names a UUID, however a spec spells it: uuid, UUID,
// uuid4, guid. The compiler keeps it as JSON Schema's "uuid"; reverse tells an id from a
// name by it.
func UUIDFormat(format string) bool {
	f := strings.ToLower(format)
	return strings.HasPrefix(f, "uuid") || strings.HasPrefix(f, "guid")
}

// SchemaNumber reads a number whichever Go type holds it: a schema keyword (maxLength,
// minimum) as either loader built it, or a value from JSON.
func SchemaNumber(v any) (float64, bool) {
	switch n := v.(type) {
	case float64:
		return n, true
	case int:
		return float64(n), true
	case int64:
		return float64(n), true
	case uint64:
		return float64(n), true
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	}
	return 0, false
}

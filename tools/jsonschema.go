package tools

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

package reverse

import "testing"

// TestUntypedList: a list says nothing of its items when it has no schema, an object or
// array with nothing declared, or a page whose one list's items declare no property;
// a page listing typed items, or carrying two lists, says what it holds.
func TestUntypedList(t *testing.T) {
	empty := map[string]any{"type": "object", "properties": map[string]any{}}
	typed := map[string]any{"type": "object", "properties": map[string]any{"id": map[string]any{"type": "integer"}}}
	page := func(items ...map[string]any) map[string]any {
		props := map[string]any{"total": map[string]any{"type": "integer"}}
		for i, it := range items {
			props[[]string{"items", "more"}[i]] = map[string]any{"type": "array", "items": it}
		}
		return map[string]any{"type": "object", "properties": props}
	}
	for _, tc := range []struct {
		name   string
		schema map[string]any
		want   bool
	}{
		{"no schema", nil, true},
		{"a bare object", map[string]any{"type": "object"}, true},
		{"a page of untyped items", page(empty), true},
		{"a page of typed items", page(typed), false},
		{"a page of two lists", page(empty, empty), false},
		{"a typed object", typed, false},
	} {
		if got := untypedList(tc.schema); got != tc.want {
			t.Errorf("%s: untypedList = %v, want %v", tc.name, got, tc.want)
		}
	}
}

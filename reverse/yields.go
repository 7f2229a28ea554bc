package reverse

import (
	"sort"
	"strings"

	"github.com/askapi/askapi/tools"
)

// Collection is an array of objects with identifiers inside a response: where a producer's
// candidates are.
type Collection struct {
	// Items is the JSON pointer of the array ("/results", "/artists/items", "" for a
	// top-level array).
	Items string `json:"items"`
	// IDField is the identifier property of each item.
	IDField string `json:"id_field"`
	// Container is the property holding the array or its wrapper ("artists" in
	// /artists/items), which names what the items are.
	Container string `json:"container,omitempty"`
	IDType    string `json:"id_type,omitempty"`
}

// maxYieldDepth bounds how deep collections are looked for; lists sit near the top.
const maxYieldDepth = 3

// Collections lists the arrays of identified objects a response schema yields,
// shallowest first.
func Collections(schema map[string]any) []Collection {
	var out []Collection
	var walk func(s map[string]any, ptr, container string, depth int)
	walk = func(s map[string]any, ptr, container string, depth int) {
		if s == nil || depth > maxYieldDepth {
			return
		}
		if tools.SchemaType(s) == "array" || (s["type"] == nil && s["items"] != nil) {
			items, _ := s["items"].(map[string]any)
			if field, typ := idField(items, container); field != "" {
				out = append(out, Collection{Items: ptr, IDField: field, Container: container, IDType: typ})
			}
			return
		}
		props, _ := s["properties"].(map[string]any)
		names := make([]string, 0, len(props))
		for n := range props {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			sub, _ := props[n].(map[string]any)
			c := container
			// Wrappers such as {"artists": {"items": [...]}} name the items by the wrapper.
			if n != "items" && n != "data" && n != "results" && n != "values" {
				c = n
			}
			walk(sub, ptr+"/"+escape(n), c, depth+1)
		}
	}
	walk(schema, "", "", 0)
	sort.SliceStable(out, func(i, j int) bool {
		return strings.Count(out[i].Items, "/") < strings.Count(out[j].Items, "/")
	})
	return out
}

// idField picks the identifier property of an item schema: "id", or "<thing>_id".
func idField(item map[string]any, container string) (string, string) {
	props, _ := item["properties"].(map[string]any)
	if props == nil {
		return "", ""
	}
	if p, ok := props["id"].(map[string]any); ok {
		return "id", tools.SchemaType(p)
	}
	if container != "" {
		for _, cand := range []string{Singular(container) + "_id", Singular(container) + "Id", Singular(container) + "ID"} {
			if p, ok := props[cand].(map[string]any); ok {
				return cand, tools.SchemaType(p)
			}
		}
	}
	return "", ""
}

func escape(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "~", "~0"), "/", "~1")
}

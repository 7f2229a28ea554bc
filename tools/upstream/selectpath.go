package upstream

import (
	"fmt"
	"strings"

	"github.com/askapi/askapi/tools"
	"github.com/tidwall/gjson"
)

// _select paths use GJSON syntax (github.com/tidwall/gjson, SYNTAX.md): "results.#.name",
// "items.0", "friends.#(last==\"Murphy\").first", "{id,name}". It was chosen over RFC 9535
// JSONPath and JMESPath because it is maintained and widely used, the maintained RFC 9535
// library (theory/jsonpath) is not served by the module proxy this project builds from,
// and go-jmespath has had no release since v0.4.0 (2020); it reads the raw bytes of the
// answer without decoding them into maps first, which matters for an answer past
// --max-body that is read only to pick a few values from; and its paths are short to
// write. Its modifiers (@keys, @reverse…) are pure functions of the JSON and stay on.

// SelectPaths reads a _select value: one path or a list of them.
func SelectPaths(v any) ([]string, error) {
	var out []string
	switch x := v.(type) {
	case nil:
		return nil, nil
	case string:
		out = []string{x}
	case []string:
		out = x
	case []any:
		for _, p := range x {
			s, ok := p.(string)
			if !ok {
				return nil, fmt.Errorf("_select holds a %T; it takes paths as strings", p)
			}
			out = append(out, s)
		}
	default:
		return nil, fmt.Errorf("_select is a %T; it takes a path or a list of paths", v)
	}
	var clean []string
	for _, p := range out {
		if p = strings.TrimSpace(p); p != "" {
			clean = append(clean, p)
		}
	}
	if len(clean) > tools.MaxSelectPaths {
		return nil, fmt.Errorf("_select has %d paths; at most %d are taken", len(clean), tools.MaxSelectPaths)
	}
	return clean, nil
}

// Selection is what a set of paths picked out of a JSON answer.
type Selection struct {
	// Values maps each path that matched to its value (decoded, numbers as json.Number).
	Values map[string]any
	// Unmatched lists the paths that matched nothing.
	Unmatched []string
}

// Select picks paths out of raw JSON.
func Select(raw []byte, paths []string) Selection {
	sel := Selection{Values: map[string]any{}}
	for _, p := range paths {
		r := gjson.GetBytes(raw, p)
		if !r.Exists() {
			sel.Unmatched = append(sel.Unmatched, p)
			continue
		}
		v, err := decodeBody([]byte(r.Raw), "application/json")
		if err != nil {
			v = r.String()
		}
		sel.Values[p] = v
	}
	return sel
}

// GJSONKey escapes an object key for a GJSON path: its special characters take a
// backslash.
func GJSONKey(k string) string {
	var b strings.Builder
	for _, r := range k {
		if strings.ContainsRune(`.*?|#@\!=<>%{}[]():,"`, r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

package upstream

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// A JSON answer over --max-body is cut on value boundaries rather than mid-text: what is
// kept is still JSON, no string (and so no secret) is split, and the cut says which
// fields were left out and how many items of each list were kept, so the assistant can
// ask for them with _select.

// Cut says what CutJSON left out.
type Cut struct {
	// MaxBytes is the limit the body was cut to.
	MaxBytes int `json:"max_bytes"`
	// Dropped are the GJSON paths of fields left out whole ("facets", "meta.links").
	Dropped []string `json:"dropped,omitempty"`
	// Lists are the arrays only partly kept.
	Lists []CutList `json:"lists,omitempty"`

	pick func(item map[string]any) string
}

// CutList is one array CutJSON kept the first Kept of Total items of.
type CutList struct {
	Path  string `json:"path"` // GJSON path; "" for the top-level array
	Kept  int    `json:"kept"`
	Total int    `json:"total"`
	// Example is a path that reads one field of every item ("results.#.name").
	Example string `json:"example,omitempty"`
}

// EncodedSize is the size of v encoded as JSON (0 when it cannot be encoded).
func EncodedSize(v any) int {
	data, err := json.Marshal(v)
	if err != nil {
		return 0
	}
	return len(data)
}

// CutJSON keeps of v what fits in max encoded bytes: whole fields smallest first, then
// the leading items of a list, a level deeper when a field is an object. It returns v
// itself and nil when v fits. pick chooses the field of a list's items the note's
// _select example reads (nil: an id, a name, else the first plain field).
func CutJSON(v any, max int, pick func(item map[string]any) string) (any, *Cut) {
	if EncodedSize(v) <= max {
		return v, nil
	}
	cut := &Cut{MaxBytes: max, pick: pick}
	kept, _ := cutValue(v, "", max, cut)
	return kept, cut
}

// cutValue keeps what fits of v in budget; it returns the kept value (nil when nothing
// fits) and its size.
func cutValue(v any, path string, budget int, cut *Cut) (any, int) {
	size := EncodedSize(v)
	if size <= budget {
		return v, size
	}
	switch x := v.(type) {
	case []any:
		return cutList(x, path, budget, cut)
	case map[string]any:
		return cutObject(x, path, budget, cut)
	}
	return nil, 0
}

func cutList(list []any, path string, budget int, cut *Cut) (any, int) {
	kept, used := []any{}, 2 // []
	for _, it := range list {
		n := EncodedSize(it)
		if len(kept) > 0 {
			n++ // the comma
		}
		if used+n > budget {
			break
		}
		kept = append(kept, it)
		used += n
	}
	cut.Lists = append(cut.Lists, CutList{Path: path, Kept: len(kept), Total: len(list), Example: itemExample(list, path, cut.pick)})
	return kept, used
}

func cutObject(m map[string]any, path string, budget int, cut *Cut) (any, int) {
	type field struct {
		key  string
		size int
	}
	fields := make([]field, 0, len(m))
	for k, v := range m {
		fields = append(fields, field{k, EncodedSize(v) + len(fmt.Sprintf("%q", k)) + 2})
	}
	// Small fields first: a count, a page token or a title costs little and tells much;
	// the one big list is what gets cut.
	sort.Slice(fields, func(i, j int) bool {
		if fields[i].size != fields[j].size {
			return fields[i].size < fields[j].size
		}
		return fields[i].key < fields[j].key
	})
	out, used := map[string]any{}, 2 // {}
	var rest []field
	for _, f := range fields {
		if used+f.size <= budget {
			out[f.key] = m[f.key]
			used += f.size
			continue
		}
		rest = append(rest, f)
	}
	for _, f := range rest {
		sub := joinPath(path, f.key)
		overhead := len(fmt.Sprintf("%q", f.key)) + 2
		if left := budget - used - overhead; left > 2 {
			if part, n := cutValue(m[f.key], sub, left, cut); part != nil && !emptyContainer(part) {
				out[f.key] = part
				used += n + overhead
				continue
			}
		}
		cut.Dropped = append(cut.Dropped, sub)
	}
	return out, used
}

func emptyContainer(v any) bool {
	switch x := v.(type) {
	case []any:
		return len(x) == 0
	case map[string]any:
		return len(x) == 0
	}
	return false
}

func joinPath(path, key string) string {
	if path == "" {
		return GJSONKey(key)
	}
	return path + "." + GJSONKey(key)
}

// itemExample is a path reading one field of every item of a list of objects: the one
// pick chooses, else an id or a name, else the first plain field.
func itemExample(list []any, path string, pick func(map[string]any) string) string {
	if len(list) == 0 {
		return ""
	}
	first, ok := list[0].(map[string]any)
	if !ok || len(first) == 0 {
		return ""
	}
	key := ""
	if pick != nil {
		key = pick(first)
	}
	for _, k := range []string{"id", "name", "title", "key"} {
		if _, ok := first[k]; ok && key == "" {
			key = k
		}
	}
	for _, k := range SortedKeys(first) {
		switch first[k].(type) {
		case string, json.Number, float64, bool:
			if key == "" {
				key = k
			}
		}
	}
	if key == "" {
		key = SortedKeys(first)[0]
	}
	if path == "" {
		return "#." + GJSONKey(key)
	}
	return path + ".#." + GJSONKey(key)
}

// Note renders the cut for the result's note.
func (c *Cut) Note(fullBytes int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "The answer (%d bytes) is over --max-body (%d bytes) and was cut:", fullBytes, c.MaxBytes)
	for _, l := range c.Lists {
		name := l.Path
		if name == "" {
			name = "the top-level list"
		}
		fmt.Fprintf(&b, " kept %d of %d items of %s;", l.Kept, l.Total, name)
	}
	if len(c.Dropped) > 0 {
		fmt.Fprintf(&b, " left out %s;", strings.Join(c.Dropped, ", "))
	}
	var ex []string
	for _, l := range c.Lists {
		if l.Example != "" {
			ex = append(ex, fmt.Sprintf("%q", l.Example))
		}
	}
	for _, d := range c.Dropped {
		if len(ex) < 3 {
			ex = append(ex, fmt.Sprintf("%q", d))
		}
	}
	if len(ex) > 3 {
		ex = ex[:3]
	}
	s := strings.TrimSuffix(b.String(), ";")
	if len(ex) > 0 {
		s += fmt.Sprintf(". Ask for what is needed with _select (GJSON paths), e.g. _select: [%s].", strings.Join(ex, ", "))
	} else {
		s += ". Ask for what is needed with _select (GJSON paths)."
	}
	return s
}

package upstream

import (
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
)

// The compact shape (--compact, _compact: true) drops what costs an assistant's context
// and tells it nothing: nulls, empty strings, lists and objects, hypermedia link
// objects (_links), and url fields whose address only repeats an identifier of the same
// record (GitHub's url, html_url, comments_url…). Fields name resolution reads
// (identifiers and labels, decided by the reverse package) are kept whole unless null
// or empty.

// CompactRules says which fields compacting must keep and which hold identifiers.
type CompactRules struct {
	// Keep reports a field kept whole (unless null or empty): no link rule applies in it.
	Keep func(field string) bool
	// Identifier reports a field whose value identifies its record; a url field that
	// repeats one of them is a link.
	Identifier func(field string) bool
}

// linkObjects are hypermedia link containers (HAL, JSON:API, Siren, OData).
var linkObjects = map[string]bool{"_links": true, "links": true, "@odata.id": true, "@odata.editLink": true, "@odata.navigationLink": true}

// Compact returns v in the compact shape. v is not changed.
func Compact(v any, rules CompactRules) any {
	out, _ := compactValue(v, rules, nil)
	return out
}

// compactValue compacts v; ids are the identifier values of the records around it,
// which a url field may repeat. keep is false when v is empty and may be dropped.
func compactValue(v any, rules CompactRules, ids []string) (any, bool) {
	switch x := v.(type) {
	case nil:
		return nil, false
	case string:
		return x, x != ""
	case []any:
		out := make([]any, 0, len(x))
		for _, it := range x {
			if c, ok := compactValue(it, rules, ids); ok {
				out = append(out, c)
			}
		}
		return out, len(out) > 0
	case map[string]any:
		ids = append(ids, recordIDs(x, rules)...)
		out := map[string]any{}
		for k, fv := range x {
			if rules.Keep != nil && rules.Keep(k) {
				if fv != nil && fv != "" {
					out[k] = fv // as it is: resolution reads it whole
				}
				continue
			}
			if linkField(k, fv) || repeatsID(k, fv, ids) {
				continue
			}
			if c, ok := compactValue(fv, rules, ids); ok {
				out[k] = c
			}
		}
		return out, len(out) > 0
	}
	return v, true
}

// recordIDs are the identifier values of one record, as text.
func recordIDs(m map[string]any, rules CompactRules) []string {
	if rules.Identifier == nil {
		return nil
	}
	var out []string
	for k, v := range m {
		if !rules.Identifier(k) {
			continue
		}
		switch x := v.(type) {
		case string:
			if len(x) >= 1 {
				out = append(out, x)
			}
		case json.Number:
			out = append(out, x.String())
		case float64:
			out = append(out, fmt.Sprint(x))
		}
	}
	return out
}

// linkField reports a hypermedia link container: _links of HAL, links of JSON:API
// (only an object of strings or link objects, so a data field called links stays).
func linkField(k string, v any) bool {
	if !linkObjects[k] {
		return false
	}
	if k != "links" {
		return true
	}
	m, ok := v.(map[string]any)
	if !ok {
		return false
	}
	for _, lv := range m {
		switch l := lv.(type) {
		case string, nil:
		case map[string]any:
			if _, ok := l["href"]; !ok {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// repeatsID reports a url field (url, *_url, *Url, href) whose address holds, as a path
// segment, an identifier of its record or of a record around it, or is a URI template.
func repeatsID(k string, v any, ids []string) bool {
	s, ok := v.(string)
	lk := strings.ToLower(k)
	if !ok || !(lk == "url" || lk == "href" || lk == "uri" || strings.HasSuffix(lk, "_url") || strings.HasSuffix(k, "Url") || strings.HasSuffix(lk, "_uri")) {
		return false
	}
	u, err := url.Parse(s)
	if err != nil || u.Host == "" {
		return false
	}
	if strings.Contains(s, "{") {
		return true // a URI template: a link to follow, not a value
	}
	segs := map[string]bool{}
	for _, seg := range strings.Split(u.Path, "/") {
		if seg, err := url.PathUnescape(seg); err == nil && seg != "" {
			segs[seg] = true
		}
	}
	for _, id := range ids {
		if segs[id] {
			return true
		}
	}
	return false
}

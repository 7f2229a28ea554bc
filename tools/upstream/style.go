package upstream

import (
	"encoding/json"
	"errors"
	"fmt"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
	"math"
	"net/url"
	"reflect"
	"sort"
	"strconv"
	"strings"
)

// Parameter serialisation per OpenAPI 3 ("style" and "explode"). Values arrive as decoded
// JSON (string, bool, float64 or json.Number, []any, map[string]any); typed Go slices and
// maps are accepted too so callers and tests need not convert.

// explodeFor returns the parameter's explode flag, defaulting as OpenAPI does: true for
// form (query, cookie), false for everything else.
func explodeFor(p *tools.Param, style string) bool {
	if p.Explode != nil {
		return *p.Explode
	}
	return style == "form"
}

// styleFor returns the parameter's style, defaulting per location.
func styleFor(p *tools.Param) string {
	if p.Style != "" {
		return p.Style
	}
	switch p.In {
	case "query", "cookie":
		return "form"
	}
	return "simple"
}

// wireScalar formats one scalar for the wire. Numbers never use an exponent, so a float64
// whole number such as 72129 is sent as "72129", not "7.2129e+04".
func wireScalar(v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", nil
	case string:
		return x, nil
	case bool:
		return strconv.FormatBool(x), nil
	case json.Number:
		s := string(x)
		if !strings.ContainsAny(s, "eE") {
			return s, nil
		}
		f, err := x.Float64()
		if err != nil {
			return "", fmt.Errorf("number %q: %w", s, err)
		}
		return wireScalar(f)
	case float64:
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return "", errors.New("number is not finite")
		}
		return strconv.FormatFloat(x, 'f', -1, 64), nil
	case float32:
		return wireScalar(float64(x))
	case int, int8, int16, int32, int64, uint, uint8, uint16, uint32, uint64:
		return fmt.Sprint(x), nil
	}
	// A nested array or object where a scalar belongs: JSON text is the least surprising.
	b, err := json.Marshal(v)
	if err != nil {
		return "", fmt.Errorf("value of type %T: %w", v, err)
	}
	return string(b), nil
}

// valueShape classifies a value as a list, an object (with sorted keys, for a stable wire
// form) or a scalar.
func valueShape(v any) (list []any, keys []string, obj map[string]any, isList, isObj bool) {
	switch x := v.(type) {
	case []any:
		return x, nil, nil, true, false
	case map[string]any:
		return nil, SortedKeys(x), x, false, true
	case string, bool, json.Number, float64, nil:
		return nil, nil, nil, false, false
	}
	rv := reflect.ValueOf(v)
	switch rv.Kind() {
	case reflect.Slice, reflect.Array:
		if rv.Type().Elem().Kind() == reflect.Uint8 {
			return nil, nil, nil, false, false // []byte is a scalar
		}
		list = make([]any, rv.Len())
		for i := range list {
			list[i] = rv.Index(i).Interface()
		}
		return list, nil, nil, true, false
	case reflect.Map:
		if rv.Type().Key().Kind() != reflect.String {
			return nil, nil, nil, false, false
		}
		obj = make(map[string]any, rv.Len())
		for _, k := range rv.MapKeys() {
			obj[k.String()] = rv.MapIndex(k).Interface()
		}
		return nil, SortedKeys(obj), obj, false, true
	}
	return nil, nil, nil, false, false
}

// SortedKeys are a map's keys in order, for walking it the same way every time.
func SortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// isEmptyValue reports values that serialise to nothing: null, [] and {}. OpenAPI (RFC 6570)
// omits them rather than sending "name=".
func isEmptyValue(v any) bool {
	if v == nil {
		return true
	}
	list, keys, _, isList, isObj := valueShape(v)
	return (isList && len(list) == 0) || (isObj && len(keys) == 0)
}

// escapedParts formats a list's items or an object's "k,v" / "k=v" parts, each escaped.
func escapedParts(v any, explode bool, esc func(string) string) (parts []string, isList, isObj bool, err error) {
	list, keys, obj, isList, isObj := valueShape(v)
	switch {
	case isList:
		for _, item := range list {
			s, err := wireScalar(item)
			if err != nil {
				return nil, false, false, err
			}
			parts = append(parts, esc(s))
		}
	case isObj:
		for _, k := range keys {
			s, err := wireScalar(obj[k])
			if err != nil {
				return nil, false, false, fmt.Errorf("property %q: %w", k, err)
			}
			if explode {
				parts = append(parts, esc(k)+"="+esc(s))
			} else {
				parts = append(parts, esc(k), esc(s))
			}
		}
	default:
		s, err := wireScalar(v)
		if err != nil {
			return nil, false, false, err
		}
		parts = []string{esc(s)}
	}
	return parts, isList, isObj, nil
}

// pathValue serialises a path parameter into an already escaped path fragment. Every
// value is url.PathEscape-d, so '/', '?', '#', ';' and ',' inside a value stay data.
func pathValue(p *tools.Param, v any) (string, error) {
	style := styleFor(p)
	explode := explodeFor(p, style)
	parts, isList, isObj, err := escapedParts(v, explode, url.PathEscape)
	if err != nil {
		return "", err
	}
	switch style {
	case "simple":
		return strings.Join(parts, ","), nil
	case "label":
		if explode && (isList || isObj) {
			return "." + strings.Join(parts, "."), nil
		}
		return "." + strings.Join(parts, ","), nil
	case "matrix":
		name := url.PathEscape(p.Name)
		switch {
		case explode && isObj:
			return ";" + strings.Join(parts, ";"), nil
		case explode && isList:
			return ";" + name + "=" + strings.Join(parts, ";"+name+"="), nil
		}
		return ";" + name + "=" + strings.Join(parts, ","), nil
	}
	return "", fmt.Errorf("style %q is not defined for path parameters", style)
}

// queryPair is one key=value of a query string, both already escaped; kept in order
// rather than in url.Values so separators such as ',' and '|' stay literal.
type queryPair struct{ Key, Value string }

// queryPairs serialises a query parameter (or a form body field, with style form).
func queryPairs(name, style string, explode bool, v any) ([]queryPair, error) {
	if isEmptyValue(v) {
		return nil, nil
	}
	key := url.QueryEscape(name)
	if style == "deepObject" {
		if _, _, obj, _, isObj := valueShape(v); isObj {
			return deepObjectPairs(name, obj)
		}
		style = "form" // deepObject is only defined for objects
	}
	parts, isList, isObj, err := escapedParts(v, explode, url.QueryEscape)
	if err != nil {
		return nil, err
	}
	if !isList && !isObj {
		return []queryPair{{key, parts[0]}}, nil
	}
	switch style {
	case "form":
		if !explode {
			return []queryPair{{key, strings.Join(parts, ",")}}, nil
		}
		var out []queryPair
		for _, part := range parts {
			if isObj { // exploded object: each property is its own key ("k=v")
				k, val, _ := strings.Cut(part, "=")
				out = append(out, queryPair{k, val})
			} else {
				out = append(out, queryPair{key, part})
			}
		}
		return out, nil
	case "spaceDelimited", "pipeDelimited":
		sep := "%20"
		if style == "pipeDelimited" {
			sep = "|"
		}
		if explode && isList { // the spec defines exploded delimited arrays like form
			var out []queryPair
			for _, part := range parts {
				out = append(out, queryPair{key, part})
			}
			return out, nil
		}
		return []queryPair{{key, strings.Join(parts, sep)}}, nil
	}
	return nil, fmt.Errorf("style %q is not defined for query parameters", style)
}

// deepObjectPairs renders name[prop]=v; nested objects nest the brackets and arrays repeat
// the key, the common reading where OpenAPI leaves deepObject undefined.
func deepObjectPairs(prefix string, obj map[string]any) ([]queryPair, error) {
	var out []queryPair
	for _, k := range SortedKeys(obj) {
		key := prefix + "[" + k + "]"
		v := obj[k]
		if v == nil {
			continue
		}
		list, _, sub, isList, isObj := valueShape(v)
		switch {
		case isObj:
			nested, err := deepObjectPairs(key, sub)
			if err != nil {
				return nil, err
			}
			out = append(out, nested...)
		case isList:
			for _, item := range list {
				s, err := wireScalar(item)
				if err != nil {
					return nil, fmt.Errorf("property %q: %w", k, err)
				}
				out = append(out, queryPair{deepKey(key), url.QueryEscape(s)})
			}
		default:
			s, err := wireScalar(v)
			if err != nil {
				return nil, fmt.Errorf("property %q: %w", k, err)
			}
			out = append(out, queryPair{deepKey(key), url.QueryEscape(s)})
		}
	}
	return out, nil
}

// deepKey escapes a deepObject key but keeps its brackets readable (color[R]), as the
// OpenAPI examples write it; servers accept both forms.
func deepKey(key string) string {
	return strings.NewReplacer("%5B", "[", "%5D", "]").Replace(url.QueryEscape(key))
}

func encodePairs(pairs []queryPair) string {
	var b strings.Builder
	for i, p := range pairs {
		if i > 0 {
			b.WriteByte('&')
		}
		b.WriteString(p.Key)
		b.WriteByte('=')
		b.WriteString(p.Value)
	}
	return b.String()
}

// headerValue serialises a header parameter (style simple, the only one OpenAPI defines).
func headerValue(p *tools.Param, v any) (string, error) {
	if s := styleFor(p); s != "simple" {
		return "", fmt.Errorf("style %q is not defined for header parameters", s)
	}
	parts, _, _, err := escapedParts(v, explodeFor(p, "simple"), func(s string) string { return s })
	if err != nil {
		return "", err
	}
	out := strings.Join(parts, ",")
	if err := secret.CheckHeaderValue(out); err != nil {
		return "", err
	}
	return out, nil
}

// cookiePairs serialises a cookie parameter (style form): "name=v", "name=a,b", or one
// cookie per item when exploded. Values are query-escaped so ';', ',' and spaces cannot
// break the Cookie header.
func cookiePairs(p *tools.Param, v any) ([]string, error) {
	if s := styleFor(p); s != "form" {
		return nil, fmt.Errorf("style %q is not defined for cookie parameters", s)
	}
	pairs, err := queryPairs(p.Name, "form", explodeFor(p, "form"), v)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(pairs))
	for i, pr := range pairs {
		out[i] = pr.Key + "=" + pr.Value
	}
	return out, nil
}

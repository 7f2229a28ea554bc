package upstream

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/go-openapi/jsonpointer"
)

// An API that refuses a call often says which input was wrong. The shapes below are read
// by what their keys mean, never by which API wrote them: RFC 9457 problem details
// (invalid-params, errors[] with a JSON pointer), errors[] lists with field, param, path,
// loc, name or source, Stripe's error.param, a map of field to messages (Rails, Django),
// and a bare message.

// FieldError is one input an error body blames, as the API named it.
type FieldError struct {
	// Field is the API's name for the input: "matchers[0].name", "/data/attributes/title",
	// "#/age", "body.name".
	Field string
	// In is where the API said the input was (path, query, header, body), when it said.
	In string
	// Message is what the API said about it; may be empty (GitHub's {"field", "code"}).
	Message string
}

// APIError is what an error body says: its general message and the inputs it blames.
type APIError struct {
	Message string
	Fields  []FieldError
}

// Keys naming the input an error is about, best first; and keys holding its message.
var (
	fieldKeys   = []string{"field", "param", "parameter", "name", "path", "loc", "location", "pointer", "property", "propertyPath", "property_path", "attribute", "key", "source", "instancePath", "dataPath"}
	messageKeys = []string{"message", "msg", "messages", "detail", "reason", "description", "error_description", "error_message", "errorMessage", "status_message", "statusMessage", "title", "error", "code"}
	// listKeys hold a list of per-input errors.
	listKeys = []string{"invalid-params", "invalid_params", "invalidParams", "errors", "error", "details", "detail", "fields", "violations", "fieldErrors", "field_errors", "validation_errors", "validationErrors", "issues"}
	// locations are the words an API uses to say where an input was.
	locations = map[string]string{"path": "path", "query": "query", "querystring": "query", "header": "header", "headers": "header", "body": "body", "cookie": "cookie", "form": "body", "json": "body", "payload": "body"}
)

// maxFieldErrors bounds what is read from one body: a handful of questions, not a page.
const maxFieldErrors = 8

// ReadAPIError reads what an error body says. Body is the parsed response (a string for a
// text body, nil when empty).
func ReadAPIError(body any) APIError {
	var out APIError
	switch b := body.(type) {
	case string:
		out.Message = strings.TrimSpace(b)
	case []any:
		out.Fields = fieldList(b)
	case map[string]any:
		out.Message = messageOf(b)
		out.Fields = nestedFields(b, 0)
		if out.Message == "" {
			out.Message = listMessages(b)
		}
		if len(out.Fields) == 0 && out.Message == "" {
			out.Fields = fieldMap(b) // Django REST framework: {"name": ["This field is required."]}
		}
	}
	if len(out.Fields) > maxFieldErrors {
		out.Fields = out.Fields[:maxFieldErrors]
	}
	return out
}

// maxErrorDepth bounds how deep error objects are looked into: Hetzner's
// {"error": {"details": {"fields": [...]}}} is three levels down.
const maxErrorDepth = 3

// nestedFields reads the per-input errors under m's list keys, a few levels deep.
func nestedFields(m map[string]any, depth int) []FieldError {
	var out []FieldError
	for _, k := range listKeys {
		switch v := m[k].(type) {
		case []any:
			out = append(out, fieldList(v)...)
		case map[string]any:
			if fe, ok := fieldError(v); ok && messageOf(v) != "" {
				out = append(out, fe) // Stripe: {"error": {"param", "message"}}
			} else if inner := nestedFields(v, depth+1); depth < maxErrorDepth && len(inner) > 0 {
				out = append(out, inner...) // Hetzner: {"error": {"details": {"fields": [...]}}}
			} else if depth == 0 {
				out = append(out, fieldMap(v)...) // Rails: {"errors": {"name": [...]}}
			}
		}
	}
	return out
}

// listMessages joins the plain strings of m's error lists: {"errors": ["name is required"]}.
func listMessages(m map[string]any) string {
	var out []string
	for _, k := range listKeys {
		if v, ok := m[k].([]any); ok {
			if s := stringsIn(v); s != "" {
				out = append(out, s)
			}
		}
	}
	return strings.Join(out, "; ")
}

// fieldList reads a list of per-input errors; items that name no input are skipped.
func fieldList(list []any) []FieldError {
	var out []FieldError
	for _, it := range list {
		m, ok := it.(map[string]any)
		if !ok {
			continue
		}
		if fe, ok := fieldError(m); ok {
			out = append(out, fe)
		}
	}
	return out
}

// stringsIn joins the plain strings of a list.
func stringsIn(list []any) string {
	var out []string
	for _, x := range list {
		if s, ok := x.(string); ok && strings.TrimSpace(s) != "" {
			out = append(out, strings.TrimSpace(s))
		}
	}
	return strings.Join(out, "; ")
}

// fieldError reads one error object that names an input.
func fieldError(m map[string]any) (FieldError, bool) {
	var fe FieldError
	for _, k := range fieldKeys {
		v, ok := m[k]
		if !ok {
			continue
		}
		if src, ok := v.(map[string]any); ok {
			// JSON:API: "source": {"pointer": "/data/attributes/title"} or {"parameter": "q"}.
			for _, sk := range []string{"pointer", "parameter", "header"} {
				if s, ok := src[sk].(string); ok && s != "" {
					fe.Field = s
					if sk != "pointer" {
						fe.In = map[string]string{"parameter": "query", "header": "header"}[sk]
					}
					break
				}
			}
		} else {
			fe.Field, fe.In = fieldName(v)
		}
		if fe.Field != "" {
			break
		}
	}
	if fe.Field == "" {
		return FieldError{}, false
	}
	if in, ok := m["in"].(string); ok && fe.In == "" {
		fe.In = locations[strings.ToLower(in)]
	}
	fe.Message = messageOf(m)
	if code, ok := m["code"].(string); ok && fe.Message == code && code != "" {
		fe.Message = strings.ReplaceAll(code, "_", " ") // GitHub: "missing_field"
	}
	return fe, true
}

// fieldName renders an input's name: a string as is, a loc list (FastAPI's ["body",
// "matchers", 0, "name"]) as a dotted path with its location read off the front.
func fieldName(v any) (name, in string) {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x), ""
	case []any:
		var parts []string
		for i, p := range x {
			s := fmt.Sprint(p)
			if i == 0 && len(x) > 1 {
				if loc, ok := locations[strings.ToLower(s)]; ok {
					in = loc
					continue
				}
			}
			if _, isNum := p.(json.Number); isNum {
				s = "[" + s + "]"
			} else if _, isNum := p.(float64); isNum {
				s = "[" + s + "]"
			}
			parts = append(parts, s)
		}
		return strings.ReplaceAll(strings.Join(parts, "."), ".[", "["), in
	}
	return "", ""
}

// fieldMap reads {"name": ["can't be blank"], "size": "too big"}: keys are inputs, values
// messages. Only string or string-list values count, so a data object is not read as one.
func fieldMap(m map[string]any) []FieldError {
	var out []FieldError
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		var msgs []string
		switch v := m[k].(type) {
		case string:
			msgs = []string{v}
		case []any:
			for _, x := range v {
				s, ok := x.(string)
				if !ok {
					return nil
				}
				msgs = append(msgs, s)
			}
		default:
			return nil
		}
		out = append(out, FieldError{Field: k, Message: strings.Join(msgs, "; ")})
	}
	return out
}

// messageOf is an object's message: the first non-empty string under a message key, or
// the message of a nested error object ({"error": {"message": ...}}).
func messageOf(m map[string]any) string {
	for _, k := range messageKeys {
		switch v := m[k].(type) {
		case string:
			if s := strings.TrimSpace(v); s != "" {
				return s
			}
		case []any:
			if s := stringsIn(v); s != "" {
				return s // Hetzner: "messages": ["is too long"]
			}
		case map[string]any:
			if s := messageOf(v); s != "" {
				return s
			}
		}
	}
	return ""
}

// FieldPath splits an API's name for an input into its segments, dropping array
// indexes and pointer marks: "body.matchers[0].name" → body, matchers, name;
// "#/data/attributes/title" → data, attributes, title; "$.user.email" → user, email.
func FieldPath(field string) []string {
	f := strings.TrimSpace(field)
	f = strings.TrimPrefix(f, "#")
	f = strings.TrimPrefix(f, "$")
	var out []string
	for _, seg := range strings.FieldsFunc(f, func(r rune) bool { return r == '.' || r == '/' || r == '[' || r == ']' }) {
		seg = jsonpointer.Unescape(strings.Trim(seg, `'"`))
		if seg == "" || isIndex(seg) {
			continue
		}
		out = append(out, seg)
	}
	return out
}

func isIndex(s string) bool {
	for _, r := range s {
		if r < '0' || r > '9' {
			return s == "*" || s == "-"
		}
	}
	return true
}

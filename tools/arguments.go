package tools

import (
	"encoding/binary"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"
)

// NameArguments gives every parameter and body property a unique argument name in the
// flat input object. Body properties keep their plain names; a parameter that collides
// with one (or with another parameter) takes its location as a suffix (uris__query).
func NameArguments(o *Operation) {
	taken := map[string]bool{ArgUserRequest: true, ArgContinuation: true}
	if o.Body != nil {
		if o.Body.Flattened {
			for _, p := range o.Body.Props {
				taken[p] = true
			}
		} else {
			taken[o.Body.Arg] = true
		}
	}
	count := map[string]int{}
	for _, p := range o.Params {
		count[ArgName(p.Name)]++
	}
	for _, p := range o.Params {
		arg := ArgName(p.Name)
		if taken[arg] || count[arg] > 1 {
			// The location as the spec wrote it may be anything ("", " "): only its safe
			// characters go into the name.
			suffix := "__" + strings.Trim(invalidRun.ReplaceAllString(p.In, "_"), "_")
			arg = arg[:min(len(arg), MaxToolName-len(suffix))] + suffix
		}
		base := arg
		for n := 2; taken[arg]; n++ {
			if len(arg) < MaxToolName {
				arg += "_"
				continue
			}
			// At the length cap: a number replaces the end.
			tail := "_" + strconv.Itoa(n)
			arg = base[:min(len(base), MaxToolName-len(tail))] + tail
		}
		p.Arg = arg
		taken[arg] = true
	}
}

// ArgName makes a wire name safe as a property key for every client
// (^[A-Za-z0-9_.-]{1,64}$): "page[size]" becomes "page_size".
func ArgName(name string) string {
	n := name
	if strings.IndexFunc(name, outsideToolName) >= 0 {
		// Most names need no replacing; the expression is a large spec's hottest (issue 31).
		n = invalidRun.ReplaceAllString(name, "_")
	}
	n = strings.Trim(n, "_")
	if n == "" {
		n = "param"
	}
	if len(n) > MaxToolName {
		n = n[:MaxToolName]
	}
	return n
}

// InputSchema builds the tool's flat input schema: parameters, then body, then the
// reserved arguments.
func InputSchema(o *Operation) map[string]any {
	return InputSchemaOf(InputProps(o))
}

func InputSchemaOf(props map[string]any, required []string) map[string]any {
	props[ArgUserRequest] = ReservedSchema(ArgUserRequest, Full)
	props[ArgContinuation] = ReservedSchema(ArgContinuation, Full)
	schema := map[string]any{"type": "object", "properties": props}
	if len(required) > 0 {
		schema["required"] = slices.Clip(required)
	}
	return schema
}

// InputProps are the input schema's properties, the reserved arguments left out, and its
// required names.
func InputProps(o *Operation) (map[string]any, []string) {
	props := map[string]any{}
	var required []string
	for _, p := range o.Params {
		props[p.Arg] = p.Schema
		if p.Required {
			required = append(required, p.Arg)
		}
	}
	if b := o.Body; b != nil {
		if b.Flattened {
			bodyProps, _ := b.Schema["properties"].(map[string]any)
			for _, name := range b.Props {
				props[name] = bodyProps[name]
			}
			if b.Required {
				required = append(required, b.RequiredProps...)
			}
		} else {
			props[b.Arg] = b.Schema
			if b.Required {
				required = append(required, b.Arg)
			}
		}
	}
	return props, required
}

func appendLen(b []byte, s string) []byte {
	b = strconv.AppendInt(b, int64(len(s)), 10)
	b = append(b, ':')
	return append(b, s...)
}

// InputSchemas holds the input schemas built, one per content: operations taking the
// same arguments (Microsoft Graph's thousands of get, update and delete operations on
// navigation properties) share one, read-only. Their properties' schemas are known by
// identity, which the held schemas keep alive.
type InputSchemas struct {
	held map[string]map[string]any
	buf  []byte
}

// Of is o's input schema, shared with every operation of the same arguments.
func (h *InputSchemas) Of(o *Operation) map[string]any {
	props, required := InputProps(o)
	names := make([]string, 0, len(props))
	for k := range props {
		names = append(names, k)
	}
	sort.Strings(names)
	b := h.buf[:0]
	for _, k := range names {
		m, ok := props[k].(map[string]any)
		if !ok || m == nil {
			return InputSchemaOf(props, required) // not known by identity: not shared
		}
		b = appendLen(b, k)
		b = binary.AppendUvarint(b, uint64(uintptr(reflect.ValueOf(m).UnsafePointer())))
	}
	b = append(b, '|')
	for _, r := range required {
		b = appendLen(b, r)
	}
	h.buf = b
	if s, ok := h.held[string(b)]; ok {
		return s
	}
	if h.held == nil {
		h.held = map[string]map[string]any{}
	}
	s := InputSchemaOf(props, required)
	h.held[string(b)] = s
	return s
}

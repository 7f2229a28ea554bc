package openapi

import (
	"bytes"
	"encoding/json"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// Helpers over raw JSON bytes already known to be valid: each value is a slice of the
// document holding its whole token (strings with their quotes).

func wsSkip(d []byte, i int) int {
	for i < len(d) && (d[i] == ' ' || d[i] == '\n' || d[i] == '\r' || d[i] == '\t') {
		i++
	}
	return i
}

// rj holds what is known of a document's layout: the length of each container, by the
// address of its first byte, recorded by the validating scan so skipping is one lookup.
type rj struct {
	lens *spans
	// keys interns object keys: the same few hundred names recur everywhere.
	keys map[string]string
}

// key decodes an object key token, sharing one string per distinct key.
func (r *rj) key(tok []byte) string {
	in := tok[1 : len(tok)-1]
	for _, c := range in {
		if c == '\\' || c >= utf8.RuneSelf {
			return rawStr(tok)
		}
	}
	if k, ok := r.keys[string(in)]; ok {
		return k
	}
	if r.keys == nil {
		r.keys = map[string]string{}
	}
	k := string(in)
	r.keys[k] = k
	return k
}

// skipValue returns the end of the value starting at d[i].
func (r *rj) skipValue(d []byte, i int) int {
	if i >= len(d) {
		return i
	}
	switch d[i] {
	case '"':
		return skipString(d, i)
	case '{', '[':
		if n, ok := r.lens.lenAt(&d[i]); ok {
			return i + int(n)
		}
		depth := 0
		for i < len(d) {
			switch d[i] {
			case '"':
				i = skipString(d, i)
				continue
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
			i++
		}
		return i
	}
	return scalarEnd(d, i)
}

// scalarEnd returns the end of the number or literal starting at d[i].
func scalarEnd(d []byte, i int) int {
	for i < len(d) {
		switch d[i] {
		case ',', '}', ']', ' ', '\n', '\r', '\t':
			return i
		}
		i++
	}
	return i
}

// skipString returns the end of the string at d[i] == '"'; len(d) when the document
// ends first (the compiler reads only checked documents).
func skipString(d []byte, i int) int {
	if e := stringEnd(d, i); e >= 0 {
		return e
	}
	return len(d)
}

// stringEnd returns the end of the string at d[i] == '"', -1 when the document ends
// first.
func stringEnd(d []byte, i int) int {
	i++
	for {
		q := bytes.IndexByte(d[i:], '"')
		if q < 0 {
			return -1
		}
		j := i + q
		// The quote ends the string unless an odd number of backslashes precede it.
		k := j
		for k > i && d[k-1] == '\\' {
			k--
		}
		if (j-k)%2 == 0 {
			return j + 1
		}
		i = j + 1
	}
}

// objEach calls f for each member of an object; f returns false to stop.
func (r *rj) objEach(obj []byte, f func(key string, val []byte) bool) {
	if len(obj) == 0 || obj[0] != '{' {
		return
	}
	i := wsSkip(obj, 1)
	for i < len(obj) && obj[i] == '"' {
		kend := skipString(obj, i)
		key := r.key(obj[i:kend])
		i = wsSkip(obj, kend)
		i = wsSkip(obj, i+1) // ':'
		vend := r.skipValue(obj, i)
		if !f(key, obj[i:vend]) {
			return
		}
		i = wsSkip(obj, vend)
		if i < len(obj) && obj[i] == ',' {
			i = wsSkip(obj, i+1)
		}
	}
}

// arrEach calls f for each element of an array.
func (r *rj) arrEach(arr []byte, f func(val []byte)) {
	if len(arr) == 0 || arr[0] != '[' {
		return
	}
	i := wsSkip(arr, 1)
	for i < len(arr) && arr[i] != ']' {
		vend := r.skipValue(arr, i)
		f(arr[i:vend])
		i = wsSkip(arr, vend)
		if i < len(arr) && arr[i] == ',' {
			i = wsSkip(arr, i+1)
		}
	}
}

func (r *rj) rawList(arr []byte) [][]byte {
	var out [][]byte
	r.arrEach(arr, func(v []byte) { out = append(out, v) })
	return out
}

// getKey returns the value of key in obj, nil when absent.
func (r *rj) getKey(obj []byte, key string) []byte {
	var out []byte
	r.objEach(obj, func(k string, v []byte) bool {
		if k == key {
			out = v // the last duplicate wins, as in encoding/json
		}
		return true
	})
	return out
}

// rawStr decodes a string token; "" when v is not one.
func rawStr(v []byte) string {
	if len(v) < 2 || v[0] != '"' {
		return ""
	}
	in := v[1 : len(v)-1]
	esc := false
	for _, c := range in {
		if c == '\\' {
			esc = true
			break
		}
	}
	if !esc && utf8.Valid(in) {
		return string(in)
	}
	if out, ok := unescapeJSON(in); ok {
		return out
	}
	// Anything unusual (invalid UTF-8 to replace, a malformed escape): encoding/json's way.
	var str string
	if err := json.Unmarshal(v, &str); err == nil {
		return str
	}
	return string(in)
}

// unescapeJSON decodes the escapes of a JSON string's content as encoding/json does; ok is
// false for input it leaves to encoding/json (invalid UTF-8, malformed escapes).
func unescapeJSON(in []byte) (string, bool) {
	if !utf8.Valid(in) {
		return "", false
	}
	b := make([]byte, 0, len(in))
	for i := 0; i < len(in); i++ {
		c := in[i]
		if c != '\\' {
			b = append(b, c)
			continue
		}
		if i+1 >= len(in) {
			return "", false
		}
		i++
		switch in[i] {
		case '"', '\\', '/':
			b = append(b, in[i])
		case 'b':
			b = append(b, '\b')
		case 'f':
			b = append(b, '\f')
		case 'n':
			b = append(b, '\n')
		case 'r':
			b = append(b, '\r')
		case 't':
			b = append(b, '\t')
		case 'u':
			r, ok := hex4(in[i+1:])
			if !ok {
				return "", false
			}
			i += 4
			if utf16.IsSurrogate(r) {
				r2 := rune(-1)
				if i+2 < len(in) && in[i+1] == '\\' && in[i+2] == 'u' {
					if x, ok := hex4(in[i+3:]); ok {
						r2 = x
					}
				}
				if dec := utf16.DecodeRune(r, r2); dec != utf8.RuneError {
					r = dec
					i += 6
				} else {
					r = utf8.RuneError
				}
			}
			b = utf8.AppendRune(b, r)
		default:
			return "", false
		}
	}
	return string(b), true
}

func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		case c >= 'A' && c <= 'F':
			c = c - 'A' + 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

func isString(v []byte) bool { return len(v) > 0 && v[0] == '"' }
func isObject(v []byte) bool { return len(v) > 0 && v[0] == '{' }
func isArray(v []byte) bool  { return len(v) > 0 && v[0] == '[' }
func isBool(v []byte) bool   { return len(v) > 0 && (v[0] == 't' || v[0] == 'f') }
func isNumber(v []byte) bool { return len(v) > 0 && (v[0] == '-' || v[0] >= '0' && v[0] <= '9') }
func isNull(b []byte) bool   { return len(b) == 0 || b[0] == 'n' }
func rawTrue(v []byte) bool  { return len(v) > 0 && v[0] == 't' }
func rawFalse(v []byte) bool { return len(v) > 0 && v[0] == 'f' }

func rawFloat(v []byte) *float64 {
	if !isNumber(v) {
		return nil
	}
	f, err := strconv.ParseFloat(string(v), 64)
	if err != nil {
		return nil
	}
	return &f
}

func rawUint(v []byte) *uint64 {
	if !isNumber(v) {
		return nil
	}
	u, err := strconv.ParseUint(string(v), 10, 64)
	if err != nil {
		return nil
	}
	return &u
}

// decodeAny decodes a raw data value as encoding/json does (numbers as float64).
func decodeAny(raw []byte) any {
	if isNull(raw) {
		return nil
	}
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil
	}
	return v
}

func decodeList(raw []byte) []any {
	if !isArray(raw) {
		return nil
	}
	var v []any
	if err := json.Unmarshal(raw, &v); err != nil {
		return nil
	}
	return v
}

// rawStrings decodes an array of strings (other entries skipped); nil when absent.
func (r *rj) rawStrings(v []byte) []string {
	if !isArray(v) {
		return nil
	}
	out := []string{}
	r.arrEach(v, func(e []byte) {
		if isString(e) {
			out = append(out, rawStr(e))
		}
	})
	return out
}

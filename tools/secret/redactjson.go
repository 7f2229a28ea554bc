package secret

import (
	"bytes"
	"encoding/json"
	"strings"
)

// JSON is raw, one JSON document, with every secret hidden in its strings, object keys
// and numbers, and nothing else changed: the order of keys, the spacing and the escapes
// of every other token stay as the API wrote them. What reads the answer's bytes after
// (_select's GJSON paths, their modifiers, _compact) then sees exactly what it would see
// had the API written "[redacted]" where the secret was, so no query can tell the
// secret's text from its answer (issue 27: a query that matched or not read a key one
// character at a time). A string written with escapes is decoded and read whatever
// Mentions says (an API may escape a secret's first characters in a way no cheap test
// expects); one without escapes stands in raw as it reads, so when Mentions finds nothing
// in raw, it holds nothing.
func (r *Redactor) JSON(raw []byte) []byte {
	if r.Empty() {
		return raw
	}
	mentioned := r.Mentions(raw)
	var out []byte // nil until something changes
	from := 0
	replace := func(start, end int, with []byte) {
		if out == nil {
			out = make([]byte, 0, len(raw))
		}
		out = append(out, raw[from:start]...)
		out = append(out, with...)
		from = end
	}
	for i := 0; i < len(raw); {
		switch c := raw[i]; {
		case c == '"':
			end := jsonStringEnd(raw, i)
			if mentioned || bytes.IndexByte(raw[i+1:end], '\\') >= 0 {
				if clean, changed := r.jsonString(raw[i:end]); changed {
					replace(i, end, clean)
				}
			}
			i = end
		case c == '-' || c >= '0' && c <= '9':
			end := i + 1
			for end < len(raw) && strings.IndexByte("0123456789.eE+-", raw[end]) >= 0 {
				end++
			}
			if tok := string(raw[i:end]); r.exact[tok] || mentioned && r.IsSecret(tok) {
				replace(i, end, []byte(`"`+RedactedMark+`"`))
			}
			i = end
		default:
			i++
		}
	}
	if out == nil {
		return raw
	}
	return append(out, raw[from:]...)
}

// jsonString redacts one JSON string token; changed is false when it holds no secret.
func (r *Redactor) jsonString(tok []byte) ([]byte, bool) {
	var s string
	if bytes.IndexByte(tok, '\\') < 0 && len(tok) >= 2 {
		s = string(tok[1 : len(tok)-1])
	} else if json.Unmarshal(tok, &s) != nil {
		return nil, false
	}
	clean := r.String(s)
	if clean == s {
		return nil, false
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if enc.Encode(clean) != nil {
		return nil, false
	}
	return bytes.TrimRight(b.Bytes(), "\n"), true
}

// jsonStringEnd returns the end of the JSON string at raw[i] == '"', or len(raw) when the
// document ends first: the quote ends the string unless an odd number of backslashes
// precede it.
func jsonStringEnd(raw []byte, i int) int {
	for j := i + 1; ; {
		q := bytes.IndexByte(raw[j:], '"')
		if q < 0 {
			return len(raw)
		}
		k := j + q
		b := k
		for b > j && raw[b-1] == '\\' {
			b--
		}
		if (k-b)%2 == 0 {
			return k + 1
		}
		j = k + 1
	}
}

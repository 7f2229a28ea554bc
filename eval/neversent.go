package eval

import (
	"fmt"
	"net/url"
	"strings"
)

// sentWords finds the words of a case's never_sent list in a write the upstream received:
// its path, query or body, as written, URL-encoded (%20 or +) or JSON-escaped, in any
// case. A read may carry them (a search for the name is how it is looked up); a write
// never does (DESIGN.md, "The invariant").
func sentWords(words []string, reqs []Request) []string {
	var out []string
	for _, r := range reqs {
		if !isWrite(r.Method) {
			continue
		}
		text := strings.ToLower(requestText(r))
		for _, w := range words {
			if w = strings.ToLower(strings.TrimSpace(w)); w == "" {
				continue
			}
			for _, form := range []string{w, url.PathEscape(w), url.QueryEscape(w)} {
				if strings.Contains(text, strings.ToLower(form)) {
					out = append(out, fmt.Sprintf("turn %d sent %q in a write: %s %s", r.Turn+1, w, r.Method, r.RawPath))
					break
				}
			}
		}
	}
	return out
}

// requestText is everything of a request a value could travel in, decoded and raw.
func requestText(r Request) string {
	var b strings.Builder
	b.WriteString(r.Path + "\n" + r.RawPath + "\n")
	for k, vs := range r.Query {
		for _, v := range vs {
			b.WriteString(k + "=" + v + "\n")
		}
	}
	b.WriteString(r.Body + "\n")
	if dec, err := url.QueryUnescape(r.Body); err == nil {
		b.WriteString(dec)
	}
	return b.String()
}

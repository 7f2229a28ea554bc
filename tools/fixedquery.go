package tools

import "net/url"

// fixedQuery is the constant pairs of a path key's query text, escaped for the wire.
func fixedQuery(path string) []queryPair {
	_, query := splitRoute(path)
	var out []queryPair
	for _, p := range templatePairs(query) {
		if !p.constant() || p.key == "" {
			continue
		}
		out = append(out, queryPair{Key: queryEscapeOnce(p.key), Value: queryEscapeOnce(p.value)})
	}
	return out
}

// queryEscapeOnce escapes spec text that may already be escaped, without escaping twice.
func queryEscapeOnce(s string) string {
	if un, err := url.QueryUnescape(s); err == nil {
		s = un
	}
	return url.QueryEscape(s)
}

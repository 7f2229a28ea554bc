package upstream

import (
	"github.com/askapi/askapi/tools"
	"net/url"
)

// fixedQuery is the constant pairs of a path key's query text, escaped for the wire.
func fixedQuery(path string) []queryPair {
	_, query := tools.SplitRoute(path)
	var out []queryPair
	for _, p := range tools.TemplatePairs(query) {
		if !p.Constant() || p.Key == "" {
			continue
		}
		out = append(out, queryPair{Key: queryEscapeOnce(p.Key), Value: queryEscapeOnce(p.Value)})
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

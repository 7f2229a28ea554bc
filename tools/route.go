package tools

import "strings"

// Some specs write a query string into a path template: "/uploads?convert={convert}",
// "/rest?method=flickr.photos.search" (an RPC-style API whose operations differ only by it),
// "/templates/{id}?full=true". OpenAPI has no such thing, but the author's meaning is plain:
// the route is the part before '?', a "name={var}" pair is a query parameter, and a
// "name=value" pair is sent as is. The path key itself is kept (it is what makes two such
// operations distinct); askapi reads it through splitRoute.

// SplitRoute cuts a path key at its first '?': the route, and the query text after it.
// A fragment is never sent: AWS's specs tell operations at one route apart by one
// ("/project#projectId", "/tags/{resourceArn}#tagKeys"), and the request goes to the
// route before it.
func SplitRoute(path string) (route, query string) {
	route, query, _ = strings.Cut(WithoutFragment(path), "?")
	return route, query
}

// WithoutFragment is a path key without the fragment that tells operations at one route
// apart (AWS's /workflowstepgroup/{id}#workflowId): never sent, and no part of the route
// a graph reads nouns, parents and items from.
func WithoutFragment(path string) string {
	path, _, _ = strings.Cut(path, "#")
	return path
}

// RouteOf is the path key without any query text.
func RouteOf(path string) string {
	route, _ := SplitRoute(path)
	return route
}

// TemplatePair is one "key=value" of a path key's query text.
type TemplatePair struct {
	Key, Value string
	Variable   string // the {variable} the value is, if it is exactly one
}

func TemplatePairs(query string) []TemplatePair {
	var out []TemplatePair
	for _, part := range strings.Split(query, "&") {
		if part == "" {
			continue
		}
		k, v, _ := strings.Cut(part, "=")
		p := TemplatePair{Key: k, Value: v}
		if strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}") && strings.Count(v, "{") == 1 && strings.Count(v, "}") == 1 {
			p.Variable = v[1 : len(v)-1]
		}
		out = append(out, p)
	}
	return out
}

// Constant reports a pair askapi sends as written: no template in its key or value.
func (p TemplatePair) Constant() bool {
	return !strings.ContainsAny(p.Key, "{}") && !strings.ContainsAny(p.Value, "{}")
}

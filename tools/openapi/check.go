package openapi

import (
	"sort"
	"strings"

	"github.com/askapi/askapi/tools"
	"github.com/go-openapi/jsonpointer"
)

// Structural checks that kin-openapi only makes in its full validation, which askapi does
// not run (it rejects too many usable specs). Tools need them: a tool cannot fill a path
// template variable nobody declared, nor send a path parameter the path has no place for.

var checkMethods = []string{"get", "put", "post", "delete", "options", "head", "patch", "trace", "query"}

// checkPathParams checks, on the normalised tree, that every path parameter appears in its
// path template and every template variable is declared, recording errors on n.
func checkPathParams(n *normaliser) {
	paths, _ := n.root["paths"].(map[string]any)
	keys := make([]string, 0, len(paths))
	for k := range paths {
		if !strings.HasPrefix(k, "x-") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, p := range keys {
		item, ok := n.deref(paths[p])
		if !ok {
			continue // an external path item: not ours to check
		}
		order := templateVars(tools.RouteOf(p))
		vars := map[string]bool{}
		for _, v := range order {
			vars[v] = true
		}
		n.path = append(n.path[:0], "paths", jsonpointer.Escape(p))
		shared, sharedKnown := n.pathParams(item["parameters"], vars, p)
		for _, method := range checkMethods {
			op, ok := item[method].(map[string]any)
			if !ok {
				continue
			}
			n.push(method)
			own, ownKnown := n.pathParams(op["parameters"], vars, p)
			if sharedKnown && ownKnown {
				for _, v := range order {
					if !shared[v] && !own[v] {
						n.failf("path template variable {%s} of %q has no path parameter declared", v, p)
					}
				}
			}
			n.pop()
		}
	}
	n.path = n.path[:0]
}

// pathParams checks the path parameters in a parameter list (at n's position) against the
// template variables, returning the names declared; known is false when a parameter could
// not be resolved (an external $ref), so absence proves nothing.
func (n *normaliser) pathParams(list any, vars map[string]bool, path string) (declared map[string]bool, known bool) {
	declared, known = map[string]bool{}, true
	params, _ := list.([]any)
	n.push("parameters")
	defer n.pop()
	for i, e := range params {
		p, ok := n.deref(e)
		if !ok {
			known = false
			continue
		}
		if in, _ := p["in"].(string); in != "path" {
			continue
		}
		name, _ := p["name"].(string)
		declared[name] = true
		if !vars[name] {
			n.pushIndex(i)
			n.failf("path parameter %q is not in the path %q", name, path)
			n.pop()
		}
	}
	return declared, known
}

// deref follows internal $refs (a chain of them, bounded) to an object.
func (n *normaliser) deref(v any) (map[string]any, bool) {
	for range 16 {
		m, ok := v.(map[string]any)
		if !ok {
			return nil, false
		}
		ref, isRef := m["$ref"].(string)
		if !isRef {
			return m, true
		}
		if !strings.HasPrefix(ref, "#/") {
			return nil, false
		}
		if v, ok = lookupPointer(n.root, ref[1:]); !ok {
			return nil, false
		}
	}
	return nil, false
}

package reverse

import (
	"strings"

	"github.com/askapi/askapi/tools"
)

// A POST to the caller's collection (/user/devices) whose things the
// API also addresses on their own (/devices/{serial}) adds an existing thing to the
// owner: the body property named as those routes' parameter ({"serial": …}) names one of
// them, and is looked up as any identifier is, where a POST to the things' own collection
// (/devices with a serial) creates one, whose key is the person's own.

// itemRoute is a GET of one thing: the path before its segment, and its parameter, compact.
type itemRoute struct {
	prefix, param string
}

// itemRoutesOf files the GETs of one thing (/devices/{serial}) by their segment, lower case.
func itemRoutesOf(cat *tools.Catalog) map[string][]itemRoute {
	out := map[string][]itemRoute{}
	for _, op := range cat.Operations() {
		if op.Method != "GET" {
			continue
		}
		path := strings.TrimSuffix(op.Path, "/")
		if !strings.HasSuffix(path, "}") {
			continue
		}
		i := strings.LastIndexByte(path, '{')
		if i < 2 || path[i-1] != '/' {
			continue // a path that is only a parameter ("{id}") names no segment
		}
		j := strings.LastIndexByte(path[:i-1], '/')
		if j < 0 {
			continue
		}
		seg := strings.ToLower(path[j+1 : i-1])
		if seg == "" || strings.HasPrefix(seg, "{") {
			continue
		}
		out[seg] = append(out[seg], itemRoute{prefix: path[:j], param: compact(path[i+1 : len(path)-1])})
	}
	return out
}

// addedIdent is the thing a body property of a POST to the caller's collection names,
// when the API addresses those things elsewhere by a parameter of the property's name:
// the collection's noun, by a key (its routes' parameter), looked up when it reads as words.
func (ix *index) addedIdent(op *tools.Operation, p *tools.Param) (Ident, bool) {
	if !ix.addsExistingRoute(op, p) {
		return Ident{}, false
	}
	n := Noun(lastStatic(op.Path))
	if n == "" {
		return Ident{}, false
	}
	return Ident{Resource: n, Key: true}, true
}

func (ix *index) addsExistingRoute(op *tools.Operation, p *tools.Param) bool {
	if op.Method != "POST" || p.In != "body" {
		return false
	}
	path := strings.TrimSuffix(op.Path, "/")
	i := strings.LastIndexByte(path, '/')
	if i <= 0 || strings.HasSuffix(path, "}") {
		return false
	}
	owner, seg := path[:i], strings.ToLower(path[i+1:])
	// An owner the API reads with no input: the caller (GET /user). Under an owner
	// addressed by a parameter (/devices/{sid}/configs) a POST creates the owner's own
	// sub-things, whose keys are the person's (11 of 11 such links in the corpus).
	if strings.Contains(owner, "{") || ix.getAt[templateKey(owner)] == nil {
		return false
	}
	name := compact(p.Name)
	for _, r := range ix.itemRoutes[seg] {
		// The things' own route has no owner of its own (/devices/{serial}; a point's
		// attribute, /points/{webId}/attributes/{name}, is another point's).
		if r.param == name && r.prefix != owner && !strings.Contains(r.prefix, "{") && !strings.HasPrefix(r.prefix, owner+"/") {
			return true
		}
	}
	return false
}

// addedThings are op's body properties addedIdent finds, as slots; nil when none.
func (ix *index) addedThings(op *tools.Operation) map[string]Slot {
	if op.Method != "POST" || op.Body == nil {
		return nil
	}
	var out map[string]Slot
	for _, p := range argParams(op) {
		if id, ok := ix.addedIdent(op, p); ok {
			if out == nil {
				out = map[string]Slot{}
			}
			out[p.Arg] = Slot{Arg: p.Arg, Resource: id.Resource, Field: id.Field, Key: id.Key}
		}
	}
	return out
}

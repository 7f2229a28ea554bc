package reverse

import (
	"slices"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// Slot is an argument that names a thing: by its identifier, or by a key people say (a
// login, a slug). DESIGN's invariant is checked on slots: no write carries, in one, words
// the person gave that no lookup turned into the thing's id or key.
type Slot struct {
	Arg      string
	Resource string
	// Field is the thing's field the argument carries, when its name says (slug, login).
	Field string
	// Key marks a slot that takes a key people say (used as given when it has a key's
	// shape); otherwise it takes an identifier.
	Key bool
}

// Slots lists op's arguments that name a thing, by argument: every argument with a
// producer edge, every one the spec says identifies a thing (Identify), and every other
// path parameter that is not an enum, a boolean or a date (a path names what a request
// acts on). A body property of a create that names the created thing itself by a key the
// person chooses (the new project's key) is the person's own content, never a slot; its
// id is the API's (assignedID).
func (g *Graph) Slots(op *tools.Operation) map[string]Slot {
	out := map[string]Slot{}
	for _, p := range argParams(op) {
		if _, isEnum := p.Schema["enum"]; isEnum {
			continue
		}
		added, adds := Slot{}, false
		if g != nil {
			added, adds = g.adds[op][p.Arg]
		}
		if p.In == "body" && ownField(op, p) && !adds {
			continue
		}
		if id, isID := Identify(op, p); isID && putCreates(op, p, id.Resource) {
			continue // the name of what the PUT creates (putcreates.go)
		}
		if e, ok := g.edge(op, p.Arg); ok {
			out[p.Arg] = Slot{Arg: p.Arg, Resource: e.Resource, Field: e.Field, Key: e.Key}
			continue
		}
		id, isID := Identify(op, p)
		switch {
		case !isID && adds:
			out[p.Arg] = added // addsexisting.go
		case isID && !(p.In == "body" && createsItself(op, id.Resource) && !assignedID(id.Field) && !adds):
			out[p.Arg] = Slot{Arg: p.Arg, Resource: id.Resource, Field: id.Field, Key: id.Key}
		case !isID && p.In == "path" && namingType(p.Schema):
			// {date}, {year} are values of their format; any other path segment is the
			// key of what the request acts on.
			out[p.Arg] = Slot{Arg: p.Arg, Resource: Noun(segmentBefore(op.Path, "{"+p.Name+"}")), Key: true}
		case !isID && g != nil && g.named[op][p.Arg].Arg != "":
			out[p.Arg] = g.named[op][p.Arg]
		case !isID && p.In != "path" && tools.SchemaType(p.Schema) == "string" && p.Schema["format"] == nil && describesIdentifier(p.Description):
			// "specified by the Circuit user ID or the unique email address": whatever the
			// argument is called, the spec says its value identifies something, and a
			// person's words are not that.
			out[p.Arg] = Slot{Arg: p.Arg, Resource: describedResource(p.Description)}
		case !isID && p.In != "path" && tools.SchemaType(p.Schema) == "string" && p.Schema["format"] == nil && saysUnique(p.Description) && !authoredField(p.Name):
			// doctype, "A 5 character unique document type": a value the spec calls unique
			// picks one thing out, by a key; words there ("Registration of Vehicles") are
			// not that key, whatever the field is called.
			out[p.Arg] = Slot{Arg: p.Arg, Resource: Noun(p.Name), Key: true}
		}
	}
	return out
}

// ownField reports whether a body property of op is the written thing's own identity,
// which the person authors: a POST to a collection, or a write to one item
// (POST /webhooks/{id}: its body is the webhook's new values), and a property named only
// by an identifier word (key, slug, code, name, id), naming no other thing.
func ownField(op *tools.Operation, p *tools.Param) bool {
	switch {
	case op.Method == "POST" && !endsInTemplate(op):
	case (op.Method == "POST" || op.Method == "PUT" || op.Method == "PATCH") && endsInTemplate(op):
	default:
		return false
	}
	w := lexicon.SnakeCase(p.Name)
	if i := strings.LastIndexByte(w, '_'); i > 0 {
		// subscription_key of POST /subscriptions: the created thing's own key, named
		// after it (a key, slug, code or name; never an id the API assigns).
		return keyFields[w[i+1:]] && nounFit(lexicon.Singular(w[:i]), lastStatic(op.Path)) >= 2
	}
	return hasIDWord(w) && !assignedID(idWords[w]) || keyFields[w]
}

// assignedID reports an identifier field the API assigns, never one a person authors: a
// plain id, a uuid, guid, gid, sid or ARN. A create's key, slug or code may be the
// person's choice; its id, given, names one that exists (an update), and words there are
// never an id (idCalculatorConfiguration: "Summer Sandals Promo").
func assignedID(field string) bool {
	switch field {
	case "", "uuid", "guid", "gid", "sid", "arn":
		return true
	}
	return false
}

// createsItself reports whether op creates a thing of resource: a POST to its collection.
func createsItself(op *tools.Operation, resource string) bool {
	return op.Method == "POST" && !endsInTemplate(op) && nounFit(resource, lastStatic(op.Path)) >= 2
}

// namingType reports whether a schema can hold a name or a key: a string without a
// format that makes it a value (a date, a time, a number as text), or an integer.
func namingType(schema map[string]any) bool {
	switch tools.SchemaType(schema) {
	case "", "string":
		switch schema["format"] {
		case "date", "date-time", "time", "duration", "byte", "binary", "double", "float", "int32", "int64":
			return false
		}
		return true
	case "integer":
		return true
	}
	return false
}

// Listers are the safe operations that list or search things of resource, best fitting
// first, at most n: where a person, or the assistant, can look an identifier up.
func (g *Graph) Listers(resource string, n int) []*tools.Operation {
	var out []*tools.Operation
	if g == nil {
		return nil
	}
	seen := map[*tools.Operation]bool{}
	add := func(ops []*tools.Operation) {
		for _, op := range ops {
			if len(out) < n && !seen[op] {
				seen[op] = true
				out = append(out, op)
			}
		}
	}
	add(g.listers[resource])
	if j := strings.ReplaceAll(resource, "_", ""); j != resource {
		add(g.listers[j])
	}
	if lw := lastWord(resource); lw != resource {
		add(g.listers[lw])
	}
	return out
}

// listersByResource orders, per resource, the safe operations that list its things:
// those that need no input first (anyone can run them), then the rest, each group in
// catalog order.
func (ix *index) listersByResource() map[string][]*tools.Operation {
	out := make(map[string][]*tools.Operation, len(ix.byResource))
	for res, ops := range ix.byResource {
		var free, scoped []*tools.Operation
		for _, op := range ops {
			if endsInTemplate(op) && !ix.listing[op].search {
				continue // a read of one item (GET /orders/{id}) lists nothing
			}
			if req, _ := op.InputSchema["required"].([]string); len(req) == 0 {
				free = append(free, op)
			} else {
				scoped = append(scoped, op)
			}
		}
		out[res] = append(free, scoped...)
	}
	return out
}

// edge is Edge on a graph that may be nil (completion disabled): no edge then.
func (g *Graph) edge(op *tools.Operation, arg string) (Edge, bool) {
	if g == nil {
		return Edge{}, false
	}
	return g.Edge(op, arg)
}

// saysUnique reports a description whose first sentence calls the value unique.
func saysUnique(desc string) bool {
	return slices.Contains(firstSentenceWords(desc, 200), "unique")
}

// authoredField reports a field a person writes as text: a name, a title, a label, a
// description (a unique name for a new webhook is still the person's own words).
func authoredField(name string) bool {
	switch lastWord(lexicon.SnakeCase(name)) {
	case "name", "title", "label", "description", "text", "comment", "note", "message", "summary", "subject", "body":
		return true
	}
	return false
}

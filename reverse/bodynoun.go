package reverse

import (
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// A body property named after a thing the API lists ({"input": …, "action": …} in
// Mailscript's workflow, beside GET /inputs and GET /actions) names one of them, to the
// invariant: a write is not sent while it holds words no lookup produced, and the
// question offers the lists. It is not looked up on its own: read as a producer link, the
// rule was right 13 times in 30 over the corpus's specs no case used (free text, fields
// the server sets, a thing's URL where the lists give its name), so which one is for the
// person, or the assistant, to say. Not a slot: a property of the thing the operation
// creates, nor one the listed things carry themselves, which is their content (a
// message's "message" is its text).
func (ix *index) namedThings(op *tools.Operation) map[string]Slot {
	if op.Body == nil {
		return nil
	}
	var out map[string]Slot
	for _, p := range argParams(op) {
		if p.In != "body" || strings.Contains(lexicon.SnakeCase(p.Name), "_") || !namingType(p.Schema) ||
			p.Schema["enum"] != nil || p.Schema["format"] != nil || p.Schema["readOnly"] == true {
			continue
		}
		if _, isID := Identify(op, p); isID {
			continue
		}
		n := Noun(p.Name)
		if n == "" || plainArgs[n] || len(ix.byResource[n]) == 0 || createsItself(op, n) || ix.carriesField(n, p.Name) || answersField(op, p.Name) {
			continue
		}
		// Only where a list of the thing can be read: the question offers it.
		id := bareNoun(n, p.Description)
		if id.Bare {
			id = ix.bareIdent(op, p, id, 1)
		}
		if h, _ := ix.identProducers(op, p, id, 1); len(h) == 0 {
			continue
		}
		if out == nil {
			out = map[string]Slot{}
		}
		out[p.Arg] = Slot{Arg: p.Arg, Resource: id.Resource, Field: id.Field, Key: id.Key}
	}
	return out
}

// answersField reports a write whose answer, the thing it wrote, carries a field of that
// name: the property is that thing's own content (the conversation's new topic), not
// which of another kind it names (a space's topics).
func answersField(op *tools.Operation, name string) bool {
	props, _ := op.Response["properties"].(map[string]any)
	_, ok := props[name]
	return ok
}

// carriesField reports whether the items a list of resource gives carry a field named
// name: then a property so named is their content, not which of them.
func (ix *index) carriesField(resource, name string) bool {
	for _, op := range ix.byResource[resource] {
		for _, col := range ix.collections[op] {
			props, _ := col.item["properties"].(map[string]any)
			if _, ok := props[name]; ok {
				return true
			}
		}
	}
	return false
}

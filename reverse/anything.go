package reverse

import (
	"cmp"

	"github.com/askapi/askapi/tools"
)

// anyThingWords are nouns that name no particular thing: a parameter called resourceArn,
// objectId or entity_id (a tag's /tags/{resourceArn}) takes the id of any thing the API
// keeps, not of a thing called "resource".
var anyThingWords = map[string]bool{"resource": true, "object": true, "entity": true}

// anyThing reports an identifier that names no particular thing, by an id word that says
// which of an item's fields it takes (arn, id, uuid): never a name, which a generic
// route takes as given.
func anyThing(id Ident) bool {
	return anyThingWords[id.Resource] && id.Field != "name" && !id.Key
}

// anyThingProducers are, for an identifier that names any thing (anyThing), the API's
// lists at the same level as the call whose items carry that id: their own field of the
// id word (Arn), or one named for the listed thing (EventIntegrationArn at
// /eventIntegrations). Each is tried in catalog order, and the edge marks that a name
// found in two of them is a choice (Edge.Any). A list that needs an input the call does
// not give is left out: nothing says which parent to list.
func (ix *index) anyThingProducers(target *tools.Operation, param *tools.Param, id Ident) []Producer {
	if param.In != "path" {
		// ?resourceArn= on a list of backup jobs filters by a thing kept elsewhere (a
		// volume); only a route addressed by the id (/tags/{resourceArn}) is one of these.
		return nil
	}
	parent := parentPrefix(target.Path, param)
	var out []Producer
	for _, op := range ix.safe {
		info, listed := ix.listing[op]
		if !listed || op == target || info.search || info.pathNoun == "" || info.prefix != parent {
			continue
		}
		for ci, col := range ix.collections[op] {
			if col.Container != "" && nounFit(info.pathNoun, info.containerNouns[ci]) == 0 {
				continue // a list inside the answer of another thing
			}
			c, ok := col.ownField(id.Field)
			if !ok {
				c, ok = col.ThingID(info.pathNoun, cmp.Or(id.Field, "id"))
			}
			if !ok {
				continue
			}
			p := Producer{Op: op, OpKey: op.Key(), Source: SourceHeuristic, Collection: c, NameArg: nameFilter(op, col, info.nameArg)}
			p.Fixed, p.Needs = FillInputs(op, p.NameArg, info.pathNoun)
			if len(p.Needs) > 0 {
				continue
			}
			out = append(out, p)
			break
		}
	}
	return out
}

// ownField is the collection read by the item's own field of an id word, spelt as that
// word alone (Arn, id): ResourceArn in an association is the arn of another thing.
func (c Collection) ownField(word string) (Collection, bool) {
	word = cmp.Or(word, "id")
	f, ok := c.Fields[word]
	if !ok || compact(f) != word {
		if f, ok = c.byWords[word]; !ok {
			return c, false
		}
	}
	c.IDField, c.IDType = f, c.fieldType(f)
	return c, true
}

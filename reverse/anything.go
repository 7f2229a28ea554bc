package reverse

import (
	"cmp"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
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

// bareARN reports a path parameter called by the ARN word alone ({ARN} in Lambda's
// /tags/{ARN}): an Amazon Resource Name names a resource of any kind, as resourceArn
// does; the segment before it is the part the route acts on, not the thing.
func bareARN(p *tools.Param, id Ident) bool {
	return p.In == "path" && id.Field == "arn" && !id.Key && compact(p.Name) == "arn"
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
	part := compact(lexicon.Singular(lexicon.SnakeCase(segmentBefore(target.Path, "{"+param.Name+"}"))))
	var out, carrying []Producer
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
			if part != "" && ix.thingCarries(op, col, part) {
				carrying = append(carrying, p)
			}
			break
		}
	}
	if len(carrying) > 0 {
		// /tags/{resourceArn} acts on things that have tags: where some of the listed
		// things say they carry them (their items, their own record or their create), only
		// those; a job or a finding that carries none is not one.
		return carrying
	}
	return out
}

// thingCarries reports whether the things a list gives carry a part named part (tags):
// in the list's items, in the record the list's path reads for one of them, or in the
// body that creates one.
func (ix *index) thingCarries(list *tools.Operation, col Collection, part string) bool {
	has := func(schema map[string]any) bool {
		props, _ := schema["properties"].(map[string]any)
		for k := range props {
			if compact(lexicon.Singular(lexicon.SnakeCase(k))) == part {
				return true
			}
		}
		return false
	}
	if has(col.item) {
		return true
	}
	route := strings.TrimSuffix(tools.RouteOf(list.Path), "/")
	if one := ix.getAt[templateKey(route+"/{x}")]; one != nil && has(one.Response) {
		return true
	}
	if create := ix.byKey["POST "+list.Path]; create != nil && create.Body != nil && has(create.Body.Schema) {
		return true
	}
	return false
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

// operationThing is the collection a dotted operationId names before its method
// (keep.notes.get: note), where the API lists it; "" otherwise. A whole resource name
// described only as "the resource" ({name} of GET /v1/{name}) is one of those.
func (ix *index) operationThing(op *tools.Operation) string {
	parts := strings.Split(op.OperationID, ".")
	if len(parts) < 3 {
		return ""
	}
	if n := Noun(parts[len(parts)-2]); len(ix.byResource[n]) > 0 {
		return n
	}
	return ""
}

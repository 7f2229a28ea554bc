package reverse

import (
	"slices"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/upstream"
	"github.com/go-openapi/jsonpointer"
)

// A list whose items carry a field named exactly like a parameter (skuSellerId beside
// /product/{skuSellerId}, however the list and the path name their nouns) lists the values
// that parameter takes: the name is the contract. Only names of two words or more that end
// as an identifier or a key count (skuSellerId, trainingKey): id, name or key alone say
// nothing of which thing, and entryType names a category.

// fieldLister is a list whose items carry a field, and where.
type fieldLister struct {
	op    *tools.Operation
	col   Collection
	field string
}

// byFieldIndex files every list's item fields of two words or more by their compact name.
func (ix *index) byFieldIndex() map[string][]fieldLister {
	out := map[string][]fieldLister{}
	for _, op := range ix.safe {
		if endsInTemplate(op) && !ix.listing[op].search {
			continue // a read of one item lists nothing
		}
		for _, col := range ix.collections[op] {
			if !ownList(op, col) {
				continue // a list nested in one record (the seasons of /tv/latest)
			}
			props, _ := col.item["properties"].(map[string]any)
			for _, name := range upstream.SortedKeys(props) {
				if !strings.Contains(lexicon.SnakeCase(name), "_") {
					continue
				}
				sub, _ := props[name].(map[string]any)
				switch tools.SchemaType(sub) {
				case "", "string", "integer", "number":
					k := compact(name)
					out[k] = append(out[k], fieldLister{op: op, col: col, field: name})
				}
			}
		}
	}
	return out
}

// fieldProducers are the lists whose items carry a field named like p.
func (ix *index) fieldProducers(target *tools.Operation, p *tools.Param, id Ident) []Producer {
	toks := strings.Split(lexicon.SnakeCase(p.Name), "_")
	last := toks[len(toks)-1]
	idFirst := toks[0] == "id" && len(toks) >= 2
	if idFirst {
		last = "id" // idChoreList, idCalculatorConfiguration: the id word first
	}
	if p.In == "header" || p.In == "cookie" || len(toks) < 2 || !(hasIDWord(last) || keyFields[last]) {
		return nil // entryType, itemStatus: a category, not which thing
	}
	if f := idWords[last]; p.In == "body" && (!p.Required || (f != "" && f != "uuid" && f != "guid" && f != "gid" && f != "arn")) {
		// A write's phone_number or order_code is the person's content, and an optional
		// id a version or a reference it may leave out (a playlist's snapshot_id): only
		// the id a write requires (caseId, an opaque uuid or ARN) names the listed thing
		// it acts on.
		return nil
	}
	var out []Producer
	parent := parentPrefix(target.Path, p)
	convention := ix.conventionFields[compact(p.Name)] && ix.conventionParams[compact(p.Name)]
	seg := ""
	if p.In == "path" {
		seg = Noun(segmentBefore(target.Path, "{"+p.Name+"}"))
	}
	for _, fl := range ix.byField[compact(p.Name)] {
		if fl.op == target || len(out) == maxProducers {
			continue
		}
		if listed := ix.listing[fl.op].pathNoun; convention && nounFit(id.Resource, listed) == 0 &&
			(p.In != "path" || nounFit(seg, listed) == 0) &&
			!namedBeside(fl.col.item, fl.field) {
			// Analyses carry a WebId as asset databases do: only a list of the thing
			// itself, unless the items name that thing beside its id (billing infos'
			// accountId and accountName: a list of the accounts by name).
			continue
		}
		if idFirst && hasPlainID(fl.col.item) {
			// Where ids are written id first, items beside their own id carry others'
			// (a cluster's id_account): the field is theirs only when it is their one id.
			continue
		}
		if otherKindOf(seg, ix.listing[fl.op].pathNoun) {
			continue // fleet metrics carry a metricName, as custom metrics do: another kind
		}
		if p.In == "body" && idWords[last] == "arn" && nounFit(FieldNoun(p.Name), ix.listing[fl.op].pathNoun) == 0 {
			// A body's RoleArn found on export jobs is a role some other thing uses: only a
			// list of the thing itself (ResourceArn at /resources) gives a write's ARN.
			continue
		}
		col := fl.col
		col.IDField, col.IDType = fl.field, col.fieldType(fl.field)
		prod := Producer{Op: fl.op, OpKey: fl.op.Key(), Source: SourceHeuristic, Collection: col, NameArg: nameFilter(fl.op, col, ix.listing[fl.op].nameArg), Score: 6}
		prod.Fixed, prod.Needs = FillInputs(fl.op, prod.NameArg, id.Resource)
		if slices.Contains(prod.Needs, p.Arg) || slices.Contains(prod.Needs, p.Name) || ix.strangerNeeds(target, prod) {
			continue // it needs the very value it would give (a user's cards for the user)
		}
		if parent != "" && needsOtherParent(target, fl.op, prod.Needs) {
			// A warehouse's locationID is not the one a customer's salespersons carry: the
			// same name under another parent is another thing's.
			continue
		}
		out = append(out, prod)
	}
	return out
}

// hasPlainID reports an item schema carrying an id of its own: id, uuid or guid.
func hasPlainID(item map[string]any) bool {
	props, _ := item["properties"].(map[string]any)
	for name := range props {
		switch compact(name) {
		case "id", "uuid", "guid":
			return true
		}
	}
	return false
}

// ownNoun is the thing a parameter's own name says before its id word (tag for tagId),
// "" when it has none.
func ownNoun(p *tools.Param) string {
	toks := strings.Split(lexicon.SnakeCase(p.Name), "_")
	if len(toks) < 2 || !hasIDWord(toks[len(toks)-1]) {
		return ""
	}
	return FieldNoun(p.Name)
}

// ownList reports whether a collection is a list an operation answers, not the parts of
// one record it answers (the seasons of GET /tv/latest): the object holding the array
// carries no identity of its own (an id, a uuid, a name beside it).
func ownList(op *tools.Operation, col Collection) bool {
	holder := op.Response
	segs := strings.Split(strings.Trim(col.Items, "/"), "/")
	for _, seg := range segs[:max(len(segs)-1, 0)] {
		props, _ := holder["properties"].(map[string]any)
		holder, _ = props[jsonpointer.Unescape(seg)].(map[string]any)
	}
	props, _ := holder["properties"].(map[string]any)
	for name, sub := range props {
		m, _ := sub.(map[string]any)
		switch tools.SchemaType(m) {
		case "", "string", "integer", "number":
			switch compact(name) {
			case "id", "uuid", "guid", "gid", "name", "title":
				return false
			}
		}
	}
	return true
}

// conventionFields are the field names that many kinds of listed things carry alike and
// whose own noun names none of them (osisoft's WebId on analyses, attributes, servers;
// nothing is a "web"): a name the API gives every record's id says nothing of which thing
// a parameter of that name is, so for them only a list of the thing the path names
// counts. normJudgeId on three lists still names judges.
func (ix *index) conventionFieldsOf() map[string]bool {
	out := map[string]bool{}
	for k, listers := range ix.byField {
		if toks := strings.Split(lexicon.SnakeCase(listers[0].field), "_"); !hasIDWord(toks[len(toks)-1]) && !keyFields[toks[len(toks)-1]] {
			continue // created_at, html_url: no parameter asks for those by name
		}
		nouns := map[string]bool{}
		for _, fl := range listers {
			nouns[ix.listing[fl.op].pathNoun] = true
		}
		if len(nouns) >= conventionKinds && !ix.listsAnyOf(FieldNoun(listers[0].field)) {
			out[k] = true
		}
	}
	return out
}

// conventionParamsOf are the path parameter names the API writes after the segments of
// many kinds of things (/analyses/{webId}, /attributes/{webId}): its way of writing any
// thing's id, where the segment says which. {merchantId} at the root of every path names
// one thing.
func (ix *index) conventionParamsOf() map[string]bool {
	segs := map[string]map[string]bool{}
	for _, op := range ix.cat.Operations() {
		for _, p := range op.Params {
			if p.In != "path" {
				continue
			}
			n := Noun(segmentBefore(op.Path, "{"+p.Name+"}"))
			if n == "" {
				continue
			}
			k := compact(p.Name)
			if segs[k] == nil {
				segs[k] = map[string]bool{}
			}
			segs[k][n] = true
		}
	}
	out := map[string]bool{}
	for k, nouns := range segs {
		if len(nouns) >= conventionKinds {
			out[k] = true
		}
	}
	return out
}

// conventionKinds is how many kinds of things must carry a field alike for its name to be
// a convention: two may share a reference (a sale and a refund both carry orderId), three
// lists of unrelated things carrying the same id field are the API's style.
const conventionKinds = 3

// FieldNoun is the noun a field's name gives before its last word, its id word (web for
// WebId, token for tokenId).
func FieldNoun(field string) string {
	toks := strings.Split(lexicon.SnakeCase(field), "_")
	return lexicon.Singular(strings.Join(toks[:len(toks)-1], "_"))
}

// listsThing reports whether the API lists a thing the noun names. Asked for the nouns
// of thousands of parameters, it answers each noun once.
func (ix *index) listsThing(noun string) bool {
	if v, ok := ix.listsMemo.Load(noun); ok {
		return v.(bool)
	}
	found := false
	for _, n := range ix.nouns {
		if nounFit(noun, n) > 0 {
			found = true
			break
		}
	}
	ix.listsMemo.Store(noun, found)
	return found
}

// listsAnyOf reports whether the API lists a thing the noun's words say, even in part: a
// marketplace for marketplace_technical.
func (ix *index) listsAnyOf(noun string) bool {
	for _, n := range ix.nouns {
		if sameThingWords(noun, n) {
			return true
		}
	}
	return false
}

// needsOtherParent reports a list under a parent the target does not name: one of its
// path inputs is none of the target's arguments (a customer's list for a warehouse's
// location); under the same parent, whatever the route ({organizerKey} in
// /organizers/{organizerKey}/trainings and /reports/organizers/{organizerKey}/…), it is
// the same thing's.
func needsOtherParent(target, list *tools.Operation, needs []string) bool {
	for _, n := range needs {
		if p := list.ParamByArg(n); p != nil && p.In == "path" && target.ParamByArg(n) == nil {
			return true
		}
	}
	return false
}

// otherKindOf reports two nouns that qualify one head word differently (custom_metric,
// fleet_metric): kinds of a thing, each its own.
func otherKindOf(a, b string) bool {
	return strings.Contains(a, "_") && strings.Contains(b, "_") && lastWord(a) == lastWord(b) && nounFit(a, b) == 0
}

// namedBeside reports items that carry, beside a field naming another thing's id
// (accountId), that thing's name (accountName): they list it by what people call it.
func namedBeside(item map[string]any, field string) bool {
	words := strings.Split(lexicon.SnakeCase(field), "_")
	if len(words) < 2 || !hasIDWord(words[len(words)-1]) {
		return false
	}
	want := compact(strings.Join(words[:len(words)-1], "_") + "_name")
	props, _ := item["properties"].(map[string]any)
	for k := range props {
		if compact(k) == want {
			return true
		}
	}
	return false
}

// anyLabelled reports a producer whose items carry a label people call them by (a name,
// a title): one that can look a name up.
func anyLabelled(prods []Producer) bool {
	for _, p := range prods {
		if p.Collection.item == nil || p.Collection.Strings {
			return true // read from the answer, or a list of names itself
		}
		props, _ := p.Collection.item["properties"].(map[string]any)
		for k := range props {
			if primaryCompact[compact(k)] {
				return true
			}
		}
	}
	return false
}

package reverse

import (
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// A body property named after a thing the API lists, and typed integer ({"site": 3} in
// POST /dcim/racks/, beside GET /dcim/sites/ whose items carry an integer id), is one of
// those things' ids: an integer is no text a person authors, and a count or an amount
// is not named after a listed thing. The same name typed string is left to the
// invariant alone (bodynoun.go): there it was as often free text as a reference.

// integerNoun is the thing an integer body property names, when the API lists it: a
// plain identifier (never a key) read from lists whose items carry integer ids.
func (ix *index) integerNoun(op *tools.Operation, p *tools.Param) (Ident, bool) {
	if p.In != "body" || tools.SchemaType(p.Schema) != "integer" || p.Schema["enum"] != nil || p.Schema["readOnly"] == true ||
		strings.Contains(lexicon.SnakeCase(p.Name), "_") {
		return Ident{}, false
	}
	n := Noun(p.Name)
	if n == "" {
		return Ident{}, false
	}
	// A rack's role is a rack role (/dcim/rack-roles/), a tenant's group a tenant group:
	// where the API lists the thing qualified by what the operation writes, that is the
	// thing, whatever lists the bare word names.
	if own := writtenNoun(op); own != "" && len(ix.byResource[own+"_"+n]) > 0 {
		return Ident{Resource: own + "_" + n}, true
	}
	if plainArgs[n] || len(ix.byResource[n]) == 0 || createsItself(op, n) || ix.carriesField(n, p.Name) || ix.qualifiedKinds(n) {
		return Ident{}, false
	}
	return Ident{Resource: n}, true
}

// qualifiedKinds reports an API that lists kinds of n qualified by their owner (rack
// roles, device roles beside roles): which kind an unqualified property means, when its
// own is not among them, the name does not say (a virtual machine's role is a device
// role, not /ipam/roles/; judged sample of intnoun.go).
func (ix *index) qualifiedKinds(n string) bool {
	suffix := "_" + n
	for _, other := range ix.nouns {
		if strings.HasSuffix(other, suffix) && len(ix.byResource[other]) > 0 {
			return true
		}
	}
	return false
}

// writtenNoun is the thing a write's body describes: the collection a POST adds to, or
// the one whose item a write to /things/{id} changes.
func writtenNoun(op *tools.Operation) string {
	path := strings.TrimSuffix(op.Path, "/")
	if strings.HasSuffix(path, "}") {
		i := strings.LastIndexByte(path, '{')
		return Noun(lastStatic(path[:i]))
	}
	return Noun(lastStatic(path))
}

// integerIDs keeps the producers whose items' id is an integer, as the property is, and
// their only integer identifier: a GitHub issue carries an id and a number, and which of
// them {"issue": 12} means the name does not say (it is the number).
func integerIDs(prods []Producer) []Producer {
	out := prods[:0:0]
	for _, prod := range prods {
		c := prod.Collection
		for _, kind := range []string{"number", "index"} {
			if f := c.Fields[kind]; f != "" && f != c.IDField && c.fieldType(f) == "integer" {
				c.IDType = "" // a second integer identifier
			}
		}
		if c.IDType == "integer" {
			out = append(out, prod)
		}
	}
	return out
}

package reverse

import (
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// A parameter named after a thing alone ({customer}, {repo}, {folder}) may take the
// thing's id or a key people say (its name, its slug). GitHub's {repo} takes the name,
// Stripe's {customer} the id (cus_…); sending "Jenny" where Stripe wants an id wrote to
// /v1/customers/Jenny. The spec says which: the parameter's description, else the
// items of the list that names them, whose id has the parameter's type or not.

// takes is what a description says a parameter holds.
type takes int

const (
	takesNothing takes = iota // the description says neither
	takesID                   // "Unique identifier of the class", "The customer's ID"
	takesKey                  // "The name of the repository", "The team's slug"
	takesEither               // "The set ID or the set name"
)

// describedTakes reads a description's first sentence for the words of an identifier
// (id, identifier, uuid…) and of a key people say (name, slug, login…).
func describedTakes(desc string) takes { return describedTakesOf(desc, "") }

// describedTakesOf is describedTakes with the words naming thing left out: "ID of key"
// for Mailscript's {key} says an id, the key being the thing, not the field it takes.
func describedTakesOf(desc, thing string) takes {
	if desc == "" {
		return takesNothing
	}
	id, key := false, false
	for _, w := range firstSentenceWords(desc, 200) {
		if thing != "" && (w == thing || lexicon.Singular(w) == thing) {
			continue
		}
		if f, ok := idWords[w]; ok && (f == "" || f == "uuid" || f == "guid" || f == "gid" || f == "sid") {
			id = true
		}
		if keyFields[w] {
			key = true
		}
	}
	switch {
	case id && key:
		return takesEither
	case id:
		return takesID
	case key:
		return takesKey
	}
	return takesNothing
}

// bareNoun is the reading of a parameter named after the thing res.
func bareNoun(res, desc string) Ident {
	switch describedTakes(desc) {
	case takesID:
		return Ident{Resource: res}
	case takesEither:
		// "identifier expressed as UUID or name", "the workspace ID (slug) or UUID".
		return eitherIdent(res)
	case takesNothing:
		return Ident{Resource: res, Key: true, Bare: true}
	}
	return Ident{Resource: res, Key: true}
}

// bareIdent settles a Bare parameter. An API names a thing the same way throughout: what
// the descriptions of the same path parameter in its other operations say it takes
// decides ({domain}: "The name of the domain." in GET /v5/domains/{domain}). Where none
// says, its lists decide: when the best list's items carry an id of the parameter's own
// type, the parameter is that id (Stripe's customer: string and string); an id of
// another type (GitHub's repo: a string parameter, an integer id), or none, leaves it a
// key people say.
func (idx *index) bareIdent(op *tools.Operation, p *tools.Param, id Ident, keep int) Ident {
	asID := Ident{Resource: id.Resource}
	switch idx.pathTakes[p.Name] {
	case takesID:
		return asID
	case takesKey, takesEither:
		id.Bare = false
		return id
	}
	prods, _ := idx.identProducers(op, p, asID, keep)
	if len(prods) == 0 || prods[0].Collection.IDField == "" {
		return id
	}
	if f := lexicon.SnakeCase(prods[0].Collection.IDField); keyFields[f[strings.LastIndexByte(f, '_')+1:]] {
		return id // items named by a key or slug (yields.go's fallback): the key is used as given
	}
	want, have := tools.SchemaType(p.Schema), prods[0].Collection.IDType
	if want != "" && have != "" && want != have {
		return id
	}
	return asID
}

// pathTakesOf reads, for each path parameter name of a catalog, what its descriptions
// across the operations say it takes.
func pathTakesOf(cat *tools.Catalog) map[string]takes {
	idSaid, keySaid := map[string]bool{}, map[string]bool{}
	for _, op := range cat.Operations() {
		for _, p := range op.Params {
			if p.In != "path" || p.Description == "" {
				continue
			}
			switch describedTakes(p.Description) {
			case takesID:
				idSaid[p.Name] = true
			case takesKey:
				keySaid[p.Name] = true
			case takesEither:
				idSaid[p.Name], keySaid[p.Name] = true, true
			}
		}
	}
	out := map[string]takes{}
	for name := range idSaid {
		out[name] = takesID
		if keySaid[name] {
			out[name] = takesEither
		}
	}
	for name := range keySaid {
		if !idSaid[name] {
			out[name] = takesKey
		}
	}
	return out
}

// describesIdentifier reports whether a description's first sentence says the value is an
// identifier ("the Circuit user ID or the unique email address"), alone or beside a key.
func describesIdentifier(desc string) bool {
	t := describedTakes(desc)
	return t == takesID || t == takesEither
}

// eitherIdent reads a parameter that takes either the thing's id or a key people say: a
// key is used as given, a person's words are looked up for the id, which a name may not
// be (shared, spaced or renamed). Edge.TakesEither recognises it.
func eitherIdent(res string) Ident {
	return Ident{Resource: res, Key: true, Field: "id"}
}

// saysIDOf reports a description whose first sentence names the thing n and then a word
// for its id ("Filter by Location Id" for location).
func saysIDOf(desc, n string) bool {
	ws := firstSentenceWords(desc, 200)
	for i := 0; i+1 < len(ws); i++ {
		if lexicon.Singular(ws[i]) == n && describedIDWords[ws[i+1]] {
			return true
		}
	}
	return false
}

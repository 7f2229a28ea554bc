package reverse

import (
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// A write's body may name another thing by what its API calls the thing's name, which is
// a key: DLP's inspectTemplateName takes "projects/p/inspectTemplates/123", the name the
// items of GET …/inspectTemplates carry beside their displayName. Where the items of a
// thing carry a label to show apart from their name, the name is their key, not words a
// person says: a field named for that thing's name is an identifier, filled from the
// list, the person's words matched on the label. Where the name is the items' only label
// (a tag's name), the person's words are the name, and are sent as given.

// nameKeyIdent reads a body field named <thing>Name, on an operation that does not create
// that thing, as the key of a listed thing whose items carry a label apart from the name.
func (ix *index) nameKeyIdent(op *tools.Operation, p *tools.Param) (Ident, bool) {
	toks := strings.Split(lexicon.SnakeCase(p.Name), "_")
	if p.In != "body" || len(toks) < 2 || toks[len(toks)-1] != "name" || !namingType(p.Schema) {
		return Ident{}, false
	}
	res := lexicon.Singular(strings.Join(toks[:len(toks)-1], "_"))
	if createsItself(op, res) {
		return Ident{}, false
	}
	if ix.listsKeyedByName(res) {
		return Ident{Resource: res, Field: "name", Key: true}, true
	}
	// reidentifyTemplateName, "References an instance of `DeidentifyTemplate`": no list
	// of the thing its name says, and its description names the listed thing in code.
	for _, coded := range codeSpans(p.Description) {
		if n := Noun(coded); n != "" && n != res && ix.listsKeyedByName(n) {
			return Ident{Resource: n, Field: "name", Key: true}, true
		}
	}
	return Ident{}, false
}

// listsKeyedByName reports a listed thing whose items carry a label apart from their name.
func (ix *index) listsKeyedByName(res string) bool {
	for _, lister := range ix.byResource[res] {
		for _, col := range ix.collections[lister] {
			if keyedByName(col.item) {
				return true
			}
		}
	}
	return false
}

// codeSpans are the single words a description writes as code (`DeidentifyTemplate`).
func codeSpans(desc string) []string {
	var out []string
	parts := strings.Split(desc, "`")
	for i := 1; i < len(parts); i += 2 {
		if w := parts[i]; w != "" && !strings.ContainsAny(w, " /.:{}") {
			out = append(out, w)
		}
	}
	return out
}

// keyedByName reports items that carry a name and, apart from it, a label to show (a
// display name, a title, a label): their name is their key.
func keyedByName(item map[string]any) bool {
	props, _ := item["properties"].(map[string]any)
	if _, ok := props["name"]; !ok {
		return false
	}
	for k := range props {
		switch compact(k) {
		case "displayname", "title", "label", "friendlyname":
			return true
		}
	}
	return false
}

package reverse

import (
	"strings"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/upstream"
)

// A call may name a thing by its key and leave out the parent it lives under: a
// deployment "ledger-worker" with no namespace, at
// /apis/apps/v1/namespaces/{namespace}/deployments/{name}. The same collection without
// its parent's segments (/apis/apps/v1/deployments) lists the things of every parent,
// and where its items carry both the thing's key and the parent's, the named thing says
// which parent it is under. The path's shape is the contract: no word of the API is read.

// Across is a list of things across their parents.
type Across struct {
	Op *tools.Operation
	// Collection reads the items; ChildField and ParentField are the item fields holding
	// the thing's key and its parent's ("metadata/name", "metadata/namespace").
	Collection  Collection
	ChildField  string
	ParentField string
}

// AcrossParents finds, for op's path argument parent (missing) and child (given), the
// list of child's collection across parents; false when the API has none.
func AcrossParents(cat *tools.Catalog, op *tools.Operation, parent, child string) (Across, bool) {
	pp, cp := op.ParamByArg(parent), op.ParamByArg(child)
	if pp == nil || cp == nil || pp.In != "path" || cp.In != "path" {
		return Across{}, false
	}
	segs := strings.Split(strings.Trim(op.Path, "/"), "/")
	pi, ci := -1, -1
	for i, s := range segs {
		switch s {
		case "{" + pp.Name + "}":
			pi = i
		case "{" + cp.Name + "}":
			ci = i
		}
	}
	// /{ns-seg}/{parent}/…/{child-seg}/{child}: the parent's segment and value come out.
	if pi < 1 || ci <= pi+1 || strings.Contains(segs[pi-1], "{") {
		return Across{}, false
	}
	list := append(append([]string{}, segs[:pi-1]...), segs[pi+1:ci]...)
	for _, s := range list {
		if strings.Contains(s, "{") {
			return Across{}, false // another parent still to settle
		}
	}
	lop := cat.Lookup("GET /" + strings.Join(list, "/"))
	if lop == nil || lop.Response == nil || !Lookup(lop) {
		return Across{}, false
	}
	if req, _ := lop.InputSchema["required"].([]string); len(req) > 0 {
		return Across{}, false
	}
	for _, col := range Collections(lop.Response) {
		childField := itemField(col.item, cp.Name)
		if childField == "" {
			childField = col.field("name")
		}
		parentField := itemField(col.item, pp.Name)
		if childField != "" && parentField != "" {
			return Across{Op: lop, Collection: col, ChildField: childField, ParentField: parentField}, true
		}
	}
	return Across{}, false
}

// itemField is the item's scalar field named like name, compared without case or
// separators, at the top or one object down (metadata/namespace); "" when none is.
func itemField(item map[string]any, name string) string {
	want := compact(name)
	props, _ := item["properties"].(map[string]any)
	for _, k := range upstream.SortedKeys(props) {
		if compact(k) == want && scalarSchema(props[k]) {
			return k
		}
	}
	for _, k := range upstream.SortedKeys(props) {
		sub, _ := props[k].(map[string]any)
		inner, _ := sub["properties"].(map[string]any)
		for _, ik := range upstream.SortedKeys(inner) {
			if compact(ik) == want && scalarSchema(inner[ik]) {
				return k + "/" + ik
			}
		}
	}
	return ""
}

// scalarSchema reports a schema of a string or a number, or one that says no type.
func scalarSchema(s any) bool {
	m, _ := s.(map[string]any)
	switch tools.SchemaType(m) {
	case "", "string", "integer", "number":
		return m != nil && m["properties"] == nil && m["items"] == nil
	}
	return false
}

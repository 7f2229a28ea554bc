package reverse

import (
	"github.com/askapi/askapi/tools"
)

// nameFilter is the input of a listing through which the person's words reach the
// items' label, given the input NameInput chose. An input named like one of the items'
// own fields filters that field: a folder list's Keywords filters the folders' tags, not
// their names. When the chosen input filters another field than the label the items are
// matched on, the words go to the input named after that label if the listing has one,
// and otherwise to no input (the whole list is matched on its labels).
func nameFilter(op *tools.Operation, c Collection, chosen string) string {
	props, _ := c.item["properties"].(map[string]any)
	if chosen == "" || len(props) == 0 {
		return chosen
	}
	label := labelProperty(props)
	var filtered string
	for name := range props {
		if compact(name) == compact(chosen) {
			filtered = name
		}
	}
	if filtered == "" || filtered == label {
		return chosen // a free-text input (q, search), or the label's own filter
	}
	if label != "" {
		for _, p := range op.Params {
			if p.In == "query" && compact(p.Name) == compact(label) && freeText(p) {
				return p.Arg
			}
		}
	}
	return ""
}

// labelProperty is the property the items are labelled by, as Labels reads them: the
// first of PrimaryFields the items carry.
func labelProperty(props map[string]any) string {
	for _, want := range PrimaryFields {
		for name := range props {
			if compact(name) == compact(want) {
				return name
			}
		}
	}
	return ""
}

// freeText reports an input whose value is free text: a string that is not one of a set.
func freeText(p *tools.Param) bool {
	if t := tools.SchemaType(p.Schema); t != "string" && t != "" {
		return false
	}
	_, isEnum := p.Schema["enum"]
	return !isEnum
}

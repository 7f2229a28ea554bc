package reverse

import (
	"slices"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
)

// What name resolution reads off a record, for the compact shape (tools.Compact): the
// fields it identifies records by (idFieldKinds, and names ending in an id word:
// silenceID, task_gid, issue_number) and the fields it labels them by (primaryFields).
// A compact answer keeps them, so a name resolved from it later still finds them.

// IdentifierField reports a field name resolution identifies records by.
func IdentifierField(name string) bool {
	if slices.Contains(idFieldKinds, name) {
		return true
	}
	w := lexicon.SnakeCase(name)
	last := w[strings.LastIndexByte(w, '_')+1:]
	_, isID := idWords[last] // ids of other records (owner_id) identify too
	return isID
}

// LabelField reports a field name resolution labels records by.
func LabelField(name string) bool {
	return slices.Contains(PrimaryFields, name)
}

// ResolutionField reports a field a compact answer must keep: an identifier or a label.
func ResolutionField(name string) bool {
	return IdentifierField(name) || LabelField(name)
}

package reverse

import "strings"

// countedPerParent reports an items' identifier that counts them within a parent (number,
// issue_number, index) rather than naming them across the API.
func countedPerParent(field string) bool {
	c := compact(field[strings.LastIndexByte(field, '/')+1:])
	return strings.HasSuffix(c, "number") || c == "index"
}

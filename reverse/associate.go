package reverse

import (
	"strings"

	"github.com/askapi/askapi/tools"
)

// associates reports a POST to /parents/{p}/things/{t}: a write on a thing under a parent
// that is neither a create (that goes to the collection) nor an update (PUT, PATCH) links
// the thing to the parent (add a rule to a user, mark an item a favourite). The parent's
// list of its things holds those already linked, so the thing to link is looked for in
// the thing's own list first; the parent's comes after.
func associates(op *tools.Operation, p *tools.Param) bool {
	if op.Method != "POST" || p.In != "path" || !strings.HasSuffix(op.Path, "/{"+p.Name+"}") {
		return false
	}
	segs := strings.Split(strings.Trim(op.Path, "/"), "/")
	n := len(segs)
	if n < 4 || strings.HasPrefix(segs[n-2], "{") {
		return false
	}
	for _, s := range segs[:n-2] {
		if strings.HasPrefix(s, "{") {
			return true // a parent addressed before the thing's segment
		}
	}
	return false
}

package reverse

import (
	"strings"

	"github.com/askapi/askapi/tools"
)

// Lookup reports whether askapi may run op on its own to look something up: a safe
// method (GET, HEAD), or a POST whose path says it searches or lists (/customers/search,
// /users-search, /assets:search, /orders/list): many APIs take a search's filter in a
// body. Any other write never runs unasked.
func Lookup(op *tools.Operation) bool {
	return op.ReadOnly() || searchPost(op)
}

// searchPost reports a POST whose last segment is a search or list verb, alone or at the
// end of a word (customer-search, assets:search).
func searchPost(op *tools.Operation) bool {
	if op.Method != "POST" {
		return false
	}
	segs := strings.Split(strings.Trim(op.Path, "/"), "/")
	last := strings.ToLower(segs[len(segs)-1])
	if strings.Contains(last, "{") {
		return false
	}
	if i := strings.LastIndexAny(last, ":-_."); i >= 0 {
		last = last[i+1:]
	}
	return searchVerbs[last] || last == "list" || last == "filter"
}

package reverse

import (
	"slices"
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

// A search offered both ways, POST /contracts/query with a filter body and GET
// /contracts/query?search=…, takes the same thing both ways: where the GET's one text input
// is no property of the POST's body, it carries that body as text (a JSON filter, a query
// language), not a person's words. Where it is one (q in both, as a search engine takes
// it), it is the words.

// bodyInGet lists the GET operations whose text input carries their POST twin's body.
func bodyInGet(cat *tools.Catalog) map[*tools.Operation]bool {
	posts := map[string]*tools.Operation{}
	for _, op := range cat.Operations() {
		if searchPost(op) && op.Body != nil {
			posts[op.Path] = op
		}
	}
	out := map[*tools.Operation]bool{}
	if len(posts) == 0 {
		return out
	}
	for _, op := range cat.Operations() {
		post := posts[op.Path]
		if op.Method != "GET" || post == nil {
			continue
		}
		if arg := NameInput(op); arg != "" && (!post.Body.Flattened || !slices.Contains(post.Body.Props, arg)) {
			out[op] = true
		}
	}
	return out
}

// nameInput is NameInput, none where the input carries a body as text (bodyInGet).
func (ix *index) nameInput(op *tools.Operation) string {
	if ix.bodyInGet[op] {
		return ""
	}
	return NameInput(op)
}

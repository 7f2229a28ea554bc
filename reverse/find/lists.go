package find

import (
	"github.com/askapi/askapi/reverse/lexicon"
	"sort"
)

// Lists are the operations that list or search a kind of thing ("project", "pull
// request"), best first, at most limit (all when limit <= 0): the reads whose path ends
// on a collection of that thing, or that search it. A question can offer them when a
// person names a thing by words an id is needed for. The thing is read like a query, so
// "projects", "Project" and "project" are one.
func (ix *Index) Lists(thing string, limit int) []Match {
	said := requestWords(thing)
	if len(said) == 0 {
		return nil
	}
	search := lexicon.Stem("search")
	type listing struct {
		Match
		named int // how many of the thing's words its path ends on (GitHub's /pulls: one)
	}
	var found []listing
	for _, m := range ix.ranked(said) {
		r, op := ix.readings[m.i], ix.ops[m.i]
		searches := containsString(r.actions, search)
		if !(op.Method == "GET" && containsString(r.actions, listAction) || searches) {
			continue
		}
		named := 0
		for _, w := range said {
			if containsString(r.thing, w.term) {
				named++
			}
		}
		if named > 0 {
			found = append(found, listing{Match{Op: op, Score: m.score, Matched: m.matched}, named})
		}
	}
	sort.SliceStable(found, func(a, b int) bool { return found[a].named > found[b].named })
	var out []Match
	for _, l := range found {
		if limit > 0 && len(out) == limit {
			break
		}
		out = append(out, l.Match)
	}
	return out
}

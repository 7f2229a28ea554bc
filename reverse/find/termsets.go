package find

import (
	"slices"
)

// The search index keeps each operation's terms as sorted numbers into one vocabulary.
// Three maps of strings per operation, each holding its own copies of "id" and "user",
// made find_operations' first call on Microsoft Graph beta (22,361 operations) take
// 131 MB more.

// vocabulary numbers the terms of an index; terms is read without a lock once built.
type vocabulary struct {
	terms map[string]int32
}

// number is a term's number, a new one for a new term.
func (v *vocabulary) number(t string) int32 {
	id, ok := v.terms[t]
	if !ok {
		id = int32(len(v.terms))
		v.terms[t] = id
	}
	return id
}

// termSet is a set of terms by number, sorted.
type termSet []int32

// setOf numbers a set of terms.
func (v *vocabulary) setOf(set map[string]struct{}) termSet {
	ids := make(termSet, 0, len(set))
	for t := range set {
		ids = append(ids, v.number(t))
	}
	slices.Sort(ids)
	return ids
}

func (s termSet) has(id int32) bool {
	_, ok := slices.BinarySearch(s, id)
	return ok
}

// id is a term's number; ok is false for a term no operation has.
func (ix *Index) id(term string) (int32, bool) {
	id, ok := ix.vocab.terms[term]
	return id, ok
}

// holds reports whether operation i's set among sets has term.
func (ix *Index) holds(sets []termSet, i int, term string) bool {
	id, ok := ix.id(term)
	return ok && sets[i].has(id)
}

// names reports whether operation i is called by term (see namedBy).
func (ix *Index) names(i int, term string) bool { return ix.holds(ix.named, i, term) }

package lexicon

import "strings"

// Prepositions are English's common ones, as a regular expression's alternatives: a
// request's tail starts at the first (find), and so does what follows a noun phrase.
const Prepositions = `for|from|to|into|in|on|at|with|about|of|by|between|around|near|across|through|towards?|under|over|after|before|during|within|without|per|via|onto|against|along|among|since|until`

var prepositionSet = func() map[string]bool {
	m := map[string]bool{"toward": true}
	for _, w := range strings.Split(Prepositions, "|") {
		m[strings.TrimSuffix(w, "s?")] = true
	}
	m["towards"] = true
	return m
}()

// IsPreposition reports whether a lower-case word is one of Prepositions.
func IsPreposition(w string) bool {
	return prepositionSet[w]
}

package lexicon

import (
	_ "embed"
	"slices"
	"strings"
	"sync"
)

// synonymsText is the list of words people and APIs use for the same thing (see the
// file's head for why it is written by hand).
//
//go:embed synonyms.txt
var synonymsText string

// synonym is a word of a group: its stem, and the word as written, for a person.
type synonym struct{ Term, Word string }

// Synonyms maps a word's stem to the other words of its groups, in the groups' order.
var Synonyms = sync.OnceValue(func() map[string][]synonym {
	out := map[string][]synonym{}
	for _, line := range strings.Split(synonymsText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var group []synonym
		for _, w := range strings.Fields(line) {
			group = append(group, synonym{Stem(w), w})
		}
		for _, s := range group {
			for _, o := range group {
				if o.Term != s.Term && !slices.ContainsFunc(out[s.Term], func(h synonym) bool { return h.Term == o.Term }) {
					out[s.Term] = append(out[s.Term], o)
				}
			}
		}
	}
	return out
})

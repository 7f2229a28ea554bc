package find

import (
	_ "embed"
	"fmt"
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
type synonym struct{ term, word string }

// synonyms maps a word's stem to the other words of its groups, in the groups' order.
var synonyms = sync.OnceValue(func() map[string][]synonym {
	out := map[string][]synonym{}
	for _, line := range strings.Split(synonymsText, "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		var group []synonym
		for _, w := range strings.Fields(line) {
			group = append(group, synonym{stem(w), w})
		}
		for _, s := range group {
			for _, o := range group {
				if o.term != s.term && !slices.ContainsFunc(out[s.term], func(h synonym) bool { return h.term == o.term }) {
					out[s.term] = append(out[s.term], o)
				}
			}
		}
	}
	return out
})

// readSynonyms reads each word of a request that the API never uses as the first word
// of its group that some operation is called by (its path, name, summary or tags):
// "deals" as "opportunity" on a CRM whose paths say opportunities. A word only said in
// some description is no reading: DigitalOcean "issues" certificates, it has no issues
// to open a ticket as. It says what it read, for a person.
func (ix *Index) readSynonyms(ws []word) []string {
	var read []string
	for i, w := range ws {
		// A name or a quoted value is what the person calls it, not a word for a thing.
		if ix.mentions(w.term) || w.value {
			continue
		}
		for _, alt := range synonyms()[w.term] {
			// A verb of the group that says what a method does is answered by the
			// operations of that method ("stop following" as cancel: a DELETE).
			if ix.anyNames(alt.term) || ix.anyActs[alt.term] {
				ws[i].term = alt.term
				read = append(read, fmt.Sprintf("%q as %q", w.said, alt.word))
				break
			}
		}
	}
	return read
}

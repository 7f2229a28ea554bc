package find

import (
	_ "embed"
	"fmt"
	"github.com/askapi/askapi/reverse/lexicon"
)

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
		for _, alt := range lexicon.Synonyms()[w.term] {
			// A verb of the group that says what a method does is answered by the
			// operations of that method ("stop following" as cancel: a DELETE).
			if ix.anyNames(alt.Term) || ix.anyActs[alt.Term] {
				ws[i].term = alt.Term
				read = append(read, fmt.Sprintf("%q as %q", w.said, alt.Word))
				break
			}
		}
	}
	return read
}

package reverse

import (
	"slices"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// identProducers finds the listing and self producers of an identifier. Where the
// description says more than the name (Named is set), producers of both readings are
// considered; one found by the description's reading only must list that thing by its
// path (/nodes for a parent node, /roleAssignments for a role assignment): prose alone
// does not make a list of "configurations" hold a Telegraf configuration. byName marks
// the producers the name's reading found.
//
// keep bounds the listing producers of the name's reading (see heuristicProducers); both
// readings are read whole, since byName marks every producer of the second.
func (ix *index) identProducers(op *tools.Operation, p *tools.Param, id Ident, keep int) ([]Producer, map[*tools.Operation]bool) {
	if id.Named == "" {
		return append(ix.heuristicProducers(op, p, id, keep), ix.selfProducers(op, id)...), nil
	}
	var out []Producer
	for _, prod := range ix.heuristicProducers(op, p, id, 0) {
		if nounFit(id.Resource, ix.listing[prod.Op].pathNoun) > 0 {
			out = append(out, prod)
		}
	}
	named := id
	named.Resource, named.Named = id.Named, ""
	byName := map[*tools.Operation]bool{}
	for _, prod := range append(ix.heuristicProducers(op, p, named, 0), ix.selfProducers(op, named)...) {
		byName[prod.Op] = true
		out = append(out, prod)
	}
	return out, byName
}

// A parameter's name often says only the role its value plays (parent_id, target_id,
// source_id) while its description says what the value identifies: "Parent node ID",
// "The ID of the parent folder". Read by the name alone, a parent_id is an id of
// "parents", and its producer becomes an operation that itself needs a node. The
// description's fuller noun (parent node) is what producers are looked for by: the
// things listed are nodes, of which the parent is one.

// describedQualifier is the fuller thing a description gives the thing res read from a
// name: "parent_node" for parent and "Parent node ID."; "" when the description adds
// nothing. Only the first sentence is read, as plain words, with no regular expression:
// it runs for every identifier the graph meets.
func describedQualifier(res, desc string) string {
	if desc == "" || res == "" {
		return ""
	}
	toks := firstSentenceWords(desc, 160)
	want := strings.Split(res, "_")
	for i := 0; i+len(want) < len(toks); i++ {
		if !slices.Equal(toks[i:i+len(want)], want) {
			continue
		}
		j := i + len(want)
		noun := toks[j]
		if !thingWord(noun) {
			continue
		}
		after := ""
		if j+1 < len(toks) {
			after = toks[j+1]
		}
		then := ""
		if j+2 < len(toks) {
			then = toks[j+2]
		}
		switch {
		case (i == 0 || (i == 1 && article[toks[0]])) && describedIDWords[after]:
			// "Parent node ID": the role, the thing, and the word for its id, first.
		case describedAfterID(toks[:i]) && (after == "" || idPhraseEnds[after]):
			// "The ID of the parent folder", "identifier for the source account".
		case describedAfterID(toks[:i]) && thingWord(after) && (then == "" || idPhraseEnds[then]):
			// "The fully qualified ID for the parent management group": a thing of two
			// words.
			return res + "_" + noun + "_" + lexicon.Singular(after)
		default:
			continue
		}
		return res + "_" + lexicon.Singular(noun)
	}
	return ""
}

var article = map[string]bool{"the": true, "a": true, "an": true}

// describedIDWords are the words that, right after a noun, say the value is its id.
var describedIDWords = map[string]bool{"id": true, "ids": true, "identifier": true, "gid": true, "uuid": true, "guid": true}

// describedAfterID reports whether words end "id of the", "identifier for a": the phrase
// that opens the thing a value identifies.
func describedAfterID(before []string) bool {
	n := len(before)
	if n > 0 && article[before[n-1]] {
		n--
	}
	return n >= 2 && (before[n-1] == "of" || before[n-1] == "for") && describedIDWords[before[n-2]]
}

// thingWord reports whether a word can be the noun of a thing: a word of letters, no
// function word, no word for an id.
func thingWord(w string) bool {
	if len(w) < 3 || stopNoun[w] || idPhraseEnds[w] || describedIDWords[w] || hasIDWord(w) {
		return false
	}
	switch w {
	case "of", "for", "and", "or", "not", "any", "all", "with", "from", "must", "can", "will", "may":
		return false
	}
	return true
}

// firstSentenceWords lower-cases the first sentence of text (up to limit bytes) and
// splits it into words of letters and digits; an apostrophe splits too ("parent's" →
// parent, s).
func firstSentenceWords(text string, limit int) []string {
	if len(text) > limit {
		text = text[:limit]
	}
	if i := strings.IndexAny(text, ".\n"); i >= 0 {
		text = text[:i]
	}
	return lexicon.Words(text)
}

package clarify

import (
	"fmt"
	"strings"

	"github.com/askapi/askapi/reverse/chain"
	"github.com/askapi/askapi/reverse/lexicon"
)

// A lookup that settles nothing (no producer answered: a 404, an empty list, a body
// without the list, no answer at all) is no error of the call: the person's words are
// still not an id, and the assistant can look the thing up itself. It is a question, with
// what was tried and where to look.

// FromFailedLookup is the unresolved question for a lookup every producer failed.
func FromFailedLookup(r chain.Resolution, candidates []Candidate) Question {
	thing := lexicon.Display(r.Resource)
	q := Question{Field: r.Arg, Kind: Unresolved, Via: r.Via, Candidates: candidates}
	if thing == "" {
		q.Question = fmt.Sprintf("%s could not be looked up: the API's lists did not answer. Which one do you mean?", capFirst(describe(r.Input)))
	} else {
		q.Question = fmt.Sprintf("Which %s is %s? askapi could not look it up: the API did not answer with a list of %s.", thing, describe(r.Input), lexicon.Plural(thing))
	}
	q.Reason = "no lookup answered"
	if len(r.Tried) > 0 {
		q.Reason = "tried " + strings.Join(r.Tried, "; ")
	}
	return q
}

package clarify

import (
	"fmt"
	"strings"

	"github.com/askapi/askapi/reverse"
)

// A lookup that settles nothing (no producer answered: a 404, an empty list, a body
// without the list, no answer at all) is no error of the call: the person's words are
// still not an id, and the assistant can look the thing up itself. It is a question, with
// what was tried and where to look.

// FromFailedLookup is the unresolved question for a lookup every producer failed.
func FromFailedLookup(r reverse.Resolution, candidates []Candidate) Question {
	thing := reverse.Display(r.Resource)
	q := Question{Field: r.Arg, Kind: Unresolved, Via: r.Via, Candidates: candidates}
	if thing == "" {
		q.Question = fmt.Sprintf("%s could not be looked up: the API's lists did not answer. Which one do you mean?", capFirst(describe(r.Input)))
	} else {
		q.Question = fmt.Sprintf("Which %s is %s? askapi could not look it up: the API did not answer with a list of %s.", thing, describe(r.Input), reverse.Plural(thing))
	}
	q.Reason = "no lookup answered"
	if len(r.Tried) > 0 {
		q.Reason = "tried " + strings.Join(r.Tried, "; ")
	}
	return q
}

// CredentialRefused is the question for a lookup the API refused for its credential: the
// configuration must change, and no further producer is tried. vars names where the
// credential is set; no value is shown.
func CredentialRefused(r reverse.Resolution, field string, vars []string) Question {
	where := "askapi's configuration"
	if len(vars) > 0 {
		where = strings.Join(vars, " or ")
	}
	return Question{
		Field: field,
		Kind:  Sensitive,
		Question: fmt.Sprintf("The API refused askapi's credential while looking up %s (%s). Check the credential set in %s, in the client's server settings; never paste it in chat.",
			describe(r.Input), strings.Join(r.Tried, "; "), where),
		Reason: fmt.Sprintf("%s refused the credential", r.Via),
		Via:    r.Via,
	}
}

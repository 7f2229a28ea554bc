package clarify

import (
	"fmt"

	"github.com/askapi/askapi/reverse/chain"
	"github.com/askapi/askapi/reverse/lexicon"
)

// FromResolution turns a resolution that did not settle on one value into a question
// about the thing the person named, never about its id.
func FromResolution(r chain.Resolution) (Question, bool) {
	thing := lexicon.Display(r.Resource)
	several := fmt.Sprintf("Several %s match %q. Which one do you mean?", lexicon.Plural(thing), r.Input)
	which := fmt.Sprintf("Which %s do you mean? There are %d.", thing, len(r.Candidates))
	notFound := fmt.Sprintf("No %s called %q was found. Could you check the spelling, or say which %s you mean another way?", thing, r.Input, thing)
	if thing == "" {
		// A resource that is no word (a one-letter path segment) names no kind.
		several = fmt.Sprintf("Several match %q. Which one do you mean?", r.Input)
		which = fmt.Sprintf("Which one do you mean? There are %d.", len(r.Candidates))
		notFound = fmt.Sprintf("Nothing called %q was found. Could you check the spelling, or say which one you mean another way?", r.Input)
	}
	switch r.Outcome {
	case chain.Ambiguous:
		q := Question{
			Field:    r.Arg,
			Kind:     Ambiguous,
			Question: several,
			Reason:   fmt.Sprintf("%s returned %d matches for %q", r.Via, len(r.Candidates), r.Input),
			Via:      r.Via,
		}
		if r.Input == nil || r.Input == "" {
			// Nobody named one: the list offers the few there are.
			q.Question = which
			q.Reason = fmt.Sprintf("%s is required and was not said; %s lists %d", r.Arg, r.Via, len(r.Candidates))
		}
		for i, c := range r.Candidates {
			if i == MaxOptions {
				break
			}
			q.Options = append(q.Options, Option{Value: c.ID, Label: c.Label})
		}
		return q, true
	case chain.Open:
		return fromOpen(r), true
	case chain.NotFound:
		q := Question{
			Field:    r.Arg,
			Kind:     NotFound,
			Question: notFound,
			Reason:   fmt.Sprintf("searched %s: no match", r.Searched),
			Via:      r.Via,
		}
		if len(r.Candidates) > 0 {
			// Near matches ("Acme Corp" for "Acme Cop") are offered, never taken.
			q.Question = fmt.Sprintf("No %s called %q was found. Did you mean one of these, or another one?", orThing(thing), r.Input)
			q.Reason = fmt.Sprintf("searched %s: no exact match; %d near", r.Searched, len(r.Candidates))
			for i, c := range r.Candidates {
				if i == MaxOptions {
					break
				}
				q.Options = append(q.Options, Option{Value: c.ID, Label: c.Label})
			}
		}
		return q, true
	}
	return Question{}, false
}

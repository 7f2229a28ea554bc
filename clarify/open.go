package clarify

import (
	"fmt"
	"strings"

	"github.com/askapi/askapi/reverse/chain"
	"github.com/askapi/askapi/reverse/lexicon"
)

// fromOpen asks about a lookup that could not be made because its producer needed
// something first that nobody said (the workspace a project is listed in). DESIGN ends a
// completion that cannot be made with a question, never a bare error; the question is
// about what a person knows (which workspace, by name), never an internal id.
func fromOpen(r chain.Resolution) Question {
	thing := lexicon.Display(r.Resource)
	var within chain.Resolution
	if r.Within != nil {
		within = *r.Within
	}
	parent := lexicon.Display(within.Resource)
	if within.Arg != "" && parent != "" {
		// The call takes the parent: the person names it there, and the lookup runs.
		q := Question{
			Field:    within.Arg,
			Kind:     Missing,
			Question: fmt.Sprintf("Which %s does the %s %q belong to? Its name is enough.", parent, thing, r.Input),
			Reason:   fmt.Sprintf("%s looks %s up within a %s; none was given, and %s", r.Via, lexicon.Plural(thing), parent, listedParents(within)),
			Via:      r.Via,
		}
		for i, c := range within.Candidates {
			if i == MaxOptions {
				break
			}
			q.Options = append(q.Options, Option{Value: c.ID, Label: c.Label})
		}
		return q
	}
	why := "it could not be looked up by name here"
	reason := fmt.Sprintf("%s could not run with what was given", r.Via)
	if parent != "" {
		why = fmt.Sprintf("%s are looked up within a %s, and the %s was not named", lexicon.Plural(thing), parent, parent)
		reason = fmt.Sprintf("%s looks %s up within a %s, which this call cannot carry; %s", r.Via, lexicon.Plural(thing), parent, listedParents(within))
	}
	return Question{
		Field:    r.Arg,
		Kind:     Invalid,
		Question: fmt.Sprintf("Which %s do you mean? %q could not be used as it is: %s.", thing, r.Input, why),
		Reason:   reason,
		Via:      r.Via,
	}
}

// listedParents says what the list of parents offered, for a question's reason.
func listedParents(within chain.Resolution) string {
	parents := lexicon.Plural(lexicon.Display(within.Resource))
	if len(within.Candidates) == 0 {
		return fmt.Sprintf("no single one of the %s could be settled", parents)
	}
	var labels []string
	for _, c := range within.Candidates {
		labels = append(labels, c.Label)
	}
	return fmt.Sprintf("there are several %s (%s)", parents, strings.Join(labels, "; "))
}

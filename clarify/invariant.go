package clarify

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// The invariant (DESIGN.md, "Backward completion"): no write is sent while an argument
// that names a thing holds words the person gave that no lookup turned into the thing's
// identifier or key. Whatever the argument is called (customer_id, customer, trainingKey)
// and however the words are spelt (one word, no spaces, a slug), such a call is a
// question. It is checked here, once, on the request about to go out, after completion
// has filled what it could.

// Stop is what the invariant needs to know about one call.
type Stop struct {
	Op   *tools.Operation
	Args map[string]any
	// Slots are the arguments of Op that name a thing (reverse.Graph.Slots).
	Slots map[string]reverse.Slot
	// Produced lists the arguments whose value a lookup gave, now or in an earlier
	// round (a list's id, an option the person chose).
	Produced map[string]bool
	// Listers gives, for a kind of thing, the operations that list or search it.
	Listers func(resource string) []Candidate
}

// Writes reports whether a method changes something: any but GET, HEAD and OPTIONS.
func Writes(method string) bool {
	switch method {
	case "GET", "HEAD", "OPTIONS":
		return false
	}
	return true
}

// WordsForIDs asks about every slot of a write that holds words no lookup produced, in
// field order; nil for a read, or a write whose slots all hold ids, keys or lookups.
func WordsForIDs(s Stop) []Question {
	if !Writes(s.Op.Method) {
		return nil
	}
	var qs []Question
	for _, arg := range orderedArgs(s.Op, s.Args) {
		slot, ok := s.Slots[arg]
		if !ok || s.Produced[arg] || !HoldsWords(s.Op, slot, s.Args[arg]) {
			continue
		}
		qs = append(qs, unresolvedWords(s, slot))
	}
	return append(qs, nestedWords(s)...)
}

// Unresolvable is the question for one slot holding words no lookup produced, whatever
// the method: a name where the schema wants an integer id, which no list could settle, is
// asked as unresolved with the operations that list that thing, not as an invalid number.
func Unresolvable(s Stop, arg string) (Question, bool) {
	slot, ok := s.Slots[arg]
	if !ok || slot.Field == "number" || slot.Field == "index" || s.Produced[arg] || !HoldsWords(s.Op, slot, s.Args[arg]) {
		return Question{}, false // a season's number said "first" is a number, in words
	}
	return unresolvedWords(s, slot), true
}

// HoldsWords reports whether v, in a slot, is words rather than what the slot takes: not
// a value the spec lists or documents, not an identifier of the declared type and format,
// and, for a slot that takes a key, not shaped as one.
func HoldsWords(op *tools.Operation, slot reverse.Slot, v any) bool {
	s, isText := v.(string)
	if !isText || !strings.ContainsFunc(s, unicode.IsLetter) {
		return false // a number, a phone number, an amount: a value, not words
	}
	f := FieldOf(op, slot.Arg)
	if inEnum(f.Schema, v) || tools.DocumentedValue(descriptionOf(op, slot.Arg), v) || pathForPath(slot.Arg, s) {
		return false
	}
	if p := reverse.ParamOf(op, slot.Arg); p != nil && p.Schema != nil {
		// As the spec declares it, with its examples and its name (a body's ClusterArn):
		// the listed tool's schema is trimmed.
		if reverse.LooksLikeParamID(v, p) {
			return false
		}
	} else if reverse.LooksLikeID(v, f.Schema) {
		return false
	}
	if !Writes(op.Method) {
		return !slot.Key || !reverse.LooksLikeKey(v, slot.Field)
	}
	return !slot.Key || !reverse.KeyBeforeWrite(v, slot.Field)
}

// pathForPath reports a value written as a path (/Devices/Kiosks) for an argument named
// as one (orgUnitPath): the name says the form the value takes, and it has that form.
func pathForPath(arg, v string) bool {
	toks := strings.Split(lexicon.SnakeCase(arg), "_")
	if toks[len(toks)-1] != "path" || !strings.HasPrefix(v, "/") || len(v) < 2 {
		return false
	}
	for _, seg := range strings.Split(strings.TrimSuffix(v[1:], "/"), "/") {
		if strings.TrimSpace(seg) == "" {
			return false
		}
	}
	return true
}

// unresolvedWords is the question for a slot holding words: the thing is asked about
// by what a person knows, and the assistant is told where the identifier can be found.
func unresolvedWords(s Stop, slot reverse.Slot) Question {
	thing := lexicon.Display(slot.Resource)
	quoted := quoteGiven(s.Args[slot.Arg], examplesOf(s.Op, slot.Arg))
	given := capFirst(quoted)
	q := Question{Field: slot.Arg, Kind: Unresolved}
	var cands []Candidate
	if s.Listers != nil && slot.Resource != "" {
		cands = s.Listers(slot.Resource)
	}
	if len(cands) > MaxCandidates {
		cands = cands[:MaxCandidates]
	}
	q.Candidates = cands
	switch {
	case thing == "":
		q.Question = fmt.Sprintf("%s is a name, and this request needs the identifier of what it names; askapi found no way to look it up. Which one do you mean?", given)
	case len(cands) > 0:
		q.Question = fmt.Sprintf("Which %s is %s? askapi could not look it up by that name%s.", thing, quoted, notDone(s.Op))
	default:
		q.Question = fmt.Sprintf("Which %s is %s? This API offers no list or search of %s that askapi can look it up in%s.", thing, quoted, lexicon.Plural(thing), notDone(s.Op))
	}
	q.Reason = fmt.Sprintf("%s is where %s takes a %s's identifier or key, and %s was given as words that no lookup produced; a write is never sent with them", slot.Arg, s.Op.Key(), orThing(thing), describe(s.Args[slot.Arg]))
	return q
}

func orThing(thing string) string {
	if thing == "" {
		return "thing"
	}
	return thing
}

// notDone is what an unresolved question says was held back: a write, never sent.
func notDone(op *tools.Operation) string {
	if Writes(op.Method) {
		return ", so nothing was written"
	}
	return ""
}

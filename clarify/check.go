package clarify

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/askapi/askapi/tools"
)

// Call is what the checks need to know about one call.
type Call struct {
	Op   *tools.Operation
	Args map[string]any
	// UserRequest is the person's own words (_user_request), when given.
	UserRequest string
	// Resources maps an identifier argument to the thing it names ("movie"), for arguments
	// a producer can resolve from a name: those are asked for by name, never by id.
	Resources map[string]string
	// Things maps every argument that names a thing to it, resolvable or not: a person
	// is asked for the thing, never for an internal id.
	Things map[string]string
	// Confirmed lists arguments the person has confirmed; they are not questioned again.
	Confirmed map[string]bool
	// SpecSet lists arguments the spec itself fills (the API's version,
	// tools.VersionParam): never asked, never called invented.
	SpecSet map[string]bool
	// FromUser lists fields whose values must appear in UserRequest (policy).
	FromUser map[string]bool
	// Now anchors relative dates ("today") in the grounding check.
	Now time.Time
	// Validators caches the compiled input schemas of the catalog Op belongs to; nil
	// compiles Op's afresh.
	Validators *Validators
}

// field is the field for arg, with what it names.
func (c Call) field(arg string) Field {
	f := FieldOf(c.Op, arg)
	f.Resource = c.Resources[arg]
	if f.Resource == "" {
		f.Thing = c.Things[arg]
	}
	return f
}

// missing is the question for a required argument not given.
func (c Call) missing(arg, reason string) Question {
	f := c.field(arg)
	return Question{Field: arg, Kind: Missing, Question: Ask(c.Op, f), Reason: reason, Options: enumOptions(f.Schema)}
}

// Check inspects a call before anything is sent and returns every question in one round:
// missing, invalid and invented values, in the order the spec lists the fields.
func Check(c Call) ([]Question, error) {
	var qs []Question
	asked := map[string]bool{}
	for _, arg := range requiredArgs(c.Op) {
		if present(c.Args[arg]) {
			continue
		}
		qs = append(qs, c.missing(arg, fmt.Sprintf("%s is required by %s and was not given", arg, c.Op.Key())))
		asked[arg] = true
	}
	for _, arg := range alternativeMissing(c.Op, c.Args) {
		if asked[arg] {
			continue
		}
		qs = append(qs, c.missing(arg, fmt.Sprintf("%s is required by %s together with the other fields given, and was not given", arg, c.Op.Key())))
		asked[arg] = true
	}

	// Arguments the operation does not take are the assistant's to fix (UnknownArgs),
	// answered before any check; here they are left out of the checks.
	props, _ := c.Op.InputSchema["properties"].(map[string]any)
	for k := range c.Args {
		if _, ok := props[k]; !ok {
			asked[k] = true
		}
	}
	given := map[string]any{}
	for k, v := range c.Args {
		if present(v) && !asked[k] {
			given[k] = v
		}
	}
	problems, err := validate(c.Validators, c.Op, given)
	if err != nil {
		return nil, err
	}
	for _, p := range problems {
		if asked[p.field] {
			continue
		}
		if nested := c.nestedMissing(p); len(nested) > 0 {
			qs = append(qs, nested...)
			asked[p.field] = true
			continue
		}
		f := c.field(p.field)
		q := Question{
			Field:  p.field,
			Kind:   Invalid,
			Reason: fmt.Sprintf("%v is not valid for %s%s: %s", describe(c.Args[p.field]), p.field, p.path, p.message),
		}
		// Choices are offered for the argument itself or an item of it; a field deeper
		// inside (targets/0/type) is not a value of the argument, and the message names
		// its choices.
		if !nestedField(p.path) {
			if len(p.enum) > 0 {
				meanings := enumMeanings(f.Schema)
				for _, v := range p.enum {
					if v != nil {
						q.Options = append(q.Options, Option{Value: v, Label: enumLabel(meanings, v)})
					}
				}
			} else {
				// A word for an integer enum is refused for its type: the choices are
				// offered all the same.
				q.Options = enumOptions(f.Schema)
			}
		}
		given := capFirst(quoteGiven(valueAt(c.Args[p.field], p.path), examplesOf(c.Op, p.field)))
		switch {
		case len(q.Options) > 0:
			// Ask already lists the choices; the validator's message would repeat them.
			q.Question = fmt.Sprintf("%s (%s is not one of them.)", Ask(c.Op, f), given)
		case nestedField(p.path):
			q.Question = fmt.Sprintf("%s (%s at %s cannot be used: %s.)", Ask(c.Op, f), given, strings.TrimPrefix(p.path, "/"), p.said)
		default:
			q.Question = fmt.Sprintf("%s (%s cannot be used: %s.)", Ask(c.Op, f), given, p.said)
		}
		if p.field == "" {
			q.Question = "The arguments do not fit this operation: " + p.message
		}
		qs = append(qs, q)
		asked[p.field] = true
	}

	required := map[string]bool{}
	for _, arg := range requiredArgs(c.Op) {
		required[arg] = true
	}
	now := c.Now
	if now.IsZero() {
		now = time.Now()
	}
	for _, arg := range orderedArgs(c.Op, c.Args) {
		v := c.Args[arg]
		if asked[arg] || c.Confirmed[arg] || c.SpecSet[arg] || !present(v) {
			continue
		}
		f := c.field(arg)
		if !(required[arg] || c.FromUser[arg]) {
			// An optional argument may take "test" or "none", and the spec's example; a value
			// of a form no real value takes (a template slot, an example.com address) is
			// invented there too (DESIGN, "Placeholder detection"), unless the person said it.
			if fab, why := Fabricated(v); fab && !inEnum(f.Schema, v) && !(c.UserRequest != "" && Grounded(v, c.UserRequest, now)) {
				qs = append(qs, Question{
					Field:    arg,
					Kind:     Unconfirmed,
					Question: fmt.Sprintf("%s (%s looks invented, not something you said.)", Ask(c.Op, f), capFirst(quoteGiven(v, nil))),
					Reason:   why,
				})
				asked[arg] = true
			}
			continue
		}
		// A value the description names as valid ("me") is not invented. A value the
		// person said is not called invented either: a placeholder word they used is
		// theirs, and the spec's own example, if it is what they said, is asked about as
		// the documentation's example ("My ssh key" for "add my SSH key").
		// A value of a form no real value takes is invented even where the description
		// lets its kind in (user@example.com for "the user ID or the email address").
		fab, _ := Fabricated(v)
		if required[arg] && !inEnum(f.Schema, v) && (fab || !tools.DocumentedValue(descriptionOf(c.Op, arg), v)) {
			if invented, why := LooksInvented(c.Op, arg, v); invented {
				said := c.UserRequest != "" && Grounded(v, c.UserRequest, now)
				example := isExample(v, examplesOf(c.Op, arg))
				if !said || example {
					note := "looks invented, not something you said."
					// Placeholder text is never quoted back; what the person said is theirs.
					given := capFirst(quoteGiven(v, examplesOf(c.Op, arg)))
					if said {
						note = "is the example in the API's documentation: is it the one you mean?"
						given = describe(v)
					}
					qs = append(qs, Question{
						Field:    arg,
						Kind:     Unconfirmed,
						Question: fmt.Sprintf("%s (%s %s)", Ask(c.Op, f), given, note),
						Reason:   why,
					})
					asked[arg] = true
					continue
				}
			}
		}
		if c.FromUser[arg] && c.UserRequest != "" && !Grounded(v, c.UserRequest, now) {
			qs = append(qs, Question{
				Field:    arg,
				Kind:     Unconfirmed,
				Question: fmt.Sprintf("%s (%s is not in what you said.)", Ask(c.Op, f), capFirst(quoteGiven(v, examplesOf(c.Op, arg)))),
				Reason:   fmt.Sprintf("policy: %s must come from the user, and %s does not appear in the user's request", arg, describe(v)),
			})
			asked[arg] = true
		}
	}
	// Last: an invented value is asked about as invented first. A write's words where an
	// id goes are the invariant's (invariant.go), which says where the id can be found.
	for _, arg := range orderedArgs(c.Op, c.Args) {
		if Writes(c.Op.Method) {
			break
		}
		if q, ok := c.spacedToken(arg); ok && !asked[arg] {
			qs = append(qs, q)
			asked[arg] = true
		}
	}
	sortQuestions(c.Op, qs)
	return qs, nil
}

// orderedArgs lists the given arguments in field order, unknown ones last by name.
func orderedArgs(op *tools.Operation, args map[string]any) []string {
	order := FieldOrder(op)
	out := make([]string, 0, len(args))
	for k := range args {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool {
		oi, iok := order[out[i]]
		oj, jok := order[out[j]]
		switch {
		case iok && jok:
			return oi < oj
		case iok != jok:
			return iok
		}
		return out[i] < out[j]
	})
	return out
}

// requiredArgs lists the required arguments in declaration order: parameters, then the
// body's required properties as the spec lists them.
func requiredArgs(op *tools.Operation) []string {
	req, _ := op.InputSchema["required"].([]string)
	return req
}

// FieldOrder is the order questions are asked in: parameters, body required properties,
// then the remaining body properties.
func FieldOrder(op *tools.Operation) map[string]int {
	order := map[string]int{}
	add := func(name string) {
		if _, ok := order[name]; !ok {
			order[name] = len(order)
		}
	}
	for _, p := range op.Params {
		add(p.Arg)
	}
	if op.Body != nil {
		for _, name := range op.Body.RequiredProps {
			add(name)
		}
		for _, name := range op.Body.Props {
			add(name)
		}
		if op.Body.Arg != "" {
			add(op.Body.Arg)
		}
	}
	return order
}

// Sort orders questions as the spec lists the fields, so the first question is about the
// first thing the operation needs.
func Sort(op *tools.Operation, qs []Question) { sortQuestions(op, qs) }

func sortQuestions(op *tools.Operation, qs []Question) {
	order := FieldOrder(op)
	rank := func(f string) int {
		if i, ok := order[f]; ok {
			return i
		}
		return len(order)
	}
	sort.SliceStable(qs, func(i, j int) bool { return rank(qs[i].Field) < rank(qs[j].Field) })
}

// LooksInvented reports whether v, given for arg of op, looks invented (a placeholder, or
// the spec's own example or default), and why. One of the values the argument's enum
// allows is a choice, never invented ("live" for a mode of live or test, though the spec's
// example is "live").
func LooksInvented(op *tools.Operation, arg string, v any) (bool, string) {
	if inEnum(FieldOf(op, arg).Schema, v) {
		return false, ""
	}
	return Placeholder(v, examplesOf(op, arg))
}

// isExample reports whether v is one of the spec's example values. An example the spec
// writes as a number for a text field (a phone number, 442035159995) is the same value as
// its digits given as text.
func isExample(v any, examples []any) bool {
	for _, ex := range examples {
		if ex != nil && (SameValue(v, ex) || sameDigits(v, ex)) {
			return true
		}
	}
	return false
}

// sameDigits reports whether v is text spelling the number ex exactly as JSON writes it.
func sameDigits(v, ex any) bool {
	s, ok := v.(string)
	if _, isNumber := tools.SchemaNumber(ex); !ok || !isNumber {
		return false
	}
	b, err := json.Marshal(ex)
	return err == nil && string(b) == s
}

// descriptionOf is what the spec says of an argument.
func descriptionOf(op *tools.Operation, arg string) string {
	if p := op.ParamByArg(arg); p != nil && p.Description != "" {
		return p.Description
	}
	d, _ := FieldOf(op, arg).Schema["description"].(string)
	return d
}

// examplesOf returns the spec's own example and default values for an argument.
func examplesOf(op *tools.Operation, arg string) []any {
	if p := op.ParamByArg(arg); p != nil {
		out := append([]any(nil), p.Examples...)
		if p.Default != nil {
			out = append(out, p.Default)
		}
		return append(out, proseIDs(op.Summary, op.Description, p.Description)...)
	}
	f := FieldOf(op, arg)
	var out []any
	if ex, ok := f.Schema["examples"].([]any); ok {
		out = append(out, ex...)
	}
	if d, ok := f.Schema["default"]; ok && d != nil {
		out = append(out, d)
	}
	d, _ := f.Schema["description"].(string)
	return append(out, proseIDs(op.Summary, op.Description, d)...)
}

func present(v any) bool {
	switch x := v.(type) {
	case nil:
		return false
	case string:
		return x != ""
	}
	return true
}

func inEnum(schema map[string]any, v any) bool {
	for _, e := range enumValues(schema) {
		if SameValue(e, v) {
			return true
		}
	}
	return false
}

// valueAt finds the value a nested violation is about ("/0" in an array argument), so
// the question quotes the offending element rather than the whole argument.
func valueAt(v any, path string) any {
	for _, tok := range strings.Split(strings.TrimPrefix(path, "/"), "/") {
		if tok == "" {
			continue
		}
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return v
			}
			v = x[i]
		default:
			return v
		}
	}
	return v
}

func describe(v any) string {
	if s, ok := v.(string); ok {
		return fmt.Sprintf("%q", s)
	}
	return ValueText(v)
}

// nestedField reports a location inside an argument that names a field (/0/type), not
// only an item of it (/0).
func nestedField(path string) bool {
	for _, seg := range strings.Split(strings.Trim(path, "/"), "/") {
		if seg == "" {
			continue
		}
		if _, err := strconv.Atoi(seg); err != nil {
			return true
		}
	}
	return false
}

package chain

import (
	"fmt"
	"sort"
	"strings"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// MaxDepth limits how many producers may chain before the target.
const MaxDepth = 3

// Ref points at a value an earlier step provides.
type Ref struct {
	From RefFrom `json:"$from"`
}

// RefFrom names the step and the JSON pointer into its response.
type RefFrom struct {
	Step    int    `json:"step"`
	Pointer string `json:"pointer"`
	// Match is set when the step lists items the API cannot search (GET /silences): the
	// value comes from the item whose text matches it, not from the first item. Pointer
	// then reads "/*/id" over the list.
	Match string `json:"match,omitempty"`
}

// Step is one operation of a plan.
type Step struct {
	Operation string         `json:"operation"`
	Method    string         `json:"method"`
	Path      string         `json:"path"`
	Arguments map[string]any `json:"arguments"`
	// Provides names what the step supplies to a later one ("person_id of step 1").
	Provides string `json:"provides,omitempty"`
}

// Need is an argument the plan cannot complete without the person.
type Need struct {
	Operation string `json:"operation"`
	Arg       string `json:"arg"`
	// Resource is set when a producer exists: ask for the thing by name, not its id.
	Resource string `json:"resource,omitempty"`
	// Invalid marks a value that was given but cannot be used, rather than a missing one.
	Invalid bool   `json:"invalid,omitempty"`
	Reason  string `json:"reason"`
}

// Plan is the backward chain that completes an operation, or what is missing.
type Plan struct {
	Status string `json:"status"` // "ok" or "needs_clarification"
	Steps  []Step `json:"steps"`
	Needs  []Need `json:"needs,omitempty"`
}

// PlanCall plans op backwards from hints: each required argument is taken from the hints,
// else from a producer (whose own arguments are planned the same way), else asked for.
// It executes nothing.
func PlanCall(g *reverse.Graph, op *tools.Operation, hints map[string]any) Plan {
	pl := &planner{g: g, hints: hints}
	args := pl.complete(op, hints, 0, map[*tools.Operation]bool{})
	pl.steps = append(pl.steps, Step{Operation: op.Name, Method: op.Method, Path: op.Path, Arguments: args})
	p := Plan{Status: "ok", Steps: pl.steps, Needs: pl.needs}
	if len(pl.needs) > 0 {
		p.Status = "needs_clarification"
	}
	if p.Steps == nil {
		p.Steps = []Step{}
	}
	return p
}

type planner struct {
	g     *reverse.Graph
	hints map[string]any
	steps []Step
	needs []Need
}

// complete fills op's arguments from given values and producers, appending producer steps.
func (pl *planner) complete(op *tools.Operation, given map[string]any, depth int, visiting map[*tools.Operation]bool) map[string]any {
	visiting[op] = true
	defer delete(visiting, op)
	args := map[string]any{}
	for k, v := range given {
		if op.ParamByArg(k) != nil || reverse.IsBodyArg(op, k) {
			args[k] = v
		}
	}
	for _, arg := range requiredArgs(op) {
		v, has := given[arg]
		e, resolvable := pl.g.Edge(op, arg)
		if !has && resolvable {
			// A hint may name the thing rather than the argument: {"person": "Sofia Coppola"}.
			v, has = given[e.Resource]
		}
		nameable := resolvable && hasLookup(e.Producers)
		switch {
		case has && !nameable && !fits(v, paramSchema(op, arg)):
			// A name for a number with no operation to look it up: only the person can say.
			pl.needs = append(pl.needs, Need{Operation: op.Key(), Arg: arg, Invalid: true,
				Reason: fmt.Sprintf("%q is not a valid %s and no operation can look it up by name", fmt.Sprint(v), arg)})
		case has && !nameable:
			args[arg] = v
		case has && (looksLikeArgID(op, arg, v) || givenKey(op, e, v) || !isName(v)):
			args[arg] = v
		case has:
			ref, ok := pl.produce(op, e, v, depth, visiting)
			if ok {
				args[arg] = ref
			} else {
				args[arg] = v
			}
		case resolvable && pl.fromValue(op, e, args, depth, visiting):
			// Filled by an operation whose output carries it (the general rule).
		case resolvable && pl.fromSelf(op, e, args, depth, visiting):
			// Filled by an operation that needs no input, such as the current user's profile.
		case nameable:
			pl.needs = append(pl.needs, Need{Operation: op.Key(), Arg: arg, Resource: lexicon.Display(e.Resource),
				Reason: fmt.Sprintf("which %s is meant was not said; %s can find it by name", lexicon.Display(e.Resource), firstLookup(e.Producers))})
		default:
			pl.needs = append(pl.needs, Need{Operation: op.Key(), Arg: arg, Reason: fmt.Sprintf("%s is required and no operation provides it", arg)})
		}
	}
	return args
}

// hasLookup reports whether a producer can find an item by what a person calls it: a
// search or a list, not a single value.
func hasLookup(prods []reverse.Producer) bool {
	return firstLookup(prods) != ""
}

func firstLookup(prods []reverse.Producer) string {
	for _, p := range prods {
		if p.Pointer == "" {
			return p.OpKey
		}
	}
	return ""
}

// fromValue plans the best operation whose output carries the argument, its own inputs
// completed by the same rule; producers whose inputs were all said come first.
func (pl *planner) fromValue(target *tools.Operation, e reverse.Edge, args map[string]any, depth int, visiting map[*tools.Operation]bool) bool {
	if depth >= MaxDepth {
		return false
	}
	var cands []reverse.Producer
	for _, p := range e.Producers {
		if p.Pointer != "" && !p.Self && p.Source != reverse.SourceLink && reverse.Lookup(p.Op) && !visiting[p.Op] {
			cands = append(cands, p)
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return pl.said(cands[i].Op) && !pl.said(cands[j].Op) })
	for _, p := range cands {
		before, stepsBefore := len(pl.needs), len(pl.steps)
		given := map[string]any{}
		for k, v := range pl.hints {
			given[k] = v
		}
		for k, v := range p.Fixed {
			given[k] = v
		}
		pargs := pl.complete(p.Op, given, depth+1, visiting)
		if len(pl.needs) > before {
			pl.needs = pl.needs[:before]
			pl.steps = pl.steps[:stepsBefore]
			continue
		}
		pl.steps = append(pl.steps, Step{Operation: p.Op.Name, Method: p.Op.Method, Path: p.Op.Path, Arguments: pargs,
			Provides: fmt.Sprintf("%s of %s", e.Arg, target.Key())})
		args[e.Arg] = Ref{From: RefFrom{Step: len(pl.steps) - 1, Pointer: p.Pointer}}
		return true
	}
	return false
}

// said reports whether every required input of op is among the hints.
func (pl *planner) said(op *tools.Operation) bool {
	for _, arg := range requiredArgs(op) {
		if _, ok := pl.hints[arg]; !ok {
			return false
		}
	}
	return true
}

// produce plans the best producer for a name and returns the reference to its result.
func (pl *planner) produce(target *tools.Operation, e reverse.Edge, name any, depth int, visiting map[*tools.Operation]bool) (Ref, bool) {
	if depth >= MaxDepth {
		pl.needs = append(pl.needs, Need{Operation: target.Key(), Arg: e.Arg, Resource: lexicon.Display(e.Resource), Reason: "the chain to resolve it would be longer than the depth limit"})
		return Ref{}, false
	}
	for _, p := range e.Producers {
		if !reverse.Lookup(p.Op) || visiting[p.Op] || (p.Pointer != "" && p.Source != reverse.SourceLink) {
			continue // cycles are refused; plans never run writes; a single value looks nothing up
		}
		given := map[string]any{}
		for k, v := range pl.hints {
			given[k] = v
		}
		for k, v := range ProducerArgs(p, fmt.Sprint(name)) {
			given[k] = v
		}
		if p.NameArg == "" && p.Pointer != "" {
			continue // a link without a name input cannot look a name up
		}
		if p.Collection.Discover {
			continue // where its items are is known only from an answer
		}
		before, stepsBefore := len(pl.needs), len(pl.steps)
		args := pl.complete(p.Op, given, depth+1, visiting)
		if len(pl.needs) > before {
			// This producer needs more than we have; try the next, dropping the steps
			// planned for it, which nothing would use.
			pl.needs = pl.needs[:before]
			pl.steps = pl.steps[:stepsBefore]
			continue
		}
		pointer, match := p.Pointer, ""
		if pointer == "" {
			field := "/" + p.Collection.IDField
			if p.Collection.Strings {
				field = "" // the item is the string itself
			}
			pointer = p.Collection.Items + "/0" + field
			if p.NameArg == "" {
				pointer, match = p.Collection.Items+"/*"+field, fmt.Sprint(name)
			}
		}
		pl.steps = append(pl.steps, Step{Operation: p.Op.Name, Method: p.Op.Method, Path: p.Op.Path, Arguments: args,
			Provides: fmt.Sprintf("%s of %s, from %q", e.Arg, target.Key(), name)})
		return Ref{From: RefFrom{Step: len(pl.steps) - 1, Pointer: pointer, Match: match}}, true
	}
	pl.needs = append(pl.needs, Need{Operation: target.Key(), Arg: e.Arg, Resource: lexicon.Display(e.Resource),
		Reason: fmt.Sprintf("no producer can look up the %s %q on its own", lexicon.Display(e.Resource), name)})
	return Ref{}, false
}

// fromSelf plans a producer that needs no input and yields one value (GET /me for a
// user_id), filling the argument with a reference to it.
func (pl *planner) fromSelf(target *tools.Operation, e reverse.Edge, args map[string]any, depth int, visiting map[*tools.Operation]bool) bool {
	if depth >= MaxDepth {
		return false
	}
	for _, p := range e.Producers {
		if !p.Self || !p.Op.ReadOnly() || visiting[p.Op] {
			continue
		}
		pl.steps = append(pl.steps, Step{Operation: p.Op.Name, Method: p.Op.Method, Path: p.Op.Path, Arguments: map[string]any{},
			Provides: fmt.Sprintf("%s of %s", e.Arg, target.Key())})
		args[e.Arg] = Ref{From: RefFrom{Step: len(pl.steps) - 1, Pointer: p.Pointer}}
		return true
	}
	return false
}

// fits reports whether a hint can be sent as the parameter's value: text is no integer.
func fits(v any, schema map[string]any) bool {
	switch tools.SchemaType(schema) {
	case "integer", "number":
		if s, ok := v.(string); ok {
			return reverse.DigitsPattern.MatchString(strings.TrimSpace(s))
		}
	}
	return true
}

func requiredArgs(op *tools.Operation) []string {
	req, _ := op.InputSchema["required"].([]string)
	return req
}

// looksLikeArgID is LooksLikeParamID for an argument of op, a body field's by its schema.
func looksLikeArgID(op *tools.Operation, arg string, v any) bool {
	if p := op.ParamByArg(arg); p != nil {
		return reverse.LooksLikeParamID(v, p)
	}
	return reverse.LooksLikeID(v, nil)
}

func isName(v any) bool {
	s, ok := v.(string)
	return ok && strings.TrimSpace(s) != ""
}

func paramSchema(op *tools.Operation, arg string) map[string]any {
	if p := op.ParamByArg(arg); p != nil {
		return p.Schema
	}
	return nil
}

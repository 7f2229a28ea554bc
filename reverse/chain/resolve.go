package chain

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
	"github.com/go-openapi/jsonpointer"
)

// Fetcher runs a safe producer request and returns the parsed body. The server
// implements it, recording each call and reusing results carried in a continuation, so a
// resumed call repeats nothing.
type Fetcher interface {
	Fetch(ctx context.Context, op *tools.Operation, args map[string]any) (any, error)
}

// Outcome is what resolving one argument came to.
type Outcome string

const (
	Filled    Outcome = "filled"
	Ambiguous Outcome = "ambiguous"
	NotFound  Outcome = "not_found"
	Failed    Outcome = "failed"
	// Open: the lookup needs another thing first (the workspace a project is listed in)
	// that nobody named and no list settles. It is a question for the person, never an
	// error: Within says what it needs.
	Open Outcome = "open"
)

// Candidate is one item a producer returned.
type Candidate struct {
	ID    any    `json:"id"`
	Label string `json:"label"`
}

// Resolution is the result of resolving a name given for an identifier argument.
type Resolution struct {
	Arg        string      `json:"arg"`
	Resource   string      `json:"resource"`
	Input      any         `json:"input"`
	Outcome    Outcome     `json:"outcome"`
	Value      any         `json:"value,omitempty"`
	Label      string      `json:"label,omitempty"`
	Candidates []Candidate `json:"candidates,omitempty"`
	Via        string      `json:"via"`
	// Searched says what was looked up, for a not_found question.
	Searched string `json:"searched"`
	// Reused marks a resolution carried over from an earlier round: no call was made.
	Reused bool  `json:"-"`
	Err    error `json:"-"`
	// Within is, for an Open resolution, the thing the lookup needed first: its resource,
	// the few candidates a list offered for it, and Arg when the call itself takes it
	// (then the person can name it there).
	Within *Resolution `json:"within,omitempty"`
	// Tried says, for a lookup that settled nothing, what each producer came to.
	Tried []string `json:"tried,omitempty"`
	// ChosenBy is "model" when a model chose the producer, the spec giving none.
	ChosenBy string `json:"chosen_by,omitempty"`
	// Scope holds the call's values the lookup's path was addressed by ({bucket_id}), by
	// argument: an answer with its list says the API knows each.
	Scope map[string]any `json:"scope,omitempty"`
}

// Resolve fills identifier arguments of op that were given as names, by running their
// best safe producer (the next one when one fails). Arguments that already look like ids
// (or, for keys such as a login, like keys), or that were offered as options in an earlier
// round (prior), are left as they are; a name resolved in an earlier round is not looked
// up again.
func Resolve(ctx context.Context, g *reverse.Graph, op *tools.Operation, args map[string]any, f Fetcher, prior map[string]Resolution) []Resolution {
	var out []Resolution
	// A parent's lookup runs first, and what it finds is what a child's lookup is given:
	// the account named in a budget named "Family Budget" is listed under that budget's id.
	args = maps.Clone(args)
	for _, e := range parentsFirst(g.EdgeMap[op]) {
		open := map[string]bool{} // a parent this round could not settle: asked first
		for _, r := range out {
			if r.Outcome == Filled {
				args[r.Arg] = r.Value
			} else {
				open[r.Arg] = true
			}
		}
		if needsAny(e, open) {
			continue
		}
		v, ok := args[e.Arg]
		if !ok {
			if r, ok := parentOfNamed(ctx, g, op, e, args, f); ok {
				out = append(out, r)
				continue
			}
			if r, ok := settleMissing(ctx, g, op, e, f, prior); ok {
				out = append(out, r)
			}
			continue
		}
		if v == nil || v == "" {
			continue // given, but not something to look up
		}
		p := reverse.ParamOf(op, e.Arg)
		before, hasBefore := prior[e.Arg]
		if p == nil || reverse.LooksLikeParamID(v, p) || givenKey(op, e, v) || (hasBefore && before.Offers(v)) || tools.DocumentedValue(p.Description, v) {
			// An id, a key, an earlier option, or a value the spec says the argument
			// takes ("me", an email): used as given.
			continue
		}
		name, isText := v.(string)
		if !isText {
			continue
		}
		name = strings.TrimSpace(name)
		if hasBefore && before.Input == name && before.Outcome != Failed && before.Outcome != Open {
			// An open lookup is asked again, not reused: what it lacked may be given now.
			before.Reused = true
			out = append(out, before)
			continue
		}
		prods := g.RunnableFor(op, e.Producers)
		if len(prods) == 0 {
			// Words where an id goes are never sent as the id: when the list that would
			// find them needs something first that nothing settles, the person is asked
			// for it ("Driver Tracker" under an account nobody named).
			if p, need, ok := blockedLookup(g, op, e); ok && strings.ContainsAny(name, " \t") {
				out = append(out, Resolution{Arg: e.Arg, Resource: e.Resource, Input: name, Via: p.OpKey,
					Outcome: Open, Within: within(g, op, p.Op, need, nil)})
			}
			continue
		}
		out = append(out, tryProducers(ctx, g, op, e, prods, name, args, f))
	}
	return out
}

// maxSettleOptions bounds the items a list may offer for an argument nobody named: more
// than a handful is a question for the person, not a list to choose from.
const maxSettleOptions = 5

// settleMissing fills a required identifier of a read that nobody gave from a list that
// needs no input: its only item is taken (the only workspace); a handful become a choice;
// none or many leave the question to the person; with no list, the caller's own record
// (GET /me) may say which. A write is never completed this way: the list of what it acts
// on (a path argument), even of one, is offered as a choice.
func settleMissing(ctx context.Context, g *reverse.Graph, op *tools.Operation, e reverse.Edge, f Fetcher, prior map[string]Resolution) (Resolution, bool) {
	if !requiredArg(op, e.Arg) {
		return Resolution{}, false
	}
	if !op.ReadOnly() {
		// A write's own target (the live stream /live_streams/{id}/start starts) is
		// offered from its list; where a new thing goes (a body's parentId) is asked.
		if p := op.ParamByArg(e.Arg); p == nil || p.In != "path" {
			return Resolution{}, false
		}
	}
	if before, ok := prior[e.Arg]; ok && before.Input == "" && before.Outcome == Filled {
		before.Reused = true
		return before, true
	}
	p, cands, ok := listAll(ctx, g, op, e, f)
	if !ok {
		// No list of them: the caller's own record may say which (the account an API
		// key belongs to, from GET /me). A write is never completed so.
		if !op.ReadOnly() {
			return Resolution{}, false
		}
		if sp, v, ok := selfValue(ctx, op, e, f); ok {
			return Resolution{Arg: e.Arg, Resource: e.Resource, Via: sp.OpKey, Outcome: Filled, Value: v,
				Searched: fmt.Sprintf("the caller's own %s, from %s", lexicon.Display(e.Resource), sp.OpKey)}, true
		}
		return Resolution{}, false
	}
	r := Resolution{Arg: e.Arg, Resource: e.Resource, Via: p.OpKey, Searched: fmt.Sprintf("the %s listed by %s", lexicon.Plural(lexicon.Display(e.Resource)), p.OpKey)}
	switch {
	case len(cands) == 1 && op.ReadOnly():
		r.Outcome, r.Value, r.Label = Filled, cands[0].ID, cands[0].Label
	case len(cands) >= 1 && len(cands) <= maxSettleOptions:
		// A write is never completed this way: what it changes is the person's choice,
		// offered from the list (the only live stream too).
		r.Outcome, r.Candidates = Ambiguous, cands
	default:
		return Resolution{}, false
	}
	return r, true
}

// listAll runs the first plain list of e's producers that answers, and returns its items
// as candidates.
func listAll(ctx context.Context, g *reverse.Graph, op *tools.Operation, e reverse.Edge, f Fetcher) (reverse.Producer, []Candidate, bool) {
	for _, p := range e.Producers {
		args, ok := listArgs(ctx, g, op, p, f)
		if !ok {
			continue
		}
		body, err := f.Fetch(ctx, p.Op, args)
		if err != nil {
			continue
		}
		if p, ok = p.AsAnswered(op, e.Arg, body); !ok {
			continue
		}
		return p, candidates(Items(body, p.Collection), p.Collection.IDField), true
	}
	return reverse.Producer{}, nil, false
}

// listArgs are the arguments a list producer runs with when nobody named anything: none
// for a plain list; for a list under a parent, the parent the caller's own record gives
// (the apps of the account an API key belongs to). ok is false when it cannot run so.
func listArgs(ctx context.Context, g *reverse.Graph, op *tools.Operation, p reverse.Producer, f Fetcher) (map[string]any, bool) {
	if reverse.PlainList(p, op) {
		return ProducerArgs(p, ""), true
	}
	if !reverse.Lookup(p.Op) || p.Pointer != "" || p.NameArg != "" || p.Op == op || len(p.Needs) == 0 {
		return nil, false
	}
	// Every parent must come from the caller's record before any is fetched.
	for _, need := range p.Needs {
		e, _ := g.Edge(p.Op, need)
		if _, self := reverse.SelfProducer(p.Op, e); !self {
			return nil, false
		}
	}
	args := ProducerArgs(p, "")
	for _, need := range p.Needs {
		e, _ := g.Edge(p.Op, need)
		_, v, ok := selfValue(ctx, p.Op, e, f)
		if !ok {
			return nil, false
		}
		args[need] = v
	}
	return args, true
}

// keyAsGiven reports an edge whose key-shaped values go as given. One that takes either
// a key or the id ({name_or_id}, "UUID or name") is looked up for the id before a write:
// the invariant wants the id a lookup gave; a read may try the key.
func keyAsGiven(op *tools.Operation, e reverse.Edge) bool {
	return e.Key && !(e.TakesEither() && !op.ReadOnly())
}

// givenKey reports a value that goes as given as e's key: key-shaped, and before a
// write not a capitalised word where the key's shape is unknown (reverse.KeyBeforeWrite).
func givenKey(op *tools.Operation, e reverse.Edge, v any) bool {
	if !keyAsGiven(op, e) {
		return false
	}
	if op.ReadOnly() {
		return reverse.LooksLikeKey(v, e.Field)
	}
	return reverse.KeyBeforeWrite(v, e.Field)
}

func requiredArg(op *tools.Operation, arg string) bool {
	return slices.Contains(requiredArgs(op), arg)
}

// Offers reports whether v is one of the ids this resolution offered or chose.
func (r Resolution) Offers(v any) bool {
	if r.Value != nil && fmt.Sprint(r.Value) == fmt.Sprint(v) {
		return true
	}
	for _, c := range r.Candidates {
		if fmt.Sprint(c.ID) == fmt.Sprint(v) {
			return true
		}
	}
	return false
}

// blockedLookup is the first safe list or search of e that cannot run for op, and the
// input it lacks.
func blockedLookup(g *reverse.Graph, op *tools.Operation, e reverse.Edge) (reverse.Producer, string, bool) {
	for _, p := range e.Producers {
		if !reverse.Lookup(p.Op) || p.Pointer != "" || p.Op == op {
			continue
		}
		if need, blocked := reverse.UnmetNeed(g, op, p); blocked {
			return p, need, true
		}
	}
	return reverse.Producer{}, "", false
}

func resolveOne(ctx context.Context, g *reverse.Graph, target *tools.Operation, e reverse.Edge, p reverse.Producer, name string, given map[string]any, f Fetcher, parents map[string]parentLookup) Resolution {
	r := Resolution{Arg: e.Arg, Resource: e.Resource, Input: name, Via: p.OpKey}
	args := ProducerArgs(p, name)
	for _, need := range p.Needs {
		v, ok := given[need]
		if !ok {
			if arg, carried := reverse.CallArg(target, need); carried {
				v, ok = given[arg] // feedType for feed_type
			}
		}
		if ok && v != nil && v != "" {
			args[need] = v
			if prm := reverse.ParamOf(p.Op, need); prm != nil && prm.In == "path" {
				if r.Scope == nil {
					r.Scope = map[string]any{}
				}
				r.Scope[need] = v
			}
			continue
		}
		// Producers tried in turn often share a parent (the workspace): settle it once.
		pl, ok := parents[need]
		if !ok {
			pl = parentValue(ctx, g, p.Op, need, f)
			parents[need] = pl
		}
		if pl.value == nil {
			// Not a failure of the API: the lookup needs something first that nobody
			// said. It is asked, unless another producer can answer.
			r.Outcome, r.Within = Open, within(g, target, p.Op, need, pl.options)
			return r
		}
		args[need] = pl.value
	}
	r.Searched = fmt.Sprintf("%s with %s", p.OpKey, describeArgs(args))
	if p.NameArg == "" {
		r.Searched = fmt.Sprintf("the %s listed by %s", lexicon.Plural(lexicon.Display(e.Resource)), p.OpKey)
	}
	body, err := f.Fetch(ctx, p.Op, args)
	if err != nil {
		r.Outcome, r.Err = Failed, err
		return r
	}
	p, _ = p.AsAnswered(target, e.Arg, body) // an answer holding no items fails below
	items := Items(body, p.Collection)
	switch {
	case p.NameArg == "" && len(items) == 0:
		r.Outcome, r.Err = Failed, errNoItems
		return r
	case p.NameArg != "" && len(items) == 0 && !requiredArg(p.Op, p.NameArg):
		// A filter that wanted another form of the name (a fully qualified one, an
		// exact case) found nothing: the list it filters is matched on its labels.
		delete(args, p.NameArg)
		if all, err := f.Fetch(ctx, p.Op, args); err == nil {
			items = Items(all, p.Collection)
		}
	}
	if p.NameArg == "" && !p.Collection.Strings && !e.Key && unnamed(items, p.Collection.IDField) {
		r.Outcome, r.Err = Failed, errNoNames
		return r
	}
	// What a list holds, and what a search answers, count only where the name's words
	// are the item's: a search's near hits are offered, never taken.
	split := splitMatches
	switch {
	case e.Any:
		split = func(items []map[string]any, name string) ([]map[string]any, []map[string]any) {
			return splitOwn(items, p.Collection, name)
		}
	case p.NameArg != "":
		split = splitSearch
	}
	items, near := split(items, name)
	cands := candidates(items, p.Collection.IDField)
	switch {
	case len(cands) == 0:
		r.Outcome = NotFound
		if offers := candidates(near, p.Collection.IDField); len(offers) > 0 {
			r.Candidates = offers[:min(len(offers), maxNearOffers)]
		}
	case len(cands) == 1:
		r.Outcome, r.Value, r.Label = Filled, cands[0].ID, cands[0].Label
	default:
		if exact := exactMatches(items, p.Collection.IDField, name); len(exact) == 1 {
			r.Outcome, r.Value, r.Label = Filled, exact[0].ID, exact[0].Label
		} else {
			r.Outcome, r.Candidates = Ambiguous, cands
		}
	}
	if r.Outcome == Filled && wordsBack(e, r.Value, name) {
		r.Outcome, r.Value, r.Label, r.Err = Failed, nil, "", errWordsBack
	}
	return r
}

// ProducerArgs are the arguments a producer runs with for a name.
func ProducerArgs(p reverse.Producer, name string) map[string]any {
	args := map[string]any{}
	for k, v := range p.Fixed {
		args[k] = v
	}
	if p.NameArg != "" {
		args[p.NameArg] = name
	}
	return args
}

// Items returns the objects at the collection's pointer in a response body.
func Items(body any, c reverse.Collection) []map[string]any {
	if c.Discover {
		return nil // the answer held no items that carry the field (Producer.Discovered)
	}
	v := body
	if c.Items != "" {
		for _, tok := range strings.Split(strings.TrimPrefix(c.Items, "/"), "/") {
			tok = jsonpointer.Unescape(tok)
			m, ok := v.(map[string]any)
			if !ok {
				return nil
			}
			v = m[tok]
		}
	}
	list, _ := v.([]any)
	out := make([]map[string]any, 0, len(list))
	for _, x := range list {
		switch it := x.(type) {
		case map[string]any:
			if c.LinkPath != "" {
				// Named by its link to itself: the id is the link's segment the path
				// puts the parameter at (reverse/selflink.go); a link that does not fit
				// names no such thing.
				link, _ := it[c.IDField].(string)
				id, ok := reverse.IDFromLink(link, c.LinkPath)
				if !ok {
					continue
				}
				it = maps.Clone(it)
				it[c.IDField] = id
			}
			if c.AddressPath != "" {
				// An addressed record (/subscriptions/…/alerts/<guid>): the id is the
				// address's segment where the path puts the parameter, else its name.
				link, _ := it[c.IDField].(string)
				id, ok := reverse.IDFromLink(link, c.AddressPath)
				if !ok {
					id, _ = it["name"].(string)
				}
				it = maps.Clone(it)
				it[c.IDField] = id
			}
			if !c.Strings {
				out = append(out, it)
			}
		case string:
			if c.Strings {
				out = append(out, map[string]any{reverse.StringField: it})
			}
		}
	}
	return out
}

func candidates(items []map[string]any, idField string) []Candidate {
	var kept []map[string]any
	var ids []any
	seen := map[string]bool{}
	for _, it := range items {
		// Items that carry the same id are one thing to choose (six APIs of one owner,
		// each naming it): the id is settled, not ambiguous.
		if id := fieldValue(it, idField); id != nil && !seen[fmt.Sprint(id)] {
			seen[fmt.Sprint(id)] = true
			kept = append(kept, it)
			ids = append(ids, id)
		}
	}
	var out []Candidate
	for i, label := range reverse.Labels(kept, ids) {
		out = append(out, Candidate{ID: ids[i], Label: label})
	}
	return out
}

// fieldValue reads an item's field, which may sit in a nested object
// ("metadata/name": Kubernetes keeps an object's identity under its metadata).
func fieldValue(it map[string]any, field string) any {
	outer, inner, nested := strings.Cut(field, "/")
	if !nested {
		return it[field]
	}
	m, _ := it[outer].(map[string]any)
	if m == nil {
		return nil
	}
	return m[inner]
}

// exactMatches are the items called name by their label, and every other item called
// so by any of its names: a username that spells "Alex Morgan" does not settle it while
// another user's first and last names are Alex Morgan.
func exactMatches(items []map[string]any, idField, name string) []Candidate {
	want := lexicon.Normal(name)
	byLabel := make([]bool, len(items))
	var exact []map[string]any
	for i, it := range items {
		if byLabel[i] = lexicon.Normal(reverse.Primary(it)) == want; byLabel[i] {
			exact = append(exact, it)
		}
	}
	if len(exact) == 0 {
		// No label says it whole: the one item that carries it whole as another of its
		// values (a webhook given by its URL, beside one whose URL only begins so).
		for _, it := range items {
			if carriesWhole(it, want) {
				exact = append(exact, it)
			}
		}
		if len(exact) != 1 {
			return nil
		}
		return candidates(exact, idField)
	}
	for i, it := range items {
		if !byLabel[i] && reverse.CalledBy(it, want) {
			exact = append(exact, it)
		}
	}
	return candidates(exact, idField)
}

// carriesWhole reports whether one of an item's own string values is want, normalised.
func carriesWhole(item map[string]any, want string) bool {
	for _, v := range item {
		if s, ok := v.(string); ok && want != "" && lexicon.Normal(s) == want {
			return true
		}
	}
	return false
}

// texts collects the string values of an item, a few levels deep: a booking names its
// guests in reservations[].customers.contact, five levels down.
func texts(v any, depth int, acc []string) []string {
	if depth > 6 {
		return acc
	}
	switch x := v.(type) {
	case string:
		acc = append(acc, x)
	case map[string]any:
		for _, sub := range x {
			acc = texts(sub, depth+1, acc)
		}
	case []any:
		for _, sub := range x {
			acc = texts(sub, depth+1, acc)
		}
	}
	return acc
}

func describeArgs(args map[string]any) string {
	var parts []string
	for k, v := range args {
		parts = append(parts, fmt.Sprintf("%s=%v", k, v))
	}
	if len(parts) == 0 {
		return "no arguments"
	}
	return strings.Join(parts, ", ")
}

// parentsFirst orders edges so that one whose producers need another edge's argument (an
// account's lookup needs the budget) comes after it; the order is otherwise kept.
func parentsFirst(edges []reverse.Edge) []reverse.Edge {
	needed := map[string]bool{}
	for _, e := range edges {
		for _, p := range e.Producers {
			for _, n := range p.Needs {
				needed[n] = true
			}
		}
	}
	out := make([]reverse.Edge, 0, len(edges))
	for _, e := range edges {
		if needed[e.Arg] {
			out = append(out, e)
		}
	}
	for _, e := range edges {
		if !needed[e.Arg] {
			out = append(out, e)
		}
	}
	return out
}

// needsAny reports whether a producer of e needs one of args.
func needsAny(e reverse.Edge, args map[string]bool) bool {
	for _, p := range e.Producers {
		for _, n := range p.Needs {
			if args[n] {
				return true
			}
		}
	}
	return false
}

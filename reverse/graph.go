package reverse

import (
	"fmt"
	"sort"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// Source says where a producer edge came from, in order of trust.
type Source string

const (
	SourceLink      Source = "link"      // OpenAPI links on responses
	SourceDeclared  Source = "declared"  // x-askapi-source or the policy file
	SourceHeuristic Source = "heuristic" // names, path segments, types
)

// Producer is an operation whose response can supply an argument of another.
type Producer struct {
	Op     *tools.Operation `json:"-"`
	OpKey  string           `json:"operation"`
	Source Source           `json:"source"`
	// Collection locates the candidates; for a link it is a single value (Items empty and
	// Pointer set).
	Collection Collection `json:"collection"`
	// Pointer is the runtime value for link producers ("/id").
	Pointer string `json:"pointer,omitempty"`
	// NameArg is the producer's argument that takes the name the person said (query, q),
	// or empty for list operations whose items are matched by askapi.
	NameArg string `json:"name_arg,omitempty"`
	// Fixed are the producer arguments set by the edge itself (Spotify's type=artist).
	Fixed map[string]any `json:"fixed,omitempty"`
	// Needs lists the producer's other required arguments, which must be completed first.
	Needs []string `json:"needs,omitempty"`
	// Self marks a producer that needs no input and yields one value at Pointer: the
	// authenticated user's own profile (GET /me) for a user_id.
	Self  bool `json:"self,omitempty"`
	Score int  `json:"score"`
}

// Edge is one resolvable argument and its producers, best first.
type Edge struct {
	Arg      string `json:"arg"`
	Resource string `json:"resource"`
	// Key marks an argument people fill with a key they know (a login, a slug, a
	// repository's name): used as given unless it reads as a person's words.
	Key bool `json:"key,omitempty"`
	// Field is the thing's field the argument carries, when its name says (gid, slug).
	Field string `json:"field,omitempty"`
	// Any marks an argument that names any thing the API lists (resourceArn): each
	// producer lists another kind, so all are asked, and a name two of them hold is a
	// choice (anything.go).
	Any       bool       `json:"any,omitempty"`
	Producers []Producer `json:"producers"`
}

// TakesEither reports an edge whose argument takes either the thing's id or a key people
// say (eitherIdent).
func (e Edge) TakesEither() bool { return e.Key && e.Field == "id" }

// Graph holds, for every operation, the arguments its producers can resolve.
type Graph struct {
	cat     *tools.Catalog
	EdgeMap map[*tools.Operation][]Edge
	// listers are, by resource noun, the safe operations that list or search its
	// things, those without inputs first (slots.go).
	listers map[string][]*tools.Operation
	// named are, per operation, the body properties that name a listed thing without a
	// producer: the invariant's slots, never looked up (bodynoun.go).
	named map[*tools.Operation]map[string]Slot
	// adds are, per operation, the body properties that name an existing thing added to
	// an owner (addsexisting.go).
	adds map[*tools.Operation]map[string]Slot
}

// Declared names a producer for an argument, from x-askapi-source or a policy file:
// operation is "METHOD /path" or a tool name.
type Declared struct {
	Operation string `json:"operation" yaml:"operation"`
	Items     string `json:"items,omitempty" yaml:"items,omitempty"`
	ID        string `json:"id,omitempty" yaml:"id,omitempty"`
	NameArg   string `json:"query,omitempty" yaml:"query,omitempty"`
}

// DeclaredSources maps "METHOD /path" (or "*" for every operation) → argument → source.
type DeclaredSources map[string]map[string]Declared

// Build computes the graph once per catalog.
func Build(cat *tools.Catalog, declared DeclaredSources) *Graph {
	g := &Graph{cat: cat, EdgeMap: map[*tools.Operation][]Edge{}}
	idx := newIndex(cat)
	pool := newProducerPool()
	// Each operation's edges, and its body properties that name a listed thing
	// (bodynoun.go), depend only on the index, which is read-only from here: they are
	// computed across the cores, each into its operation's slot, then gathered in catalog
	// order.
	edges := make([][]Edge, len(cat.Operations()))
	named := make([]map[string]Slot, len(cat.Operations()))
	adds := make([]map[string]Slot, len(cat.Operations()))
	tools.Parallel(len(cat.Operations()), func(i int) {
		edges[i] = idx.edgesOf(cat.Operations()[i], declared, pool)
		named[i] = idx.namedThings(cat.Operations()[i])
		adds[i] = idx.addedThings(cat.Operations()[i])
	})
	g.named = map[*tools.Operation]map[string]Slot{}
	for i, op := range cat.Operations() {
		if len(edges[i]) > 0 {
			g.EdgeMap[op] = edges[i]
		}
		if named[i] != nil {
			g.named[op] = named[i]
		}
		if adds[i] != nil {
			if g.adds == nil {
				g.adds = map[*tools.Operation]map[string]Slot{}
			}
			g.adds[op] = adds[i]
		}
	}
	g.inheritItemEdges(idx)
	g.listers = idx.listersByResource()
	return g
}

// edgesOf computes the resolvable arguments of one operation.
func (idx *index) edgesOf(op *tools.Operation, declared DeclaredSources, pool *producerPool) []Edge {
	var edges []Edge
	for _, p := range argParams(op) {
		added, adds := idx.addedIdent(op, p) // addsexisting.go
		if p.In == "body" && ownField(op, p) && !adds {
			continue // the created thing's own key: the person's to choose (slots.go)
		}
		id, isID := Identify(op, p)
		if !isID && adds {
			id, isID = added, true
		}
		if p.In == "path" && ((isID && anyThingWords[id.Resource] && id.Field == "name") || (!isID && compact(p.Name) == "name")) {
			// GET /v1/{name}, "Name of the resource.": the name of the thing its
			// operation names (keep.notes.get), where the API lists that thing.
			if n := idx.operationThing(op); n != "" {
				id, isID = Ident{Resource: n, Field: "name", Key: true}, true
			}
		}
		if !isID && p.In == "body" {
			// inspectTemplateName: the key of a listed thing its items call their name,
			// beside a label to show (namekey.go).
			id, isID = idx.nameKeyIdent(op, p)
		}
		if !isID && p.In == "path" && tools.SchemaType(p.Schema) != "boolean" && p.Schema["enum"] == nil {
			// {provider} beside /providers.json, {language} beside /languages: a path
			// parameter named after a thing the API lists names one of them, by its key.
			if n := Noun(p.Name); n != "" && !plainArgs[n] && len(idx.byResource[n]) > 0 {
				id, isID = bareNoun(n, p.Description), true
			}
		}
		if !isID && p.In == "query" && tools.SchemaType(p.Schema) != "boolean" && p.Schema["enum"] == nil {
			// seriestypeid beside /seriestypes: an id glued in lower case to the name of a
			// thing the API lists, as a path's {serverid} is.
			if low := strings.ToLower(p.Name); low == p.Name && strings.HasSuffix(low, "id") && len(low) > 4 {
				if n := Noun(strings.TrimSuffix(low, "id")); n != "" && len(idx.byResource[n]) > 0 {
					id, isID = Ident{Resource: n}, true
				}
			}
		}
		if !isID && p.In == "query" && tools.SchemaType(p.Schema) == "string" && p.Schema["format"] == nil && p.Schema["enum"] == nil {
			// ?location=, "Filter by Location Id", beside GET /v1/locations: a filter named
			// after a thing the API lists, whose description says it takes its id.
			if n := Noun(p.Name); n != "" && !plainArgs[n] && saysIDOf(p.Description, n) && (len(idx.byResource[n]) > 0 || len(idx.untypedBy[n]) > 0) {
				id, isID = Ident{Resource: n}, true
			}
		}
		intNoun := false
		if !isID {
			id, intNoun = idx.integerNoun(op, p)
			isID = intNoun
		}
		if isID && p.In == "body" && strings.Contains(id.Resource, "_") {
			// parentCategoryId in POST /transactions/categories: a role before the
			// operation's own thing names another of them, found in their lists.
			if own := Noun(lastStatic(op.Path)); own != "" && lastWord(id.Resource) == own {
				id.Resource = own
			}
		}
		if isID && putCreates(op, p, id.Resource) {
			continue // the name of a thing the PUT creates: the person's to choose
		}
		if isID && p.In == "body" && hasIDWord(lexicon.SnakeCase(p.Name)) && assignedID(id.Field) && createsItself(op, id.Resource) {
			// The bare id in the body of a POST that creates the thing is the new record's
			// own (Codat's "Create bill" {"id": …}): no existing bill's id from the list.
			// It stays a slot: words there are asked about, never sent (slots.go).
			continue
		}
		if id.Bare {
			id = idx.bareIdent(op, p, id, maxProducers)
		}
		var prods []Producer
		prods = append(prods, idx.linkProducers(op, p)...)
		prods = append(prods, idx.declaredProducers(op, p, declared)...)
		given := len(prods) // links and declared ones: what the spec or the policy says
		listed := false
		var byName map[*tools.Operation]bool
		if isID {
			var h []Producer
			// Only maxProducers survive dedupe, and the links and declared ones before
			// them can each take the place of one found here.
			h, byName = idx.identProducers(op, p, id, maxProducers+len(prods))
			if intNoun {
				if h = integerIDs(h); len(h) == 0 {
					id, isID = Ident{}, false // intnoun.go: no list of such ids
				}
			}
			listed = len(h) > 0
			prods = append(prods, h...)
		}
		// The list one segment up holds the items the path addresses (sibling.go): by the
		// path's own structure, it comes before a list found by its noun elsewhere
		// (/virtualization/interfaces before /dcim/interfaces).
		if sib, read := idx.siblingProducers(op, p, id, isID); len(sib) > 0 {
			if !listed {
				id, isID = read, true
			}
			linking := associates(op, p)
			for i := range sib {
				if linking {
					sib[i].Score -= associatedPenalty
				} else {
					sib[i].Score += siblingBonus
				}
			}
			if linking {
				// It lists the things already linked to the parent; the one to link is
				// found first in the thing's own list (associate.go).
				prods = append(prods, sib...)
			} else {
				// Before the lists found by noun, so its reading of the items wins a tie.
				prods = append(prods[:given], append(sib, prods[given:]...)...)
			}
			listed = true
		}
		if !listed && isID {
			// The thing the parameter's own name says, where the path's fuller noun lists
			// nothing (a tag to follow, for /followedTags/{tagId}).
			if own := ownNoun(p); own != "" && own != id.Resource {
				named := Ident{Resource: own, Field: id.Field, Key: id.Key}
				if h, _ := idx.identProducers(op, p, named, maxProducers); len(h) > 0 {
					id, prods, listed = named, append(prods, h...), true
				}
			}
		}
		if !listed && isID {
			// The thing the description names, where the path's word lists nothing:
			// /GoalAdjustments/Education/{id}, "The id of the goal to retrieve adjustments
			// for" (no list of educations; goals are listed). Not where the parameter's
			// own name is the thing (category, "category id of the video": a video's
			// category, not a video).
			if d := describedResource(p.Description); d != "" && d != id.Resource && Noun(p.Name) != id.Resource && len(idx.byResource[id.Resource]) == 0 && len(idx.byResource[d]) > 0 {
				named := Ident{Resource: d, Field: id.Field, Key: id.Key}
				if h, _ := idx.identProducers(op, p, named, maxProducers); len(h) > 0 {
					id, prods, listed = named, append(prods, h...), true
				}
			}
		}
		anyEdge := false
		if !listed && isID && (anyThing(id) || bareARN(p, id)) {
			// resourceArn, objectId: the id of whatever the API lists (anything.go), before
			// the lists that carry such ids of other things (an association's ResourceArn).
			if ap := idx.anyThingProducers(op, p, id); len(ap) > 0 {
				prods, listed, anyEdge = append(prods, ap...), true, true
			}
		}
		if listed && isID && !anyLabelled(prods) {
			// The thing's own lists give ids only (an ad exchange's accounts): a list that
			// names it beside its id (billing infos' accountId and accountName) comes
			// after them, to look a name up in.
			for _, fp := range idx.fieldProducers(op, p, id) {
				if namedBeside(fp.Collection.item, fp.Collection.IDField) {
					prods = append(prods, fp)
				}
			}
		}
		if !listed && (isID || p.In == "path") {
			// A list whose items carry a field named like the parameter (fieldnamed.go).
			if fp := idx.fieldProducers(op, p, id); len(fp) > 0 {
				if !isID {
					id, isID = Ident{Resource: Noun(segmentBefore(op.Path, "{"+p.Name+"}"))}, true
				}
				prods, listed = append(prods, fp...), true
			}
		}
		if !listed {
			prods = append(prods, idx.valueProducers(op, p, isID)...)
			// Last, the list one segment up whose answer the spec leaves untyped: its
			// items are read from the answer (discover.go).
			if d, read, ok := idx.untypedSibling(op, p, id, isID); ok {
				id = read
				prods = append(prods, d)
			} else if isID && id.Resource != "" {
				prods = append(prods, idx.untypedByNoun(op, p, id)...)
			}
			if len(prods) == 0 && (isID || p.In == "path") {
				// Items named only by their link to themselves (selflink.go).
				if sl := idx.selfLinkProducers(op, p, id); len(sl) > 0 {
					if !isID {
						id = Ident{Resource: Noun(segmentBefore(op.Path, "{"+p.Name+"}"))}
					}
					// An id the API shows in its links (ER007) is one people say, as a
					// key: used as given, and words looked up.
					id.Key = p.Schema["format"] == nil
					prods = sl
				}
			}
		}
		if len(prods) == 0 {
			continue
		}
		resource := id.Resource
		if resource == "" {
			resource = lexicon.Singular(lexicon.SnakeCase(p.Name))
		}
		own, ownRead := "", false
		// Where an addressed record's segment is read: the static segment before the
		// parameter, and the parameter ("/alerts/{alertId}"); "" for no such segment.
		address := ""
		if seg := segmentBefore(op.Path, "{"+p.Name+"}"); p.In == "path" && seg != "" {
			address = "/" + seg + "/{" + p.Name + "}"
		}
		for i := range prods {
			col := prods[i].Collection
			if col.item != nil && lastWord(lexicon.SnakeCase(col.IDField)) == "arn" && lastWord(lexicon.SnakeCase(p.Name)) != "arn" && refusesARN(p.Schema) {
				// {Namespace}, pattern ^[a-zA-Z0-9._-]*$: no ARN fits it; the item's name
				// does. A parameter called an ARN takes one, whatever its pattern spells.
				if c, ok := col.withField("name"); ok {
					prods[i].Collection = c
				}
				continue
			}
			if col.item != nil && col.IDField == "name" && address != "" {
				// {slot}, {profileName} read at an addressed record's name: a nested
				// record's name is parent/child (app/staging), its address's segment the
				// child's alone.
				if c, ok := col.segmentName(address); ok {
					prods[i].Collection = c
				}
				continue
			}
			if col.item == nil || !isCompact(col.IDField, "id") {
				continue // only a list read by a plain id: its name is asked once, if ever
			}
			if !ownRead {
				own, ownRead = ownIDName(p.Name, id.Resource), true
				if c := compact(p.Name); own == "" && idx.conventionFields[c] && idx.conventionParams[c] {
					// The API's way of naming every record's id (osisoft's WebId): the
					// thing's own list gives that field, not another id it carries.
					own = c
				}
			}
			if c, ok := col.ownNamed(own); ok {
				prods[i].Collection = c // apiId reads api_id beside a record id
			} else if c, ok := col.segmentName(address); ok && address != "" {
				prods[i].Collection = c // one segment of the record's address
			}
		}
		prods = dedupe(prods)
		if id.Named != "" && byName[prods[0].Op] {
			// The best producer lists what the name says (droplets for a "Droplet
			// instance"): the question asks for that.
			resource = id.Named
		}
		// Producers were found by the segment (/c/{id} beside the list of categories);
		// questions name the kind by what the operation says it is.
		resource = KindNoun(op, resource)
		edges = append(edges, Edge{Arg: p.Arg, Resource: resource, Key: id.Key, Field: id.Field, Any: anyEdge, Producers: pool.keep(prods)})
	}
	return edges
}

// Edges returns the resolvable arguments of op.
func (g *Graph) Edges(op *tools.Operation) []Edge { return g.EdgeMap[op] }

// Edge returns the edge for one argument of op.
func (g *Graph) Edge(op *tools.Operation, arg string) (Edge, bool) {
	for _, e := range g.EdgeMap[op] {
		if e.Arg == arg {
			return e, true
		}
	}
	return Edge{}, false
}

// Resources maps each argument of op that can be looked up by name to the thing it
// names, so questions ask for the thing ("Which movie?") rather than its id.
func (g *Graph) Resources(op *tools.Operation) map[string]string {
	out := map[string]string{}
	for _, e := range g.EdgeMap[op] {
		if len(g.RunnableFor(op, e.Producers)) > 0 {
			out[e.Arg] = lexicon.Display(e.Resource)
		}
	}
	return out
}

// Catalog returns the catalog the graph was built over.
func (g *Graph) Catalog() *tools.Catalog { return g.cat }

// associatedPenalty ranks the list of things already linked to a parent below the
// thing's own lists, for a write that links one more (associate.go).
const associatedPenalty = 6

// siblingBonus ranks the list one segment up above plain lists found by their nouns;
// a search, which takes the person's words, still comes first.
const siblingBonus = 1

// maxProducers bounds the producers kept per argument, best first.
const maxProducers = 4

func dedupe(prods []Producer) []Producer {
	// A handful of producers per argument: compared pairwise in place, no map.
	out := prods[:0]
	for _, p := range prods {
		dup := false
		for _, q := range out {
			if q.Op == p.Op && q.Collection.Items == p.Collection.Items && q.Pointer == p.Pointer {
				dup = true
				break
			}
		}
		if !dup {
			out = append(out, p)
		}
	}
	// Links first, then declared, then heuristics; within a source, higher score first.
	rank := func(s Source) int {
		switch s {
		case SourceLink:
			return 0
		case SourceDeclared:
			return 1
		}
		return 2
	}
	sort.SliceStable(out, func(i, j int) bool {
		if rank(out[i].Source) != rank(out[j].Source) {
			return rank(out[i].Source) < rank(out[j].Source)
		}
		return out[i].Score > out[j].Score
	})
	if len(out) > maxProducers {
		// The best few are tried in turn; GitHub's owner would otherwise carry every
		// list of accounts in each of its 700 operations.
		out = out[:maxProducers]
	}
	// The caller keeps the pool's copy, not this working slice.
	return out
}

// Describe renders the graph for `askapi graph`: operation → argument → producers.
func (g *Graph) Describe() []map[string]any {
	var out []map[string]any
	for _, op := range g.cat.Operations() {
		edges := g.EdgeMap[op]
		if len(edges) == 0 {
			continue
		}
		args := map[string]any{}
		for _, e := range edges {
			var prods []string
			for _, p := range e.Producers {
				s := fmt.Sprintf("%s [%s] %s", p.OpKey, p.Source, strings.TrimPrefix(p.Collection.Items+"/*/"+p.Collection.IDField, "/"))
				if p.Pointer != "" {
					s = fmt.Sprintf("%s [%s] %s", p.OpKey, p.Source, p.Pointer)
				}
				if p.NameArg != "" {
					s += " ← " + p.NameArg
				}
				prods = append(prods, s)
			}
			args[e.Arg] = map[string]any{"resource": e.Resource, "producers": prods}
		}
		out = append(out, map[string]any{"operation": op.Key(), "tool": op.Name, "arguments": args})
	}
	return out
}

package reverse

import (
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"unicode"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/upstream"
	"github.com/go-openapi/jsonpointer"
)

// index precomputes what the producer search needs, so building the graph stays linear
// in practice even for specs with thousands of operations.
type index struct {
	cat         *tools.Catalog
	byKey       map[string]*tools.Operation
	byOpID      map[string]*tools.Operation
	safe        []*tools.Operation
	collections map[*tools.Operation][]Collection
	// linked lists, in catalog order, the operations that declare OpenAPI links.
	linked []*tools.Operation
	// listing holds, per safe operation with collections, what heuristicProducers asks
	// of it for every target.
	listing map[*tools.Operation]listingInfo
	// byResource lists safe operations whose path or collections name a resource.
	byResource map[string][]*tools.Operation
	// nouns are byResource's keys, sorted, for abbreviations.
	nouns []string
	// pos is each operation's place in the catalog.
	pos map[*tools.Operation]int
	// self lists the operations about the caller (GET /me), selfCols their records'
	// identifier fields (Fields nil when they have none).
	self     []*tools.Operation
	selfCols []Collection
	// producerCache holds listingProducers by resource, field and key.
	producerCache sync.Map
	// neededIDs holds, by producer operation and parameter, whether it identifies a thing (see
	// strangerNeeds): the same few list operations' parameters are asked about for each
	// of thousands of arguments.
	neededIDs sync.Map
	// values indexes what single-object responses carry, for the general rule.
	values map[string][]*valueSource
	// itemNouns are the nouns of segments an id follows somewhere (/issues/{number}):
	// things the API has items of, where /api/catalog/pvt/ only places a route.
	itemNouns map[string]bool
	// joined maps a noun of several words written as one (orgunit) to how the index
	// holds it (org_unit).
	joined map[string][]string
	// pathTakes says, per path parameter name, what its descriptions across the spec
	// say it takes (takes.go).
	pathTakes map[string]takes
	// getAt holds the safe operation at each path template, its parameter names blank
	// (sibling.go).
	getAt map[string]*tools.Operation
	// getsAt holds every GET at each path template, in catalog order, and getsUnder every
	// GET one static segment below a template (selflink.go): asked for each path
	// parameter, a scan of the catalog was quadratic (40 ms of GitHub's graph).
	getsAt, getsUnder map[string][]*tools.Operation
	// untypedBy holds, by the noun its path lists, each GET whose answer the spec leaves
	// untyped (discover.go).
	untypedBy map[string][]*tools.Operation
	// byField files the lists' item fields of two words or more by compact name
	// (fieldnamed.go).
	byField map[string][]fieldLister
	// conventionFields are the byField keys that identify many kinds of things (every
	// record's WebId): the API's way of naming ids, not one thing's.
	conventionFields map[string]bool
	// listsMemo holds listsThing's answer by noun.
	listsMemo sync.Map
	// conventionParams are the path parameter names written after many kinds of things'
	// segments (conventionParamsOf).
	conventionParams map[string]bool
	// bodyInGet are the searches whose text input carries a body, not words (lookupop.go).
	bodyInGet map[*tools.Operation]bool
	// itemRoutes are the GETs of one thing by their segment (addsexisting.go).
	itemRoutes map[string][]itemRoute
}

func newIndex(cat *tools.Catalog) *index {
	ix := &index{
		cat:         cat,
		byKey:       map[string]*tools.Operation{},
		byOpID:      map[string]*tools.Operation{},
		collections: map[*tools.Operation][]Collection{},
		byResource:  map[string][]*tools.Operation{},
		pos:         map[*tools.Operation]int{},
		bodyInGet:   bodyInGet(cat),
	}
	// Finding the collections of every response is the costly part, and independent per
	// operation: it runs across the cores first.
	allCols := make([][]Collection, len(cat.Operations()))
	infos := make([]listingInfo, len(cat.Operations()))
	memo := newCollectionsMemo()
	tools.Parallel(len(cat.Operations()), func(i int) {
		if op := cat.Operations()[i]; Lookup(op) && op.Response != nil {
			allCols[i] = memo.of(op.Response)
			if len(allCols[i]) > 0 {
				infos[i] = newListingInfo(op, allCols[i], ix.nameInput(op))
			}
		}
	})
	paramWords := paramWordsOf(cat)
	ix.listing = make(map[*tools.Operation]listingInfo)
	ix.itemNouns = map[string]bool{}
	for i, op := range cat.Operations() {
		segs := strings.Split(strings.Trim(op.Path, "/"), "/")
		for j := 0; j+1 < len(segs); j++ {
			if !strings.Contains(segs[j], "{") && strings.HasPrefix(segs[j+1], "{") {
				ix.itemNouns[Noun(segs[j])] = true
			}
		}
		ix.pos[op] = i
		ix.byKey[op.Key()] = op
		ix.byKey[op.Name] = op
		if op.OperationID != "" {
			ix.byOpID[op.OperationID] = op
		}
		if len(op.Links) > 0 {
			ix.linked = append(ix.linked, op)
		}
		if isSelf(op) {
			ix.self = append(ix.self, op)
			ix.selfCols = append(ix.selfCols, selfRecord(op))
		}
		if !Lookup(op) || op.Response == nil {
			continue
		}
		cols := allCols[i]
		if len(cols) == 0 {
			continue
		}
		ix.safe = append(ix.safe, op)
		ix.collections[op] = cols
		if g := gluedList(infos[i].pathNoun, paramWords); g != "" {
			infos[i].pathNoun = g // /kkid/userlist lists users
		}
		ix.listing[op] = infos[i]
		seen := map[string]bool{}
		add := func(r string) {
			if r != "" && !seen[r] {
				seen[r] = true
				ix.byResource[r] = append(ix.byResource[r], op)
			}
		}
		add(infos[i].pathNoun)
		for _, c := range cols {
			add(containerNoun(c.Container))
		}
		if infos[i].search {
			// A typeahead over several kinds searches each kind its enum names.
			for _, p := range op.Params {
				if !kindWords[lastWord(lexicon.SnakeCase(p.Name))] {
					continue
				}
				for _, v := range enumValues(p.Schema) {
					if sv, ok := v.(string); ok {
						add(Noun(sv))
					}
				}
			}
		}
	}
	ix.joined = map[string][]string{}
	for n := range ix.byResource {
		ix.nouns = append(ix.nouns, n)
		if j := strings.ReplaceAll(n, "_", ""); j != n {
			ix.joined[j] = append(ix.joined[j], n)
		}
	}
	sort.Strings(ix.nouns)
	ix.values = valueIndex(cat)
	ix.pathTakes = pathTakesOf(cat)
	ix.byField = ix.byFieldIndex()
	ix.conventionFields = ix.conventionFieldsOf()
	ix.conventionParams = ix.conventionParamsOf()
	ix.getAt = map[string]*tools.Operation{}
	ix.getsAt, ix.getsUnder = map[string][]*tools.Operation{}, map[string][]*tools.Operation{}
	ix.itemRoutes = itemRoutesOf(cat)
	ix.untypedBy = map[string][]*tools.Operation{}
	for _, op := range cat.Operations() {
		if op.Method == "GET" && untypedList(op.Response) {
			if n := listedNoun(op.Path); n != "" {
				ix.untypedBy[n] = append(ix.untypedBy[n], op)
			}
		}
		if op.Method == "GET" {
			// The first GET at each template, one whose answer the spec describes first:
			// an undescribed one is read from its answer (discover.go).
			k := templateKey(op.Path)
			if ix.getAt[k] == nil || (ix.getAt[k].Response == nil && op.Response != nil) {
				ix.getAt[k] = op
			}
			ix.getsAt[k] = append(ix.getsAt[k], op)
			if j := strings.LastIndexByte(k, '/'); j >= 0 && j < len(k)-1 && !strings.Contains(k[j+1:], "{") {
				ix.getsUnder[k[:j]] = append(ix.getsUnder[k[:j]], op)
			}
		}
	}
	return ix
}

// nameArgs are the inputs through which an operation takes what a person says, best
// first; a parameter whose name holds one of these words (search_term, filter[name],
// name_contains) counts too.
var nameArgs = []string{"q", "query", "search", "term", "keyword", "keywords", "text", "typeahead", "name", "title", "prefix", "contains", "like", "fulltext"}

// notNameWords mark inputs that shape a search rather than carry its words.
var notNameWords = map[string]bool{"id": true, "ids": true, "sort": true, "order": true, "field": true, "fields": true, "type": true, "by": true, "mode": true, "format": true, "lang": true, "language": true, "include": true, "exclude": true, "limit": true, "page": true, "offset": true, "count": true}

// searchWords may stand beside a name word in a search input (filter[name], search_term,
// name_contains) without naming another thing.
var searchWords = map[string]bool{"filter": true, "search": true, "by": true, "contains": true, "like": true, "prefix": true, "starts": true,
	"with": true, "term": true, "query": true, "text": true, "keyword": true, "keywords": true, "q": true, "full": true, "fuzzy": true,
	"display": true, "exact": true, "match": true, "string": true, "value": true}

// NameInput is the input through which a listing operation takes what a person says: a
// query, a search term, a name filter of the listed thing itself (not tag_name on a list
// of droplets).
func NameInput(op *tools.Operation) string {
	noun := lastStatic(op.Path)
	best, bestRank := "", len(nameArgs)
	params := op.Params
	if searchPost(op) {
		params = argParams(op) // a search posted takes its words in the body
	}
	// A search may take its words in its path: /company/search/name/{country}/{name}.
	inPath := op.ReadOnly() && searchesInPath(op.Path)
	for _, p := range params {
		if p.In != "query" && p.In != "body" && !(inPath && p.In == "path") {
			continue
		}
		if !freeText(p) {
			continue
		}
		toks := strings.Split(lexicon.SnakeCase(p.Name), "_")
		skip := false
		for _, t := range toks {
			if notNameWords[t] {
				skip = true
			}
		}
		if skip {
			continue
		}
		for rank, want := range nameArgs {
			if rank >= bestRank {
				break
			}
			if !slices.Contains(toks, want) {
				continue
			}
			ownThing := true
			for _, t := range toks {
				if t != want && !searchWords[t] && !strings.Contains(noun, t) {
					ownThing = false // the name of something else: tag_name, policy_type
				}
			}
			if ownThing {
				best, bestRank = p.Arg, rank
			}
		}
	}
	return best
}

// searchesInPath reports a path with a search verb segment before a template: the
// words it searches for may be one of its path parameters.
func searchesInPath(path string) bool {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i, seg := range segs {
		if searchVerbs[strings.ToLower(seg)] {
			for _, after := range segs[i+1:] {
				if strings.HasPrefix(after, "{") {
					return true
				}
			}
		}
	}
	return false
}

// listSegments end a path that lists what the segment before names, as written:
// /brand/list, /saleschannel/pagedlist, /users/all (not /marketing/lists).
var listSegments = map[string]bool{"list": true, "pagedlist": true, "all": true, "listall": true, "getall": true}

// searchVerbs end paths that search the resource named before them: /people/search.
var searchVerbs = map[string]bool{"search": true, "find": true, "lookup": true, "query": true, "autocomplete": true, "typeahead": true, "suggest": true, "match": true}

// gluedList is the thing a list named with "list" glued to it lists (KKid's
// /kkid/userlist, /kkid/chorelist), when the API names that thing in its parameters
// (kidUserId, idChoreList): a playlist stays a playlist where nothing is a "play".
func gluedList(noun string, paramWords map[string]bool) string {
	if strings.Contains(noun, "_") || !strings.HasSuffix(noun, "list") || len(noun) < len("list")+3 {
		return ""
	}
	if x := lexicon.Singular(strings.TrimSuffix(noun, "list")); paramWords[x] {
		return x
	}
	return ""
}

// paramWordsOf are the words of every parameter name of the catalog, snake-cased.
func paramWordsOf(cat *tools.Catalog) map[string]bool {
	out := map[string]bool{}
	for _, op := range cat.Operations() {
		for _, p := range op.Params {
			for _, w := range strings.Split(lexicon.SnakeCase(p.Name), "_") {
				out[w] = true
			}
		}
	}
	return out
}

// ListedKind is the kind of thing a list's path lists (lastStatic): "event_integration"
// for /eventIntegrations.
func ListedKind(path string) string { return lastStatic(path) }

// lastStatic is the resource a path lists: its last static segment, or the one before a
// search verb; a singular word after a plural one qualifies it (/metadata_templates/
// enterprise lists templates, not enterprises).
func lastStatic(path string) string {
	path = tools.WithoutFragment(path)
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i := len(segs) - 1; i >= 0; i-- {
		if strings.HasPrefix(segs[i], "{") {
			continue
		}
		n := Noun(segs[i])
		if n == "" {
			continue
		}
		if i > 0 && !strings.HasPrefix(segs[i-1], "{") {
			prev := Noun(segs[i-1])
			raw := strings.ToLower(strings.SplitN(segs[i-1], ".", 2)[0])
			switch {
			case prev != "" && (searchVerbs[n] || listSegments[strings.ToLower(segs[i])]):
				return prev
			case searchVerbs[strings.ToLower(segs[i-1])] && i > 1 && !strings.HasPrefix(segs[i-2], "{") && Noun(segs[i-2]) != "":
				// /company/search/name: what follows the verb is the field searched by;
				// the thing is named before it.
				return Noun(segs[i-2])
			case prev != "" && !searchVerbs[prev] && lexicon.Singular(strings.ToLower(segs[i])) == strings.ToLower(segs[i]) && lexicon.Singular(raw) != raw:
				return prev
			}
		}
		return n
	}
	return ""
}

func hasRequiredPathParam(op *tools.Operation) bool {
	for _, p := range op.Params {
		if p.In == "path" {
			return true
		}
	}
	return false
}

// nounFit says how well a noun names the resource an argument identifies: 3 the same
// thing, 2 the same last word (issue_comment, comment), 1 an abbreviation (repo,
// repository); 0 not at all.
func nounFit(resource, noun string) int {
	switch {
	case resource == "" || noun == "":
		return 0
	case resource == noun:
		return 3
	case strings.ReplaceAll(resource, "_", "") == strings.ReplaceAll(noun, "_", ""):
		// One word written whole or in parts: /orgunits lists {"orgUnits": […]}.
		return 3
	case lastWord(resource) == noun || lastWord(noun) == resource,
		strings.HasSuffix(resource, "_"+noun) || strings.HasSuffix(noun, "_"+resource):
		// The same last words: issue_comment and comment, to_source_account and
		// source_account.
		return 2
	case !strings.Contains(resource, "_") && !strings.Contains(noun, "_") && (lexicon.Abbreviates(resource, noun) || lexicon.Abbreviates(noun, resource)):
		return 1
	}
	return 0
}

func lastWord(s string) string {
	if i := strings.LastIndexByte(s, '_'); i >= 0 {
		return s[i+1:]
	}
	return s
}

// candidatesFor lists the listing operations whose nouns fit the resource, and how well.
// qualified is set when the path has a segment for the thing itself (/conceptemployees/):
// then an employee is not a concept employee.
func (ix *index) candidatesFor(resource string, about map[string]bool, qualified bool) map[*tools.Operation]int {
	out := map[*tools.Operation]int{}
	add := func(noun string, fit int) {
		for _, op := range ix.byResource[noun] {
			if fit > out[op] {
				out[op] = fit
			}
		}
	}
	add(resource, 3)
	// One noun written whole or in parts: sales_channel listed at /saleschannel/list.
	if j := strings.ReplaceAll(resource, "_", ""); j != resource {
		add(j, 3)
	}
	for _, n := range ix.joined[resource] {
		add(n, 3)
	}
	if !qualified {
		// A thing named with a role before it (to_source_account, parent_folder): the
		// longest tail of its words that the API lists (source_account, then account).
		ws := strings.Split(resource, "_")
		for i := 1; i < len(ws) && len(out) == 0; i++ {
			add(strings.Join(ws[i:], "_"), 2)
		}
	}
	if len(out) > 0 && len(resource) > 2 {
		return out
	}
	// Abbreviations: /repos/ for repositories, /orgs/ for organizations, and /c/{id}
	// beside /categories.json when exactly one listed noun starts so.
	var abbrev []string
	for _, noun := range ix.nouns {
		if strings.Contains(noun, "_") || strings.Contains(resource, "_") {
			continue // project is no abbreviation of project_brief
		}
		if noun == resource {
			continue
		}
		if lexicon.Abbreviates(resource, noun) || lexicon.Abbreviates(noun, resource) ||
			(len(resource) <= 2 && strings.HasPrefix(noun, resource) && len(noun) > len(resource)) {
			abbrev = append(abbrev, noun)
		}
	}
	if len(abbrev) > 1 && len(resource) <= 2 && about != nil {
		// /c/{id} among category, chat, comment: the operation says which (its tags,
		// summary or description name categories).
		var said []string
		for _, n := range abbrev {
			if about[n] {
				said = append(said, n)
			}
		}
		abbrev = said
	}
	if len(abbrev) == 1 || (len(abbrev) > 1 && len(resource) >= 3) {
		for _, n := range abbrev {
			add(n, 1)
		}
	}
	return out
}

// aboutNouns are the nouns an operation's tags, summary and description use.
func aboutNouns(op *tools.Operation) map[string]bool {
	out := map[string]bool{}
	text := strings.Join(op.Tags, " ") + " " + op.Summary + " " + op.OperationID + " " + op.Description
	for _, w := range strings.FieldsFunc(lexicon.SnakeCase(text), func(r rune) bool { return r == '_' || !(r >= 'a' && r <= 'z') }) {
		out[lexicon.Singular(w)] = true
	}
	return out
}

// heuristicProducers finds safe operations listing items of the resource: a search or
// list over it, preferring ones whose inputs are things people say. With keep > 0 only
// the keep best are returned (by score, the earlier first among equals), in the order
// found: an edge keeps a few producers, and a resource that hundreds of operations list
// (Graph beta's users) made each of its 40,000 arguments copy them all.
func (ix *index) heuristicProducers(target *tools.Operation, param *tools.Param, id Ident, keep int) []Producer {
	var base []Producer
	if len(id.Resource) <= 2 {
		// An abbreviation is read with what the operation says about itself.
		base = ix.listingProducers(id, aboutNouns(target), false)
	} else {
		// GitHub's owner and repo stand in hundreds of operations: their producers are
		// found once.
		qualified := param.In == "path" && strings.Contains(id.Resource, "_") && Noun(segmentBefore(target.Path, "{"+param.Name+"}")) == id.Resource
		key := id.Resource + "\x00" + id.Field + "\x00" + fmt.Sprint(id.Key, qualified)
		if v, ok := ix.producerCache.Load(key); ok {
			base = v.([]Producer)
		} else {
			base = ix.listingProducers(id, nil, qualified)
			ix.producerCache.Store(key, base)
		}
	}
	var out []Producer
	parent := parentPrefix(target.Path, param)
	associating := associates(target, param)
	if associating {
		parent = "" // the thing to link to the parent is not yet the parent's
	}
	trail := trailBefore(target.Path, param)
	if seg := Noun(segmentBefore(target.Path, "{"+param.Name+"}")); ix.namesOtherThing(target, param) || (seg != "" && (!sameThingWords(id.Resource, seg) || listedBy(seg, id.Resource))) {
		// /model/{entityId}, /Education/{id} "the id of the goal": the words before it
		// are not the thing's, and do not place its list.
		trail = nil
	}
	for _, p := range base {
		if p.Op == target || slices.Contains(p.Needs, param.Arg) || slices.Contains(p.Needs, param.Name) {
			continue // itself, or one that needs the very value it would give
		}
		info := ix.listing[p.Op]
		if parent != "" && info.prefix == "" && countedPerParent(p.Collection.IDField) {
			// A number counted within its parent (a repository's issue_number) names a
			// thing only inside that parent: a top-level list or search spans them all.
			continue
		}
		if pp := info.prefix; parent != "" && pp != "" && pp != parent {
			// The roles of another kind of entity, the runner groups of an organisation
			// for an enterprise's: the same noun under another parent is another thing.
			continue
		}
		if !info.search && p.NameArg == "" {
			if parent != "" && info.prefix == "" {
				continue // a top-level list (built-in definitions) for a nested thing
			}
			switch listEnd := listEnded(p.Op.Path); {
			case !ix.sameTail(trail, info.trail, listEnd, false):
				continue // commit comments for an issue comment, contributors' collections for audio ones
			case !ix.sameTail(trail, info.trail, listEnd, true):
				// Told apart only by words that place a route: behind any list that
				// matches word for word (vars/int32s before tables/int32s).
				p.Score -= 2
			}
		}
		if ix.strangerNeeds(target, p) {
			continue // it needs filters the call cannot give (a file name)
		}
		scoped := len(p.Needs) > 0
		for _, need := range p.Needs {
			if !ix.callGives(target, p.Op, need) {
				p.Score -= 3 // an input the call does not carry: a parent to settle first
				scoped = false
				break
			}
		}
		switch {
		case scoped && associating:
			p.Score -= 3 // the things already linked to the parent, not the one to link
		case scoped:
			p.Score += 3 // within the same parent as the call (the issues of its repository)
		}
		p.Score += RouteOwner(p.Op.Path)
		out = appendBest(out, p, keep)
	}
	return out
}

// appendBest appends p to out, which holds at most keep producers (keep <= 0: no bound):
// when full, p takes the place of the worst (the lowest score, the latest among equals)
// if it scores higher; order of finding is kept. A stable sort by score of the whole list
// would put the same producers first.
func appendBest(out []Producer, p Producer, keep int) []Producer {
	if keep <= 0 || len(out) < keep {
		return append(out, p)
	}
	worst := len(out) - 1
	for i := len(out) - 2; i >= 0; i-- {
		if out[i].Score < out[worst].Score {
			worst = i
		}
	}
	if p.Score <= out[worst].Score {
		return out
	}
	out = append(out[:worst], out[worst+1:]...)
	return append(out, p)
}

// listingProducers are the safe operations that list or search items of a resource, with
// what they need and their score before a target is known.
func (ix *index) listingProducers(id Ident, about map[string]bool, qualified bool) []Producer {
	var out []Producer
	for _, op := range ix.ordered(ix.candidatesFor(id.Resource, about, qualified)) {
		info := ix.listing[op.op]
		for ci, col := range ix.collections[op.op] {
			score := op.fit
			nameArg := nameFilter(op.op, col, info.nameArg)
			fit := func(noun string) int {
				if f := nounFit(id.Resource, noun); f > 0 {
					return f
				}
				if op.fit == 1 && len(id.Resource) <= 2 && strings.HasPrefix(noun, id.Resource) {
					return 1 // /c/{id} beside the only list of c…: categories
				}
				return 0
			}
			pathFit := fit(info.pathNoun)
			containerFit := 0
			if col.Container != "" {
				containerFit = fit(info.containerNouns[ci])
				if pathFit == 0 && containerFit > 0 && compact(info.containerNouns[ci]) == compact(info.pathNoun) {
					// /workflowstepgroups holds workflowStepGroupsSummary: the container
					// spells the path's glued noun in words, and a step group is one.
					pathFit = containerFit
				}
			}
			var fixed map[string]any
			switch {
			case containerFit == 3 && strings.HasSuffix(info.pathNoun, "_"+id.Resource):
				// /continuous_projects lists continuous projects, whatever its items
				// are called.
				continue
			case pathFit > 0 && (col.Container == "" || containerFit > 0):
				// A list or search over the resource itself: /silences, /search/person,
				// {"groups": [...]} at /groups.
				score += 4
			case info.pathNoun == "" && containerFit == 3:
				// A list at the root, named by its container: GET / → {"Buckets": […]}.
				score += 4
			case containerFit > 0 && nameArg != "":
				// A search whose response groups results by kind: /search?type=artist.
				score += 4
			case containerFit == 3 && isSelf(op.op):
				// A list in the caller's own record is the caller's things: the profiles of
				// GET /account.
				score += 4
			case info.search && col.Container == "":
				// A typeahead over many kinds, told which by an enum: resource_type=project.
				if v, arg, ok := enumInput(op.op, id.Resource); ok {
					fixed = map[string]any{arg: v}
					score += 4
				} else {
					continue
				}
			default:
				// A list nested in one item (the networks of /tv/latest) is not a way to
				// find a network by name.
				continue
			}
			want := id.Field
			if want == "" && id.Key {
				// {repo}, {org}: whichever key the items carry, never their id; a login
				// only for a person.
				want = "keylike"
				if selfResources[id.Resource] {
					want = "personkeylike"
				}
			}
			c, ok := col.withField(want)
			if !ok && (want == "" || idWords[want] != "") {
				c, ok = col.ThingID(id.Resource, want)
			}
			if f := col.soleIDField(); !ok && want == "" && f != "" && !ix.listsAnyOf(FieldNoun(f)) {
				// An account's resourceId, its only id, naming no thing the API lists: the
				// item's own (a callback's caseId names a case).
				c, ok = col, true
				c.IDField, c.IDType = f, col.fieldType(f)
			}
			if !ok {
				continue
			}

			p := Producer{Op: op.op, OpKey: op.op.Key(), Source: SourceHeuristic, Collection: c, NameArg: nameArg}
			if p.NameArg != "" {
				score += 3
			}
			if info.search {
				score += 2
			}
			p.Fixed, p.Needs = FillInputs(op.op, p.NameArg, id.Resource)
			for k, v := range fixed {
				if p.Fixed == nil {
					p.Fixed = map[string]any{}
				}
				p.Fixed[k] = v
				p.Needs = without(p.Needs, k)
			}
			p.Score = score
			out = append(out, p)
		}
	}
	return out
}

// parentPrefix is the path before the segment that names a path parameter's thing, its
// templates blank: /apps/{}/versions/{}/regexentities/{} for the {roleId} of
// …/regexentities/{entityId}/roles/{roleId}; "" for a query parameter or a top-level thing.
func parentPrefix(path string, p *tools.Param) string {
	path = tools.WithoutFragment(path)
	if p.In != "path" {
		return ""
	}
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i, s := range segs {
		if s == "{"+p.Name+"}" {
			// /repos/{owner}/{repo}: a key of two parts ({owner} is no parent of {repo}).
			j := i
			for j > 0 && strings.HasPrefix(segs[j-1], "{") {
				j--
			}
			return listPrefix("/" + strings.Join(segs[:j], "/"))
		}
	}
	return ""
}

// listPrefix is a list's path before its trailing static segments, templates blank:
// /orgs/{} for /orgs/{org}/actions/runner-groups; "" when it has no template.
func listPrefix(path string) string {
	path = tools.WithoutFragment(path)
	segs := strings.Split(strings.Trim(path, "/"), "/")
	end := len(segs)
	for end > 0 && !strings.Contains(segs[end-1], "{") {
		end--
	}
	out := make([]string, end)
	for i, s := range segs[:end] {
		if strings.Contains(s, "{") {
			s = "{}"
		}
		out[i] = strings.ToLower(s)
	}
	return strings.Join(out, "/")
}

// containerNoun is what a container holds: application for ApplicationSummaries,
// application_list or ApplicationSummaryList.
func containerNoun(container string) string {
	n := Noun(container)
	stripped := false
	// workflowStepGroupsSummary: workflow step groups; ServiceSummaryList: the words
	// stack, and none of them names what the list holds.
	for i := strings.LastIndexByte(n, '_'); i > 0 && listWords[n[i+1:]]; i = strings.LastIndexByte(n, '_') {
		n, stripped = n[:i], true
	}
	if stripped {
		return lexicon.Singular(n)
	}
	return n
}

// listWords end a container's name without naming what it holds.
var listWords = map[string]bool{"summary": true, "list": true, "detail": true, "info": true}

// trailing lists a path's static segments after its last template, as nouns, version and
// api segments left out: [issue, comment] for /repos/{o}/{r}/issues/comments.
func trailing(path string) []string {
	path = tools.WithoutFragment(path)
	segs := strings.Split(strings.Trim(path, "/"), "/")
	var out []string
	for i := len(segs) - 1; i >= 0 && !strings.Contains(segs[i], "{"); i-- {
		if n := Noun(segs[i]); n != "" && !selfSegments[n] {
			out = append([]string{n}, out...) // /self/applications lists applications
		}
	}
	return out
}

// trailBefore is trailing() of the path up to a path parameter.
func trailBefore(path string, p *tools.Param) []string {
	path = tools.WithoutFragment(path)
	if p.In != "path" {
		return nil
	}
	if i := strings.Index(path, "{"+p.Name+"}"); i > 0 {
		return trailing(path[:i])
	}
	return nil
}

// sameTail reports whether a list's trailing segments end as the call's do, when the
// call's say more than one word of what the thing is (issues/comments, audio/collections).
func (ix *index) sameTail(call, list []string, listEnd, strict bool) bool {
	// /brand/list lists brands; and, unless strict, only a word for a thing the API has
	// items of qualifies one (issues/comments), where /api/catalog/pvt/ only places a
	// route (/api/catalog/pvt/brand/{id} beside /api/catalog_system/pvt/brand/list).
	if n := len(list); n > 0 && listEnd {
		list = list[:n-1]
	}
	if len(call) < 2 {
		return true
	}
	if len(list) == 0 || list[len(list)-1] != call[len(call)-1] {
		return false
	}
	if !strict {
		call, list = ix.thingWords(call), ix.thingWords(list)
	}
	if len(list) < len(call) {
		return false
	}
	for i := range call {
		if call[len(call)-1-i] != list[len(list)-1-i] {
			return false
		}
	}
	return true
}

// listEnded reports whether a path ends in a word that says "list" (/brand/list), not
// in a thing that is one (/marketing/lists).
func listEnded(path string) bool {
	path = tools.WithoutFragment(path)
	segs := strings.Split(strings.Trim(path, "/"), "/")
	return len(segs) > 1 && listSegments[strings.ToLower(segs[len(segs)-1])]
}

// thingWords keeps of a trail its last word and the words for things the API has items of.
func (ix *index) thingWords(ws []string) []string {
	var out []string
	for i, w := range ws {
		if i == len(ws)-1 || ix.itemNouns[w] {
			out = append(out, w)
		}
	}
	return out
}

// strangerNeeds reports whether a producer needs an input that is neither the call's nor
// a thing a list could settle: a filter (filename, resource_id of something else).
func (ix *index) strangerNeeds(target *tools.Operation, p Producer) bool {
	for _, need := range p.Needs {
		if ix.callGives(target, p.Op, need) {
			continue
		}
		prm := p.Op.ParamByArg(need)
		if prm == nil {
			return true
		}
		if !ix.identifies(p.Op, prm) && (prm.In != "path" || countOrChoice(prm)) {
			// A filter. A path parameter is a parent, whatever its name, unless it is a
			// number or a choice that names nothing (/Forum/GetCoreTopicsPaged/{page}/{sort}).
			return true
		}
	}
	return false
}

// pagingValue is what a lookup sends for a required paging input the spec gives no
// default: the first page or no offset, and a page of up to 100 items within the
// parameter's bounds. Only integers named as paging are filled; anything else is a need.
func pagingValue(p *tools.Param) (any, bool) {
	if tools.SchemaType(p.Schema) != "integer" {
		return nil, false
	}
	lowest, _ := tools.SchemaNumber(p.Schema["minimum"])
	highest, bounded := tools.SchemaNumber(p.Schema["maximum"])
	switch compact(p.Name) {
	case "offset", "skip", "start", "startindex", "from":
		return int(lowest), true
	case "page", "pagenumber", "pageno":
		return int(max(lowest, 1)), true
	case "count", "limit", "size", "pagesize", "perpage", "top", "maxresults", "max", "take":
		n := 100.0
		if bounded && highest < n {
			n = highest
		}
		return int(max(n, lowest, 1)), true
	}
	return nil, false
}

// callGives reports a producer's required input that the call carries itself: a
// parameter of the same name, or a property of its body, spelt the same without case or
// separators, that is a closed choice or whose name says what it holds (the merchantId
// and mode of the payment link being updated, the feedType of a schedule for the
// templates' feed_type). A bare id or name in a body is the body's own thing (a
// comment's id, the video's new name), never another lookup's input; nor is its free
// text.
func (ix *index) callGives(target, producer *tools.Operation, need string) bool {
	if target.ParamByArg(need) != nil {
		return true
	}
	prm := producer.ParamByArg(need)
	arg, carried := CallArg(target, need)
	if prm == nil || !carried || authoredField(need) || authoredField(arg) {
		return false
	}
	// A name of two words or more says what it holds (merchant_id, feed_type); a bare id
	// or name does not.
	return closedChoice(prm.Schema) || strings.Contains(lexicon.SnakeCase(need), "_")
}

// closedChoice reports a schema that admits a few literal values only: an enum, or a
// pattern made of literal alternatives ("live|test", "^(asc|desc)$").
func closedChoice(schema map[string]any) bool {
	if schema["enum"] != nil {
		return true
	}
	pat, _ := schema["pattern"].(string)
	pat = strings.TrimSuffix(strings.TrimPrefix(pat, "^"), "$")
	if inner, ok := strings.CutPrefix(pat, "("); ok {
		pat, _ = strings.CutSuffix(inner, ")")
	}
	if !strings.Contains(pat, "|") {
		return false
	}
	for _, alt := range strings.Split(pat, "|") {
		if alt == "" || strings.IndexFunc(alt, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' }) >= 0 {
			return false
		}
	}
	return true
}

// countOrChoice reports a parameter declared as a number or an enum: a page, a sort, a
// filter's value, never a thing the call's path could name.
func countOrChoice(prm *tools.Param) bool {
	switch tools.SchemaType(prm.Schema) {
	case "integer", "number", "boolean":
		return true
	}
	return prm.Schema["enum"] != nil
}

// identifies is Identify's verdict on one parameter of op, read once. By operation and
// parameter: operations share equal parameters (tools.shareParams), and Identify reads
// the operation's path too.
func (ix *index) identifies(op *tools.Operation, prm *tools.Param) bool {
	key := opParam{op, prm}
	if v, ok := ix.neededIDs.Load(key); ok {
		return v.(bool)
	}
	_, isID := Identify(op, prm)
	ix.neededIDs.Store(key, isID)
	return isID
}

type opParam struct {
	op  *tools.Operation
	prm *tools.Param
}

type fitOp struct {
	op  *tools.Operation
	fit int
}

// ordered lists candidates in catalog order, so the graph is the same on every build.
func (ix *index) ordered(m map[*tools.Operation]int) []fitOp {
	out := make([]fitOp, 0, len(m))
	for op, fit := range m {
		out = append(out, fitOp{op, fit})
	}
	sort.Slice(out, func(i, j int) bool { return ix.pos[out[i].op] < ix.pos[out[j].op] })
	return out
}

// enumInput finds an input whose enum names the resource (resource_type=project).
func enumInput(op *tools.Operation, resource string) (any, string, bool) {
	for _, p := range op.Params {
		if p.In != "query" || !kindWords[lastWord(lexicon.SnakeCase(p.Name))] {
			continue // sort=comments names an order, not a kind
		}
		if v, ok := enumFor(p.Schema, resource); ok {
			return v, p.Arg, true
		}
	}
	return nil, "", false
}

func without(list []string, s string) []string {
	out := list[:0:0]
	for _, x := range list {
		if x != s {
			out = append(out, x)
		}
	}
	return out
}

// listingInfo is what heuristicProducers derives from a listing operation alone.
type listingInfo struct {
	nameArg        string   // ix.nameInput(op)
	pathNoun       string   // lastStatic(op.Path)
	search         bool     // the path names a search (/search, /typeahead)
	prefix         string   // listPrefix(op.Path)
	trail          []string // trailing static segments of op.Path, versions and file extensions cut
	containerNouns []string // Singular(words(Container)) of each collection, "" if none
}

func newListingInfo(op *tools.Operation, cols []Collection, nameArg string) listingInfo {
	info := listingInfo{nameArg: nameArg, pathNoun: lastStatic(op.Path), prefix: listPrefix(op.Path), trail: trailing(op.Path), containerNouns: make([]string, len(cols))}
	for _, seg := range strings.Split(strings.Trim(op.Path, "/"), "/") {
		if searchVerbs[strings.ToLower(seg)] {
			info.search = true
		}
	}
	for i, c := range cols {
		if c.Container != "" {
			info.containerNouns[i] = containerNoun(c.Container)
		}
	}
	return info
}

// selfSegments name endpoints about the caller: the authenticated user or account.
var selfSegments = map[string]bool{"me": true, "user": true, "self": true, "whoami": true, "account": true, "myself": true, "current": true, "current_user": true}

// selfResources are the things a caller's own record can stand for.
var selfResources = map[string]bool{"user": true, "account": true, "owner": true, "member": true, "person": true, "assignee": true, "profile": true}

// isSelf reports whether op returns the caller's own record and needs no input: GET /me,
// /user, /users/me, /v1/account.
func isSelf(op *tools.Operation) bool {
	if !op.ReadOnly() || hasRequiredPathParam(op) || op.Response == nil {
		return false
	}
	if req, _ := op.InputSchema["required"].([]string); len(req) > 0 {
		return false
	}
	var segs []string
	for _, s := range strings.Split(strings.Trim(op.Path, "/"), "/") {
		if Noun(s) != "" {
			segs = append(segs, strings.ToLower(s))
		}
	}
	switch {
	case len(segs) == 1:
		return selfSegments[segs[0]]
	case len(segs) == 2:
		last := segs[1]
		return (last == "me" || last == "self" || last == "myself" || last == "whoami" || last == "current") && selfResources[lexicon.Singular(segs[0])]
	}
	return false
}

// selfRecord reads the identifier fields of the caller's own record, inside a "data"
// envelope if there is one.
func selfRecord(op *tools.Operation) Collection {
	props, _ := selfProps(op)
	c, ok := collectionOf(map[string]any{"properties": props}, "")
	if !ok {
		return Collection{}
	}
	return c
}

// selfProps are the properties of the caller's own record and the pointer they sit
// under: "/data" for {"data": {...}}, else the body itself.
func selfProps(op *tools.Operation) (map[string]any, string) {
	props, _ := op.Response["properties"].(map[string]any)
	if data, ok := props["data"].(map[string]any); ok && len(props) <= 2 {
		if inner, ok := data["properties"].(map[string]any); ok {
			return inner, "/data"
		}
	}
	return props, ""
}

// selfPointer is where the caller's own record carries the id of resource: in an object
// named after it ({"account": {"id"}, "user": {"id"}} answers account_id and user_id
// apart), else in the record's own identifier (c, read from its fields).
func selfPointer(op *tools.Operation, c Collection, resource, want string) (string, bool) {
	props, prefix := selfProps(op)
	for _, n := range upstream.SortedKeys(props) {
		sub, _ := props[n].(map[string]any)
		if lexicon.Singular(lexicon.SnakeCase(n)) != resource || tools.SchemaType(sub) == "array" {
			continue
		}
		if inner, ok := collectionOf(sub, ""); ok {
			if f := inner.field(want); f != "" && !strings.Contains(f, "/") {
				return prefix + "/" + jsonpointer.Escape(n) + "/" + jsonpointer.Escape(f), true
			}
		}
	}
	c, ok := c.withField(want)
	if !ok {
		return "", false
	}
	// A nested field ("account/id") is a path of its own: each step escaped apart.
	var b strings.Builder
	b.WriteString(prefix)
	for _, step := range strings.Split(c.IDField, "/") {
		b.WriteString("/" + jsonpointer.Escape(step))
	}
	return b.String(), true
}

// selfProducers finds operations that need no input and return the caller's own record
// (GET /me), which can supply a user or account id.
func (ix *index) selfProducers(target *tools.Operation, id Ident) []Producer {
	if !selfResources[id.Resource] {
		return nil
	}
	var out []Producer
	for i, op := range ix.self {
		if op == target {
			continue
		}
		if ix.selfCols[i].Fields == nil {
			continue
		}
		ptr, ok := selfPointer(op, ix.selfCols[i], id.Resource, id.Field)
		if !ok {
			continue
		}
		out = append(out, Producer{Op: op, OpKey: op.Key(), Source: SourceHeuristic, Pointer: ptr, Self: true, Score: 2})
	}
	return out
}

// FillInputs sets a producer's required inputs the edge itself knows (an enum naming the
// resource, like Spotify's type=artist) and lists the others it needs.
func FillInputs(op *tools.Operation, nameArg, resource string) (map[string]any, []string) {
	var fixed map[string]any
	var needs []string
	req, _ := op.InputSchema["required"].([]string)
	for _, arg := range req {
		if arg == nameArg {
			continue
		}
		p := op.ParamByArg(arg)
		if p != nil {
			v, ok := enumFor(p.Schema, resource)
			if !ok && p.Schema["default"] != nil && p.In != "path" {
				// A required page or size the spec gives a default (Codat's page=1):
				// the default is the value to send, nothing to settle.
				v, ok = p.Schema["default"], true
			}
			if !ok && p.In == "query" {
				v, ok = pagingValue(p) // Postmark's required count and offset
			}
			if ok {
				if fixed == nil {
					fixed = map[string]any{}
				}
				fixed[arg] = v
				continue
			}
		}
		needs = append(needs, arg)
	}
	return fixed, needs
}

// kindWords end an input that says which kind of thing a search looks for.
var kindWords = map[string]bool{"type": true, "types": true, "kind": true, "kinds": true, "category": true, "object": true, "entity": true, "resource": true, "scope": true, "in": true}

// enumValues lists a schema's enum, or its items' enum.
func enumValues(schema map[string]any) []any {
	if vals, ok := schema["enum"].([]any); ok {
		return vals
	}
	if items, ok := schema["items"].(map[string]any); ok {
		vals, _ := items["enum"].([]any)
		return vals
	}
	return nil
}

// enumFor picks the enum value naming the resource; for array parameters it returns a
// one-element array.
func enumFor(schema map[string]any, resource string) (any, bool) {
	for _, v := range enumValues(schema) {
		if s, ok := v.(string); ok && lexicon.Singular(lexicon.SnakeCase(s)) == resource {
			if _, own := schema["enum"].([]any); !own {
				return []any{s}, true // the items' enum: an array parameter
			}
			return s, true
		}
	}
	return nil, false
}

var bodyPointer = regexp.MustCompile(`^\$response\.body#(/.*)?$`)

// linkProducers turns OpenAPI links that feed this parameter into producers.
func (ix *index) linkProducers(target *tools.Operation, p *tools.Param) []Producer {
	var out []Producer
	for _, op := range ix.linked {
		for _, l := range op.Links {
			if !ix.linkTargets(l, target) {
				continue
			}
			for name, expr := range l.Parameters {
				if strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(name, "path."), "query."), "header.") != p.Name {
					continue
				}
				s, _ := expr.(string)
				m := bodyPointer.FindStringSubmatch(s)
				if m == nil {
					continue
				}
				prod := Producer{Op: op, OpKey: op.Key(), Source: SourceLink, Pointer: m[1], Score: 10}
				if i := strings.LastIndex(m[1], "/0/"); i >= 0 {
					prod.Collection = Collection{Items: m[1][:i], IDField: m[1][i+3:]}
					prod.Pointer = ""
				}
				prod.NameArg = NameInput(op)
				prod.Fixed, prod.Needs = FillInputs(op, prod.NameArg, "")
				out = append(out, prod)
			}
		}
	}
	return out
}

func (ix *index) linkTargets(l tools.Link, target *tools.Operation) bool {
	if l.OperationID != "" {
		return l.OperationID == target.OperationID
	}
	if l.OperationRef == "" {
		return false
	}
	// operationRef is a JSON pointer: #/paths/~1users~1{id}/get
	ref := strings.TrimPrefix(l.OperationRef, "#/paths/")
	i := strings.LastIndex(ref, "/")
	if i < 0 {
		return false
	}
	path := jsonpointer.Unescape(ref[:i])
	return path == target.Path && strings.EqualFold(ref[i+1:], target.Method)
}

// declaredProducers reads x-askapi-source on the parameter and the policy's sources.
func (ix *index) declaredProducers(target *tools.Operation, p *tools.Param, declared DeclaredSources) []Producer {
	var decls []Declared
	if ext, ok := p.Extensions["x-askapi-source"]; ok {
		switch v := ext.(type) {
		case string:
			decls = append(decls, Declared{Operation: v})
		case map[string]any:
			d := Declared{}
			d.Operation, _ = v["operation"].(string)
			d.Items, _ = v["items"].(string)
			d.ID, _ = v["id"].(string)
			d.NameArg, _ = v["query"].(string)
			decls = append(decls, d)
		}
	}
	for _, key := range []string{target.Key(), target.Name, "*"} {
		if d, ok := declared[key][p.Arg]; ok {
			decls = append(decls, d)
		} else if d, ok := declared[key][p.Name]; ok {
			decls = append(decls, d)
		}
	}
	var out []Producer
	for _, d := range decls {
		op := ix.byKey[d.Operation]
		if op == nil {
			op = ix.byOpID[d.Operation]
		}
		if op == nil || op == target {
			continue
		}
		col := Collection{Items: d.Items, IDField: d.ID}
		if col.IDField == "" {
			if cols := Collections(op.Response); len(cols) > 0 && d.Items == "" {
				col = cols[0]
			} else {
				col.IDField = "id"
			}
		}
		prod := Producer{Op: op, OpKey: op.Key(), Source: SourceDeclared, Collection: col, NameArg: d.NameArg, Score: 8}
		if prod.NameArg == "" {
			prod.NameArg = NameInput(op)
		}
		prod.Fixed, prod.Needs = FillInputs(op, prod.NameArg, "")
		out = append(out, prod)
	}
	return out
}

// RouteOwner ranks a list by whose route it is: the caller's own (/users/@me/guilds,
// /user/repos, /me/projects) lists what the caller can name, before one for everyone and
// one behind an administrator's route (/admin/organizations), which lists what others own.
func RouteOwner(path string) int {
	for _, seg := range strings.Split(strings.Trim(strings.ToLower(path), "/"), "/") {
		seg = strings.TrimPrefix(seg, "@")
		switch {
		case selfSegments[seg] && seg != "account" && seg != "user":
			return 1
		case seg == "admin" || seg == "admins":
			return -1
		}
	}
	return 0
}

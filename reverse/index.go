package reverse

import (
	"regexp"
	"strings"

	"github.com/askapi/askapi/tools"
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
}

func newIndex(cat *tools.Catalog) *index {
	ix := &index{
		cat:         cat,
		byKey:       map[string]*tools.Operation{},
		byOpID:      map[string]*tools.Operation{},
		collections: map[*tools.Operation][]Collection{},
		byResource:  map[string][]*tools.Operation{},
	}
	// Finding the collections of every response is the costly part, and independent per
	// operation: it runs across the cores first.
	allCols := make([][]Collection, len(cat.Operations))
	infos := make([]listingInfo, len(cat.Operations))
	tools.Parallel(len(cat.Operations), func(i int) {
		if op := cat.Operations[i]; op.ReadOnly() && op.Response != nil {
			allCols[i] = Collections(op.Response)
			if len(allCols[i]) > 0 {
				infos[i] = newListingInfo(op, allCols[i])
			}
		}
	})
	ix.listing = make(map[*tools.Operation]listingInfo)
	for i, op := range cat.Operations {
		ix.byKey[op.Key()] = op
		ix.byKey[op.Name] = op
		if op.OperationID != "" {
			ix.byOpID[op.OperationID] = op
		}
		if len(op.Links) > 0 {
			ix.linked = append(ix.linked, op)
		}
		if !op.ReadOnly() || op.Response == nil {
			continue
		}
		cols := allCols[i]
		if len(cols) == 0 {
			continue
		}
		ix.safe = append(ix.safe, op)
		ix.collections[op] = cols
		ix.listing[op] = infos[i]
		seen := map[string]bool{}
		add := func(r string) {
			if r != "" && !seen[r] {
				seen[r] = true
				ix.byResource[r] = append(ix.byResource[r], op)
			}
		}
		for _, seg := range strings.Split(strings.Trim(op.Path, "/"), "/") {
			if !strings.HasPrefix(seg, "{") {
				add(Singular(words(seg)))
			}
		}
		for _, c := range cols {
			add(Singular(words(c.Container)))
		}
	}
	return ix
}

// nameArgs are the inputs through which an operation takes what a person says.
var nameArgs = []string{"query", "q", "name", "search", "term", "keyword", "keywords", "text", "title"}

func nameInput(op *tools.Operation) string {
	for _, want := range nameArgs {
		for _, p := range op.Params {
			if p.In == "query" && strings.EqualFold(p.Name, want) && (tools.SchemaType(p.Schema) == "string" || tools.SchemaType(p.Schema) == "") {
				return p.Arg
			}
		}
	}
	return ""
}

// searchVerbs end paths that search the resource named before them: /people/search.
var searchVerbs = map[string]bool{"search": true, "find": true, "lookup": true, "query": true, "autocomplete": true}

// lastStatic is the resource a path lists: its last static segment, or the one before a
// search verb.
func lastStatic(path string) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i := len(segs) - 1; i >= 0; i-- {
		if strings.HasPrefix(segs[i], "{") {
			continue
		}
		if searchVerbs[strings.ToLower(segs[i])] && i > 0 && !strings.HasPrefix(segs[i-1], "{") {
			return Singular(words(segs[i-1]))
		}
		return Singular(words(segs[i]))
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

// heuristicProducers finds safe operations listing items of the resource: a search or
// list over it, preferring ones whose inputs are things people say.
func (ix *index) heuristicProducers(target *tools.Operation, resource string) []Producer {
	var out []Producer
	for _, op := range ix.byResource[resource] {
		if op == target {
			continue
		}
		info := ix.listing[op]
		for ci, col := range ix.collections[op] {
			score := 0
			nameArg := info.nameArg
			pathNames := info.pathNoun == resource
			containerNames := col.Container != "" && info.containerNouns[ci] == resource
			switch {
			case pathNames && col.Container == "":
				// A list or search over the resource itself: /silences, /search/person.
				score += 4
			case containerNames && nameArg != "":
				// A search whose response groups results by kind: Spotify's /search.
				score += 4
			default:
				// A list nested in one item (the networks of /tv/latest) is not a way to
				// find a network by name.
				continue
			}
			p := Producer{Op: op, OpKey: op.Key(), Source: SourceHeuristic, Collection: col}
			p.NameArg = nameArg
			if p.NameArg != "" {
				score += 3
			}
			if strings.Contains(op.Path, "search") {
				score += 2
			}
			p.Fixed, p.Needs = fillInputs(op, p.NameArg, resource)
			if len(p.Needs) > 0 {
				score -= 3
			}
			p.Score = score
			out = append(out, p)
		}
	}
	return out
}

// listingInfo is what heuristicProducers derives from a listing operation alone.
type listingInfo struct {
	nameArg        string   // nameInput(op)
	pathNoun       string   // lastStatic(op.Path)
	containerNouns []string // Singular(words(Container)) of each collection, "" if none
}

func newListingInfo(op *tools.Operation, cols []Collection) listingInfo {
	info := listingInfo{nameArg: nameInput(op), pathNoun: lastStatic(op.Path), containerNouns: make([]string, len(cols))}
	for i, c := range cols {
		if c.Container != "" {
			info.containerNouns[i] = Singular(words(c.Container))
		}
	}
	return info
}

// selfSegments name endpoints about the caller: the authenticated user or account.
var selfSegments = map[string]bool{"me": true, "user": true, "self": true, "whoami": true, "account": true}

// selfProducers finds operations that need no input and return the caller's own record
// (GET /me), which can supply a user or account id.
func (ix *index) selfProducers(target *tools.Operation, resource string) []Producer {
	if resource != "user" && resource != "account" && resource != "owner" {
		return nil
	}
	var out []Producer
	for _, op := range ix.cat.Operations {
		if op == target || !op.ReadOnly() || hasRequiredPathParam(op) || op.Response == nil {
			continue
		}
		segs := strings.Split(strings.Trim(op.Path, "/"), "/")
		if len(segs) != 1 || !selfSegments[strings.ToLower(segs[0])] {
			continue
		}
		if req, _ := op.InputSchema["required"].([]string); len(req) > 0 {
			continue
		}
		props, _ := op.Response["properties"].(map[string]any)
		if _, ok := props["id"]; !ok {
			continue
		}
		out = append(out, Producer{Op: op, OpKey: op.Key(), Source: SourceHeuristic, Pointer: "/id", Self: true, Score: 2})
	}
	return out
}

// fillInputs sets a producer's required inputs the edge itself knows (an enum naming the
// resource, like Spotify's type=artist) and lists the others it needs.
func fillInputs(op *tools.Operation, nameArg, resource string) (map[string]any, []string) {
	var fixed map[string]any
	var needs []string
	req, _ := op.InputSchema["required"].([]string)
	for _, arg := range req {
		if arg == nameArg {
			continue
		}
		p := op.ParamByArg(arg)
		if p != nil {
			if v, ok := enumFor(p.Schema, resource); ok {
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

// enumFor picks the enum value naming the resource; for array parameters it returns a
// one-element array.
func enumFor(schema map[string]any, resource string) (any, bool) {
	match := func(vals []any) (any, bool) {
		for _, v := range vals {
			if s, ok := v.(string); ok && Singular(words(s)) == resource {
				return s, true
			}
		}
		return nil, false
	}
	if vals, ok := schema["enum"].([]any); ok {
		return match(vals)
	}
	if items, ok := schema["items"].(map[string]any); ok {
		if vals, ok := items["enum"].([]any); ok {
			if v, ok := match(vals); ok {
				return []any{v}, true
			}
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
				prod.NameArg = nameInput(op)
				prod.Fixed, prod.Needs = fillInputs(op, prod.NameArg, "")
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
	path := strings.ReplaceAll(strings.ReplaceAll(ref[:i], "~1", "/"), "~0", "~")
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
			prod.NameArg = nameInput(op)
		}
		prod.Fixed, prod.Needs = fillInputs(op, prod.NameArg, "")
		out = append(out, prod)
	}
	return out
}

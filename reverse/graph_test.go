package reverse

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/openapi"
)

// rtCatalogs caches built catalogs by path: the tests never modify them.
var rtCatalogs = map[string]*tools.Catalog{}

// rtCatalog loads and builds a spec file.
func rtCatalog(t testing.TB, path string) *tools.Catalog {
	t.Helper()
	if cat, ok := rtCatalogs[path]; ok {
		return cat
	}
	if _, err := os.Stat(path); err != nil {
		t.Skipf("spec not available: %v", err)
	}
	cat, err := openapi.LoadCatalog(context.Background(), path, openapi.LoadOptions{NoCache: true})
	if err != nil {
		t.Fatalf("LoadCatalog %s: %v", path, err)
	}
	rtCatalogs[path] = cat
	return cat
}

// rtShared builds the graph of a shared spec.
func rtShared(t testing.TB, name string) (*tools.Catalog, *Graph) {
	t.Helper()
	cat := rtCatalog(t, filepath.Join("..", "testdata", "shared", "specs", name))
	return cat, Build(cat, nil)
}

// rtData builds the graph of a spec in reverse/testdata.
func rtData(t testing.TB, name string, declared DeclaredSources) (*tools.Catalog, *Graph) {
	t.Helper()
	cat := rtCatalog(t, filepath.Join("testdata", name))
	return cat, Build(cat, declared)
}

func rtOp(t testing.TB, cat *tools.Catalog, key string) *tools.Operation {
	t.Helper()
	op := cat.Lookup(key)
	if op == nil {
		t.Fatalf("no operation %q", key)
	}
	return op
}

func rtEdge(t testing.TB, g *Graph, op *tools.Operation, arg string) Edge {
	t.Helper()
	e, ok := g.Edge(op, arg)
	if !ok {
		t.Fatalf("%s: no edge for %s; edges: %+v", op.Key(), arg, g.Edges(op))
	}
	if len(e.Producers) == 0 {
		t.Fatalf("%s: edge %s has no producers", op.Key(), arg)
	}
	return e
}

// firstProducer is a row of an expected first producer: the operation and argument, the
// list that answers, and the field its items give.
type firstProducer struct{ op, arg, list, field string }

// checkFirstProducers fails for each row whose argument's first producer is another list,
// or reads another field.
func checkFirstProducers(t *testing.T, cat *tools.Catalog, g *Graph, rows []firstProducer) {
	t.Helper()
	for _, tc := range rows {
		e, ok := g.Edge(rtOp(t, cat, tc.op), tc.arg)
		if !ok || len(e.Producers) == 0 {
			t.Errorf("%s %s: no producer", tc.op, tc.arg)
			continue
		}
		if p := e.Producers[0]; p.OpKey != tc.list || p.Collection.IDField != tc.field {
			t.Errorf("%s %s: first producer %s reading %q, want %s reading %q", tc.op, tc.arg, p.OpKey, p.Collection.IDField, tc.list, tc.field)
		}
	}
}

func TestGraphSharedSpecs(t *testing.T) {
	cases := []struct {
		spec, op, arg string
		resource      string
		display       string
		producer      string
		source        Source
		items, id     string
		nameArg       string
		fixed         map[string]any
	}{
		{"tmdb.json", "GET /person/{person_id}/movie_credits", "person_id", "person", "person", "GET /search/person", SourceHeuristic, "/results", "id", "query", nil},
		{"tmdb.json", "GET /person/{person_id}", "person_id", "person", "person", "GET /search/person", SourceHeuristic, "/results", "id", "query", nil},
		{"tmdb.json", "GET /movie/{movie_id}/similar", "movie_id", "movie", "movie", "GET /search/movie", SourceHeuristic, "/results", "id", "query", nil},
		{"tmdb.json", "GET /company/{company_id}", "company_id", "company", "company", "GET /search/company", SourceHeuristic, "/results", "id", "query", nil},
		{"tmdb.json", "GET /tv/{tv_id}", "tv_id", "tv", "TV show", "GET /search/tv", SourceHeuristic, "/results", "id", "query", nil},
		{"tmdb.json", "GET /tv/{tv_id}/season/{season_number}", "tv_id", "tv", "TV show", "GET /search/tv", SourceHeuristic, "/results", "id", "query", nil},
		{"tmdb.json", "GET /collection/{collection_id}", "collection_id", "collection", "collection", "GET /search/collection", SourceHeuristic, "/results", "id", "query", nil},
		{"spotify.json", "GET /artists/{id}", "id", "artist", "artist", "GET /search", SourceHeuristic, "/artists/items", "id", "q", map[string]any{"type": []any{"artist"}}},
		{"spotify.json", "GET /artists/{id}/top-tracks", "id", "artist", "artist", "GET /search", SourceHeuristic, "/artists/items", "id", "q", map[string]any{"type": []any{"artist"}}},
		{"spotify.json", "GET /albums/{id}", "id", "album", "album", "GET /search", SourceHeuristic, "/albums/items", "id", "q", map[string]any{"type": []any{"album"}}},
		{"spotify.json", "GET /playlists/{playlist_id}", "playlist_id", "playlist", "playlist", "GET /search", SourceHeuristic, "/playlists/items", "id", "q", map[string]any{"type": []any{"playlist"}}},
		{"alertmanager-v2.yaml", "GET /silence/{silenceID}", "silenceID", "silence", "silence", "GET /silences", SourceHeuristic, "", "id", "", nil},
		{"alertmanager-v2.yaml", "DELETE /silence/{silenceID}", "silenceID", "silence", "silence", "GET /silences", SourceHeuristic, "", "id", "", nil},
	}
	for _, tc := range cases {
		t.Run(tc.spec+" "+tc.op, func(t *testing.T) {
			cat, g := rtShared(t, tc.spec)
			op := rtOp(t, cat, tc.op)
			e := rtEdge(t, g, op, tc.arg)
			if e.Resource != tc.resource {
				t.Errorf("resource = %q, want %q", e.Resource, tc.resource)
			}
			if got := g.Resources(op)[tc.arg]; got != tc.display {
				t.Errorf("Resources()[%s] = %q, want %q", tc.arg, got, tc.display)
			}
			p := e.Producers[0]
			if p.OpKey != tc.producer || p.Op == nil || p.Op.Key() != tc.producer {
				t.Fatalf("best producer = %s, want %s (all: %+v)", p.OpKey, tc.producer, e.Producers)
			}
			if p.Source != tc.source || p.Collection.Items != tc.items || p.Collection.IDField != tc.id || p.NameArg != tc.nameArg {
				t.Errorf("producer = {source %s items %q id %q name %q}, want {%s %q %q %q}",
					p.Source, p.Collection.Items, p.Collection.IDField, p.NameArg, tc.source, tc.items, tc.id, tc.nameArg)
			}
			if !reflect.DeepEqual(p.Fixed, tc.fixed) {
				t.Errorf("fixed = %#v, want %#v", p.Fixed, tc.fixed)
			}
			if len(p.Needs) != 0 {
				t.Errorf("best producer needs %q", p.Needs)
			}
			if r := g.RunnableFor(op, e.Producers); len(r) == 0 || r[0].OpKey != tc.producer {
				t.Errorf("runnable = %+v", r)
			}
		})
	}
}

// Invariants over every edge of every shared spec.
func TestGraphInvariants(t *testing.T) {
	for _, spec := range []string{"tmdb.json", "spotify.json", "alertmanager-v2.yaml"} {
		t.Run(spec, func(t *testing.T) {
			cat, g := rtShared(t, spec)
			keys := map[string]bool{}
			for _, op := range cat.Operations() {
				keys[op.Key()] = true
			}
			for _, op := range cat.Operations() {
				for _, e := range g.Edges(op) {
					if ParamOf(op, e.Arg) == nil {
						t.Errorf("%s: edge on %s, neither a parameter nor a body property", op.Key(), e.Arg)
					}
					for _, p := range e.Producers {
						if !keys[p.OpKey] || p.Op == nil || p.Op.Key() != p.OpKey {
							t.Errorf("%s %s: producer %s is not an operation of the catalog", op.Key(), e.Arg, p.OpKey)
						}
						if p.Op == op {
							t.Errorf("%s %s: produces itself", op.Key(), e.Arg)
						}
						if p.Source == SourceHeuristic && !p.Op.ReadOnly() {
							t.Errorf("%s %s: heuristic producer %s is a write", op.Key(), e.Arg, p.OpKey)
						}
					}
				}
			}
		})
	}
}

// A list nested inside one item is no way to find a thing by name: /tv/latest lists the
// networks of one show and must not produce network_id.
func TestGraphNoNestedListProducers(t *testing.T) {
	cat, g := rtShared(t, "tmdb.json")
	for _, key := range []string{"GET /network/{network_id}", "GET /network/{network_id}/images"} {
		op := rtOp(t, cat, key)
		for _, e := range g.Edges(op) {
			for _, p := range e.Producers {
				if p.OpKey == "GET /tv/latest" || p.OpKey == "GET /tv/{tv_id}" {
					t.Errorf("%s %s ← %s", key, e.Arg, p.OpKey)
				}
			}
		}
	}
	// Non-identifiers get no edges.
	for key, arg := range map[string]string{
		"GET /search/person":                     "query",
		"GET /tv/{tv_id}/season/{season_number}": "season_number",
		"GET /movie/popular":                     "page",
	} {
		if e, ok := g.Edge(rtOp(t, cat, key), arg); ok {
			t.Errorf("%s: %s has an edge: %+v", key, arg, e)
		}
	}
}

// An OpenAPI link becomes a producer with source "link", ranked before heuristics.
func TestGraphLinks(t *testing.T) {
	cat, g := rtData(t, "links.yaml", nil)
	op := rtOp(t, cat, "getUser")
	e := rtEdge(t, g, op, "userId")
	if len(e.Producers) < 3 {
		t.Fatalf("producers = %+v", e.Producers)
	}
	// Links come first (in catalog order: /lookup sorts before /users), heuristics after.
	byOp := map[string]Producer{}
	for i, p := range e.Producers {
		if i < 2 && p.Source != SourceLink {
			t.Errorf("producer %d = %s [%s], want the links first", i, p.OpKey, p.Source)
		}
		if p.Source == SourceLink {
			byOp[p.OpKey] = p
		}
	}
	if p := byOp["POST /users"]; p.Pointer != "/id" || p.Score != 10 || p.Collection.Items != "" {
		t.Errorf("POST /users link = %+v, want pointer /id", p)
	}
	if p := byOp["GET /lookup"]; p.Collection.Items != "/results" || p.Collection.IDField != "id" || p.Pointer != "" || p.NameArg != "name" {
		t.Errorf("GET /lookup link = %+v, want the operationRef link over /results/0/id, named through name", p)
	}
	last := e.Producers[len(e.Producers)-1]
	if last.Source != SourceHeuristic || last.OpKey != "GET /users" || last.Collection.Items != "/data" {
		t.Errorf("last producer = %+v, want the GET /users heuristic", last)
	}
	for _, p := range e.Producers[2:] {
		if p.OpKey == "GET /lookup" {
			t.Errorf("GET /lookup listed twice: %+v", e.Producers)
		}
	}
	// Resolving runs a safe producer with a name input, never a write.
	if r := g.RunnableFor(op, e.Producers); len(r) == 0 || r[0].OpKey != "GET /lookup" {
		t.Errorf("runnable = %+v", r)
	}
}

// x-askapi-source on a parameter, and sources from a policy file, become declared
// producers ranked before heuristics.
func TestGraphDeclared(t *testing.T) {
	cat, g := rtData(t, "declared.yaml", DeclaredSources{
		"GET /reports/{code}": {"code": {Operation: "directory", Items: "", ID: "id", NameArg: "term"}},
	})
	cases := []struct {
		op, arg  string
		producer string
		items    string
		id       string
		nameArg  string
	}{
		{"getLedger", "acct", "GET /accounts", "/entries", "acct", "owner"},
		{"getOwner", "handle", "GET /directory", "", "id", "term"},
		{"getReport", "code", "GET /directory", "", "id", "term"},
	}
	for _, tc := range cases {
		t.Run(tc.op, func(t *testing.T) {
			e := rtEdge(t, g, rtOp(t, cat, tc.op), tc.arg)
			p := e.Producers[0]
			if p.Source != SourceDeclared || p.OpKey != tc.producer || p.Collection.Items != tc.items ||
				p.Collection.IDField != tc.id || p.NameArg != tc.nameArg {
				t.Errorf("producer = %+v, want declared %s %q/%q via %q", p, tc.producer, tc.items, tc.id, tc.nameArg)
			}
		})
	}
	// Without the policy, getReport's code has no producer.
	cat2, g2 := rtData(t, "declared.yaml", nil)
	if e, ok := g2.Edge(rtOp(t, cat2, "getReport"), "code"); ok {
		t.Errorf("code has an edge without a declared source: %+v", e)
	}
	// The policy may also name "*" for every operation.
	cat3, g3 := rtData(t, "declared.yaml", DeclaredSources{"*": {"code": {Operation: "GET /directory"}}})
	if e := rtEdge(t, g3, rtOp(t, cat3, "getReport"), "code"); e.Producers[0].OpKey != "GET /directory" || e.Producers[0].NameArg != "term" {
		t.Errorf("* source = %+v", e.Producers[0])
	}
}

func TestCollections(t *testing.T) {
	obj := func(props map[string]any) map[string]any {
		return map[string]any{"type": "object", "properties": props}
	}
	arr := func(items map[string]any) map[string]any { return map[string]any{"type": "array", "items": items} }
	item := obj(map[string]any{"id": map[string]any{"type": "integer"}, "name": map[string]any{"type": "string"}})
	cases := []struct {
		name   string
		schema map[string]any
		want   []Collection
	}{
		{"top-level array", arr(item), []Collection{{Items: "", IDField: "id", IDType: "integer"}}},
		{"results", obj(map[string]any{"page": map[string]any{"type": "integer"}, "results": arr(item)}),
			[]Collection{{Items: "/results", IDField: "id", IDType: "integer"}}},
		{"wrapper names the items", obj(map[string]any{"artists": obj(map[string]any{"items": arr(item)})}),
			[]Collection{{Items: "/artists/items", IDField: "id", Container: "artists", IDType: "integer"}}},
		{"thing_id field", obj(map[string]any{"silences": arr(obj(map[string]any{"silence_id": map[string]any{"type": "string"}}))}),
			[]Collection{{Items: "/silences", IDField: "silence_id", Container: "silences", IDType: "string"}}},
		{"a name is the only key", arr(obj(map[string]any{"name": map[string]any{"type": "string"}})),
			[]Collection{{Items: "", IDField: "name", IDType: "string"}}},
		{"no id, no key", arr(obj(map[string]any{"size": map[string]any{"type": "integer"}})), nil},
		{"gid in a data envelope", obj(map[string]any{"data": arr(obj(map[string]any{"gid": map[string]any{"type": "string"}, "name": map[string]any{"type": "string"}}))}),
			[]Collection{{Items: "/data", IDField: "gid", IDType: "string"}}},
		{"resource-named envelope two levels down", obj(map[string]any{"response": obj(map[string]any{"groups": arr(item)})}),
			[]Collection{{Items: "/response/groups", IDField: "id", Container: "groups", IDType: "integer"}}},
		{"shallowest first", obj(map[string]any{
			"a": obj(map[string]any{"b": obj(map[string]any{"list": arr(item)})}),
			"z": arr(item),
		}), []Collection{{Items: "/z", IDField: "id", Container: "z", IDType: "integer"}, {Items: "/a/b/list", IDField: "id", Container: "b", IDType: "integer"}}},
		{"nil", nil, nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got := Collections(tc.schema)
			for i := range got {
				got[i].Fields, got[i].thing, got[i].byWords, got[i].item = nil, "", nil, nil // what the edges read, tested through them
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("Collections = %+v, want %+v", got, tc.want)
			}
		})
	}
}

// TestCollectionsJSONAPI: a JSON:API resource object's keys under "attributes" (a slug,
// a login) are the item's, beside its own id; without a type beside them, "attributes"
// is an ordinary field.
func TestCollectionsJSONAPI(t *testing.T) {
	str := map[string]any{"type": "string"}
	obj := func(props map[string]any) map[string]any {
		return map[string]any{"type": "object", "properties": props}
	}
	attrs := obj(map[string]any{"name": str, "slug": str})
	member := obj(map[string]any{"id": str, "type": str, "attributes": attrs})
	cols := Collections(obj(map[string]any{"data": map[string]any{"type": "array", "items": member}}))
	if len(cols) != 1 || cols[0].IDField != "id" || cols[0].field("slug") != "attributes/slug" {
		t.Fatalf("JSON:API members: %+v", cols)
	}
	plain := obj(map[string]any{"id": str, "attributes": attrs})
	cols = Collections(map[string]any{"type": "array", "items": plain})
	if len(cols) != 1 || cols[0].field("slug") != "" {
		t.Fatalf("attributes without a type: %+v", cols)
	}
}

// TestBodyIdentifiers: a flattened body's scalar identifier (a transfer's account_id and
// destination_account_id) gets the producers a path identifier of the same thing gets;
// an enum or an object property gets none.
func TestBodyIdentifiers(t *testing.T) {
	str := map[string]any{"type": "string"}
	account := map[string]any{"type": "object", "properties": map[string]any{"id": str, "name": str}}
	list := &tools.Operation{Method: "GET", Path: "/accounts", Name: "list_accounts",
		Response: map[string]any{"type": "object", "properties": map[string]any{"data": map[string]any{"type": "array", "items": account}}}}
	transfer := &tools.Operation{Method: "POST", Path: "/account_transfers", Name: "create_transfer",
		Body: &tools.Body{Flattened: true, Props: []string{"account_id", "destination_account_id", "amount", "currency", "meta"},
			RequiredProps: []string{"account_id", "destination_account_id", "amount"},
			Schema: map[string]any{"type": "object", "properties": map[string]any{
				"account_id": str, "destination_account_id": str, "amount": map[string]any{"type": "integer"},
				"currency": map[string]any{"type": "string", "enum": []any{"USD"}}, "meta": map[string]any{"type": "object"}}}}}
	cat := tools.CatalogSpec{Operations: []*tools.Operation{list, transfer}}.Build()
	g := Build(cat, nil)
	for _, arg := range []string{"account_id", "destination_account_id"} {
		e := rtEdge(t, g, transfer, arg)
		if e.Producers[0].Op != list {
			t.Errorf("%s: producers %+v, want list_accounts first", arg, e.Producers)
		}
	}
	for _, arg := range []string{"amount", "currency", "meta"} {
		if e, ok := g.Edge(transfer, arg); ok {
			t.Errorf("%s: an edge %+v", arg, e)
		}
	}
}

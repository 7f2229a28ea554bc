package openapi

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

// btSpecFile writes an inline spec (YAML or JSON) to a temporary file.
func btSpecFile(t *testing.T, spec string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "spec.yaml")
	if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// btBuild loads and compiles an inline spec through the real entry point.
func btBuild(t *testing.T, spec string) *tools.Catalog {
	t.Helper()
	cat, err := LoadCatalog(context.Background(), btSpecFile(t, spec), LoadOptions{NoCache: true})
	if err != nil {
		t.Fatalf("LoadCatalog: %v", err)
	}
	return cat
}

// btBuildFile builds a spec from tools/openapi/testdata/build.
func btBuildFile(t *testing.T, name string) *tools.Catalog {
	t.Helper()
	path := filepath.Join("testdata", "build", name)
	cat, err := LoadCatalog(context.Background(), path, LoadOptions{NoCache: true})
	if err != nil {
		t.Fatalf("LoadCatalog %s: %v", name, err)
	}
	return cat
}

// btShared builds one of the shared specs, skipping when the shared folder is absent.
func btShared(t *testing.T, name string) *tools.Catalog {
	t.Helper()
	path := filepath.Join("..", "..", "testdata", "shared", "specs", name)
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared spec not available: %v", err)
	}
	cat, err := LoadCatalog(context.Background(), path, LoadOptions{NoCache: true})
	if err != nil {
		t.Fatalf("LoadCatalog %s: %v", name, err)
	}
	return cat
}

func btOp(t *testing.T, cat *tools.Catalog, key string) *tools.Operation {
	t.Helper()
	op := cat.Lookup(key)
	if op == nil {
		t.Fatalf("no operation %q", key)
	}
	return op
}

func btParam(t *testing.T, op *tools.Operation, in, name string) *tools.Param {
	t.Helper()
	for _, p := range op.Params {
		if p.In == in && p.Name == name {
			return p
		}
	}
	t.Fatalf("%s has no %s parameter %q", op.Key(), in, name)
	return nil
}

func btProps(s map[string]any) map[string]any {
	p, _ := s["properties"].(map[string]any)
	return p
}

func btRequired(s map[string]any) []string {
	r, _ := s["required"].([]string)
	return r
}

func btKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func TestCatalogSharedSpecs(t *testing.T) {
	cases := []struct {
		file  string
		ops   int
		base  string
		title string
	}{
		{"tmdb.json", 54, "https://api.themoviedb.org/3", ""},
		{"spotify.json", 40, "https://api.spotify.com/v1", ""},
		{"alertmanager-v2.yaml", 9, "/api/v2/", "Alertmanager API"},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			cat := btShared(t, tc.file)
			if len(cat.Operations()) != tc.ops {
				t.Errorf("operations = %d, want %d", len(cat.Operations()), tc.ops)
			}
			if cat.BaseURL() != tc.base {
				t.Errorf("base URL = %q, want %q", cat.BaseURL(), tc.base)
			}
			if tc.title != "" && cat.Title() != tc.title {
				t.Errorf("title = %q, want %q", cat.Title(), tc.title)
			}
			names := map[string]string{}
			keys := map[string]bool{}
			for _, op := range cat.Operations() {
				if !tools.ValidToolName(op.Name) || len(op.Name) > tools.MaxToolName {
					t.Errorf("%s: invalid tool name %q", op.Key(), op.Name)
				}
				if other, dup := names[op.Name]; dup {
					t.Errorf("tool name %q used by %s and %s", op.Name, other, op.Key())
				}
				names[op.Name] = op.Key()
				if keys[op.Key()] {
					t.Errorf("duplicate operation key %s", op.Key())
				}
				keys[op.Key()] = true
				if op.Method != strings.ToUpper(op.Method) {
					t.Errorf("%s: method not upper case", op.Key())
				}
				s := op.InputSchema
				if s["type"] != "object" {
					t.Errorf("%s: input schema type = %v, want object", op.Key(), s["type"])
				}
				props := btProps(s)
				for _, reserved := range []string{tools.ArgUserRequest, tools.ArgContinuation} {
					p, ok := props[reserved].(map[string]any)
					if !ok || p["type"] != "string" {
						t.Errorf("%s: reserved %s missing or not a string: %v", op.Key(), reserved, props[reserved])
					}
				}
				for _, r := range btRequired(s) {
					if r == tools.ArgUserRequest || r == tools.ArgContinuation {
						t.Errorf("%s: reserved %s is required", op.Key(), r)
					}
					if _, ok := props[r]; !ok {
						t.Errorf("%s: required %q has no property", op.Key(), r)
					}
				}
				for name := range props {
					if !tools.ValidToolName(name) {
						t.Errorf("%s: argument name %q is not a valid property key", op.Key(), name)
					}
				}
				for _, p := range op.Params {
					if p.In == "path" && !p.Required {
						t.Errorf("%s: path parameter %s not required", op.Key(), p.Name)
					}
					if props[p.Arg] == nil {
						t.Errorf("%s: parameter %s (arg %s) missing from input schema", op.Key(), p.Name, p.Arg)
					}
				}
			}
		})
	}
}

// Exactly the required arguments of known operations, in the spec's order.
func TestCatalogRequiredExact(t *testing.T) {
	cases := []struct {
		file, op string
		want     []string
	}{
		{"alertmanager-v2.yaml", "POST /silences", []string{"matchers", "startsAt", "endsAt", "createdBy", "comment"}},
		{"alertmanager-v2.yaml", "GET /silences", nil},
		{"alertmanager-v2.yaml", "GET /silence/{silenceID}", []string{"silenceID"}},
		{"alertmanager-v2.yaml", "POST /alerts", []string{"body"}},
		{"tmdb.json", "GET /search/person", []string{"query"}},
		{"tmdb.json", "GET /person/{person_id}/movie_credits", []string{"person_id"}},
		{"tmdb.json", "GET /tv/{tv_id}/season/{season_number}/episode/{episode_number}", []string{"tv_id", "season_number", "episode_number"}},
		{"spotify.json", "GET /search", []string{"q", "type"}},
		{"spotify.json", "POST /playlists/{playlist_id}/tracks", []string{"playlist_id"}},
	}
	for _, tc := range cases {
		t.Run(tc.file+" "+tc.op, func(t *testing.T) {
			op := btOp(t, btShared(t, tc.file), tc.op)
			if got := btRequired(op.InputSchema); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("required = %q, want %q", got, tc.want)
			}
		})
	}
}

// Spotify's POST /playlists/{playlist_id}/tracks has uris (and position) both as query
// parameters and body properties: the body keeps the plain names.
func TestCatalogSpotifyURIsCollision(t *testing.T) {
	op := btOp(t, btShared(t, "spotify.json"), "POST /playlists/{playlist_id}/tracks")
	if op.Body == nil || !op.Body.Flattened {
		t.Fatalf("body = %+v, want a flattened JSON body", op.Body)
	}
	if op.Body.ContentType != "application/json" {
		t.Errorf("content type = %q", op.Body.ContentType)
	}
	uris := btParam(t, op, "query", "uris")
	if uris.Arg != "uris__query" {
		t.Errorf("query uris arg = %q, want uris__query", uris.Arg)
	}
	if pos := btParam(t, op, "query", "position"); pos.Arg != "position__query" {
		t.Errorf("query position arg = %q, want position__query", pos.Arg)
	}
	props := btProps(op.InputSchema)
	body, _ := props["uris"].(map[string]any)
	if body["type"] != "array" {
		t.Errorf("uris (body) = %v, want the body's array", body)
	}
	q, _ := props["uris__query"].(map[string]any)
	if q["type"] != "string" {
		t.Errorf("uris__query = %v, want the query string", q)
	}
	if pl := btParam(t, op, "path", "playlist_id"); pl.Arg != "playlist_id" {
		t.Errorf("playlist_id arg = %q", pl.Arg)
	}
}

const btParamsSpec = `openapi: 3.0.3
info: {title: Params, version: "1"}
servers:
  - url: https://{region}.api.example.com/{version}
    variables:
      region: {default: eu, enum: [eu, us]}
      version: {default: v2}
paths:
  /items/{item_id}:
    parameters:
      - name: item_id
        in: path
        required: true
        description: path level id
        schema: {type: string}
      - name: limit
        in: query
        description: path level limit
        schema: {type: string}
      - name: trace
        in: header
        schema: {type: string}
    get:
      operationId: getItem
      parameters:
        - name: item_id
          in: path
          required: true
          description: operation level id
          schema: {type: integer}
        - name: limit
          in: query
          required: true
          description: operation level limit
          schema: {type: integer, maximum: 50}
        - name: limit
          in: header
          schema: {type: string}
      responses:
        "200": {description: ok}
    delete:
      operationId: deleteItem
      servers:
        - url: https://admin.example.com
      responses:
        "204": {description: gone}
`

func TestCatalogParamsOverride(t *testing.T) {
	cat := btBuild(t, btParamsSpec)
	if cat.BaseURL() != "https://eu.api.example.com/v2" {
		t.Errorf("base URL = %q, want server variables at their defaults", cat.BaseURL())
	}
	get := btOp(t, cat, "getItem")
	cases := []struct {
		in, name, arg, desc, typ string
		required                 bool
	}{
		{"path", "item_id", "item_id", "operation level id", "integer", true},
		{"query", "limit", "limit__query", "operation level limit", "integer", true},
		{"header", "limit", "limit__header", "", "string", false},
		{"header", "trace", "trace", "", "string", false},
	}
	if len(get.Params) != len(cases) {
		t.Errorf("params = %d, want %d (one per name and location)", len(get.Params), len(cases))
	}
	for _, tc := range cases {
		p := btParam(t, get, tc.in, tc.name)
		if p.Arg != tc.arg || p.Description != tc.desc || p.Schema["type"] != tc.typ || p.Required != tc.required {
			t.Errorf("%s %s = {arg %q desc %q type %v required %v}, want {%q %q %v %v}",
				tc.in, tc.name, p.Arg, p.Description, p.Schema["type"], p.Required, tc.arg, tc.desc, tc.typ, tc.required)
		}
	}
	if got, want := btRequired(get.InputSchema), []string{"item_id", "limit__query"}; !reflect.DeepEqual(got, want) {
		t.Errorf("required = %q, want %q", got, want)
	}
	del := btOp(t, cat, "deleteItem")
	if len(del.Params) != 3 {
		t.Errorf("deleteItem inherits %d params, want 3", len(del.Params))
	}
	if p := btParam(t, del, "path", "item_id"); p.Schema["type"] != "string" || !p.Required {
		t.Errorf("deleteItem item_id = %+v, want the path-level string, required", p)
	}
	if del.ServerURL != "https://admin.example.com" {
		t.Errorf("operation server = %q", del.ServerURL)
	}
	if get.ServerURL != "" {
		t.Errorf("getItem server = %q, want none", get.ServerURL)
	}
}

// A path parameter the spec forgot to mark required is still required.
func TestCatalogPathParamAlwaysRequired(t *testing.T) {
	cat := btBuild(t, `openapi: 3.0.3
info: {title: t, version: "1"}
paths:
  /users/{id}:
    get:
      parameters:
        - {name: id, in: path, schema: {type: string}}
        - {name: verbose, in: query, required: false, schema: {type: boolean}}
      responses: {"200": {description: ok}}
`)
	op := btOp(t, cat, "GET /users/{id}")
	if !btParam(t, op, "path", "id").Required {
		t.Error("path parameter id not required")
	}
	if got := btRequired(op.InputSchema); !reflect.DeepEqual(got, []string{"id"}) {
		t.Errorf("required = %q, want [id]", got)
	}
}

func TestCatalogBodies(t *testing.T) {
	cat := btBuildFile(t, "bodies.yaml")
	cases := []struct {
		op          string
		contentType string
		flattened   bool
		arg         string
		props       []string
		required    []string // input schema required
	}{
		// Object body: flattened; required properties in the spec's order (not alphabetical).
		{"POST /objects", "application/json", true, "", []string{"count", "name", "zeta"}, []string{"zeta", "name"}},
		// A write whose body is not marked required still sends what its schema requires.
		{"PUT /objects", "application/json", true, "", []string{"count", "name", "zeta"}, []string{"zeta", "name"}},
		// Explicitly optional: its properties are optional.
		{"PATCH /objects", "application/json", true, "", []string{"count", "name", "zeta"}, nil},
		// Arrays and scalars go under "body".
		{"POST /arrays", "application/json", false, "body", nil, []string{"body"}},
		{"POST /text", "text/plain", false, "body", nil, nil},
		// JSON preferred over form and multipart, whatever the order.
		{"POST /choice/all", "application/json; charset=utf-8", true, "", []string{"file", "title"}, nil},
		// Form preferred over multipart.
		{"POST /choice/form", "application/x-www-form-urlencoded", true, "", []string{"title"}, nil},
		{"POST /choice/multipart", "multipart/form-data", true, "", []string{"file", "title"}, nil},
		{"POST /choice/vendor", "application/vnd.acme+json", true, "", []string{"title"}, nil},
		// An object with no properties (a map) cannot be flattened.
		{"POST /maps", "application/json", false, "body", nil, []string{"body"}},
	}
	for _, tc := range cases {
		t.Run(tc.op, func(t *testing.T) {
			op := btOp(t, cat, tc.op)
			b := op.Body
			if b == nil {
				t.Fatal("no body")
			}
			if b.ContentType != tc.contentType || b.Flattened != tc.flattened || b.Arg != tc.arg {
				t.Errorf("body = {%q flattened %v arg %q}, want {%q %v %q}", b.ContentType, b.Flattened, b.Arg, tc.contentType, tc.flattened, tc.arg)
			}
			if !reflect.DeepEqual(b.Props, tc.props) {
				t.Errorf("props = %q, want %q", b.Props, tc.props)
			}
			if got := btRequired(op.InputSchema); !reflect.DeepEqual(got, tc.required) {
				t.Errorf("required = %q, want %q", got, tc.required)
			}
			props := btProps(op.InputSchema)
			for _, p := range tc.props {
				if props[p] == nil {
					t.Errorf("property %q missing from the input schema", p)
				}
			}
			if tc.arg != "" && props[tc.arg] == nil {
				t.Errorf("body argument %q missing from the input schema", tc.arg)
			}
		})
	}
	// readOnly properties never reach a request body.
	op := btOp(t, cat, "POST /objects")
	if _, ok := btProps(op.InputSchema)["id"]; ok {
		t.Error("readOnly id offered as an argument")
	}
	if got := op.Body.RequiredProps; !reflect.DeepEqual(got, []string{"zeta", "name"}) {
		t.Errorf("required props = %q, want [zeta name] (readOnly id dropped)", got)
	}
	// Form encodings are kept per property.
	mp := btOp(t, cat, "POST /choice/multipart")
	if mp.Body.Encodings["file"] != "image/png" {
		t.Errorf("encodings = %v, want file: image/png", mp.Body.Encodings)
	}
}

func TestCatalogSecurity(t *testing.T) {
	cat := btBuild(t, `openapi: 3.0.3
info: {title: sec, version: "1"}
security:
  - key: []
  - bearer: []
paths:
  /open:
    get:
      security: []
      responses: {"200": {description: ok}}
  /closed:
    get:
      security: [{basic: [], key: []}]
      responses: {"200": {description: ok}}
  /default:
    get:
      responses: {"200": {description: ok}}
components:
  securitySchemes:
    key: {type: apiKey, in: query, name: api_key}
    bearer: {type: http, scheme: Bearer}
    basic: {type: http, scheme: basic}
    oauth: {type: oauth2, flows: {implicit: {authorizationUrl: "https://x.example/auth", scopes: {}}}}
`)
	want := map[string]tools.SecurityScheme{
		"key":    {Name: "key", Type: "apiKey", In: "query", ParamName: "api_key"},
		"bearer": {Name: "bearer", Type: "http", Scheme: "bearer"},
		"basic":  {Name: "basic", Type: "http", Scheme: "basic"},
		"oauth":  {Name: "oauth", Type: "oauth2"},
	}
	if len(cat.SecuritySchemes()) != len(want) {
		t.Errorf("schemes = %v", btKeys(anyMap(cat.SecuritySchemes())))
	}
	for name, w := range want {
		got := cat.SecuritySchemes()[name]
		if got == nil || *got != w {
			t.Errorf("scheme %s = %+v, want %+v", name, got, w)
		}
	}
	if len(cat.Security()) != 2 || cat.Security()[0]["key"] == nil || cat.Security()[1]["bearer"] == nil {
		t.Errorf("document security = %v", cat.Security())
	}
	if op := btOp(t, cat, "GET /open"); op.Security == nil || len(op.Security) != 0 {
		t.Errorf("security: [] must mean none (empty, non-nil); got %#v", op.Security)
	}
	if op := btOp(t, cat, "GET /closed"); len(op.Security) != 1 || len(op.Security[0]) != 2 {
		t.Errorf("closed security = %v", op.Security)
	}
	if op := btOp(t, cat, "GET /default"); op.Security != nil {
		t.Errorf("default security = %v, want nil (inherit)", op.Security)
	}

	tmdb := btShared(t, "tmdb.json")
	if s := tmdb.SecuritySchemes()["api_key"]; s == nil || s.Type != "apiKey" || s.In != "query" || s.ParamName != "api_key" {
		t.Errorf("TMDB api_key scheme = %+v", s)
	}
}

func anyMap[V any](m map[string]V) map[string]any {
	out := map[string]any{}
	for k, v := range m {
		out[k] = v
	}
	return out
}

func TestCatalogResponsesAndLinks(t *testing.T) {
	cat := btBuild(t, `openapi: 3.0.3
info: {title: r, version: "1"}
paths:
  /users:
    post:
      operationId: createUser
      requestBody:
        content:
          application/json:
            schema: {$ref: "#/components/schemas/User"}
      responses:
        "400": {description: bad, content: {application/json: {schema: {type: object, properties: {error: {type: string}}}}}}
        "201":
          description: created
          content:
            application/json:
              schema: {$ref: "#/components/schemas/User"}
          links:
            GetUser:
              operationId: getUser
              parameters: {userId: "$response.body#/id"}
  /users/{userId}:
    get:
      operationId: getUser
      parameters: [{name: userId, in: path, required: true, schema: {type: string}}]
      responses:
        default: {description: err}
        "200":
          description: ok
          content:
            application/problem+json:
              schema: {$ref: "#/components/schemas/User"}
components:
  schemas:
    User:
      type: object
      required: [id, password]
      properties:
        id: {type: string, readOnly: true, example: u-1}
        password: {type: string, writeOnly: true}
        name: {type: string}
`)
	create := btOp(t, cat, "createUser")
	if got := btKeys(btProps(create.Response)); !reflect.DeepEqual(got, []string{"id", "name"}) {
		t.Errorf("response properties = %q, want [id name] (201, writeOnly dropped, not the 400)", got)
	}
	if got := btRequired(create.Response); !reflect.DeepEqual(got, []string{"id"}) {
		t.Errorf("response required = %q, want [id]", got)
	}
	if id := btProps(create.Response)["id"].(map[string]any); id["examples"] != nil {
		t.Errorf("response schema keeps examples: %v", id)
	}
	if got := btKeys(btProps(create.InputSchema)); !reflect.DeepEqual(got, []string{"_continuation", "_user_request", "name", "password"}) {
		t.Errorf("request properties = %q, want readOnly id dropped", got)
	}
	if len(create.Links) != 1 || create.Links[0].OperationID != "getUser" || create.Links[0].Parameters["userId"] != "$response.body#/id" || create.Links[0].Status != "201" {
		t.Errorf("links = %+v", create.Links)
	}
	get := btOp(t, cat, "getUser")
	if get.Response == nil || btProps(get.Response)["name"] == nil {
		t.Errorf("+json response not read: %v", get.Response)
	}
}

package server

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"testing"
)

// A host-only --base-url keeps the base path of the spec's server, absolute as well as
// relative: Swagger's basePath /v2 stays /v2 (it was dropped).
func TestHostOnlyBaseURLKeepsSpecBasePath(t *testing.T) {
	testBasePath(t, nil)
}

// testBasePath runs the cases --base-url-exact is set for (exact, not nil) or not.
func testBasePath(t *testing.T, exact func(*Options)) {
	swagger := `{"swagger": "2.0", "info": {"title": "pets", "version": "1"},
	  "host": "petstore.swagger.io", "basePath": "/v2", "schemes": ["https"],
	  "paths": {"/pet/{petId}": {"get": {"operationId": "getPetById", "produces": ["application/json"],
	    "parameters": [{"name": "petId", "in": "path", "required": true, "type": "integer"}],
	    "responses": {"200": {"description": "ok", "schema": {"type": "object"}}}}}}}`
	spec := filepath.Join(t.TempDir(), "petstore.json")
	if err := os.WriteFile(spec, []byte(swagger), 0o600); err != nil {
		t.Fatal(err)
	}
	up := newStubUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		stubJSON(w, 200, map[string]any{"id": 7, "name": "Rex"})
	})
	cases := []struct {
		base  string
		exact bool
		want  string
	}{
		{up.URL, false, "/v2/pet/7"},
		{up.URL + "/", false, "/v2/pet/7"},
		{up.URL, true, "/pet/7"},
		{up.URL + "/mock", false, "/mock/pet/7"},
	}
	for _, tc := range cases {
		if tc.exact != (exact != nil) {
			continue
		}
		opts := Options{Spec: spec, BaseURL: tc.base, NoCache: true}
		if exact != nil {
			exact(&opts)
		}
		cat, err := LoadCatalog(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		p, err := NewPipeline(cat, opts)
		if err != nil {
			t.Fatal(err)
		}
		before := len(up.requests())
		res := p.Call(context.Background(), cat.Lookup("getPetById"), map[string]any{"petId": 7})
		reqs := up.requests()[before:]
		if res.Status != "ok" || len(reqs) != 1 || reqs[0].Path != tc.want {
			t.Errorf("--base-url %s (exact %v): status %s, requests %+v; want one GET %s", tc.base, tc.exact, res.Status, reqs, tc.want)
		}
	}
}

package openapi

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/getkin/kin-openapi/openapi3"
)

func loadSharedSpec(name string) string {
	return filepath.Join("..", "..", "testdata", "shared", "specs", name)
}

func loadTestdata(name string) string { return filepath.Join("testdata", "load", name) }

func loadCountOps(doc *openapi3.T) int {
	n := 0
	for _, item := range doc.Paths.Map() {
		n += len(item.Operations())
	}
	return n
}

func TestLoadSharedSpecs(t *testing.T) {
	tests := []struct {
		file    string
		ops     int
		version string
		server  string
		// warnPart, when set, must appear in some warning; otherwise there must be none.
		warnPart string
	}{
		{file: "tmdb.json", ops: 54, version: "3.0.0", server: "https://api.themoviedb.org/3"},
		{file: "spotify.json", ops: 40, version: "3.0.3", server: "https://api.spotify.com/v1", warnPart: "/parameters/"},
		{file: "alertmanager-v2.yaml", ops: 9, version: "2.0", server: "/api/v2/"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			path := loadSharedSpec(tt.file)
			if _, err := os.Stat(path); err != nil {
				t.Skipf("shared spec not available: %v", err)
			}
			start := time.Now()
			doc, info, err := LoadDocument(context.Background(), path, LoadOptions{})
			if err != nil {
				t.Fatalf("LoadDocument: %v", err)
			}
			t.Logf("loaded %s in %v with %d warnings", tt.file, time.Since(start), len(info.Warnings))
			if got := loadCountOps(doc); got != tt.ops {
				t.Errorf("operations = %d, want %d", got, tt.ops)
			}
			if info.Version != tt.version {
				t.Errorf("version = %q, want %q", info.Version, tt.version)
			}
			if len(info.Hash) != 64 {
				t.Errorf("hash = %q, want 64 hex digits", info.Hash)
			}
			if len(doc.Servers) == 0 || doc.Servers[0].URL != tt.server {
				t.Errorf("servers = %v, want first %q", doc.Servers, tt.server)
			}
			if tt.warnPart == "" {
				if len(info.Warnings) != 0 {
					t.Errorf("unexpected warnings: %q", info.Warnings)
				}
				return
			}
			found := false
			for _, w := range info.Warnings {
				if !strings.HasPrefix(w, "spec "+path+": /") || !strings.Contains(w, ": normalised ") {
					t.Errorf("warning %q does not read \"spec FILE: /pointer: normalised ...\"", w)
				}
				found = found || strings.Contains(w, tt.warnPart)
			}
			if !found {
				t.Errorf("no warning names a pointer containing %q: %q", tt.warnPart, info.Warnings)
			}
		})
	}
}

// Spotify's sloppiness, each kind of fix checked at one known place.
func TestLoadSpotifyNormalisations(t *testing.T) {
	path := loadSharedSpec("spotify.json")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared spec not available: %v", err)
	}
	doc, info, err := LoadDocument(context.Background(), path, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`/components/parameters/PathAlbumId/required: normalised required "true" (a string) to true`,
		`/components/parameters/QueryLimit/schema/maximum: normalised maximum "50" to the number 50`,
	} {
		if !loadContains(info.Warnings, want) {
			t.Errorf("missing warning %q", want)
		}
	}
	p := doc.Components.Parameters["PathAlbumId"].Value
	if !p.Required {
		t.Errorf("PathAlbumId.required = false, want true")
	}
	limit := doc.Components.Parameters["QueryLimit"].Value.Schema.Value
	if limit.Max == nil || *limit.Max != 50 || limit.Min == nil || *limit.Min != 0 {
		t.Errorf("QueryLimit min/max = %v/%v, want 0/50", limit.Min, limit.Max)
	}
}

func loadContains(list []string, part string) bool {
	for _, s := range list {
		if strings.Contains(s, part) {
			return true
		}
	}
	return false
}

func TestLoadAlertmanagerConversion(t *testing.T) {
	path := loadSharedSpec("alertmanager-v2.yaml")
	if _, err := os.Stat(path); err != nil {
		t.Skipf("shared spec not available: %v", err)
	}
	doc, _, err := LoadDocument(context.Background(), path, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if doc.OpenAPI != "3.0.3" {
		t.Errorf("converted openapi = %q, want 3.0.3", doc.OpenAPI)
	}
	if doc.Paths.Find("/silences") == nil || doc.Paths.Find("/silence/{silenceID}") == nil {
		t.Errorf("converted paths lack /silences or /silence/{silenceID}")
	}
}

func TestLoadMalformed(t *testing.T) {
	tests := []struct {
		file        string
		allowExt    bool
		pointer     string
		line        int // 0: not checked
		msgContains []string
	}{
		{file: "truncated.json", pointer: "/paths/~1pets/get/responses/200", line: 9,
			msgContains: []string{"truncated JSON"}},
		{file: "broken.json", pointer: "/paths/~1pets/get/summary", line: 7,
			msgContains: []string{"invalid JSON", "in string literal"}},
		{file: "truncated.yaml", pointer: "/paths/~1pets/get/tags", line: 8,
			msgContains: []string{"invalid YAML"}},
		// The parser names the mapping opened on line 7; the key that broke it is on 13.
		{file: "misindented-key.yaml", pointer: "/paths/~1pets/get", line: 13,
			msgContains: []string{"invalid YAML", "did not find expected key"}},
		{file: "truncated-quote.yaml", pointer: "/paths/~1pets/get/summary", line: 8,
			msgContains: []string{"invalid YAML", "end of stream"}},
		{file: "dangling-ref.json", pointer: "/paths/~1pets/get/responses/200/content/application~1json/schema", line: 12,
			msgContains: []string{`dangling $ref "#/components/schemas/Nope"`}},
		{file: "path-param-not-in-path.json", pointer: "/paths/~1pets~1{id}/get/parameters/1", line: 9,
			msgContains: []string{`path parameter "petId" is not in the path "/pets/{id}"`}},
		{file: "path-var-undeclared.yaml", pointer: "/paths/~1pets~1{id}~1toys~1{toyId}/get", line: 13,
			msgContains: []string{`path template variable {toyId}`, "no path parameter"}},
		{file: "unknown-version.json", pointer: "",
			msgContains: []string{`unsupported OpenAPI version "4.0.0"`}},
		{file: "no-version.yaml", pointer: "",
			msgContains: []string{`not a Swagger 2.0 or OpenAPI 3.x document`}},
		{file: "external-ref.yaml", pointer: "/paths/~1pets/get/responses/200/content/application~1json/schema", line: 13,
			msgContains: []string{`external $ref "pet.yaml#/Pet" is not allowed`, "--allow-external-refs"}},
		{file: "external-ref-escape.yaml", allowExt: true, pointer: "/paths/~1pets/get/responses/200/content/application~1json/schema",
			msgContains: []string{`external $ref "../../../go.mod#/Pet"`, "spec's directory"}},
		{file: "ref-to-missing-file.yaml", allowExt: true, pointer: "/paths/~1pets/get/responses/200", line: 9,
			msgContains: []string{"missing.yaml"}},
		{file: "kin-type-error.json", pointer: "/servers/0/url", line: 4,
			msgContains: []string{"cannot read", "string"}},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			src := loadTestdata(tt.file)
			_, _, err := LoadDocument(context.Background(), src, LoadOptions{AllowExternalRefs: tt.allowExt})
			var se *SpecError
			if !errors.As(err, &se) {
				t.Fatalf("error = %v (%T), want a *SpecError", err, err)
			}
			if se.Source != src {
				t.Errorf("Source = %q, want %q", se.Source, src)
			}
			if se.Pointer != tt.pointer {
				t.Errorf("Pointer = %q, want %q (error: %v)", se.Pointer, tt.pointer, err)
			}
			if tt.line != 0 && se.Line != tt.line {
				t.Errorf("Line = %d, want %d (error: %v)", se.Line, tt.line, err)
			}
			for _, part := range tt.msgContains {
				if !strings.Contains(se.Msg, part) {
					t.Errorf("Msg = %q, want it to contain %q", se.Msg, part)
				}
			}
			prefix := "spec " + src
			if tt.pointer != "" && !strings.Contains(err.Error(), ": "+tt.pointer+": ") {
				t.Errorf("Error() = %q lacks the pointer", err)
			}
			if !strings.HasPrefix(err.Error(), prefix) {
				t.Errorf("Error() = %q, want prefix %q", err, prefix)
			}
		})
	}
}

func TestLoadSpecErrorFormat(t *testing.T) {
	e := &SpecError{Source: "bad.json", Pointer: "/paths/~1pets~1{id}/get/parameters/0",
		Msg: `path parameter "petId" is not in the path "/pets/{id}"`}
	want := `spec bad.json: /paths/~1pets~1{id}/get/parameters/0: path parameter "petId" is not in the path "/pets/{id}"`
	if e.Error() != want {
		t.Errorf("Error() = %q, want %q", e.Error(), want)
	}
	e = &SpecError{Source: "bad.yaml", Line: 3, Column: 7, Msg: "invalid YAML: x"}
	if got := e.Error(); got != "spec bad.yaml:3:7: invalid YAML: x" {
		t.Errorf("Error() = %q", got)
	}
}

func TestLoadExternalRefAllowed(t *testing.T) {
	doc, _, err := LoadDocument(context.Background(), loadTestdata("external-ref.yaml"), LoadOptions{AllowExternalRefs: true})
	if err != nil {
		t.Fatal(err)
	}
	s := doc.Paths.Find("/pets").Get.Responses.Status(200).Value.Content.Get("application/json").Schema.Value
	if s == nil || s.Properties["name"] == nil {
		t.Fatalf("external schema not resolved: %+v", s)
	}
}

func TestLoadOpenAPI31(t *testing.T) {
	doc, info, err := LoadDocument(context.Background(), loadTestdata("openapi31.yaml"), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if info.Version != "3.1.0" || len(info.Warnings) != 0 {
		t.Errorf("version %q, warnings %q", info.Version, info.Warnings)
	}
	op := doc.Paths.Find("/pets/{petId}").Get
	ps := op.Parameters[0].Value.Schema.Value
	if !ps.Type.Includes("string") || !ps.Type.Includes("null") {
		t.Errorf("petId type = %v, want [string null]", ps.Type)
	}
	if len(ps.Examples) != 2 {
		t.Errorf("petId examples = %v", ps.Examples)
	}
	pet := doc.Components.Schemas["Pet"].Value
	if pet.Properties["kind"].Value.Const != "dog" {
		t.Errorf("kind const = %v", pet.Properties["kind"].Value.Const)
	}
	if tag := pet.Properties["tags"].Value.Items.Value; tag == nil || !tag.Type.Is("string") {
		t.Errorf("$defs ref not resolved: %+v", tag)
	}
	if age := pet.Properties["age"].Value; age.ExclusiveMin.Value == nil || *age.ExclusiveMin.Value != 0 {
		t.Errorf("age exclusiveMinimum = %+v", age.ExclusiveMin)
	}
}

func TestLoadSloppySwagger(t *testing.T) {
	src := loadTestdata("sloppy.yaml")
	doc, info, err := LoadDocument(context.Background(), src, LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`/swagger: normalised swagger 2 (a number) to the string "2.0"`,
		`/paths/~1items~1{id}/get/parameters/0/type: normalised type "int" to "integer"`,
		`/paths/~1items~1{id}/get/parameters/0: normalised path parameter "id" to required: true`,
		`/paths/~1items~1{id}/get/parameters/1/required: normalised required "false" (a string) to false`,
		`/paths/~1items~1{id}/get/parameters/1/minimum: normalised minimum "1" to the number 1`,
		`/definitions/Item/properties/id/required: normalised required: true on property "id"`,
	} {
		if !loadContains(info.Warnings, "spec "+src+": "+want) {
			t.Errorf("missing warning %q in %q", want, info.Warnings)
		}
	}
	op := doc.Paths.Find("/items/{id}").Get
	if op.Extensions["x-askapi-confirm"] != true || doc.Extensions["x-owner"] != "team-a" {
		t.Errorf("x- extensions lost: op %v, doc %v", op.Extensions, doc.Extensions)
	}
	if id := op.Parameters.GetByInAndName("path", "id"); id == nil || !id.Required || !id.Schema.Value.Type.Is("integer") {
		t.Errorf("path parameter id = %+v", id)
	}
	item := doc.Components.Schemas["Item"].Value
	if len(item.Required) != 1 || item.Required[0] != "id" {
		t.Errorf("Item.required = %v, want [id]", item.Required)
	}
	if ex := item.Properties["created"].Value.Example; ex != "2016-09-01" {
		t.Errorf("date example = %#v, want the string kept", ex)
	}
}

func TestLoadURL(t *testing.T) {
	spec, err := os.ReadFile(loadTestdata("external-ref.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	pet, err := os.ReadFile(loadTestdata("pet.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	mux.HandleFunc("/specs/api.yaml", func(w http.ResponseWriter, _ *http.Request) { w.Write(spec) })
	mux.HandleFunc("/specs/pet.yaml", func(w http.ResponseWriter, _ *http.Request) { w.Write(pet) })
	mux.HandleFunc("/specs/other-host.yaml", func(w http.ResponseWriter, _ *http.Request) {
		w.Write([]byte(strings.Replace(string(spec), "pet.yaml#/Pet", "http://example.invalid/pet.yaml#/Pet", 1)))
	})
	srv := httptest.NewServer(mux)
	defer srv.Close()
	ctx := context.Background()

	doc, _, err := LoadDocument(ctx, srv.URL+"/specs/api.yaml", LoadOptions{AllowExternalRefs: true})
	if err != nil {
		t.Fatalf("same-host relative ref: %v", err)
	}
	if s := doc.Paths.Find("/pets").Get.Responses.Status(200).Value.Content.Get("application/json").Schema.Value; s == nil || s.Properties["name"] == nil {
		t.Errorf("relative ref not resolved against the spec URL")
	}

	_, _, err = LoadDocument(ctx, srv.URL+"/specs/other-host.yaml", LoadOptions{AllowExternalRefs: true})
	var se *SpecError
	if !errors.As(err, &se) || !strings.Contains(se.Msg, "own host") {
		t.Errorf("ref to another host: err = %v, want a SpecError about the host", err)
	}

	_, _, err = LoadDocument(ctx, srv.URL+"/specs/missing.yaml", LoadOptions{})
	if err == nil || !strings.Contains(err.Error(), "404") {
		t.Errorf("missing URL: err = %v, want a 404", err)
	}

	_, _, err = LoadDocument(ctx, srv.URL+"/specs/api.yaml", LoadOptions{MaxBytes: 10})
	if err == nil || !strings.Contains(err.Error(), "limit") {
		t.Errorf("MaxBytes: err = %v, want a size limit error", err)
	}
}

func TestLoadHashStable(t *testing.T) {
	_, a, err := LoadDocument(context.Background(), loadTestdata("openapi31.yaml"), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	_, b, err := LoadDocument(context.Background(), loadTestdata("openapi31.yaml"), LoadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if a.Hash != b.Hash {
		t.Errorf("hash differs between loads: %s vs %s", a.Hash, b.Hash)
	}
}

// BenchmarkLoadTMDB measures loading the 1.3 MB TMDB spec end to end.
func BenchmarkLoadTMDB(b *testing.B) {
	path := loadSharedSpec("tmdb.json")
	if _, err := os.Stat(path); err != nil {
		b.Skipf("shared spec not available: %v", err)
	}
	for b.Loop() {
		if _, _, err := LoadDocument(context.Background(), path, LoadOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestLoadExternalRefCannotEscape(t *testing.T) {
	spec, err := os.ReadFile(loadTestdata("external-ref.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	outside := t.TempDir()
	if err := os.WriteFile(filepath.Join(outside, "secret.yaml"), []byte("Pet: {type: object}\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "api.yaml"), spec, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(outside, "secret.yaml"), filepath.Join(dir, "pet.yaml")); err != nil {
		t.Skipf("no symlinks: %v", err)
	}
	_, _, err = LoadDocument(context.Background(), filepath.Join(dir, "api.yaml"), LoadOptions{AllowExternalRefs: true})
	if err == nil || !strings.Contains(err.Error(), "out of the spec's directory") {
		t.Errorf("symlink out of the directory: err = %v", err)
	}

	// A same-host ref that redirects to another host is refused.
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Write([]byte("Pet: {type: object}\n"))
	}))
	defer other.Close()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/pet.yaml" {
			http.Redirect(w, r, other.URL+"/pet.yaml", http.StatusFound)
			return
		}
		w.Write(spec)
	}))
	defer srv.Close()
	_, _, err = LoadDocument(context.Background(), srv.URL+"/api.yaml", LoadOptions{AllowExternalRefs: true})
	if err == nil || !strings.Contains(err.Error(), "redirect to another host") {
		t.Errorf("redirect off the host: err = %v", err)
	}
}

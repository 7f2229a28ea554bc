package openapi

import (
	"strings"
	"testing"
)

func TestCheckPathParams(t *testing.T) {
	tests := []struct {
		name    string
		paths   string
		pointer string // "" means no error
		msg     string
	}{
		{name: "declared on the operation", paths: `{"/a/{id}":{"get":{"parameters":[{"name":"id","in":"path","required":true}]}}}`},
		{name: "declared on the path item", paths: `{"/a/{id}":{"parameters":[{"name":"id","in":"path"}],"get":{},"post":{}}}`},
		{name: "declared through a $ref", paths: `{"/a/{id}":{"get":{"parameters":[{"$ref":"#/components/parameters/Id"}]}}}`},
		{name: "external parameter proves nothing", paths: `{"/a/{id}":{"get":{"parameters":[{"$ref":"p.json#/Id"}]}}}`},
		{name: "query parameter with the same name does not count",
			paths:   `{"/a/{id}":{"get":{"parameters":[{"name":"id","in":"query"}]}}}`,
			pointer: "/paths/~1a~1{id}/get", msg: `path template variable {id} of "/a/{id}" has no path parameter declared`},
		{name: "parameter not in the path",
			paths:   `{"/pets/{id}":{"get":{"parameters":[{"name":"id","in":"path"},{"name":"petId","in":"path"}]}}}`,
			pointer: "/paths/~1pets~1{id}/get/parameters/1", msg: `path parameter "petId" is not in the path "/pets/{id}"`},
		{name: "path-level parameter not in the path",
			paths:   `{"/pets":{"parameters":[{"$ref":"#/components/parameters/Id"}],"get":{}}}`,
			pointer: "/paths/~1pets/parameters/0", msg: `path parameter "id" is not in the path "/pets"`},
		{name: "undeclared on one operation only",
			paths:   `{"/a/{id}":{"get":{"parameters":[{"name":"id","in":"path"}]},"delete":{}}}`,
			pointer: "/paths/~1a~1{id}/delete", msg: `{id}`},
		{name: "extensions skipped", paths: `{"x-note":{"get":{"parameters":[{"name":"z","in":"path"}]}}}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			doc := `{"openapi":"3.0.3","paths":` + tt.paths + `,
				"components":{"parameters":{"Id":{"name":"id","in":"path","required":true}}}}`
			n, err := loadNormaliseJSON(t, doc, false, func(string) error { return nil })
			if err != nil {
				t.Fatalf("normalise: %v", err)
			}
			checkPathParams(n)
			err = n.firstError()
			if tt.pointer == "" {
				if err != nil {
					t.Fatalf("unexpected error: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatal("no error")
			}
			if err.Pointer != tt.pointer || !strings.Contains(err.Msg, tt.msg) {
				t.Errorf("error = %q at %q, want %q at %q", err.Msg, err.Pointer, tt.msg, tt.pointer)
			}
		})
	}
}

func TestTemplateVars(t *testing.T) {
	tests := []struct {
		path string
		want []string
	}{
		{"/repos/{owner}/{repo}", []string{"owner", "repo"}},
		{"/a/{id}/b/{id}", []string{"id"}},
		{"/plain", nil},
		{"/empty/{}", nil},
		{"/nested/{a{b}c}", []string{"b"}},
		{"/open/{a", nil},
		{"/{x}.{format}", []string{"x", "format"}},
	}
	for _, tt := range tests {
		if got := templateVars(tt.path); strings.Join(got, ",") != strings.Join(tt.want, ",") {
			t.Errorf("templateVars(%q) = %q, want %q", tt.path, got, tt.want)
		}
	}
}

package main

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDeclaresOperations(t *testing.T) {
	cases := []struct {
		name, doc string
		want      bool
	}{
		{"empty paths", `{"openapi":"3.0.0","paths":{}}`, false},
		{"webhooks only", `{"openapi":"3.1.0","webhooks":{"x":{"post":{}}}}`, false},
		{"an extension only", `{"openapi":"3.0.0","paths":{"x-note":{"get":{}}}}`, false},
		{"a path item without a method", `{"openapi":"3.0.0","paths":{"/a":{"parameters":[]}}}`, false},
		{"one operation", `{"openapi":"3.0.0","paths":{"/a":{"get":{}}}}`, true},
		{"a path item $ref", `{"openapi":"3.0.0","paths":{"/a":{"$ref":"other.json#/a"}}}`, true},
		{"not JSON", "openapi: 3.0.0\npaths: {}\n", true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "spec.json")
			if err := os.WriteFile(path, []byte(tc.doc), 0o644); err != nil {
				t.Fatal(err)
			}
			if got := declaresOperations(path); got != tc.want {
				t.Errorf("declaresOperations = %v, want %v", got, tc.want)
			}
		})
	}
}

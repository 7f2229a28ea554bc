package clarify

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/askapi/askapi/tools/openapi"
)

// recordSpec is Vercel's DNS record body in small: the type is the body's own property,
// and each record type is an alternative with its own required fields.
const recordSpec = `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
 "paths": {"/records": {"post": {"operationId": "createRecord", "requestBody": {"content": {"application/json": {"schema": {
   "properties": {"type": {"type": "string", "enum": ["A", "MX"]}}, "required": ["type"],
   "anyOf": [
     {"type": "object", "additionalProperties": false, "properties": {"type": {"enum": ["A"]}, "name": {"type": "string"}, "value": {"type": "string"}}, "required": ["type", "name", "value"]},
     {"type": "object", "additionalProperties": false, "properties": {"type": {"enum": ["MX"]}, "name": {"type": "string"}, "value": {"type": "string"}, "priority": {"type": "integer"}}, "required": ["type", "name", "value", "priority"]}]}}}},
   "responses": {"200": {"description": "ok"}}}}}}`

func TestAlternativeRequiredIsAsked(t *testing.T) {
	file := filepath.Join(t.TempDir(), "record.json")
	if err := os.WriteFile(file, []byte(recordSpec), 0o600); err != nil {
		t.Fatal(err)
	}
	cat, err := openapi.LoadCatalog(context.Background(), file, openapi.LoadOptions{NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	op := ctOp(t, cat, "createRecord")
	cases := []struct {
		name string
		args map[string]any
		want []string // the questions, field:kind
	}{
		{"an A record lacks its value", map[string]any{"type": "A", "name": "www"}, []string{"value:missing"}},
		{"an MX record lacks value and priority", map[string]any{"type": "MX", "name": "mail"}, []string{"value:missing", "priority:missing"}},
		{"a complete A record", map[string]any{"type": "A", "name": "www", "value": "192.0.2.1"}, nil},
		{"a complete MX record", map[string]any{"type": "MX", "name": "mail", "value": "mx.example.com", "priority": 10}, nil},
		// A priority fits only the MX shape, whatever the type says first.
		{"a priority picks the MX shape", map[string]any{"type": "MX", "name": "mail", "priority": 10}, []string{"value:missing"}},
		// Nothing of the body given: what every shape requires is asked, once each.
		{"nothing given", map[string]any{}, []string{"type:missing", "name:missing", "value:missing"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			qs, err := Check(Call{Op: op, Args: tc.args, UserRequest: "add the record"})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, q := range qs {
				if q.Kind == Missing {
					got = append(got, q.Field+":"+string(q.Kind))
				}
			}
			if !reflect.DeepEqual(got, tc.want) {
				t.Errorf("questions %v, want %v (all: %v)", got, tc.want, ctShape(qs))
			}
		})
	}
}

package corpuscheck

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

// specWith is a spec whose components.schemas are given, for the readers' tests.
func specWith(t *testing.T, schemas string) *rawSpec {
	t.Helper()
	s, err := parseRaw([]byte(`{"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "paths": {},
		"components": {"schemas": ` + schemas + `}}`))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestShapeRequired(t *testing.T) {
	s := specWith(t, `{
		"Base": {"type": "object", "required": ["id", "name"], "properties": {"id": {"type": "string", "readOnly": true}, "name": {"type": "string"}}},
		"RO": {"type": "string", "readOnly": true},
		"Pet": {"allOf": [{"$ref": "#/components/schemas/Base"}, {"type": "object", "required": ["kind"], "properties": {"kind": {"type": "string"}}}]},
		"Cat": {"type": "object", "required": ["kind", "lives"], "properties": {"kind": {}, "lives": {}}},
		"Dog": {"type": "object", "required": ["kind", "bark"], "properties": {"kind": {}, "bark": {}}}
	}`)
	for _, c := range []struct {
		name, schema                            string
		required, readOnly, undeclared, altOnly []string
	}{
		{name: "own required, in order",
			schema:   `{"type": "object", "required": ["b", "a"], "properties": {"a": {}, "b": {}, "c": {}}}`,
			required: []string{"b", "a"}},
		{name: "no type is an object",
			schema:   `{"required": ["a"], "properties": {"a": {}}}`,
			required: []string{"a"}},
		{name: "an array requires nothing",
			schema: `{"type": "array", "required": ["a"], "items": {"type": "object", "required": ["a"], "properties": {"a": {}}}}`},
		{name: "allOf: the union, through $ref; readOnly apart",
			schema:   `{"$ref": "#/components/schemas/Pet"}`,
			required: []string{"name", "kind"}, readOnly: []string{"id"}},
		{name: "readOnly through a $ref, or an allOf wrapping one",
			schema:   `{"type": "object", "required": ["a", "b", "c"], "properties": {"a": {"$ref": "#/components/schemas/RO"}, "b": {"allOf": [{"$ref": "#/components/schemas/RO"}], "description": "b"}, "c": {}}}`,
			required: []string{"c"}, readOnly: []string{"a", "b"}},
		{name: "oneOf: what every alternative requires",
			schema:   `{"oneOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}]}`,
			required: []string{"kind"}},
		{name: "anyOf beside own required",
			schema:   `{"type": "object", "required": ["x"], "properties": {"x": {}}, "anyOf": [{"$ref": "#/components/schemas/Cat"}, {"$ref": "#/components/schemas/Dog"}]}`,
			required: []string{"x", "kind"}},
		{name: "alternatives' bare required lists over the parent's properties",
			schema:   `{"type": "object", "properties": {"org": {}, "orgID": {}, "bucket": {}}, "oneOf": [{"required": ["org", "bucket"]}, {"required": ["orgID", "bucket"]}]}`,
			required: []string{"bucket"}},
		{name: "allOf part requiring a sibling part's property",
			schema:   `{"allOf": [{"properties": {"a": {}}}, {"required": ["a"]}]}`,
			required: []string{"a"}},
		{name: "required and declared nowhere: apart",
			schema:     `{"type": "object", "required": ["a", "ghost"], "properties": {"a": {}}}`,
			required:   []string{"a"},
			undeclared: []string{"ghost"}},
		{name: "required by an alternative, declared only by its sibling: apart",
			schema:     `{"oneOf": [{"required": ["a"], "properties": {"a": {}}}, {"required": ["a"], "properties": {"b": {}}}]}`,
			undeclared: []string{"a"}},
		{name: "required at the root, declared only in some alternatives: apart",
			schema:  `{"required": ["a", "b"], "oneOf": [{"properties": {"a": {}}}, {"properties": {"b": {}}}]}`,
			altOnly: []string{"a", "b"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var schema any
			if err := json.Unmarshal([]byte(c.schema), &schema); err != nil {
				t.Fatal(err)
			}
			sh := s.shape(schema, 0, nil)
			var required, readOnly []string
			for _, n := range sh.required {
				if s.readOnly(sh.props[n], 0) {
					readOnly = append(readOnly, n)
				} else {
					required = append(required, n)
				}
			}
			for _, x := range []struct {
				what      string
				got, want []string
			}{{"required", required, c.required}, {"readOnly", readOnly, c.readOnly}, {"undeclared", sh.undeclared, c.undeclared}, {"alternative only", sh.alternativeOnly, c.altOnly}} {
				if len(x.got) != 0 || len(x.want) != 0 {
					if !reflect.DeepEqual(x.got, x.want) {
						t.Errorf("%s = %q, want %q", x.what, x.got, x.want)
					}
				}
			}
		})
	}
}

func TestReadBody(t *testing.T) {
	spec := `{"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "paths": {"/x": {
		"post": {"requestBody": {"content": {
			"application/xml": {"schema": {"required": ["x"], "properties": {"x": {}}}},
			"application/x-www-form-urlencoded": {"schema": {"required": ["f"], "properties": {"f": {}}}},
			"application/vnd.api+json": {"schema": {"required": ["j"], "properties": {"j": {}}}}}}},
		"put": {"requestBody": {"$ref": "#/components/requestBodies/Opt"}},
		"patch": {"requestBody": {"content": {"application/octet-stream": {"schema": {"type": "string"}}}}},
		"delete": {"requestBody": {"$ref": "other.json#/Body"}}}},
		"components": {"requestBodies": {"Opt": {"required": false, "content": {"application/json": {"schema": {"required": ["o"], "properties": {"o": {}}}}}}}}}`
	s, err := parseRaw([]byte(spec))
	if err != nil {
		t.Fatal(err)
	}
	ops := map[string]rawOp{}
	for _, o := range s.operations() {
		ops[o.Method] = o
	}
	for _, c := range []struct {
		method, sent, media, skip string
		required                  []string
		optional                  bool
	}{
		{method: "POST", media: "application/vnd.api+json", required: []string{"j"}},
		{method: "POST", sent: "application/x-www-form-urlencoded", media: "application/x-www-form-urlencoded", required: []string{"f"}},
		// XML is no body to check even when sent: the best readable one is read.
		{method: "POST", sent: "application/xml", media: "application/vnd.api+json", required: []string{"j"}},
		{method: "PUT", sent: "application/json", media: "application/json", required: []string{"o"}, optional: true},
		{method: "PATCH", skip: "no JSON or form content"},
		{method: "DELETE", skip: "unresolved $ref"},
	} {
		r := s.readBody(ops[c.method], c.sent)
		if r.MediaType != c.media || r.Skip != c.skip || r.Optional != c.optional || !reflect.DeepEqual(r.Required, c.required) {
			t.Errorf("%s (sent %q): got %+v", c.method, c.sent, r)
		}
	}
}

func TestWords(t *testing.T) {
	for in, want := range map[string]string{
		"X-API-Key": "x api key", "accessToken": "access token", "APIKey": "api key",
		"next_page_token": "next page token", "X-Amz-Security-Token": "x amz security token",
		"WM_SEC.AUTH_SIGNATURE": "wm sec auth signature", "hapikey": "hapikey", "page[size]": "page size",
	} {
		if got := strings.Join(words(in), " "); got != want {
			t.Errorf("words(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestCredentialLike(t *testing.T) {
	str := map[string]any{"type": "string"}
	pw := map[string]any{"type": "string", "format": "password"}
	apiKeys := map[string]bool{"header\x00x-tenant": true}
	for _, c := range []struct {
		in, name, desc string
		schema         map[string]any
		fields         []string // the operation's response fields
		want           string
	}{
		// The names of the issue.
		{in: "header", name: "Api-Key", want: "name"},
		{in: "header", name: "X-API-Key", want: "name"},
		{in: "header", name: "Authorization", want: "name"},
		{in: "header", name: "X-Auth-Token", want: "name"},
		{in: "header", name: "Api-Username", want: "name"},
		{in: "query", name: "access_token", want: "name"},
		{in: "query", name: "api_key", want: "name"},
		{in: "query", name: "secret", want: "name"},
		{in: "query", name: "password", want: "name"},
		{in: "query", name: "oauth_token", want: "name"},
		{in: "query", name: "oauth_consumer_key", want: "name"},
		// Vendor namespaces before a header's credential term.
		{in: "header", name: "X-VTEX-API-AppKey", want: "name"},
		{in: "header", name: "X-Amz-Security-Token", want: "name"},
		{in: "header", name: "ClearBlade-SystemSecret", want: "name"},
		// A query parameter's leading words say whose secret it is: data.
		{in: "query", name: "magento_consumer_key"},
		{in: "query", name: "newPassword"},
		{in: "query", name: "MasterUserPassword"},
		// Tokens and keys of another kind.
		{in: "query", name: "next_page_token"},
		{in: "query", name: "pageToken", desc: "A page token"},
		{in: "query", name: "clientToken", desc: "A unique identifier that makes the request idempotent"},
		{in: "query", name: "userKey", desc: "The user's primary email address or ID"},
		{in: "query", name: "token", desc: "The invite token to resolve"},
		{in: "query", name: "token"},
		{in: "query", name: "key", desc: "The cache key"},
		{in: "query", name: "key", desc: "Your API key", want: "description"},
		{in: "query", name: "token", desc: "Generate your token: it authenticates the calls", want: "description"},
		{in: "query", name: "token", desc: "The token of the next page; not an API key"},
		// Types that cannot hold a secret.
		{in: "query", name: "hasPrivateKey", schema: map[string]any{"type": "boolean"}},
		{in: "query", name: "api_key", schema: map[string]any{"type": "integer"}},
		// format: password, only where the name is a secret's.
		{in: "header", name: "Authentication", schema: pw, want: "format: password"},
		{in: "query", name: "next-token", schema: pw, desc: "The token to retrieve the next page"},
		{in: "query", name: "user-email", schema: pw},
		{in: "query", name: "NewPassword", schema: pw},
		// The spec's own apiKey scheme.
		{in: "header", name: "X-Tenant", want: "security scheme"},
		// A field of the operation's response: a filter on the resources listed.
		{in: "query", name: "auth_key", fields: []string{"id", "auth_key"}},
		{in: "query", name: "auth_key", fields: []string{"id"}, want: "name"},
		// Cookies and paths are not read.
		{in: "cookie", name: "session_token"},
		{in: "path", name: "api_key"},
	} {
		schema := c.schema
		if schema == nil {
			schema = str
		}
		fields := map[string]bool{}
		for _, f := range c.fields {
			fields[f] = true
		}
		p := rawParam{Name: c.name, In: c.in, Description: c.desc, Schema: schema}
		if got := credentialLike(p, apiKeys, func() map[string]bool { return fields }); got != c.want {
			t.Errorf("%s %q (%q): %q, want %q", c.in, c.name, c.desc, got, c.want)
		}
	}
}

func TestRequires(t *testing.T) {
	var schema map[string]any
	_ = json.Unmarshal([]byte(`{"required": ["a"], "allOf": [{"required": ["b"]}], "oneOf": [{"required": ["c", "d"]}, {"required": ["c"]}]}`), &schema)
	for name, want := range map[string]bool{"a": true, "b": true, "c": true, "d": false, "e": false} {
		if got := requires(schema, name, 0); got != want {
			t.Errorf("requires(%q) = %v, want %v", name, got, want)
		}
	}
}

// checkSpec has a write whose body requires name and size, one whose body is explicitly
// optional, and a credential header beside an ordinary one.
const checkSpec = `{"openapi": "3.0.0", "info": {"title": "T", "version": "1"}, "paths": {
	"/things": {"post": {
		"parameters": [{"name": "X-API-Key", "in": "header", "schema": {"type": "string"}}, {"name": "X-Trace", "in": "header", "schema": {"type": "string"}}],
		"requestBody": {"content": {"application/json": {"schema": {"type": "object", "required": ["name", "size"], "properties": {"name": {}, "size": {}}}}}},
		"responses": {"201": {"description": "made"}}}},
	"/things/{id}": {"put": {
		"parameters": [{"name": "id", "in": "path", "required": true, "schema": {"type": "string"}}],
		"requestBody": {"required": false, "content": {"application/json": {"schema": {"oneOf": [{"type": "object", "required": ["name"], "properties": {"name": {}}}]}}}},
		"responses": {"200": {"description": "ok"}}}}}}`

// A catalog made by hand: what the check says of what a tool publishes, whatever askapi
// would publish.
func TestCheckComparesThePublishedSchema(t *testing.T) {
	param := func(name, in string) *tools.Param { return &tools.Param{Name: name, Arg: name, In: in} }
	post := &tools.Operation{Name: "post_things", Method: "POST", Path: "/things",
		Params: []*tools.Param{param("X-API-Key", "header"), param("X-Trace", "header")},
		Body:   &tools.Body{ContentType: "application/json", Flattened: true, Props: []string{"name", "size"}},
		InputSchema: map[string]any{"type": "object", "required": []string{"name"},
			"properties": map[string]any{"X-API-Key": map[string]any{}, "X-Trace": map[string]any{}, "name": map[string]any{}, "size": map[string]any{}}},
	}
	put := &tools.Operation{Name: "put_thing", Method: "PUT", Path: "/things/{id}",
		Params: []*tools.Param{param("id", "path")},
		Body:   &tools.Body{ContentType: "application/json", Arg: "body"},
		InputSchema: map[string]any{"type": "object", "required": []string{"id"},
			"properties": map[string]any{"id": map[string]any{}, "body": map[string]any{"oneOf": []any{map[string]any{"required": []any{"name"}}}}}},
	}
	descriptions := map[string]string{"put_thing": "PUT /things/{id}"}
	publish := func(op *tools.Operation) (Tool, error) {
		data, err := json.Marshal(op.InputSchema)
		return Tool{Name: op.Name, InputSchema: data, Description: descriptions[op.Name]}, err
	}
	cat := tools.CatalogSpec{Operations: []*tools.Operation{post, put}}.Build()
	res, err := Check([]byte(checkSpec), cat, publish)
	if err != nil {
		t.Fatal(err)
	}
	if res.BodyOps != 2 || res.BodyOK != 0 || len(res.BodyMisses) != 2 || res.CredParams != 1 || len(res.CredMisses) != 1 {
		t.Fatalf("got %+v", res)
	}
	if m := res.BodyMisses[0]; m.Op != "POST /things" || !reflect.DeepEqual(m.Missing, []string{"size"}) {
		t.Errorf("POST miss: %+v", m)
	}
	if m := res.BodyMisses[1]; m.Op != "PUT /things/{id}" || !strings.Contains(m.Why, "explicitly optional") {
		t.Errorf("PUT miss: %+v", m)
	}
	if m := res.CredMisses[0]; m.Name != "X-API-Key" || m.Arg != "X-API-Key" {
		t.Errorf("credential miss: %+v", m)
	}

	// Fixed: size required, the optional body said so, the key no longer an argument.
	post.Params = post.Params[1:]
	post.InputSchema = map[string]any{"type": "object", "required": []string{"name", "size"},
		"properties": map[string]any{"X-Trace": map[string]any{}, "name": map[string]any{}, "size": map[string]any{}}}
	descriptions["put_thing"] = "PUT /things/{id}\n\nThe request body may be left out; when it is sent, it needs name."
	if res, err = Check([]byte(checkSpec), cat, publish); err != nil {
		t.Fatal(err)
	}
	if res.BodyOps != 2 || res.BodyOK != 2 || res.BodyOptional != 1 || len(res.BodyMisses) != 0 || res.CredParams != 1 || len(res.CredMisses) != 0 {
		t.Fatalf("got %+v", res)
	}
}

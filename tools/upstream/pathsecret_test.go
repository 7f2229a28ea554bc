package upstream

import (
	"context"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
)

// pathKeyCatalog is an API whose key is a path segment ("Your API Key", no security
// scheme), passed through ConfigParams as the compiler does.
func pathKeyCatalog() (*tools.Catalog, *tools.Operation) {
	op := &tools.Operation{Method: "POST", Path: "/keys/{key}/licensees/{licensee}", Params: []*tools.Param{
		{Name: "key", Arg: "key", In: "path", Required: true, Schema: map[string]any{"type": "string", "description": "Your API Key. Typically begins `ak_`."}},
		{Name: "licensee", Arg: "licensee", In: "path", Required: true, Description: "Uniquely identifies a licensee", Schema: map[string]any{"type": "string"}},
	}}
	spec := tools.CatalogSpec{Operations: []*tools.Operation{op}}
	secret.ConfigParams(&spec, tools.InputSchema)
	return spec.Build(), op
}

// A key the spec puts in the path is configuration: the tool does not take it, it is
// asked of configuration when missing, filled into the path when configured, and never
// shown in the call the answer reports; a request bound for confirmation holds none.
func TestAPIKeyInPath(t *testing.T) {
	const key = "ak_m2Jx7QpL9vRt4WcN"
	cat, op := pathKeyCatalog()
	if PathParam(op, "key") != nil {
		t.Fatalf("the key is still an argument: %+v", op.Params)
	}
	if props, _ := op.InputSchema["properties"].(map[string]any); props["key"] != nil {
		t.Errorf("the tool's input schema takes the key: %v", props["key"])
	}
	if got := secret.MissingCredentials(cat, op, secret.Credentials{}); len(got) != 1 || got[0] != "key" {
		t.Errorf("MissingCredentials without configuration = %v, want [key]", got)
	}
	cred := secret.CredentialsFromEnv(cat, []string{"ASKAPI_API_KEY=" + key})
	if got := secret.MissingCredentials(cat, op, cred); got != nil {
		t.Errorf("MissingCredentials with ASKAPI_API_KEY = %v", got)
	}
	srv, got := captureServer(t)
	args := map[string]any{"licensee": "sk_hb4K9wQz"}
	s := roundTrip(t, srv, got, cat, op, srv.URL, args, cred)
	if s.RequestURI != "/keys/"+key+"/licensees/sk_hb4K9wQz" {
		t.Errorf("server got %s", s.RequestURI)
	}

	bound, err := BuildRequest(context.Background(), cat, op, args, srv.URL, secret.Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	before := bound.URL.String()
	if strings.Contains(before, key) || !strings.Contains(before, "%7Bkey%7D") {
		t.Errorf("request bound without credentials: %s", before)
	}
	sent := bound.WithContext(context.Background())
	if err := Authorize(sent, cat, op, cred); err != nil {
		t.Fatal(err)
	}
	if sent.URL.EscapedPath() != "/keys/"+key+"/licensees/sk_hb4K9wQz" {
		t.Errorf("authorized path %s", sent.URL.EscapedPath())
	}
	if bound.URL.String() != before {
		t.Errorf("authorizing changed the bound request: %s", bound.URL)
	}
	call := CallOf(sent, 200, 0, cred.Secrets())
	if strings.Contains(call.URL+call.Path, key) {
		t.Errorf("the key is in the reported call: %+v", call)
	}
}

package upstream

import (
	"context"
	"encoding/base64"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
	"strings"
	"testing"
)

func TestBasicCredential(t *testing.T) {
	cases := []struct{ secret, want string }{
		{"ann:pa55", b64s("ann:pa55")},
		{"sk_test_x", b64s("sk_test_x:")},
		{"sk_test_x:", b64s("sk_test_x:")},
		{b64s("ann:pa55"), b64s("ann:pa55")}, // configured encoded already
		{"YWJj", b64s("YWJj:")},              // base64 of "abc": no colon inside, so a key
	}
	for _, c := range cases {
		if got := secret.BasicCredential(c.secret); got != c.want {
			t.Errorf("basicCredential(%q) = %q, want %q", c.secret, got, c.want)
		}
	}
}

func TestParseAuthFlag(t *testing.T) {
	cases := []struct {
		in   string
		want tools.SecurityScheme
		err  string
	}{
		{"bearer", tools.SecurityScheme{Name: secret.FlagScheme, Type: "http", Scheme: "bearer"}, ""},
		{"Basic", tools.SecurityScheme{Name: secret.FlagScheme, Type: "http", Scheme: "basic"}, ""},
		{"header:X-API-Key", tools.SecurityScheme{Name: secret.FlagScheme, Type: "apiKey", In: "header", ParamName: "X-API-Key"}, ""},
		{"query: api_key", tools.SecurityScheme{Name: secret.FlagScheme, Type: "apiKey", In: "query", ParamName: "api_key"}, ""},
		{"header:", tools.SecurityScheme{}, "needs the header's name"},
		{"bearer:x", tools.SecurityScheme{}, "takes no name"},
		{"digest", tools.SecurityScheme{}, "want bearer, basic"},
	}
	for _, c := range cases {
		s, err := secret.ParseAuthFlag(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ParseAuthFlag(%q) error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || *s != c.want {
			t.Errorf("ParseAuthFlag(%q) = %+v, %v; want %+v", c.in, s, err, c.want)
		}
	}
}

// --auth secures what the spec leaves open and leaves what it declares alone, on a copy.
func TestWithFlagAuth(t *testing.T) {
	cat := authCatalog()
	declared := &tools.Operation{Method: "GET", Path: "/keyed", Security: []tools.SecurityRequirement{{"headerKey": nil}}}
	open := &tools.Operation{Method: "GET", Path: "/open"}
	{
		spec := cat.Spec()
		spec.Operations = []*tools.Operation{declared, open}
		cat = spec.Build()
	}
	s, _ := secret.ParseAuthFlag("bearer")
	out := secret.WithFlagAuth(cat, s)
	if open.Security != nil || cat.SecuritySchemes()[secret.FlagScheme] != nil {
		t.Fatal("WithFlagAuth changed the catalog it was given")
	}
	cred := secret.Credentials{Schemes: map[string]string{"headerKey": "hk", secret.FlagScheme: "tok"}}
	for _, c := range []struct {
		op            *tools.Operation
		key, authzHdr string
	}{{out.Operations()[0], "hk", ""}, {out.Operations()[1], "", "Bearer tok"}} {
		req, err := BuildRequest(context.Background(), out, c.op, nil, "http://h", cred)
		if err != nil {
			t.Fatal(err)
		}
		if req.Header.Get("X-API-Key") != c.key || req.Header.Get("Authorization") != c.authzHdr {
			t.Errorf("%s: X-API-Key %q Authorization %q", c.op.Path, req.Header.Get("X-API-Key"), req.Header.Get("Authorization"))
		}
	}
}

func TestCredentialsUsedNamesVariables(t *testing.T) {
	cat := authCatalog()
	{
		spec := cat.Spec()
		spec.Security = []tools.SecurityRequirement{{"basic": nil}, {"bearer": nil}}
		cat = spec.Build()
	}
	cred := secret.CredentialsFromEnv(cat, []string{"ASKAPI_API_KEY=sk_test_x"})
	_ = cred.AddHeader("X-Tenant: acme")
	got := strings.Join(secret.CredentialsUsed(cat, &tools.Operation{Method: "GET", Path: "/x"}, cred), "; ")
	want := `ASKAPI_API_KEY (scheme "bearer", Authorization: Bearer); the X-Tenant header of --header / ASKAPI_HEADERS`
	if got != want {
		t.Errorf("CredentialsUsed = %q, want %q", got, want)
	}
	if strings.Contains(got, "sk_test_x") || strings.Contains(got, "acme") {
		t.Error("a secret in the description")
	}
}

func b64s(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }

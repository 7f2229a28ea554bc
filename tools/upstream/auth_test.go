package upstream

import (
	"context"
	"encoding/base64"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"
)

func authCatalog() *tools.Catalog {
	return tools.CatalogSpec{SecuritySchemes: map[string]*tools.SecurityScheme{
		"api_key":   {Name: "api_key", Type: "apiKey", In: "query", ParamName: "api_key"},
		"headerKey": {Name: "headerKey", Type: "apiKey", In: "header", ParamName: "X-API-Key"},
		"cookieKey": {Name: "cookieKey", Type: "apiKey", In: "cookie", ParamName: "sid"},
		"bearer":    {Name: "bearer", Type: "http", Scheme: "bearer"},
		"basic":     {Name: "basic", Type: "http", Scheme: "basic"},
		"oauth_2_0": {Name: "oauth_2_0", Type: "oauth2"},
		"oidc":      {Name: "oidc", Type: "openIdConnect"},
	}}.Build()
}

func TestAuthSchemes(t *testing.T) {
	cases := []struct {
		scheme, secret string
		check          func(*http.Request) string // "" when fine
	}{
		{"api_key", "tmdb-secret", func(r *http.Request) string { return want(r.URL.Query().Get("api_key"), "tmdb-secret") }},
		{"headerKey", "hk", func(r *http.Request) string { return want(r.Header.Get("X-API-Key"), "hk") }},
		{"cookieKey", "ck", func(r *http.Request) string { return want(r.Header.Get("Cookie"), "sid=ck") }},
		{"bearer", "tok", func(r *http.Request) string { return want(r.Header.Get("Authorization"), "Bearer tok") }},
		{"bearer", "Bearer tok", func(r *http.Request) string { return want(r.Header.Get("Authorization"), "Bearer tok") }},
		{"basic", "ann:pa ss", func(r *http.Request) string {
			return want(r.Header.Get("Authorization"), "Basic "+base64.StdEncoding.EncodeToString([]byte("ann:pa ss")))
		}},
		{"oauth_2_0", "otok", func(r *http.Request) string { return want(r.Header.Get("Authorization"), "Bearer otok") }},
		{"oidc", "itok", func(r *http.Request) string { return want(r.Header.Get("Authorization"), "Bearer itok") }},
	}
	for _, c := range cases {
		cat := authCatalog()
		{
			spec := cat.Spec()
			spec.Security = []tools.SecurityRequirement{{c.scheme: nil}}
			cat = spec.Build()
		}
		op := &tools.Operation{Method: "GET", Path: "/x"}
		req, err := BuildRequest(context.Background(), cat, op, nil, "http://h", secret.Credentials{Schemes: map[string]string{c.scheme: c.secret}})
		if err != nil {
			t.Fatalf("%s: %v", c.scheme, err)
		}
		if msg := c.check(req); msg != "" {
			t.Errorf("%s: %s", c.scheme, msg)
		}
	}
}

func want(got, w string) string {
	if got != w {
		return "got " + got + ", want " + w
	}
	return ""
}

func TestAuthRequirementChoice(t *testing.T) {
	cases := []struct {
		name    string
		catSec  []tools.SecurityRequirement
		opSec   []tools.SecurityRequirement
		creds   map[string]string
		wantKey string // X-API-Key header
		wantAut string // Authorization header
	}{
		{"first satisfied alternative", []tools.SecurityRequirement{{"bearer": nil}, {"headerKey": nil}}, nil, map[string]string{"headerKey": "k"}, "k", ""},
		{"all schemes of a requirement", []tools.SecurityRequirement{{"bearer": nil, "headerKey": nil}}, nil, map[string]string{"headerKey": "k", "bearer": "t"}, "k", "Bearer t"},
		{"partly met requirement unused", []tools.SecurityRequirement{{"bearer": nil, "headerKey": nil}}, nil, map[string]string{"headerKey": "k"}, "", ""},
		{"credential over anonymous", []tools.SecurityRequirement{{}, {"bearer": nil}}, nil, map[string]string{"bearer": "t"}, "", "Bearer t"},
		{"operation overrides catalog", []tools.SecurityRequirement{{"bearer": nil}}, []tools.SecurityRequirement{{"headerKey": nil}}, map[string]string{"headerKey": "k", "bearer": "t"}, "k", ""},
		{"operation without security", []tools.SecurityRequirement{{"bearer": nil}}, []tools.SecurityRequirement{}, map[string]string{"bearer": "t"}, "", ""},
		{"unknown scheme", []tools.SecurityRequirement{{"nope": nil}}, nil, map[string]string{"nope": "t"}, "", ""},
	}
	for _, c := range cases {
		cat := authCatalog()
		{
			spec := cat.Spec()
			spec.Security = c.catSec
			cat = spec.Build()
		}
		op := &tools.Operation{Method: "GET", Path: "/x", Security: c.opSec}
		req, err := BuildRequest(context.Background(), cat, op, nil, "http://h", secret.Credentials{Schemes: c.creds})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if req.Header.Get("X-API-Key") != c.wantKey || req.Header.Get("Authorization") != c.wantAut {
			t.Errorf("%s: X-API-Key %q Authorization %q", c.name, req.Header.Get("X-API-Key"), req.Header.Get("Authorization"))
		}
	}
}

func TestAuthHeadersAndArgumentsCannotShadow(t *testing.T) {
	cat := authCatalog()
	{
		spec := cat.Spec()
		spec.Security = []tools.SecurityRequirement{{"api_key": nil}}
		cat = spec.Build()
	}
	op := &tools.Operation{Method: "GET", Path: "/x", Params: []*tools.Param{{Name: "api_key", Arg: "api_key", In: "query"}}}
	cred := secret.Credentials{Schemes: map[string]string{"api_key": "real"}}
	if err := cred.AddHeader("Authorization: Bearer from-flag"); err != nil {
		t.Fatal(err)
	}
	if err := cred.AddHeader("X-Tenant:  acme "); err != nil {
		t.Fatal(err)
	}
	req, err := BuildRequest(context.Background(), cat, op, map[string]any{"api_key": "from-chat"}, "http://h", cred)
	if err != nil {
		t.Fatal(err)
	}
	if got := req.URL.Query()["api_key"]; len(got) != 1 || got[0] != "real" {
		t.Errorf("api_key = %q", got)
	}
	if req.Header.Get("Authorization") != "Bearer from-flag" || req.Header.Get("X-Tenant") != "acme" {
		t.Errorf("configured headers: %v", req.Header)
	}
	for _, bad := range []string{"no colon", ": empty name", "X-A: b\x00"} {
		var c secret.Credentials
		if err := c.AddHeader(bad); err == nil {
			t.Errorf("AddHeader(%q) accepted", bad)
		}
	}
}

func TestAuthCredentialsFromEnv(t *testing.T) {
	cat := authCatalog()
	env := []string{"ASKAPI_AUTH_API_KEY=k1", "ASKAPI_AUTH_OAUTH_2_0=t1", "ASKAPI_AUTH_HEADERKEY=", "PATH=/bin", "ASKAPI_AUTH_BASIC=u:p=q"}
	got := secret.CredentialsFromEnv(cat, env).Schemes
	wantSchemes := map[string]string{"api_key": "k1", "oauth_2_0": "t1", "basic": "u:p=q"}
	if !reflect.DeepEqual(got, wantSchemes) {
		t.Errorf("schemes %v, want %v", got, wantSchemes)
	}
	if v := secret.AuthEnvVar("my-scheme.v2"); v != "ASKAPI_AUTH_MY_SCHEME_V2" {
		t.Errorf("AuthEnvVar = %q", v)
	}
}

// Secrets lists each configured value and the parts of it that travel alone; the forms
// they take on the wire are the Redactor's (redact_test.go).
func TestAuthSecrets(t *testing.T) {
	encoded := base64.StdEncoding.EncodeToString([]byte("bob:hunter2!"))
	cred := secret.Credentials{
		Schemes: map[string]string{"basic": "ann:s3cr3t/pw", "k": "abc", "pre": encoded},
		Headers: http.Header{"Authorization": {"Bearer tok123"}},
	}
	got := cred.Secrets()
	// "abc:" is how a bare key travels as Basic credentials (base64 of "abc:").
	want := []string{"ann:s3cr3t/pw", "s3cr3t/pw", "abc", "abc:", encoded, "bob:hunter2!", "hunter2!", "Bearer tok123", "tok123"}
	for _, s := range want {
		if !containsString(got, s) {
			t.Errorf("Secrets() lacks %q", s)
		}
	}
	if len(got) != len(want) {
		t.Errorf("Secrets() = %q, want %q", got, want)
	}
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func TestAuthMissingCredentials(t *testing.T) {
	cat := authCatalog()
	{
		spec := cat.Spec()
		spec.Security = []tools.SecurityRequirement{{"oauth_2_0": nil}}
		cat = spec.Build()
	}
	op := &tools.Operation{Method: "GET", Path: "/me"}
	if got := secret.MissingCredentials(cat, op, secret.Credentials{}); !reflect.DeepEqual(got, []string{"oauth_2_0"}) {
		t.Errorf("missing = %v", got)
	}
	if got := secret.MissingCredentials(cat, op, secret.Credentials{Schemes: map[string]string{"oauth_2_0": "t"}}); got != nil {
		t.Errorf("missing with token = %v", got)
	}
	if got := secret.MissingCredentials(cat, op, secret.Credentials{Headers: http.Header{"Authorization": {"Bearer t"}}}); got != nil {
		t.Errorf("missing with --header = %v", got)
	}
	{
		spec := cat.Spec()
		spec.Security = append(cat.Security(), tools.SecurityRequirement{})
		cat = spec.Build()
	}
	if got := secret.MissingCredentials(cat, op, secret.Credentials{}); got != nil {
		t.Errorf("missing with anonymous allowed = %v", got)
	}
}

// TMDB sends its key in the query: the server must get it, the Call record must not show it.
func TestAuthTMDBQueryKeyRedactedInCall(t *testing.T) {
	srv, got := captureServer(t)
	cat := tools.CatalogSpec{
		SecuritySchemes: map[string]*tools.SecurityScheme{"api_key": {Name: "api_key", Type: "apiKey", In: "query", ParamName: "api_key"}},
		Security:        []tools.SecurityRequirement{{"api_key": nil}},
	}.Build()
	op := &tools.Operation{Method: "GET", Path: "/search/person", Params: []*tools.Param{{Name: "query", Arg: "query", In: "query"}}}
	cred := secret.CredentialsFromEnv(cat, []string{"ASKAPI_AUTH_API_KEY=0123456789abcdef"})
	req, err := BuildRequest(context.Background(), cat, op, map[string]any{"query": "Sofia Coppola"}, srv.URL+"/3", cred)
	if err != nil {
		t.Fatal(err)
	}
	resp, err := NewSender(5*time.Second, 0).Send(req, cred.Secrets())
	if err != nil {
		t.Fatal(err)
	}
	if (*got)[0].Query.Get("api_key") != "0123456789abcdef" {
		t.Errorf("server got api_key %q", (*got)[0].Query.Get("api_key"))
	}
	call := CallOf(req, resp.Status, resp.Duration, cred.Secrets())
	if strings.Contains(call.URL, "0123456789abcdef") || !strings.Contains(call.URL, "api_key=[redacted]") || !strings.Contains(call.URL, "query=Sofia+Coppola") {
		t.Errorf("call URL %q", call.URL)
	}
	if call.Query["api_key"][0] != secret.RedactedMark || call.Query["query"][0] != "Sofia Coppola" || call.Path != "/3/search/person" {
		t.Errorf("call %+v", call)
	}
}

// TestGenericKeyNotForUserNames: ASKAPI_API_KEY goes to every scheme without its own
// variable except one that carries a user name; a scheme named for the user's key is a key.
func TestGenericKeyNotForUserNames(t *testing.T) {
	cat := tools.CatalogSpec{SecuritySchemes: map[string]*tools.SecurityScheme{
		"userApiKey_request_header_": {Type: "apiKey", In: "header", ParamName: "auth-token"},
		"api_key":                    {Type: "apiKey", In: "header", ParamName: "Api-Key"},
		"api_username":               {Type: "apiKey", In: "header", ParamName: "Api-Username"},
		"user":                       {Type: "apiKey", In: "query", ParamName: "login"},
		"user_token":                 {Type: "apiKey", In: "query", ParamName: "token"},
		"own":                        {Type: "apiKey", In: "header", ParamName: "X-Own"},
		// An HTTP scheme carries a credential whatever it is called.
		"UserSecurity": {Type: "http", Scheme: "basic"},
	}}.Build()
	got := secret.CredentialsFromEnv(cat, []string{secret.GenericAuthEnvVar + "=k", secret.AuthEnvVar("own") + "=o"}).Schemes
	want := map[string]string{"userApiKey_request_header_": "k", "api_key": "k", "user_token": "k", "own": "o", "UserSecurity": "k"}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("schemes %v, want %v", got, want)
	}
}

//go:build e2e

package e2e_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/askapi/askapi/e2e"
	"github.com/askapi/askapi/server"
)

// oauth2Spec declares an oauth2 scheme whose flow is given, with its token URL, and two
// operations: a read that needs things:read and a write that needs things:write.
func oauth2Spec(t *testing.T, flow, tokenURL string) string {
	t.Helper()
	doc := fmt.Sprintf(`{"openapi": "3.0.3", "info": {"title": "Things", "version": "1"},
 "components": {"securitySchemes": {"oauth": {"type": "oauth2", "flows": {%q: {"tokenUrl": %q, "authorizationUrl": "https://example.invalid/authorize",
   "scopes": {"things:read": "read things", "things:write": "write things"}}}}}},
 "paths": {"/things": {
  "get": {"operationId": "listThings", "security": [{"oauth": ["things:read"]}], "responses": {"200": {"description": "things"}}},
  "post": {"operationId": "makeThing", "security": [{"oauth": ["things:write"]}], "responses": {"201": {"description": "made"}}}}}}`, flow, tokenURL)
	path := filepath.Join(t.TempDir(), "things.json")
	if err := os.WriteFile(path, []byte(doc), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// resourceServer is the API: it asks the authorization server about every token it is
// given (introspection) and wants the scope each route needs.
type resourceServer struct {
	*httptest.Server
	mu   sync.Mutex
	seen []string // "METHOD token status"
}

func newResourceServer(t *testing.T, as *e2e.OAuth2Server) *resourceServer {
	rs := &resourceServer{}
	rs.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
		need := map[string]string{"GET": "things:read", "POST": "things:write"}[r.Method]
		status := http.StatusOK
		active, scope, err := as.Introspect(token)
		switch {
		case err != nil:
			status = http.StatusBadGateway
		case !active:
			status = http.StatusUnauthorized
		case !strings.Contains(" "+scope+" ", " "+need+" ") && !strings.Contains(scope, "dummy"):
			status = http.StatusForbidden
		}
		rs.mu.Lock()
		rs.seen = append(rs.seen, r.Method+" "+token+" "+fmt.Sprint(status))
		rs.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		fmt.Fprint(w, `{"things": []}`)
	}))
	t.Cleanup(rs.Close)
	return rs
}

func (rs *resourceServer) requests() []string {
	rs.mu.Lock()
	defer rs.mu.Unlock()
	return append([]string(nil), rs.seen...)
}

func dialAskapi(t *testing.T, args, env []string) *server.Client {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := server.Dial(ctx, e2e.BuildAskapi(t), args, env, server.ClientOptions{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

func callTool(t *testing.T, c *server.Client, tool string) server.CallResult {
	t.Helper()
	res, err := c.Call(context.Background(), tool, map[string]any{"_user_request": "list my things"})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// OAuth2 against a real authorization server on loopback (oauth2-mock-server, made strict
// by e2e/oauth2/authserver.mjs): a client-credentials token is fetched for the scope the
// operation requires, reused, replaced before it expires; a token the API refuses is
// renewed and a read sent again, a write not.
func TestOAuth2ClientCredentials(t *testing.T) {
	as := e2e.StartOAuth2Server(t, 4*time.Second, "askapi-e2e", "cl13nt-s3cret-e2e")
	api := newResourceServer(t, as)
	spec := oauth2Spec(t, "clientCredentials", as.Issuer+"/token")
	c := dialAskapi(t, []string{"serve", "--no-cache", "--spec", spec, "--base-url", api.URL, "--oauth2-refresh-before", "2s"},
		[]string{"ASKAPI_OAUTH2_CLIENT_ID=askapi-e2e", "ASKAPI_OAUTH2_CLIENT_SECRET=cl13nt-s3cret-e2e"})

	for i := range 2 {
		if res := callTool(t, c, "listThings"); res.Structured["status"] != "ok" {
			t.Fatalf("listThings #%d: %s", i+1, res.Text)
		}
	}
	grants := as.Grants()
	if len(grants) != 1 || grants[0].Grant != "client_credentials" || grants[0].Scope != "things:read" || grants[0].Status != 200 {
		t.Fatalf("token requests after two calls: %+v, want one client_credentials for things:read", grants)
	}
	first := grants[0].AccessToken
	if seen := api.requests(); len(seen) != 2 || seen[0] != "GET "+first+" 200" || seen[1] != seen[0] {
		t.Fatalf("the API saw %v, want the one token twice", seen)
	}

	// Within 2 s of its expiry, the token is replaced before it is sent.
	time.Sleep(2500 * time.Millisecond)
	if res := callTool(t, c, "listThings"); res.Structured["status"] != "ok" {
		t.Fatalf("listThings near expiry: %s", res.Text)
	}
	grants = as.Grants()
	if len(grants) != 2 || grants[1].AccessToken == first {
		t.Fatalf("token requests: %+v, want a second token near expiry", grants)
	}

	// Revoked at the authorization server: the API answers 401; a read gets a new token
	// and is sent once more.
	as.Revoke(t, grants[1].AccessToken)
	if res := callTool(t, c, "listThings"); res.Structured["status"] != "ok" {
		t.Fatalf("listThings with a revoked token: %s", res.Text)
	}
	seen := api.requests()
	if last := seen[len(seen)-2:]; last[0] != "GET "+grants[1].AccessToken+" 401" || !strings.HasSuffix(last[1], " 200") {
		t.Fatalf("the API saw %v, want the refused token then a new one", last)
	}

	// A write whose token is refused is not sent again; the next call takes a new token.
	if res := callTool(t, c, "makeThing"); res.Structured["status"] != "ok" {
		t.Fatalf("makeThing: %s", res.Text)
	}
	grants = as.Grants()
	if g := grants[len(grants)-1]; g.Scope != "things:write" {
		t.Fatalf("the write's token was asked for scope %q, want things:write", g.Scope)
	}
	as.Revoke(t, grants[len(grants)-1].AccessToken)
	before := len(api.requests())
	res := callTool(t, c, "makeThing")
	if res.Structured["status"] != "error" || !strings.Contains(res.Text, "not sent again") {
		t.Fatalf("makeThing with a revoked token: %s", res.Text)
	}
	if n := len(api.requests()) - before; n != 1 {
		t.Fatalf("the write was sent %d times, want once", n)
	}
	if res := callTool(t, c, "makeThing"); res.Structured["status"] != "ok" {
		t.Fatalf("makeThing with a new token: %s", res.Text)
	}
	for _, g := range as.Grants() {
		if strings.Contains(res.Text, g.AccessToken) {
			t.Error("an access token in a result")
		}
	}
	if strings.Contains(c.Stderr(), "cl13nt-s3cret-e2e") {
		t.Error("the client secret in the log")
	}
}

// Delegated access with a refresh token from the authorization-code grant: exchanged for
// access tokens (rotated as the server issues new ones); revoked, it is a sensitive
// question naming the variable to set, and nothing more is sent.
func TestOAuth2RefreshTokenRevoked(t *testing.T) {
	as := e2e.StartOAuth2Server(t, time.Hour, "askapi-e2e", "cl13nt-s3cret-e2e")
	api := newResourceServer(t, as)
	spec := oauth2Spec(t, "authorizationCode", as.Issuer+"/token")
	refresh := as.RefreshToken(t)
	c := dialAskapi(t, []string{"serve", "--no-cache", "--spec", spec, "--base-url", api.URL},
		[]string{"ASKAPI_OAUTH2_CLIENT_ID=askapi-e2e", "ASKAPI_OAUTH2_CLIENT_SECRET=cl13nt-s3cret-e2e", "ASKAPI_OAUTH2_REFRESH_TOKEN=" + refresh})
	if res := callTool(t, c, "listThings"); res.Structured["status"] != "ok" {
		t.Fatalf("listThings with a refresh token: %s", res.Text)
	}
	grants := as.Grants()
	last := grants[len(grants)-1]
	if last.Grant != "refresh_token" || last.Status != 200 || last.RefreshToken == "" {
		t.Fatalf("token requests: %+v, want a refresh_token grant", grants)
	}
	// The person revokes askapi's access: the rotated refresh token and the access token.
	as.Revoke(t, last.RefreshToken)
	as.Revoke(t, last.AccessToken)
	res := callTool(t, c, "listThings")
	qs, _ := res.Structured["questions"].([]any)
	if res.Structured["status"] != "needs_clarification" || len(qs) != 1 {
		t.Fatalf("listThings after revocation: %s", res.Text)
	}
	q := qs[0].(map[string]any)
	if q["kind"] != "sensitive" || !strings.Contains(q["question"].(string), "ASKAPI_OAUTH2_REFRESH_TOKEN") || !strings.Contains(q["question"].(string), "invalid_grant") {
		t.Errorf("question: %v", q)
	}
	for _, secret := range []string{refresh, last.RefreshToken, last.AccessToken, "cl13nt-s3cret-e2e"} {
		if strings.Contains(res.Text, secret) {
			t.Errorf("a secret in the result: %s", res.Text)
		}
	}
	if seen := api.requests(); len(seen) != 2 {
		t.Errorf("the API saw %v, want the first call and the refused one", seen)
	}
}

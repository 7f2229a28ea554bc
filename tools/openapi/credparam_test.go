package openapi

import (
	"context"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
)

// credSpec has credential parameters of every shape issue 13 met: a required header
// named for a token, an Authorization header on an operation with no security, Google's
// optional key beside OAuth, an ordinary header a configured one sets, a header that a
// declared apiKey scheme carries on an operation whose security leaves the scheme out
// (Apideck), and a query parameter for the caller's token secret (API2Cart).
const credSpec = `{"openapi": "3.0.3", "info": {"title": "t", "version": "1"},
 "components": {"securitySchemes": {"oauth": {"type": "oauth2", "flows": {"implicit": {"authorizationUrl": "https://x/auth", "scopes": {}}}},
   "apiKey": {"type": "apiKey", "in": "header", "name": "Authorization"},
   "consumerId": {"type": "apiKey", "in": "header", "name": "x-apideck-consumer-id"}}},
 "paths": {
  "/email": {"post": {"operationId": "sendEmail", "parameters": [
     {"name": "X-Postmark-Server-Token", "in": "header", "required": true, "schema": {"type": "string"}, "description": "The token associated with the Server."},
     {"name": "X-Idempotency-Key", "in": "header", "schema": {"type": "string"}}],
   "responses": {"200": {"description": "ok"}}}},
  "/webinars": {"get": {"operationId": "listWebinars", "parameters": [
     {"name": "Authorization", "in": "header", "required": true, "schema": {"type": "string"}, "description": "Access token"}],
   "responses": {"200": {"description": "ok"}}}},
  "/labels": {"get": {"operationId": "listLabels", "security": [{"oauth": []}], "parameters": [
     {"name": "key", "in": "query", "schema": {"type": "string"}, "description": "API key. Your API key identifies your project. Required unless you provide an OAuth 2.0 token."},
     {"name": "X-Tenant", "in": "header", "required": true, "schema": {"type": "string"}}],
   "responses": {"200": {"description": "ok"}}}},
  "/activities": {"get": {"operationId": "listActivities", "security": [{"apiKey": []}], "parameters": [
     {"name": "x-apideck-consumer-id", "in": "header", "required": true, "schema": {"type": "string"}, "description": "ID of the consumer which you want to get or push data from"},
     {"name": "limit", "in": "query", "schema": {"type": "integer"}}],
   "responses": {"200": {"description": "ok"}}}},
  "/feeds/subscriptions": {"get": {"operationId": "feedSubscriptions", "security": [], "parameters": [
     {"name": "token", "in": "query", "schema": {"type": "string"}, "description": "private token allowing access"},
     {"name": "sort", "in": "query", "schema": {"type": "string"}}],
   "responses": {"200": {"description": "ok"}}}},
  "/packages": {"get": {"operationId": "packageByToken", "parameters": [
     {"name": "token", "in": "query", "required": true, "schema": {"type": "string"}, "description": "The token that names the package in the lock file"}],
   "responses": {"200": {"description": "ok"}}}},
  "/cart.create.json": {"post": {"operationId": "cartCreate", "security": [], "parameters": [
     {"name": "tokenSecret", "in": "query", "schema": {"type": "string"}},
     {"name": "store_url", "in": "query", "schema": {"type": "string"}}],
   "responses": {"200": {"description": "ok"}}}}
 }}`

func loadCredSpec(t *testing.T) *tools.Catalog {
	t.Helper()
	file := filepath.Join(t.TempDir(), "cred.json")
	if err := os.WriteFile(file, []byte(credSpec), 0o600); err != nil {
		t.Fatal(err)
	}
	cat, err := LoadCatalog(context.Background(), file, LoadOptions{NoCache: true})
	if err != nil {
		t.Fatal(err)
	}
	return cat
}

func TestCredentialParamsAreConfiguration(t *testing.T) {
	cat := loadCredSpec(t)
	cases := []struct {
		op        string
		published []string // the arguments left
		security  []tools.SecurityRequirement
	}{
		{"sendEmail", []string{"X-Idempotency-Key"}, []tools.SecurityRequirement{{"X-Postmark-Server-Token": nil}}},
		// The declared scheme that carries the header is the one required.
		{"listWebinars", nil, []tools.SecurityRequirement{{"apiKey": nil}}},
		// Optional: an alternative beside OAuth, never added to it.
		{"listLabels", []string{"X-Tenant"}, []tools.SecurityRequirement{{"oauth": nil}, {"key": nil}}},
		// The declared scheme itself is required beside the operation's own.
		{"listActivities", []string{"limit"}, []tools.SecurityRequirement{{"apiKey": nil, "consumerId": nil}}},
		// Optional, on an operation with no security: another way in, or none.
		{"cartCreate", []string{"store_url"}, []tools.SecurityRequirement{{}, {"tokenSecret": nil}}},
		// PeerTube: a bare token that the description says grants access.
		{"feedSubscriptions", []string{"sort"}, []tools.SecurityRequirement{{}, {"token": nil}}},
		// A bare token that names a thing stays an argument.
		{"packageByToken", []string{"token"}, nil},
	}
	for _, tc := range cases {
		t.Run(tc.op, func(t *testing.T) {
			op := cat.Lookup(tc.op)
			var args []string
			for _, p := range op.Params {
				args = append(args, p.Arg)
			}
			if !reflect.DeepEqual(args, tc.published) {
				t.Errorf("arguments %q, want %q", args, tc.published)
			}
			var sec []tools.SecurityRequirement
			for _, r := range op.Security {
				norm := tools.SecurityRequirement{}
				for k := range r {
					norm[k] = nil
				}
				sec = append(sec, norm)
			}
			if !reflect.DeepEqual(sec, tc.security) {
				t.Errorf("security %v, want %v", sec, tc.security)
			}
		})
	}
	// With OAuth configured, the optional key is not asked for.
	labels := cat.Lookup("listLabels")
	if got := secret.MissingCredentials(cat, labels, secret.Credentials{Schemes: map[string]string{"oauth": "tok"}}); len(got) != 0 {
		t.Errorf("missing with oauth configured: %q", got)
	}
	if got := secret.MissingCredentials(cat, labels, secret.Credentials{}); !reflect.DeepEqual(got, []string{"oauth"}) {
		t.Errorf("missing with nothing configured: %q, want [oauth]", got)
	}
}

func TestDropConfiguredHeaders(t *testing.T) {
	cat := loadCredSpec(t)
	clone := cat.Clone()
	h := http.Header{}
	h.Set("x-tenant", "acme")
	secret.DropConfiguredHeaders(clone, h)
	if op := clone.Lookup("listLabels"); len(op.Params) != 0 {
		t.Errorf("configured X-Tenant still published: %+v", op.Params)
	}
	if props, _ := clone.Lookup("listLabels").InputSchema["properties"].(map[string]any); props["X-Tenant"] != nil {
		t.Errorf("input schema still lists X-Tenant: %v", props)
	}
	// The catalog it was cloned from keeps its argument.
	if op := cat.Lookup("listLabels"); len(op.Params) != 1 {
		t.Errorf("the original catalog changed: %+v", op.Params)
	}
}

package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"
)

// tokenServer is a token endpoint that issues numbered tokens living ttl, counts the
// grants asked for, and refuses refresh tokens in revoked.
type tokenServer struct {
	*httptest.Server
	mu      sync.Mutex
	grants  []string // grant_type and scope of each request
	n       int
	ttl     int
	revoked map[string]bool
}

func newTokenServer(t *testing.T, ttl int) *tokenServer {
	ts := &tokenServer{ttl: ttl, revoked: map[string]bool{}}
	ts.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_ = r.ParseForm()
		id, secret, _ := r.BasicAuth()
		ts.mu.Lock()
		defer ts.mu.Unlock()
		ts.grants = append(ts.grants, r.Form.Get("grant_type")+" "+r.Form.Get("scope"))
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.Form.Get("grant_type") == "client_credentials" && (id != "app" || secret != "s3cret-of-the-app"):
			w.WriteHeader(401)
			_, _ = w.Write([]byte(`{"error":"invalid_client"}`))
			return
		case r.Form.Get("grant_type") == "refresh_token" && ts.revoked[r.Form.Get("refresh_token")]:
			w.WriteHeader(400)
			_, _ = w.Write([]byte(`{"error":"invalid_grant","error_description":"token revoked"}`))
			return
		}
		ts.n++
		body := map[string]any{"access_token": fmt.Sprintf("at-%d", ts.n), "token_type": "Bearer", "expires_in": ts.ttl}
		if r.Form.Get("grant_type") == "refresh_token" {
			body["refresh_token"] = fmt.Sprintf("rt-%d", ts.n) // rotated
		}
		_ = json.NewEncoder(w).Encode(body)
	}))
	t.Cleanup(ts.Close)
	return ts
}

func (ts *tokenServer) asked() []string {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return append([]string(nil), ts.grants...)
}

func TestOAuth2ClientCredentials(t *testing.T) {
	ts := newTokenServer(t, 3600)
	scheme := &tools.SecurityScheme{Name: "oauth", Type: "oauth2", TokenURL: ts.URL}
	tokens := secret.NewOAuth2Tokens(secret.OAuth2Settings{ClientID: "app", ClientSecret: "s3cret-of-the-app"})
	ctx := context.Background()
	a, err := tokens.Token(ctx, scheme, []string{"write", "read"})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := tokens.Token(ctx, scheme, []string{"read", "write"})
	c, _ := tokens.Token(ctx, scheme, []string{"admin"})
	if a != "at-1" || b != "at-1" || c != "at-2" {
		t.Errorf("tokens %s %s %s: want one per set of scopes, reused", a, b, c)
	}
	if got := strings.Join(ts.asked(), "|"); got != "client_credentials read write|client_credentials admin" {
		t.Errorf("grants asked: %s", got)
	}
	bad := secret.NewOAuth2Tokens(secret.OAuth2Settings{ClientID: "app", ClientSecret: "wrong"})
	_, err = bad.Token(ctx, scheme, nil)
	var te *secret.TokenError
	if !errors.As(err, &te) || te.Code != "invalid_client" || !strings.Contains(te.Vars, secret.OAuth2ClientSecretVar) || strings.Contains(err.Error(), "wrong") {
		t.Errorf("a refused client: %v", err)
	}
}

// A token is replaced RefreshBefore its expiry; a refresh token is rotated; a revoked one
// is a *TokenError naming the variable.
func TestOAuth2RefreshToken(t *testing.T) {
	ts := newTokenServer(t, 2)
	scheme := &tools.SecurityScheme{Name: "oauth", Type: "oauth2", TokenURL: ts.URL}
	tokens := secret.NewOAuth2Tokens(secret.OAuth2Settings{RefreshToken: "rt-0", RefreshBefore: time.Second})
	ctx := context.Background()
	first, err := tokens.Token(ctx, scheme, nil)
	if err != nil {
		t.Fatal(err)
	}
	if again, _ := tokens.Token(ctx, scheme, nil); again != first {
		t.Errorf("a fresh token was not reused: %s then %s", first, again)
	}
	time.Sleep(1100 * time.Millisecond) // inside the last second: replaced
	second, err := tokens.Token(ctx, scheme, nil)
	if err != nil || second == first {
		t.Fatalf("token near expiry not replaced: %s then %s (%v)", first, second, err)
	}
	ts.mu.Lock()
	ts.revoked["rt-2"] = true // the rotated refresh token
	ts.mu.Unlock()
	time.Sleep(1100 * time.Millisecond)
	_, err = tokens.Token(ctx, scheme, nil)
	var te *secret.TokenError
	if !errors.As(err, &te) || te.Code != "invalid_grant" || te.Vars != secret.OAuth2RefreshTokenVar {
		t.Errorf("revoked refresh token: %v", err)
	}
}

// A 401 to a GET carrying a token renews it and sends the GET once more; a POST is not
// sent again, and its token is dropped for the next call.
func TestOAuth2RenewsRefusedToken(t *testing.T) {
	ts := newTokenServer(t, 3600)
	var mu sync.Mutex
	var seen []string
	api := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		seen = append(seen, r.Method+" "+r.Header.Get("Authorization"))
		mu.Unlock()
		if r.Header.Get("Authorization") == "Bearer at-1" { // revoked at the API
			w.WriteHeader(401)
			return
		}
		w.WriteHeader(200)
	}))
	defer api.Close()
	cat := tools.CatalogSpec{SecuritySchemes: map[string]*tools.SecurityScheme{"oauth": {Name: "oauth", Type: "oauth2", TokenURL: ts.URL}},
		Security: []tools.SecurityRequirement{{"oauth": {"read"}}}}.Build()
	tokens := secret.NewOAuth2Tokens(secret.OAuth2Settings{ClientID: "app", ClientSecret: "s3cret-of-the-app"})
	cred := secret.Credentials{OAuth2: tokens}
	client := &http.Client{Transport: tokens.Transport(nil)}
	send := func(method string) int {
		req, err := BuildRequest(context.Background(), cat, &tools.Operation{Method: method, Path: "/x"}, nil, api.URL, cred)
		if err != nil {
			t.Fatal(err)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	if st := send("POST"); st != 401 {
		t.Fatalf("POST with the refused token: %d, want the 401 as it is", st)
	}
	if st := send("POST"); st != 200 {
		t.Fatalf("the next POST: %d, want a new token", st)
	}
	tokens.Drop("at-2")
	ts.mu.Lock()
	ts.n = 0 // the next token issued is at-1 again, which the API refuses
	ts.mu.Unlock()
	if st := send("GET"); st != 200 {
		t.Fatalf("GET: %d, want renewed and sent again", st)
	}
	want := "POST Bearer at-1|POST Bearer at-2|GET Bearer at-1|GET Bearer at-2"
	mu.Lock()
	got := strings.Join(seen, "|")
	mu.Unlock()
	if got != want {
		t.Errorf("the API saw %s, want %s", got, want)
	}
}

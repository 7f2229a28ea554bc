package e2e

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// OAuth2Dir is the pinned Node project (e2e/oauth2) holding the authorization server the
// OAuth2 test runs: oauth2-mock-server, made strict by authserver.mjs.
func OAuth2Dir() string { return filepath.Join(e2eDir(), "oauth2") }

// OAuth2Server is a real OAuth2 authorization server on loopback, started for one test
// (e2e/oauth2/authserver.mjs): it authenticates its one client, issues client-credentials,
// authorization-code and refresh-token grants, revokes (RFC 7009) and introspects
// (RFC 7662) tokens.
type OAuth2Server struct {
	// Issuer is its base URL; the token endpoint is Issuer + "/token".
	Issuer           string
	ClientID, Secret string
	mu               sync.Mutex
	grants           []OAuth2Grant
	stdin            io.WriteCloser
}

// OAuth2Grant is one token request the server answered.
type OAuth2Grant struct {
	Grant        string `json:"grant"`
	Scope        string `json:"scope"`
	Status       int    `json:"status"`
	AccessToken  string `json:"access_token"`
	RefreshToken string `json:"refresh_token"`
}

// StartOAuth2Server starts the authorization server with access tokens living ttl, for
// the client clientID/secret; it stops when the test ends. Without Node or `npm ci` in
// e2e/oauth2 the test is skipped, or failed when CI=true.
func StartOAuth2Server(t testing.TB, ttl time.Duration, clientID, secret string) *OAuth2Server {
	t.Helper()
	node := RequireBinary(t, "node")
	if _, err := os.Stat(filepath.Join(OAuth2Dir(), "node_modules", "oauth2-mock-server", "package.json")); err != nil {
		missing(t, "oauth2-mock-server is not installed in %s: run `npm ci --no-audit --no-fund` there (scripts/test installs it)", OAuth2Dir())
	}
	cmd := exec.Command(node, "authserver.mjs")
	cmd.Dir = OAuth2Dir()
	cmd.Env = append(os.Environ(), fmt.Sprintf("TOKEN_TTL=%d", int(ttl.Seconds())), "CLIENT_ID="+clientID, "CLIENT_SECRET="+secret)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatalf("start the authorization server: %v", err)
	}
	s := &OAuth2Server{ClientID: clientID, Secret: secret, stdin: stdin}
	t.Cleanup(func() {
		stdin.Close() // it stops when its input ends
		done := make(chan struct{})
		go func() { _ = cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
		}
	})
	lines := bufio.NewScanner(stdout)
	issuer := make(chan string, 1)
	go func() {
		for lines.Scan() {
			var head struct {
				Issuer string `json:"issuer"`
			}
			if json.Unmarshal(lines.Bytes(), &head) == nil && head.Issuer != "" {
				issuer <- head.Issuer
				continue
			}
			var g OAuth2Grant
			if json.Unmarshal(lines.Bytes(), &g) == nil && g.Grant != "" {
				s.mu.Lock()
				s.grants = append(s.grants, g)
				s.mu.Unlock()
			}
		}
	}()
	select {
	case s.Issuer = <-issuer:
	case <-time.After(30 * time.Second):
		t.Fatalf("the authorization server did not start:\n%s", stderr.String())
	}
	return s
}

// Grants are the token requests answered so far.
func (s *OAuth2Server) Grants() []OAuth2Grant {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]OAuth2Grant(nil), s.grants...)
}

// Revoke revokes an access or refresh token.
func (s *OAuth2Server) Revoke(t testing.TB, token string) {
	t.Helper()
	if _, err := s.post("/revoke", map[string]string{"token": token}); err != nil {
		t.Fatalf("revoke: %v", err)
	}
}

// Introspect says whether a token is active, and its scope.
func (s *OAuth2Server) Introspect(token string) (active bool, scope string, err error) {
	body, err := s.post("/introspect", map[string]string{"token": token})
	if err != nil {
		return false, "", err
	}
	var r struct {
		Active bool   `json:"active"`
		Scope  string `json:"scope"`
	}
	err = json.Unmarshal(body, &r)
	return r.Active, r.Scope, err
}

func (s *OAuth2Server) post(path string, v any) ([]byte, error) {
	data, _ := json.Marshal(v)
	resp, err := http.Post(s.Issuer+path, "application/json", bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != http.StatusOK {
		err = fmt.Errorf("%s: HTTP %d: %s", path, resp.StatusCode, body)
	}
	return body, err
}

// RefreshToken runs the authorization-code grant as a person's browser and an app would
// (authorize, then exchange the code) and returns the refresh token it issues: what a
// person gives askapi for delegated access.
func (s *OAuth2Server) RefreshToken(t testing.TB) string {
	t.Helper()
	noRedirect := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	q := url.Values{"response_type": {"code"}, "client_id": {s.ClientID}, "redirect_uri": {"http://127.0.0.1/callback"}, "scope": {"offline_access"}}
	resp, err := noRedirect.Get(s.Issuer + "/authorize?" + q.Encode())
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, err := url.Parse(resp.Header.Get("Location"))
	if err != nil || loc.Query().Get("code") == "" {
		t.Fatalf("authorize: HTTP %d, Location %q", resp.StatusCode, resp.Header.Get("Location"))
	}
	form := url.Values{"grant_type": {"authorization_code"}, "code": {loc.Query().Get("code")}, "redirect_uri": {"http://127.0.0.1/callback"},
		"client_id": {s.ClientID}, "client_secret": {s.Secret}}
	resp, err = http.Post(s.Issuer+"/token", "application/x-www-form-urlencoded", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var tok struct {
		RefreshToken string `json:"refresh_token"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&tok); err != nil || tok.RefreshToken == "" {
		t.Fatalf("exchange the code: HTTP %d, %v", resp.StatusCode, err)
	}
	return tok.RefreshToken
}

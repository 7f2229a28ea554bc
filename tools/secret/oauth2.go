package secret

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/askapi/askapi/tools"
	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"
)

// Environment variables of OAuth2: secrets come from the environment only.
const (
	OAuth2ClientIDVar     = "ASKAPI_OAUTH2_CLIENT_ID"
	OAuth2ClientSecretVar = "ASKAPI_OAUTH2_CLIENT_SECRET"
	OAuth2RefreshTokenVar = "ASKAPI_OAUTH2_REFRESH_TOKEN"
)

// DefaultOAuth2RefreshBefore is how long before it expires a token is replaced.
const DefaultOAuth2RefreshBefore = 10 * time.Second

// OAuth2Settings say how askapi gets tokens for the spec's oauth2 schemes: with a client's
// credentials (the client-credentials grant), or with a refresh token for delegated access.
type OAuth2Settings struct {
	ClientID, ClientSecret string
	// RefreshToken, when set, is exchanged for access tokens (rotated when the
	// authorization server issues a new one); it wins over the client-credentials grant.
	RefreshToken string
	// TokenURL overrides the spec's token URL.
	TokenURL string
	// Scopes are asked for when an operation's requirement lists none.
	Scopes []string
	// RefreshBefore is how long before its expiry a token is replaced.
	RefreshBefore time.Duration
	// HTTPClient reaches the authorization server (the upstream's TLS settings).
	HTTPClient *http.Client
}

// OAuth2FromEnv reads the OAuth2 variables of an os.Environ()-shaped list.
func OAuth2FromEnv(environ []string) OAuth2Settings {
	var s OAuth2Settings
	for _, kv := range environ {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case OAuth2ClientIDVar:
			s.ClientID = strings.TrimSpace(v)
		case OAuth2ClientSecretVar:
			s.ClientSecret = strings.TrimSpace(v)
		case OAuth2RefreshTokenVar:
			s.RefreshToken = strings.TrimSpace(v)
		}
	}
	return s
}

// Configured reports settings that can get a token: a refresh token, or a client id and
// secret.
func (s OAuth2Settings) Configured() bool {
	return s.RefreshToken != "" || (s.ClientID != "" && s.ClientSecret != "")
}

// OAuth2Tokens holds the access tokens of a process, in memory only, one per token URL and
// set of scopes; each is replaced shortly before it expires, or when the API refuses it.
type OAuth2Tokens struct {
	settings OAuth2Settings
	mu       sync.Mutex
	caches   map[string]*tokenCache
}

// NewOAuth2Tokens returns the token store for the settings, or nil when they cannot get a
// token.
func NewOAuth2Tokens(s OAuth2Settings) *OAuth2Tokens {
	if !s.Configured() {
		return nil
	}
	if s.RefreshBefore <= 0 {
		s.RefreshBefore = DefaultOAuth2RefreshBefore
	}
	return &OAuth2Tokens{settings: s, caches: map[string]*tokenCache{}}
}

// serves reports whether the store can get a token for s: an oauth2 scheme whose token URL
// the spec or the settings give.
func (t *OAuth2Tokens) serves(s *tools.SecurityScheme) bool {
	return t != nil && s != nil && s.Type == "oauth2" && t.tokenURL(s) != ""
}

// ServesAny reports whether the store can get a token for any scheme of the catalog.
func (t *OAuth2Tokens) ServesAny(cat *tools.Catalog) bool {
	for _, s := range cat.SecuritySchemes() {
		if t.serves(s) {
			return true
		}
	}
	return false
}

func (t *OAuth2Tokens) tokenURL(s *tools.SecurityScheme) string {
	if t.settings.TokenURL != "" {
		return t.settings.TokenURL
	}
	return s.TokenURL
}

// Token returns a valid access token for the scheme and the operation's scopes.
func (t *OAuth2Tokens) Token(ctx context.Context, s *tools.SecurityScheme, scopes []string) (string, error) {
	tok, err := t.cacheFor(s, scopes).get(t.withClient(ctx))
	if err != nil {
		return "", err
	}
	return tok.AccessToken, nil
}

// cacheFor is the token cache of a token URL and scopes, made on first use.
func (t *OAuth2Tokens) cacheFor(s *tools.SecurityScheme, scopes []string) *tokenCache {
	if len(scopes) == 0 {
		scopes = t.settings.Scopes
	}
	scopes = append([]string(nil), scopes...)
	sort.Strings(scopes)
	url := t.tokenURL(s)
	key := url + "\x00" + strings.Join(scopes, " ")
	if t.settings.RefreshToken != "" {
		key = url // a refresh token carries its own grant: one token for every scope
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	c := t.caches[key]
	if c == nil {
		c = &tokenCache{fetch: t.fetcher(url, scopes), before: t.settings.RefreshBefore}
		t.caches[key] = c
	}
	return c
}

// fetcher gets a new token from the authorization server each time it is called.
func (t *OAuth2Tokens) fetcher(tokenURL string, scopes []string) func(context.Context) (*oauth2.Token, error) {
	st := t.settings
	if st.RefreshToken != "" {
		conf := &oauth2.Config{ClientID: st.ClientID, ClientSecret: st.ClientSecret, Endpoint: oauth2.Endpoint{TokenURL: tokenURL}}
		var mu sync.Mutex
		refresh := st.RefreshToken
		return func(ctx context.Context) (*oauth2.Token, error) {
			mu.Lock()
			defer mu.Unlock()
			// A token without an access token makes the library refresh at once.
			tok, err := conf.TokenSource(ctx, &oauth2.Token{RefreshToken: refresh}).Token()
			if err != nil {
				return nil, tokenError(err, OAuth2RefreshTokenVar, tokenURL)
			}
			if tok.RefreshToken != "" {
				refresh = tok.RefreshToken // rotated
			}
			return tok, nil
		}
	}
	conf := &clientcredentials.Config{ClientID: st.ClientID, ClientSecret: st.ClientSecret, TokenURL: tokenURL, Scopes: scopes}
	return func(ctx context.Context) (*oauth2.Token, error) {
		tok, err := conf.Token(ctx)
		if err != nil {
			return nil, tokenError(err, OAuth2ClientIDVar+" and "+OAuth2ClientSecretVar, tokenURL)
		}
		return tok, nil
	}
}

// withClient makes the oauth2 library reach the authorization server through the
// configured client.
func (t *OAuth2Tokens) withClient(ctx context.Context) context.Context {
	if t.settings.HTTPClient == nil {
		return ctx
	}
	return context.WithValue(ctx, oauth2.HTTPClient, t.settings.HTTPClient)
}

// Renew drops the token a refused request carried, so the next request fetches a new
// one, and returns that new token. ok is false when the request carried no token of this
// store.
func (t *OAuth2Tokens) Renew(ctx context.Context, req *http.Request) (token string, ok bool, err error) {
	if t == nil {
		return "", false, nil
	}
	sent := stripBearer(strings.TrimSpace(req.Header.Get("Authorization")))
	if sent == "" {
		return "", false, nil
	}
	held := t.Drop(sent)
	if held == nil {
		return "", false, nil
	}
	tok, err := held.get(t.withClient(ctx))
	if err != nil {
		return "", true, err
	}
	return tok.AccessToken, true, nil
}

// Drop forgets a refused token, returning the cache that held it (nil: none did).
func (t *OAuth2Tokens) Drop(sent string) *tokenCache {
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, c := range t.caches {
		if c.holds(sent) {
			c.drop(sent)
			return c
		}
	}
	return nil
}

// Vars names the variables the tokens come from, for a message about a refusal.
func (t *OAuth2Tokens) Vars() string {
	if t.settings.RefreshToken != "" {
		return OAuth2RefreshTokenVar
	}
	return OAuth2ClientIDVar + " and " + OAuth2ClientSecretVar
}

// Held returns the access tokens held now, so a result echoing one is redacted.
func (t *OAuth2Tokens) Held() []string {
	if t == nil {
		return nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []string
	for _, c := range t.caches {
		if tok := c.current(); tok != "" {
			out = append(out, tok)
		}
	}
	return out
}

// tokenCache holds one access token, replaced shortly before it expires.
type tokenCache struct {
	fetch  func(context.Context) (*oauth2.Token, error)
	before time.Duration
	mu     sync.Mutex
	tok    *oauth2.Token
}

// get returns the held token while it has more than `before` to live, else a new one.
// Concurrent callers wait for one fetch rather than each making their own.
func (c *tokenCache) get(ctx context.Context) (*oauth2.Token, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.tok != nil && (c.tok.Expiry.IsZero() || time.Until(c.tok.Expiry) > c.before) {
		return c.tok, nil
	}
	tok, err := c.fetch(ctx)
	if err != nil {
		return nil, err
	}
	if tok.AccessToken == "" {
		return nil, errors.New("the authorization server answered without an access token")
	}
	c.tok = tok
	return tok, nil
}

func (c *tokenCache) holds(access string) bool { return c.current() == access }

func (c *tokenCache) current() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.tok == nil {
		return ""
	}
	return c.tok.AccessToken
}

// drop forgets the token if it is still the one refused.
func (c *tokenCache) drop(access string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.tok != nil && c.tok.AccessToken == access {
		c.tok = nil
	}
}

// TokenError is the authorization server refusing the configured credentials: only the
// configuration can fix it, so it is asked as a sensitive question, never retried.
type TokenError struct {
	// Vars names the variables to check.
	Vars string
	// Code is RFC 6749's error code (invalid_grant, invalid_client), when given.
	Code        string
	Description string
	Status      int
	TokenURL    string
}

func (e *TokenError) Error() string {
	what := e.Code
	if what == "" {
		what = fmt.Sprintf("HTTP %d", e.Status)
	}
	if e.Description != "" {
		what += ": " + e.Description
	}
	return fmt.Sprintf("the OAuth2 authorization server %s refused %s (%s)", e.TokenURL, e.Vars, what)
}

// tokenError reads a failed token request: the server's refusal is a *TokenError; anything
// else (it could not be reached) is wrapped as it is.
func tokenError(err error, vars, tokenURL string) error {
	var re *oauth2.RetrieveError
	if errors.As(err, &re) {
		status := 0
		if re.Response != nil {
			status = re.Response.StatusCode
		}
		return &TokenError{Vars: vars, Code: re.ErrorCode, Description: re.ErrorDescription, Status: status, TokenURL: tokenURL}
	}
	return fmt.Errorf("OAuth2 token from %s: %w", tokenURL, err)
}

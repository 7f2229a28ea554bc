package secret

import (
	"encoding/base64"
	"errors"
	"fmt"
	"github.com/askapi/askapi/tools"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"unicode/utf8"
)

// Credentials are secrets from configuration only (env vars / --header), never from arguments.
type Credentials struct {
	// Schemes maps a security scheme name to its secret: an API key, a bearer token, or "user:password" for basic.
	Schemes map[string]string
	// Headers are extra headers from --header 'Name: value', sent on every request.
	Headers http.Header
	// Sources names the environment variable each scheme's secret came from, so an
	// answer refusing it can say which to check.
	Sources map[string]string
	// OAuth2, when set, gets tokens for oauth2 schemes that have no secret of their own.
	OAuth2 *OAuth2Tokens
}

// has reports whether the scheme can be given a credential: a secret, or a token.
func (c Credentials) has(name string, s *tools.SecurityScheme) bool {
	return c.Schemes[name] != "" || c.OAuth2.serves(s)
}

// authEnvPrefix starts the environment variable holding a scheme's secret.
const authEnvPrefix = "ASKAPI_AUTH_"

// AuthEnvVar names the environment variable for a scheme: ASKAPI_AUTH_ plus the scheme name
// upper-cased with every non-alphanumeric as '_' (api_key → ASKAPI_AUTH_API_KEY).
func AuthEnvVar(scheme string) string {
	var b strings.Builder
	b.WriteString(authEnvPrefix)
	for _, r := range strings.ToUpper(scheme) {
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String()
}

// CredentialsFromEnv reads ASKAPI_AUTH_<SCHEME> for each scheme of the catalog (scheme name
// upper-cased, non-alphanumerics → '_'). environ is os.Environ()-shaped; empty values are
// ignored.
func CredentialsFromEnv(c *tools.Catalog, environ []string) Credentials {
	env := map[string]string{}
	for _, kv := range environ {
		if k, v, ok := strings.Cut(kv, "="); ok {
			env[k] = v
		}
	}
	cred := Credentials{Schemes: map[string]string{}, Sources: map[string]string{}}
	if c == nil {
		return cred
	}
	for name, s := range c.SecuritySchemes() {
		if v := env[AuthEnvVar(name)]; v != "" {
			cred.Schemes[name] = v
			cred.Sources[name] = AuthEnvVar(name)
		} else if v := env[GenericAuthEnvVar]; v != "" && !carriesUserName(name, s) {
			// One key for every scheme: what the MCP Bundle's single "API key" field sets;
			// never a user name (Api-Username beside Api-Key).
			cred.Schemes[name] = v
			cred.Sources[name] = GenericAuthEnvVar
		}
	}
	return cred
}

// carriesUserName reports an API-key scheme that carries who the caller is, not a secret:
// its name or its parameter's says user (or login) and nothing of a key, token or password
// (Discourse's Api-Username). Pendo's "userApiKey" is a key.
func carriesUserName(name string, s *tools.SecurityScheme) bool {
	if s == nil || s.Type != "apiKey" {
		// An HTTP or OAuth2 scheme carries a credential whatever it is called (Red Hat's
		// basic "UserSecurity"): only a parameter may carry who the caller is.
		return false
	}
	var words []string
	for _, n := range []string{name, s.ParamName} {
		for _, w := range tools.NameWords(n) {
			words = append(words, strings.ToLower(w))
		}
	}
	user := false
	for _, w := range words {
		switch w {
		case "user", "username", "login", "email":
			user = true
		case "key", "apikey", "token", "secret", "password", "pass", "auth", "bearer", "signature":
			return false
		}
	}
	return user
}

// GenericAuthEnvVar holds the credential for every scheme without its own variable.
const GenericAuthEnvVar = "ASKAPI_API_KEY"

// AddHeader parses a --header 'Name: value' line into c.Headers.
func (c *Credentials) AddHeader(line string) error {
	name, value, ok := strings.Cut(line, ":")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	if !ok || name == "" || strings.ContainsAny(name, " \t\r\n") {
		// The line may hold a secret: name only its shape, never its content.
		return errors.New(`header must look like "Name: value"`)
	}
	if err := CheckHeaderValue(value); err != nil {
		return fmt.Errorf("header %s: %w", name, err)
	}
	if c.Headers == nil {
		c.Headers = http.Header{}
	}
	c.Headers.Add(name, value)
	return nil
}

// Secrets returns every configured secret value, so callers can redact them from any
// text (NewRedactor derives the forms each takes on the wire). Besides the raw values it
// lists the parts that travel alone: the password of "user:password" (also when it was
// configured base64-encoded), the token of a "Bearer <token>" header, and the decoded
// "user:password" of a "Basic <base64>" header and its password.
func (c Credentials) Secrets() []string {
	set := map[string]bool{}
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" {
			set[s] = true
		}
	}
	for _, v := range c.Schemes {
		add(v)
		plain := v
		if dec, err := base64.StdEncoding.DecodeString(strings.TrimSpace(v)); err == nil && !strings.Contains(v, ":") &&
			utf8.Valid(dec) && strings.Contains(string(dec), ":") {
			plain = string(dec) // Basic credentials configured already encoded
			add(plain)
		}
		if _, pass, ok := strings.Cut(plain, ":"); ok {
			add(pass)
		} else {
			add(plain + ":") // a bare key sent as Basic travels as base64 of "key:"
		}
	}
	for _, vs := range c.Headers {
		for _, v := range vs {
			add(v)
			scheme, token, ok := strings.Cut(strings.TrimSpace(v), " ")
			if !ok {
				continue
			}
			add(token)
			if strings.EqualFold(scheme, "Basic") {
				// "Basic <base64 of user:password>": the password travels decoded too
				// (an API echoing who called, a log of the decoded header).
				if dec, err := base64.StdEncoding.DecodeString(strings.TrimSpace(token)); err == nil && utf8.Valid(dec) {
					add(string(dec))
					if _, pass, ok := strings.Cut(string(dec), ":"); ok {
						add(pass)
					}
				}
			}
		}
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sortLongestFirst(out)
	return out
}

// securityFor returns the requirement alternatives that apply to the operation.
func securityFor(cat *tools.Catalog, op *tools.Operation) []tools.SecurityRequirement {
	if op != nil && op.Security != nil {
		return op.Security
	}
	if cat != nil {
		return cat.Security()
	}
	return nil
}

// chooseRequirement picks the first requirement whose schemes all have a secret (a shared
// key goes as Bearer rather than Basic where both are offered: preferBearer). A
// credentialed alternative wins over an anonymous one ({}), because a configured secret
// shows the user wants it used (higher limits, private data). ok is false when nothing
// applies: the request then goes without scheme auth (--header may still carry it) and the
// upstream answers 401.
func chooseRequirement(reqs []tools.SecurityRequirement, schemes map[string]*tools.SecurityScheme, cred Credentials) (tools.SecurityRequirement, bool) {
	anonymous := false
	var met []tools.SecurityRequirement
	for _, r := range reqs {
		if len(r) == 0 {
			anonymous = true
			continue
		}
		if requirementMet(r, schemes, cred.has) {
			met = append(met, r)
		}
	}
	if len(met) > 0 {
		return preferBearer(met, schemes, cred), true
	}
	return nil, anonymous
}

func requirementMet(r tools.SecurityRequirement, schemes map[string]*tools.SecurityScheme, has func(string, *tools.SecurityScheme) bool) bool {
	for name := range r {
		s := schemes[name]
		if s == nil || !supportedScheme(s) || !has(name, s) {
			return false
		}
	}
	return true
}

func supportedScheme(s *tools.SecurityScheme) bool {
	switch s.Type {
	case "apiKey":
		return s.ParamName != "" && (s.In == "header" || s.In == "query" || s.In == "cookie" || s.In == "path")
	case "http", "oauth2", "openIdConnect":
		return true
	}
	return false
}

// MissingCredentials returns the security schemes whose secrets would let the operation
// authenticate (those of its first requirement; AuthEnvVar names their variables), or nil
// when a requirement is met (by a scheme secret or by a --header setting the same header)
// or anonymous access is allowed.
func MissingCredentials(cat *tools.Catalog, op *tools.Operation, cred Credentials) []string {
	reqs := securityFor(cat, op)
	if len(reqs) == 0 {
		return nil
	}
	var schemes map[string]*tools.SecurityScheme
	if cat != nil {
		schemes = cat.SecuritySchemes()
	}
	for _, r := range reqs {
		if len(r) == 0 || requirementMet(r, schemes, func(name string, s *tools.SecurityScheme) bool {
			return cred.has(name, s) || headerCarries(cred.Headers, s)
		}) {
			return nil
		}
	}
	// The first alternative says what to configure; what is configured already is not
	// asked again.
	var out []string
	for name := range reqs[0] {
		s := schemes[name]
		if cred.has(name, s) || s != nil && headerCarries(cred.Headers, s) {
			continue
		}
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}

// headerCarries reports whether a configured header already does the scheme's job.
func headerCarries(h http.Header, s *tools.SecurityScheme) bool {
	if s.Type == "apiKey" {
		return s.In == "header" && h.Get(s.ParamName) != ""
	}
	return h.Get("Authorization") != ""
}

// ApplyAuth adds the chosen requirement's credentials, then the configured headers, which
// win over anything else because the user set them explicitly.
func ApplyAuth(req *http.Request, cat *tools.Catalog, op *tools.Operation, cred Credentials) error {
	var schemes map[string]*tools.SecurityScheme
	if cat != nil {
		schemes = cat.SecuritySchemes()
	}
	if r, ok := chooseRequirement(securityFor(cat, op), schemes, cred); ok {
		names := make([]string, 0, len(r))
		for name := range r {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			secret := cred.Schemes[name]
			if secret == "" {
				// An oauth2 scheme served by the token store, for the operation's scopes.
				token, err := cred.OAuth2.Token(req.Context(), schemes[name], r[name])
				if err != nil {
					return fmt.Errorf("security scheme %q: %w", name, err)
				}
				secret = token
			}
			if err := applyScheme(req, schemes[name], secret); err != nil {
				return fmt.Errorf("security scheme %q: %w", name, err)
			}
		}
	}
	for name, values := range cred.Headers {
		req.Header.Del(name)
		for _, v := range values {
			if err := CheckHeaderValue(v); err != nil {
				return fmt.Errorf("configured header %s: %w", name, err)
			}
			req.Header.Add(name, v)
		}
	}
	return nil
}

// applyScheme puts one secret where its scheme says. Errors never include the secret.
func applyScheme(req *http.Request, s *tools.SecurityScheme, secret string) error {
	secret = strings.TrimSpace(secret)
	if err := CheckHeaderValue(secret); err != nil {
		return errors.New("secret contains a control character")
	}
	switch s.Type {
	case "apiKey":
		switch s.In {
		case "header":
			req.Header.Set(s.ParamName, secret)
		case "query":
			setQueryParam(req.URL, s.ParamName, secret)
		case "path":
			fillPathSecret(req, s.ParamName, secret)
		case "cookie":
			c := url.QueryEscape(s.ParamName) + "=" + url.QueryEscape(secret)
			if old := req.Header.Get("Cookie"); old != "" {
				c = old + "; " + c
			}
			req.Header.Set("Cookie", c)
		}
	case "http":
		switch s.Scheme {
		case "basic":
			req.Header.Set("Authorization", "Basic "+BasicCredential(secret))
		case "bearer", "":
			req.Header.Set("Authorization", "Bearer "+stripBearer(secret))
		default:
			// Other registered HTTP schemes carry the credential after their own name.
			req.Header.Set("Authorization", s.Scheme+" "+secret)
		}
	case "oauth2", "openIdConnect":
		req.Header.Set("Authorization", "Bearer "+stripBearer(secret))
	}
	return nil
}

// PathParams names the path templates the operation's security fills: apiKey schemes in
// the path (a key the spec puts there, made configuration by ConfigParams).
func PathParams(cat *tools.Catalog, op *tools.Operation) map[string]bool {
	if cat == nil {
		return nil
	}
	var out map[string]bool
	schemes := cat.SecuritySchemes()
	for _, r := range securityFor(cat, op) {
		for name := range r {
			if s := schemes[name]; s != nil && s.Type == "apiKey" && s.In == "path" {
				if out == nil {
					out = map[string]bool{}
				}
				out[s.ParamName] = true
			}
		}
	}
	return out
}

// fillPathSecret puts a secret where the request's path kept its template ({key}, left
// by the request's builder because the parameter is configuration). The URL is copied: a
// confirmed write's request is bound without credentials and must stay so.
func fillPathSecret(req *http.Request, name, secret string) {
	u := *req.URL
	template := "{" + name + "}"
	u.Path = strings.ReplaceAll(u.Path, template, secret)
	u.RawPath = strings.ReplaceAll(u.EscapedPath(), url.PathEscape(template), url.PathEscape(secret))
	req.URL = &u
}

// stripBearer tolerates a token configured as "Bearer xyz".
func stripBearer(token string) string {
	if len(token) > 7 && strings.EqualFold(token[:7], "bearer ") {
		return strings.TrimSpace(token[7:])
	}
	return token
}

// setQueryParam replaces any value of the key with one value, keeping the other pairs'
// order and encoding untouched, so an argument cannot shadow the configured key.
func setQueryParam(u *url.URL, key, value string) {
	var kept []string
	if u.RawQuery != "" {
		for _, pair := range strings.Split(u.RawQuery, "&") {
			k, _, _ := strings.Cut(pair, "=")
			if uk, err := url.QueryUnescape(k); err == nil && uk == key {
				continue
			}
			kept = append(kept, pair)
		}
	}
	kept = append(kept, url.QueryEscape(key)+"="+url.QueryEscape(value))
	u.RawQuery = strings.Join(kept, "&")
}

// CheckHeaderValue refuses control characters, so an argument can never add a header
// line (CRLF injection) or smuggle a NUL.
func CheckHeaderValue(s string) error {
	for i := 0; i < len(s); i++ {
		if c := s[i]; (c < 0x20 && c != '\t') || c == 0x7f {
			return fmt.Errorf("header value contains control character %#x", c)
		}
	}
	return nil
}

package secret

import (
	"github.com/askapi/askapi/tools"
	"net/http"
	"regexp"
	"sort"
	"strings"
)

// Parameters that are not the person's to give. OpenAPI says header parameters named
// Accept, Content-Type or Authorization are ignored: askapi sets those headers itself. A
// parameter that carries a credential (by its name, its description or
// format: password) is configuration, never an argument: it becomes an apiKey security
// scheme of its own, so a configured header or ASKAPI_AUTH_<NAME> satisfies it, and when
// nothing does, the call asks for configuration (sensitive), never for the value in chat.

var ignoredHeaders = map[string]bool{"accept": true, "content-type": true, "authorization": true}

// credentialWord matches a parameter name's words that carry a secret.
var credentialWord = regexp.MustCompile(`^(?:api_?key|apikey|x_api_key|api_token|access_token|auth_token|x_auth_token|auth|authorization|token|secret|client_secret|password|passwd|api_secret|session_token|session_id|private_token|access_key|secret_key|subscription_key|ocp_apim_subscription_key|api_username|api_user|key|app_key|app_id_key|x_api_secret|signature|x_token|bearer)$`)

// secretLastWords end a header name that carries a secret.
var secretLastWords = map[string]bool{"token": true, "key": true, "secret": true, "password": true, "apikey": true, "passwd": true, "credential": true, "signature": true, "appkey": true, "devtoken": true}

// secretOwnerWords say whose secret a query parameter named with a secret word is: the
// caller's (oauth_token, consumer_secret, user_token), not a thing's.
var secretOwnerWords = map[string]bool{"oauth": true, "consumer": true, "auth": true, "app": true, "user": true, "api": true, "access": true, "client": true, "developer": true, "dev": true, "security": true, "bearer": true, "session": true, "token": true}

// notSecretWords mark tokens that page or sync rather than authenticate.
var notSecretWords = map[string]bool{"page": true, "next": true, "continuation": true, "sync": true, "cursor": true, "pagination": true, "resume": true, "prev": true, "previous": true, "delta": true, "idempotency": true, "request": true, "etag": true}

// describesSecret reads "your API key", "access token", "secret" in a description.
var describesSecret = regexp.MustCompile(`(?i)\b(?:api[ -]?key|access[ -]token|auth(?:entication|orization)? token|bearer token|secret key|client secret|api secret|personal access token|subscription key)\b`)

// describesBareSecret reads a description that makes a bare "key" or "token" a credential.
var describesBareSecret = regexp.MustCompile(`(?i)\b(?:application|app|api|access|secret|private|auth\w*|developer|user|bearer|session)\s+(?:key|token)\b|\btoken from\b|\bgenerate your\b|\bauthenticat|\b(?:allow|allowing|allows|grant|grants|granting)\s+access\b`)

// describesOwnSecret reads a description that makes a value the caller's own secret: "Your
// API key", "your access token".
var describesOwnSecret = regexp.MustCompile(`(?i)\byour\s+(?:own\s+)?(?:api[ -]?key|access[ -]token|auth\w*\s+token|secret(?:\s+key)?|subscription key|application key|app key|key|token)\b`)

// IsCredentialParam reports whether a parameter carries a credential. A path segment
// addresses a thing, and an API that manages keys names them there ("The API key to
// delete"): one is a credential only where the spec says it is the caller's own ("Your API
// Key"), and then it comes from configuration like any other.
func IsCredentialParam(p *tools.Param) bool {
	if p.In == "path" {
		// The description may sit on the parameter's schema (a shared ApiKeyParam).
		d, _ := p.Schema["description"].(string)
		return describesOwnSecret.MatchString(p.Description + " " + d)
	}
	if p.In != "header" && p.In != "query" && p.In != "cookie" {
		return false
	}
	if f, _ := p.Schema["format"].(string); f == "password" {
		return true
	}
	w := snakeWords(p.Name)
	for _, t := range strings.Split(w, "_") {
		if notSecretWords[t] {
			return false
		}
	}
	bare := strings.TrimPrefix(w, "x_")
	if bare == "key" || bare == "token" || bare == "signature" {
		// A bare key or token is a credential when the spec says so (Trello's "Generate
		// your application key"), not when it names a thing (a cache key, a package token).
		return describesBareSecret.MatchString(p.Description) || describesSecret.MatchString(p.Description)
	}
	if credentialWord.MatchString(w) || credentialWord.MatchString(bare) {
		return true
	}
	if p.In == "header" && describesSecret.MatchString(p.Description) {
		return true
	}
	if words := strings.Split(bare, "_"); p.In == "header" && len(words) > 1 && secretLastWords[words[len(words)-1]] {
		// X-Postmark-Server-Token, X-Amz-Security-Token: a header named for what it carries.
		return true
	}
	if words := strings.Split(w, "_"); p.In != "header" && len(words) > 1 && secretOwnerWords[words[0]] && secretLastWords[words[len(words)-1]] {
		// oauth_token, consumer_secret, user_token: the caller's own secret.
		return true
	}
	words := strings.Split(w, "_")
	// vestorly_auth, "Vestorly Auth Token": a query parameter the spec says carries a
	// secret, whose name ends in a word that means one.
	return p.In == "query" && describesSecret.MatchString(p.Description) &&
		(strings.Contains(w, "key") || strings.Contains(w, "token") || credentialWord.MatchString(words[len(words)-1]))
}

// snakeWords lower-cases a name and joins its words with underscores (X-API-Key →
// x_api_key), splitting as tool names are split.
func snakeWords(s string) string {
	return strings.ToLower(strings.Join(tools.NameWords(s), "_"))
}

// ConfigParams takes out of every operation the parameters that are not arguments:
// ignored headers, and credentials, which become apiKey schemes the operation requires.
// An Authorization header parameter is a credential when the operation declares no
// security of its own (GoToWebinar's "Access token"): ignoring it would send the call
// without one. An operation changed gets its input schema from inputSchemaFor (the
// compiler's, which shares one per content).
func ConfigParams(cat *tools.CatalogSpec, inputSchemaFor func(*tools.Operation) map[string]any) {
	// Only the spec's own schemes say a parameter is a credential: those made below for
	// credential parameters must not turn a same-named argument elsewhere into one.
	declared := make(map[string]*tools.SecurityScheme, len(cat.SecuritySchemes))
	for n, s := range cat.SecuritySchemes {
		declared[n] = s
	}
	for _, op := range cat.Operations {
		var keep []*tools.Param
		var creds []*tools.Param
		secured := len(specSecurity(cat, op)) > 0
		for _, p := range op.Params {
			switch {
			case p.In == "header" && strings.EqualFold(p.Name, "authorization") && !secured:
				creds = append(creds, p)
			case p.In == "header" && ignoredHeaders[strings.ToLower(p.Name)]:
			case IsCredentialParam(p) || schemeParam(declared, p) != "":
				creds = append(creds, p)
			default:
				keep = append(keep, p)
			}
		}
		if len(keep) == len(op.Params) {
			continue
		}
		op.Params = keep
		op.InputSchema = inputSchemaFor(op)
		for _, p := range creds {
			requireParamScheme(cat, op, p)
		}
	}
}

// DropConfiguredHeaders takes out of every operation the header parameters that a
// configured header (--header, ASKAPI_HEADERS) already sets, whatever they are: the
// header is sent on every request, so the argument is never published nor asked.
// Operations are replaced, not changed, so a catalog shared with another pipeline is
// untouched (call it on a Clone).
func DropConfiguredHeaders(cat *tools.Catalog, headers http.Header) {
	if len(headers) == 0 {
		return
	}
	for _, op := range cat.Operations() {
		var keep []*tools.Param
		for _, p := range op.Params {
			if p.In == "header" && headers.Get(p.Name) != "" {
				continue
			}
			keep = append(keep, p)
		}
		if len(keep) == len(op.Params) {
			continue
		}
		op.Params = keep
		op.InputSchema = tools.InputSchema(op)
	}
}

// schemeParam names the declared apiKey scheme that a parameter carries (same place,
// same name), or "". The spec calls that header a credential itself, so it is one even
// where an operation's own security leaves the scheme out (Apideck's x-apideck-app-id).
func schemeParam(schemes map[string]*tools.SecurityScheme, p *tools.Param) string {
	name := ""
	for n, s := range schemes {
		if s.Type == "apiKey" && s.In == p.In && strings.EqualFold(s.ParamName, p.Name) && (name == "" || n < name) {
			name = n
		}
	}
	return name
}

// requireParamScheme adds an apiKey scheme for a credential parameter (reusing a declared
// scheme that already carries it) and makes the operation require it, in every
// alternative.
func requireParamScheme(cat *tools.CatalogSpec, op *tools.Operation, p *tools.Param) {
	name := schemeParam(cat.SecuritySchemes, p)
	if name == "" {
		name = p.Name
		if cat.SecuritySchemes == nil {
			cat.SecuritySchemes = map[string]*tools.SecurityScheme{}
		}
		if _, taken := cat.SecuritySchemes[name]; taken {
			name = p.In + ":" + p.Name
		}
		cat.SecuritySchemes[name] = &tools.SecurityScheme{Name: name, Type: "apiKey", In: p.In, ParamName: p.Name}
	}
	reqs := specSecurity(cat, op)
	if !p.Required {
		// An optional credential is another way in (Google's key: "Required unless you
		// provide an OAuth 2.0 token"): an alternative of its own, never a demand added to
		// the others. Without declared security, going without it stays allowed.
		out := append([]tools.SecurityRequirement(nil), reqs...)
		if len(reqs) == 0 {
			out = append(out, tools.SecurityRequirement{})
		}
		for _, r := range out {
			if _, ok := r[name]; ok {
				return
			}
		}
		op.Security = append(out, tools.SecurityRequirement{name: nil}) //nolint:gocritic // appendAssign: out is the operation's requirements filtered, completed into op.Security
		return
	}
	var out []tools.SecurityRequirement
	if len(reqs) == 0 {
		out = []tools.SecurityRequirement{{name: nil}}
	}
	for _, r := range reqs {
		if len(r) == 0 {
			// "no security" was an alternative; the parameter still must be sent.
			out = append(out, tools.SecurityRequirement{name: nil})
			continue
		}
		if _, ok := r[name]; ok {
			out = append(out, r)
			continue
		}
		nr := tools.SecurityRequirement{name: nil}
		for k, v := range r {
			nr[k] = v
		}
		out = append(out, nr)
	}
	sort.SliceStable(out, func(i, j int) bool { return len(out[i]) < len(out[j]) })
	op.Security = out
}

// specSecurity is securityFor on a catalog being built.
func specSecurity(cat *tools.CatalogSpec, op *tools.Operation) []tools.SecurityRequirement {
	if op.Security != nil {
		return op.Security
	}
	return cat.Security
}

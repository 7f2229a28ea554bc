package corpuscheck

import (
	"regexp"
	"strings"
	"unicode"
)

// This is the check's own reading of which header and query parameters carry a
// credential; tools/secret/credparam.go is askapi's, and the two are compared, never shared.
//
// A credential authenticates the caller: it is the same on every call, whatever the
// operation does, so it is configuration. A secret that is the operation's own data (the
// new password of a change-password call, a private key uploaded with a certificate, a
// store's keys given to the call that registers the store, an OAuth code handed to the
// call that exchanges it) is an argument the person gives. Names tell the two apart as
// follows. The name is cut into lower-case words (X-API-Key → x api key, accessToken →
// access token), and a leading namespace is dropped: "x", or "oauth" before two more words
// (oauth_consumer_key; oauth_token is a term of its own). A
// parameter is credential-like when its schema admits a string (not a boolean flag such as
// hasPrivateKey or includeSecret, nor a number) and:
//
//  1. the spec itself says so: an apiKey security scheme names the same parameter;
//  2. the whole name is a credential term: authorization, auth, apikey, secret,
//     password, passwd, credential(s), or a two-word term (credentialTerms: api key,
//     access token, auth token, client secret, security token, app key, user token...);
//  3. a header's name ends with such a term or with apikey, secret, password, passwd,
//     credential(s): a header's leading words are a vendor's namespace (X-Vtex-API-AppKey,
//     Trakt-Api-Key, ClearBlade-SystemSecret, X-Amz-Security-Token), while a query
//     parameter's leading words say whose secret it is (magento_consumer_key,
//     MasterUserPassword, newPassword): the operation's data;
//  4. it is a bare token, key or signature whose description says it is a credential (an
//     API key, an access or auth token, a secret, credentials, authentication): a bare
//     token is as often an invite, lock, upload or package token as a key is a cache key;
//  5. its format is password and its name is one word that names a secret (password,
//     secret, key, token, credential, passphrase, assertion, authentication...): AWS marks
//     every sensitive value format: password (an email, an ARN, a search query, a page
//     token, the new password of ChangePassword, the private key of
//     UploadServerCertificate), and a masked input is not a credential unless the name
//     says it is one.
//
// Rules 4 and 5 never take a token or key that the name or the description says pages,
// continues, syncs or makes a call idempotent (notACredential). Rules 2 to 5 never take a
// parameter named like a field of the operation's own successful response: that filters
// the resources listed by one of their fields (NetBox's FHRP groups by auth_key, an API's
// keys by api_key), it is data. Cookies are not read.

var (
	// credentialTerms are the two-word names of a credential (words joined by "_").
	credentialTerms = map[string]bool{
		"api_key": true, "api_token": true, "api_secret": true, "api_username": true, "api_user": true,
		"access_token": true, "access_key": true, "auth_token": true, "auth_key": true,
		"auth_secret": true, "auth_signature": true, "bearer_token": true, "client_secret": true,
		"consumer_key": true, "consumer_secret": true, "token_secret": true, "session_token": true,
		"security_token": true, "subscription_key": true, "private_token": true, "secret_key": true,
		"app_key": true, "app_token": true, "app_secret": true, "dev_token": true,
		"developer_token": true, "developer_key": true, "user_token": true, "oauth_token": true,
		"oauth_signature": true,
	}
	// credentialWords are the one-word names of a credential.
	credentialWords = map[string]bool{
		"authorization": true, "auth": true, "apikey": true, "secret": true, "password": true,
		"passwd": true, "credential": true, "credentials": true,
	}
	// headerLastWords end a vendor-prefixed header that carries a credential.
	headerLastWords = map[string]bool{"apikey": true, "secret": true, "password": true, "passwd": true, "credential": true, "credentials": true}
	// secretLastWords end a format: password name that is a secret.
	secretLastWords = map[string]bool{
		"password": true, "passwd": true, "passphrase": true, "secret": true, "key": true,
		"token": true, "credential": true, "credentials": true, "apikey": true,
		"assertion": true, "authentication": true, "authorization": true,
	}

	// describesCredential reads a description that says the value is a credential.
	describesCredential = regexp.MustCompile(`(?i)\b(?:api[ _-]?(?:key|token|secret)|access[ _-](?:token|key)|auth(?:entication|orization)?[ _-](?:token|key|signature)|bearer|secret|credentials?|(?:application|app|developer|subscription|private|personal|session)[ _-](?:key|token)|authenticat\w*)\b`)
	// notACredential reads a token that pages, continues, syncs or makes a call idempotent
	// ("the account page" is no page token).
	notACredential = regexp.MustCompile(`(?i)\b(?:page (?:token|of|number)|paging|paginat\w*|cursor|continu\w*|next|previous|sync|idempoten\w*|offset)\b`)
)

// words cuts a parameter name into lower-case words: at every character that is not a
// letter or a digit, and where case changes (accessToken, APIKey → api key).
func words(name string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			out = append(out, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	rs := []rune(name)
	for i, r := range rs {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			flush()
			continue
		}
		if unicode.IsUpper(r) && len(cur) > 0 {
			prev := cur[len(cur)-1]
			nextLower := i+1 < len(rs) && unicode.IsLower(rs[i+1])
			if unicode.IsLower(prev) || unicode.IsDigit(prev) || (unicode.IsUpper(prev) && nextLower) {
				flush()
			}
		}
		cur = append(cur, r)
	}
	flush()
	return out
}

// apiKeyParams are the parameters the spec's apiKey security schemes name, keyed by
// location and lower-case name.
func (s *rawSpec) apiKeyParams() map[string]bool {
	out := map[string]bool{}
	comps, _ := s.root["components"].(map[string]any)
	schemes, _ := comps["securitySchemes"].(map[string]any)
	for _, raw := range schemes {
		sc, _ := s.resolve(raw)
		if t, _ := sc["type"].(string); t != "apiKey" {
			continue
		}
		in, _ := sc["in"].(string)
		name, _ := sc["name"].(string)
		out[in+"\x00"+strings.ToLower(name)] = true
	}
	return out
}

// credentialLike tells a header or query parameter that carries a credential, and by
// which rule (empty when it does not): "security scheme", "name", "description" or
// "format: password". responseFields gives the operation's response fields, read only
// when a name rule matched.
func credentialLike(p rawParam, apiKeys map[string]bool, responseFields func() map[string]bool) string {
	if p.In != "header" && p.In != "query" {
		return ""
	}
	if !admitsString(p.Schema) {
		return ""
	}
	if apiKeys[p.In+"\x00"+strings.ToLower(p.Name)] {
		return "security scheme"
	}
	why := credentialByName(p)
	if why != "" && responseFields()[p.Name] {
		return ""
	}
	return why
}

// credentialByName applies rules 2 to 5.
func credentialByName(p rawParam) string {
	w := words(p.Name)
	if len(w) > 1 && w[0] == "x" || len(w) > 2 && w[0] == "oauth" {
		w = w[1:]
	}
	if len(w) == 0 {
		return ""
	}
	joined := strings.Join(w, "_")
	last := w[len(w)-1]
	lastTwo := ""
	if len(w) > 1 {
		lastTwo = w[len(w)-2] + "_" + last
	}
	if credentialWords[joined] || credentialTerms[joined] {
		return "name"
	}
	if p.In == "header" && (credentialTerms[lastTwo] || headerLastWords[last]) {
		return "name"
	}
	other := notACredential.MatchString(strings.Join(w, " ")) || notACredential.MatchString(p.Description)
	if (joined == "token" || joined == "key" || joined == "signature") && !other && describesCredential.MatchString(p.Description) {
		return "description"
	}
	if f, _ := p.Schema["format"].(string); f == "password" && len(w) == 1 && secretLastWords[last] && !other {
		return "format: password"
	}
	return ""
}

// admitsString tells a schema that allows a string value: no type, or string among them.
func admitsString(schema map[string]any) bool {
	switch t := schema["type"].(type) {
	case nil:
		return true
	case string:
		return t == "string"
	case []any:
		for _, x := range t {
			if x == "string" {
				return true
			}
		}
		return false
	}
	return true
}

// responseFields are the property names of an operation's successful JSON responses, a
// few levels deep (through items, properties and compositions).
func (s *rawSpec) responseFields(o rawOp) map[string]bool {
	out := map[string]bool{}
	responses, _ := o.op["responses"].(map[string]any)
	for code, raw := range responses {
		if !strings.HasPrefix(code, "2") {
			continue
		}
		r, _ := s.resolve(raw)
		content, _ := r["content"].(map[string]any)
		for ct, mtRaw := range content {
			if mediaRank(ct) < 0 {
				continue
			}
			mt, _ := s.resolve(mtRaw)
			s.collectFields(mt["schema"], out, 0)
		}
	}
	return out
}

func (s *rawSpec) collectFields(v any, out map[string]bool, depth int) {
	m, _ := s.resolve(v)
	if m == nil || depth > 4 {
		return
	}
	props, _ := m["properties"].(map[string]any)
	for name, sub := range props {
		out[name] = true
		s.collectFields(sub, out, depth+1)
	}
	s.collectFields(m["items"], out, depth+1)
	for _, key := range []string{"allOf", "oneOf", "anyOf"} {
		for _, part := range anyList(m[key]) {
			s.collectFields(part, out, depth+1)
		}
	}
}

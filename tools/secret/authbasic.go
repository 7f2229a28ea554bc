package secret

import (
	"encoding/base64"
	"github.com/askapi/askapi/tools"
	"strings"
	"unicode/utf8"
)

// BasicCredential is the value after "Basic ": "user:password" is encoded; a value that is
// already the base64 of "user:password" is sent as given; any other value is a key that
// APIs such as Stripe take as the user name with an empty password ("sk_test_…:").
func BasicCredential(secret string) string {
	if strings.Contains(secret, ":") {
		return base64.StdEncoding.EncodeToString([]byte(secret))
	}
	if encodedBasic(secret) {
		return secret
	}
	return base64.StdEncoding.EncodeToString([]byte(secret + ":"))
}

// encodedBasic reports a value that is the base64 of "user:password" already.
func encodedBasic(v string) bool {
	dec, err := base64.StdEncoding.DecodeString(strings.TrimSpace(v))
	return err == nil && !strings.Contains(v, ":") && utf8.Valid(dec) && strings.Contains(string(dec), ":")
}

// preferBearer picks, among the requirements a configuration meets (in the spec's order),
// the one a shared key should go through. A spec that offers Basic and Bearer both
// (Stripe lists basicAuth first) is sent the key as a Bearer token: a key is a token, and
// every API that offers Bearer takes one there. A Basic scheme keeps its turn when its
// secret came from its own variable or is a "user:password" pair.
func preferBearer(met []tools.SecurityRequirement, schemes map[string]*tools.SecurityScheme, cred Credentials) tools.SecurityRequirement {
	for _, r := range met {
		if !sharedKeyAsBasic(r, schemes, cred) {
			return r
		}
	}
	return met[0]
}

// sharedKeyAsBasic reports a requirement that would send the shared key (ASKAPI_API_KEY),
// a bare key, as Basic credentials.
func sharedKeyAsBasic(r tools.SecurityRequirement, schemes map[string]*tools.SecurityScheme, cred Credentials) bool {
	for name := range r {
		s := schemes[name]
		if s == nil || s.Type != "http" || s.Scheme != "basic" {
			continue
		}
		v := cred.Schemes[name]
		if cred.Sources[name] == GenericAuthEnvVar && !strings.Contains(v, ":") && !encodedBasic(v) {
			return true
		}
	}
	return false
}

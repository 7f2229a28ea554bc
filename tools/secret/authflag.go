package secret

import (
	"fmt"
	"github.com/askapi/askapi/tools"
	"strings"
)

// FlagScheme names the security scheme --auth adds; its secret is ASKAPI_API_KEY (or
// ASKAPI_AUTH_AUTH).
const FlagScheme = "auth"

// ParseAuthFlag reads --auth: bearer, basic, header:NAME or query:NAME, the way a key
// goes where the spec declares no security scheme (GitHub's REST description); or oauth2,
// tokens from --oauth2-token-url.
func ParseAuthFlag(v string) (*tools.SecurityScheme, error) {
	kind, name, _ := strings.Cut(strings.TrimSpace(v), ":")
	name = strings.TrimSpace(name)
	s := &tools.SecurityScheme{Name: FlagScheme}
	switch strings.ToLower(kind) {
	case "bearer", "basic":
		if name != "" {
			return nil, fmt.Errorf("--auth %s takes no name", kind)
		}
		s.Type, s.Scheme = "http", strings.ToLower(kind)
	case "oauth2":
		if name != "" {
			return nil, fmt.Errorf("--auth oauth2 takes no name: the token URL is --oauth2-token-url")
		}
		s.Type = "oauth2"
	case "header", "query":
		if name == "" || strings.ContainsAny(name, " \t\r\n:") {
			return nil, fmt.Errorf("--auth %s:NAME needs the %s's name (--auth %s:X-API-Key)", kind, kind, kind)
		}
		s.Type, s.In, s.ParamName = "apiKey", strings.ToLower(kind), name
	default:
		return nil, fmt.Errorf("--auth %q: want bearer, basic, header:NAME, query:NAME or oauth2", v)
	}
	return s, nil
}

// WithFlagAuth returns a copy of cat in which every operation that no supported scheme
// secures requires s: --auth says how the key goes where the spec is silent, and leaves
// alone what the spec declares.
func WithFlagAuth(cat *tools.Catalog, s *tools.SecurityScheme) *tools.Catalog {
	out := cat.Clone().Spec()
	out.SecuritySchemes = make(map[string]*tools.SecurityScheme, len(cat.SecuritySchemes())+1)
	for k, v := range cat.SecuritySchemes() {
		out.SecuritySchemes[k] = v
	}
	out.SecuritySchemes[FlagScheme] = s
	flagged := []tools.SecurityRequirement{{FlagScheme: nil}}
	for _, op := range out.Operations {
		if !securedBySpec(securityFor(cat, op), cat.SecuritySchemes()) {
			op.Security = flagged
		}
	}
	if !securedBySpec(cat.Security(), cat.SecuritySchemes()) {
		out.Security = flagged
	}
	return out.Build()
}

// securedBySpec reports requirements of which one names a scheme askapi can send.
func securedBySpec(reqs []tools.SecurityRequirement, schemes map[string]*tools.SecurityScheme) bool {
	for _, r := range reqs {
		for name := range r {
			if s := schemes[name]; s != nil && supportedScheme(s) {
				return true
			}
		}
	}
	return false
}

// DeclaresAuth reports whether the spec declares any security scheme askapi can send.
func DeclaresAuth(cat *tools.Catalog) bool {
	for _, s := range cat.SecuritySchemes() {
		if supportedScheme(s) {
			return true
		}
	}
	return false
}

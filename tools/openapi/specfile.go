package openapi

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

var (
	specJSONKey = regexp.MustCompile(`"(?:openapi|swagger)"\s*:`)
	specYAMLKey = regexp.MustCompile(`(?m)^["']?(?:openapi|swagger)["']?\s*:`)
)

// LooksLikeSpec tells a spec file from the rest of a directory (_index.js, package.json,
// README.md) by its extension and its top-level openapi or swagger key.
func LooksLikeSpec(path string) bool {
	ext := strings.ToLower(filepath.Ext(path))
	if ext != ".json" && ext != ".yaml" && ext != ".yml" {
		return false
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return true // unreadable: let the loader say why
	}
	if ext == ".json" {
		return specJSONKey.Match(data)
	}
	return specYAMLKey.Match(data)
}

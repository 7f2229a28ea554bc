// Package reverse completes calls backwards from the goal (the Reverse Chain rule): for
// each required argument of the final operation, take it from what was given, else from
// a producer operation's output, else ask. It holds the dependency graph between
// operations, the planner and the resolver that runs safe producers.
package reverse

import (
	"encoding/json"
	"regexp"
	"strings"
	"unicode"

	"github.com/askapi/askapi/tools"
)

// idSuffix finds "<thing>_id", "<thing>-id", "<thing>Id" and "<thing>ID"; a lower-case
// "id" must follow a separator, so words that merely end in "id" (paid, android, grid)
// are not identifiers.
var idSuffix = regexp.MustCompile(`^(.+?)(?:[_.-](?:id|ID|Id)|ID|Id)$`)

// Resource returns the thing an identifier parameter names: person_id → "person",
// silenceID → "silence", {id} under /artists → "artist". ok is false for parameters that
// are not identifiers.
func Resource(op *tools.Operation, p *tools.Param) (string, bool) {
	if p.In != "path" && p.In != "query" {
		return "", false
	}
	if t := tools.SchemaType(p.Schema); t != "" && t != "string" && t != "integer" && t != "number" {
		return "", false
	}
	if strings.EqualFold(p.Name, "id") {
		seg := segmentBefore(op.Path, "{"+p.Name+"}")
		if seg == "" {
			return "", false
		}
		return Singular(seg), true
	}
	m := idSuffix.FindStringSubmatch(p.Name)
	if m == nil {
		return "", false
	}
	return Singular(words(m[1])), true
}

// segmentBefore finds the static path segment just before a template.
func segmentBefore(path, template string) string {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i, s := range segs {
		if s == template {
			for j := i - 1; j >= 0; j-- {
				if !strings.HasPrefix(segs[j], "{") {
					return strings.ToLower(segs[j])
				}
			}
		}
	}
	return ""
}

// words lower-cases and joins camelCase or snake_case parts with underscores.
func words(s string) string {
	var b strings.Builder
	for i, r := range s {
		if r == '-' || r == ' ' || r == '.' {
			r = '_'
		}
		if unicode.IsUpper(r) && i > 0 && !strings.HasSuffix(b.String(), "_") {
			b.WriteByte('_')
		}
		b.WriteRune(unicode.ToLower(r))
	}
	return strings.Trim(b.String(), "_")
}

var irregularPlural = map[string]string{"people": "person", "children": "child", "men": "man", "women": "woman", "series": "series", "news": "news",
	// Nouns ending in -ie, which the -ies → -y rule would break (movies → movy).
	"movies": "movie", "cookies": "cookie", "zombies": "zombie", "calories": "calorie", "rookies": "rookie",
	"selfies": "selfie", "hoodies": "hoodie", "species": "species"}

// Singular turns a path segment or field name into the singular resource noun.
func Singular(s string) string {
	s = strings.ToLower(s)
	if v, ok := irregularPlural[s]; ok {
		return v
	}
	switch {
	case strings.HasSuffix(s, "ies") && len(s) > 4:
		return s[:len(s)-3] + "y"
	case strings.HasSuffix(s, "sses"), strings.HasSuffix(s, "xes"), strings.HasSuffix(s, "ches"), strings.HasSuffix(s, "shes"):
		return s[:len(s)-2]
	case strings.HasSuffix(s, "ss"), strings.HasSuffix(s, "us"):
		return s
	case strings.HasSuffix(s, "s") && len(s) > 3:
		return s[:len(s)-1]
	}
	return s
}

// Display is how a question names a resource: "tv" reads as "TV show".
func Display(resource string) string {
	switch resource {
	case "tv":
		return "TV show"
	}
	return strings.ReplaceAll(resource, "_", " ")
}

var (
	uuidPattern    = regexp.MustCompile(`^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$`)
	digitsPattern  = regexp.MustCompile(`^[0-9]+$`)
	hexPattern     = regexp.MustCompile(`^[0-9a-fA-F]{8,}$`)
	tokenPattern   = regexp.MustCompile(`^[A-Za-z0-9_:.-]+$`)
	hasDigit       = regexp.MustCompile(`[0-9]`)
	hasUpperLetter = regexp.MustCompile(`[A-Z]`)
)

// LooksLikeID reports whether v reads as an identifier of the parameter's declared type
// and format rather than a name a person would say. A name goes through a producer; an
// id is used as given.
func LooksLikeID(v any, schema map[string]any) bool {
	switch x := v.(type) {
	case float64, int, int64, json.Number:
		return true
	case string:
		s := strings.TrimSpace(x)
		if s == "" {
			return false
		}
		typ := tools.SchemaType(schema)
		format, _ := schema["format"].(string)
		switch {
		case typ == "integer" || typ == "number":
			return digitsPattern.MatchString(s)
		case format == "uuid":
			return uuidPattern.MatchString(s)
		}
		if pattern, _ := schema["pattern"].(string); pattern != "" {
			if re, err := regexp.Compile(pattern); err == nil {
				return re.MatchString(s)
			}
		}
		if strings.ContainsAny(s, " \t") || !tokenPattern.MatchString(s) {
			return false
		}
		// Opaque ids mix digits with letters (Spotify's base62, hashes, uuids); a single
		// word without digits is far more likely a name, and so is a short one with a
		// digit (U2, M83, 2Pac).
		return uuidPattern.MatchString(s) || digitsPattern.MatchString(s) || hexPattern.MatchString(s) ||
			(hasDigit.MatchString(s) && (len(s) >= 12 || (hasUpperLetter.MatchString(s) && len(s) >= 6)))
	}
	return false
}

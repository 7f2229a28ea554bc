package tools

import (
	"crypto/sha1"
	"encoding/hex"
	"regexp"
	"strings"
)

// MaxToolName is the longest tool name askapi emits; several clients reject longer ones.
const MaxToolName = 64

var (
	validToolName = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)
	invalidRun    = regexp.MustCompile(`[^A-Za-z0-9_.-]+`)
)

// ValidToolName reports whether s is usable as an MCP tool name.
func ValidToolName(s string) bool { return validToolName.MatchString(s) }

// baseToolName picks the readable name of an operation before collisions are settled:
// its operationId when valid, the operationId cleaned up when not, else a name made
// from the method and path.
func baseToolName(operationID, method, path string) string {
	if ValidToolName(operationID) {
		return operationID
	}
	if operationID != "" {
		if n := shorten(strings.Trim(invalidRun.ReplaceAllString(operationID, "_"), "_")); n != "" {
			return n
		}
	}
	return shorten(nameFromPath(method, path))
}

// nameFromPath makes "get_person_movie_credits" from GET /person/{person_id}/movie_credits,
// and "get_person_by_person_id" from GET /person/{person_id}, so a list and an item of the
// same resource do not collide.
func nameFromPath(method, path string) string {
	words := []string{strings.ToLower(method)}
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i, seg := range segs {
		if seg == "" {
			continue
		}
		if strings.HasPrefix(seg, "{") && strings.HasSuffix(seg, "}") {
			if i == len(segs)-1 {
				words = append(words, "by", strings.Trim(seg, "{}"))
			}
			continue
		}
		words = append(words, seg)
	}
	n := invalidRun.ReplaceAllString(strings.Join(words, "_"), "_")
	n = strings.Trim(n, "_")
	if n == "" {
		n = strings.ToLower(method)
	}
	return n
}

// shorten trims a name to MaxToolName at a word boundary: whole words read better than a
// name cut mid-word, and the collision pass adds a suffix if the cut made two names equal.
func shorten(n string) string {
	if len(n) <= MaxToolName {
		return n
	}
	cut := n[:MaxToolName]
	if i := strings.LastIndexAny(cut, "_-."); i >= MaxToolName/2 {
		cut = cut[:i]
	}
	return strings.TrimRight(cut, "_-.")
}

// withSuffix appends a short hash of the operation's key, so a colliding name is stable
// whatever order the spec lists operations in.
func withSuffix(name, key string) string {
	sum := sha1.Sum([]byte(key))
	suffix := "_" + hex.EncodeToString(sum[:])[:6]
	if len(name)+len(suffix) > MaxToolName {
		name = strings.TrimRight(name[:MaxToolName-len(suffix)], "_-.")
	}
	return name + suffix
}

// assignNames gives every operation a unique tool name. An operation whose valid
// operationId is its name keeps it; every other member of a collision gets a hash suffix.
func assignNames(ops []*Operation) {
	groups := map[string][]*Operation{}
	for _, op := range ops {
		op.Name = baseToolName(op.OperationID, op.Method, op.Path)
		groups[op.Name] = append(groups[op.Name], op)
	}
	taken := map[string]bool{}
	for _, op := range ops {
		if len(groups[op.Name]) == 1 {
			taken[op.Name] = true
		}
	}
	for name, group := range groups {
		if len(group) < 2 {
			continue
		}
		owner := -1
		for i, op := range group {
			if op.OperationID == name {
				owner = i
				break
			}
		}
		for i, op := range group {
			if i == owner {
				taken[name] = true
				continue
			}
			n := withSuffix(name, op.Key())
			for taken[n] {
				n = withSuffix(n, op.Key())
			}
			op.Name = n
			taken[n] = true
		}
	}
}

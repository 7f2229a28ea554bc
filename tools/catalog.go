package tools

import (
	"slices"
	"strings"
)

// MethodOrder lists methods in the order tools are emitted within one path.
var MethodOrder = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"}

// BodyTypes are the request media types askapi can send, best first.
var BodyTypes = []string{"application/json", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain"}

func MediaBase(ct string) string {
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	return strings.ToLower(strings.TrimSpace(ct))
}

func IsObjectSchema(s map[string]any) bool {
	switch t := s["type"].(type) {
	case nil:
		return true
	case string:
		return t == "object"
	case []string:
		return slices.Contains(t, "object") && !slices.Contains(t, "array")
	}
	return false
}

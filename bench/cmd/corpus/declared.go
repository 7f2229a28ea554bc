package main

import (
	"encoding/json"
	"os"
	"strings"
)

// declaresOperations reports whether a spec file declares at least one operation: a path
// item with an HTTP method. It is read by the harness itself, apart from askapi, so that a
// spec askapi wrongly reads as empty counts as a failure. A file that is not JSON (or not
// readable) is taken to declare some, so it can only be counted as a failure.
func declaresOperations(path string) bool {
	data, err := os.ReadFile(path)
	if err != nil {
		return true
	}
	var doc struct {
		Paths map[string]json.RawMessage `json:"paths"`
	}
	if json.Unmarshal(data, &doc) != nil {
		return true
	}
	for key, raw := range doc.Paths {
		if strings.HasPrefix(key, "x-") {
			continue
		}
		var item map[string]json.RawMessage
		if json.Unmarshal(raw, &item) != nil {
			return true
		}
		if _, isRef := item["$ref"]; isRef {
			return true
		}
		for _, m := range []string{"get", "put", "post", "delete", "options", "head", "patch", "trace", "query"} {
			if _, ok := item[m]; ok {
				return true
			}
		}
	}
	return false
}

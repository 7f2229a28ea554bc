package pipeline

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/askapi/askapi/clarify"
)

// A continuation carries the arguments gathered so far, sealed, and comes back twice in
// an answer (the envelope and its text). It carries at most sealLimit of them: past that
// the largest values are left out, the answer says which, and the caller gives them
// again with the answers. A confirmation then binds the request they make again, so a
// value given differently is asked about again rather than sent.

// sealLimit bounds the arguments a continuation carries, in encoded bytes (about).
const sealLimit = 16 << 10

// sealable returns args without its largest values while they weigh over sealLimit, and
// the names of those left out (sorted); args itself when it fits.
func sealable(args map[string]any) (map[string]any, []string) {
	sizes := map[string]int{}
	total := 0
	for k, v := range args {
		sizes[k] = approxSize(v)
		total += sizes[k]
	}
	if total <= sealLimit {
		return args, nil
	}
	names := make([]string, 0, len(args))
	for k := range args {
		names = append(names, k)
	}
	sort.Slice(names, func(i, j int) bool { return sizes[names[i]] > sizes[names[j]] })
	kept := make(map[string]any, len(args))
	for k, v := range args {
		kept[k] = v
	}
	var left []string
	for _, k := range names {
		if total <= sealLimit {
			break
		}
		delete(kept, k)
		total -= sizes[k]
		left = append(left, k)
	}
	sort.Strings(left)
	return kept, left
}

// leftOutNote says which values the continuation does not carry.
func leftOutNote(args map[string]any, left []string) string {
	parts := make([]string, len(left))
	for i, k := range left {
		parts[i] = fmt.Sprintf("%s (%d bytes)", k, approxSize(args[k]))
	}
	them := "them"
	if len(left) == 1 {
		them = "it"
	}
	return fmt.Sprintf("the continuation does not carry %s: give %s again with the answers", strings.Join(parts, ", "), them)
}

// approxSize is about the length of v's JSON: strings count their bytes, not escapes.
func approxSize(v any) int {
	switch x := v.(type) {
	case nil:
		return 4
	case string:
		return len(x) + 2
	case json.Number:
		return len(x)
	case bool:
		return 5
	case map[string]any:
		n := 2
		for k, e := range x {
			n += len(k) + 4 + approxSize(e)
		}
		return n
	case []any:
		n := 2
		for _, e := range x {
			n += 1 + approxSize(e)
		}
		return n
	}
	return len(clarify.ValueText(v))
}

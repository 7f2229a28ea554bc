package clarify

import (
	"fmt"
	"sort"
	"strings"

	"github.com/askapi/askapi/tools"
)

// unknownArgs questions arguments the operation does not have. Dropping them silently
// would send a different request from the one the assistant meant (a filter the user
// asked for, lost), so each is asked about, with the closest real name as a hint.
func unknownArgs(op *tools.Operation, args map[string]any) []Question {
	props, _ := op.InputSchema["properties"].(map[string]any)
	var names []string
	for k := range args {
		if _, ok := props[k]; ok || strings.HasPrefix(k, "_") {
			continue
		}
		names = append(names, k)
	}
	sort.Strings(names)
	var qs []Question
	for _, k := range names {
		q := Question{
			Field:  k,
			Kind:   Invalid,
			Reason: fmt.Sprintf("%s has no argument named %q; it would not be sent", op.Key(), k),
		}
		if near := closest(k, props); near != "" {
			q.Question = fmt.Sprintf("%q is not something this operation takes; did you mean %q?", k, near)
			q.Options = []Option{{Value: near, Label: near}}
		} else {
			q.Question = fmt.Sprintf("%q is not something this operation takes. Should it be left out?", k)
		}
		qs = append(qs, q)
	}
	return qs
}

// closest finds the argument whose name differs least, ignoring case and separators.
func closest(name string, props map[string]any) string {
	key := func(s string) string {
		return strings.NewReplacer("_", "", "-", "", ".", "").Replace(strings.ToLower(s))
	}
	want := key(name)
	best, bestDist := "", 3
	for p := range props {
		if strings.HasPrefix(p, "_") {
			continue
		}
		if d := distance(want, key(p)); d < bestDist || (d == bestDist && p < best) {
			best, bestDist = p, d
		}
	}
	return best
}

// distance is the Levenshtein distance between a and b.
func distance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

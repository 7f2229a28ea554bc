package clarify

import (
	"fmt"
	"sort"
	"strings"

	"github.com/agnivade/levenshtein"
	"github.com/askapi/askapi/tools"
)

// UnknownArgs says which arguments the operation does not take, for the assistant: an
// Accept or Content-Type header askapi sets itself, a misspelt name. Dropping them
// silently would send another request than the one meant (a filter the person asked for,
// lost); asking the person would ask them about the assistant's mistake. The message
// names each, with the closest real name, and the arguments the tool takes; "" when
// every argument is known.
func UnknownArgs(op *tools.Operation, args map[string]any) (names []string, message string) {
	props, _ := op.InputSchema["properties"].(map[string]any)
	for k := range args {
		if _, ok := props[k]; ok || strings.HasPrefix(k, "_") {
			continue
		}
		names = append(names, k)
	}
	if len(names) == 0 {
		return nil, ""
	}
	sort.Strings(names)
	var parts []string
	for _, k := range names {
		part := fmt.Sprintf("%q", k)
		if near := closest(k, props); near != "" {
			part += fmt.Sprintf(" (did you mean %q?)", near)
		}
		parts = append(parts, part)
	}
	var takes []string
	for k := range props {
		if !strings.HasPrefix(k, "_") {
			takes = append(takes, k)
		}
	}
	sort.Strings(takes)
	message = fmt.Sprintf("%s does not take %s. It takes: %s. Headers such as Accept, Content-Type and Authorization are set by askapi. Call it again with only those arguments; nothing was sent.",
		op.Key(), strings.Join(parts, ", "), strings.Join(takes, ", "))
	if len(takes) == 0 {
		message = fmt.Sprintf("%s takes no arguments, and was given %s. Call it again without them; nothing was sent.", op.Key(), strings.Join(parts, ", "))
	}
	return names, message
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
		if d := levenshtein.ComputeDistance(want, key(p)); d < bestDist || (d == bestDist && p < best) {
			best, bestDist = p, d
		}
	}
	return best
}

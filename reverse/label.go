package reverse

import (
	"fmt"
	"sort"
	"strings"
)

// primaryFields name an item the way a person would, best first.
var primaryFields = []string{"name", "title", "original_title", "original_name", "display_name", "full_name", "login", "label", "username", "comment", "summary", "description"}

// detailFields describe a record in a word or two: who someone is, where something belongs.
var detailFields = []string{"role", "job", "department", "team", "occupation", "position", "company", "organization", "city", "country", "location", "category", "kind"}

// Primary returns the name of an item, or "".
func Primary(item map[string]any) string {
	for _, f := range primaryFields {
		if s, ok := item[f].(string); ok && strings.TrimSpace(s) != "" {
			return clip(strings.TrimSpace(s), 60)
		}
	}
	return ""
}

// Label describes an item so a person can choose it: "Jennifer Lawrence — Acting, The
// Hunger Games"; "Pulp Fiction (1994)"; "rack 4 disk swap — alertname=DiskFull, active".
func Label(item map[string]any, id any) string {
	primary := Primary(item)
	if y := year(item); y != "" && primary != "" {
		primary += " (" + y + ")"
	}
	var details []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" && len(details) < 4 && !strings.EqualFold(s, primary) {
			details = append(details, clip(s, 40))
		}
	}
	if s, ok := item["known_for_department"].(string); ok {
		add(s)
	}
	add(knownFor(item))
	add(matchers(item))
	if st, ok := item["status"].(map[string]any); ok {
		if s, ok := st["state"].(string); ok {
			add(s)
		}
	} else if s, ok := item["status"].(string); ok {
		add(s)
	}
	if s, ok := item["createdBy"].(string); ok {
		add("by " + s)
	}
	if s, ok := item["endsAt"].(string); ok && len(s) >= 10 {
		add("until " + s[:10])
	}
	if s := artists(item); s != "" {
		add(s)
	}
	// Generic descriptive fields tell apart records with the same name (two Sams).
	for _, f := range detailFields {
		if v, ok := item[f].(string); ok {
			add(v)
		}
	}
	if s, ok := item["type"].(string); ok && primary != "" {
		add(s)
	}
	if primary == "" {
		primary = fmt.Sprint(id)
	} else {
		details = append(details, fmt.Sprintf("id %v", id))
	}
	if len(details) == 0 {
		return primary
	}
	return primary + " — " + strings.Join(details, ", ")
}

func year(item map[string]any) string {
	for _, f := range []string{"release_date", "first_air_date", "air_date", "birthday"} {
		if s, ok := item[f].(string); ok && len(s) >= 4 {
			return s[:4]
		}
	}
	return ""
}

func knownFor(item map[string]any) string {
	list, ok := item["known_for"].([]any)
	if !ok {
		return ""
	}
	var titles []string
	for _, k := range list {
		if m, ok := k.(map[string]any); ok {
			if t := Primary(m); t != "" {
				titles = append(titles, t)
			}
		}
		if len(titles) == 2 {
			break
		}
	}
	return strings.Join(titles, ", ")
}

func matchers(item map[string]any) string {
	list, ok := item["matchers"].([]any)
	if !ok {
		return ""
	}
	var parts []string
	for _, m := range list {
		mm, ok := m.(map[string]any)
		if !ok {
			continue
		}
		op := "="
		if r, _ := mm["isRegex"].(bool); r {
			op = "=~"
		}
		if eq, ok := mm["isEqual"].(bool); ok && !eq {
			op = "!" + strings.TrimPrefix(op, "=")
			if op == "!" {
				op = "!="
			}
		}
		parts = append(parts, fmt.Sprintf("%v%s%v", mm["name"], op, mm["value"]))
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

func artists(item map[string]any) string {
	list, ok := item["artists"].([]any)
	if !ok || len(list) == 0 {
		return ""
	}
	if m, ok := list[0].(map[string]any); ok {
		if s, ok := m["name"].(string); ok {
			return "by " + s
		}
	}
	return ""
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.TrimSpace(s[:n]) + "…"
}

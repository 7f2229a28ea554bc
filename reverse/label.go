package reverse

import (
	"fmt"
	"regexp"
	"sort"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools/upstream"
)

// Labels are read off an item by what its fields are, never by one API's field names:
// a label field names it, descriptive fields tell two of the same name apart, lists of
// named things say what it is known for, a date gives a year.

// PrimaryFields name an item the way a person would, best first.
var PrimaryFields = []string{"name", "title", "original_title", "original_name", "display_name", "displayName", "full_name", "fullName", "friendly_name", "friendlyName", "unique_name", "uniqueName",
	"login", "label", "username", "screen_name", "subject", "comment", "summary", "email", "slug", "handle", "description", "text"}

// detailWords end a field name that describes a record in a word or two: who someone is,
// where something belongs.
var detailWords = map[string]bool{"role": true, "job": true, "department": true, "team": true, "occupation": true, "position": true,
	"company": true, "organization": true, "city": true, "country": true, "location": true, "category": true, "kind": true, "genre": true}

// byWords name who made or owns a record: "by dana".
var byWords = map[string]bool{"author": true, "creator": true, "owner": true, "created_by": true, "artist": true, "composer": true, "publisher": true}

// untilWords start a field whose date is when a record ends.
var untilWords = map[string]bool{"end": true, "ends": true, "expire": true, "expires": true, "expiry": true, "until": true, "due": true, "deadline": true}

// metaWords start a field whose date is about the record, not the thing.
var metaWords = map[string]bool{"created": true, "updated": true, "modified": true, "deleted": true, "last": true, "start": true, "starts": true, "synced": true, "indexed": true}

var datePrefix = regexp.MustCompile(`^\d{4}-\d{2}-\d{2}`)

// Primary returns the name of an item, or "": its own, or that of the one nested object
// that holds its identity (metadata, attributes).
func Primary(item map[string]any) string {
	if s, ok := item[StringField].(string); ok && len(item) == 1 {
		return clip(strings.TrimSpace(s), 60) // an item of a list of plain strings
	}
	for _, f := range PrimaryFields {
		if s, ok := item[f].(string); ok && strings.TrimSpace(s) != "" {
			return clip(strings.TrimSpace(s), 60)
		}
	}
	if spelt := speltOtherwise(item); spelt != nil {
		// Name, DisplayName: the same fields in another API's case.
		for _, f := range PrimaryFields {
			if s, ok := item[spelt[compact(f)]].(string); ok && strings.TrimSpace(s) != "" {
				return clip(strings.TrimSpace(s), 60)
			}
		}
	}
	for _, k := range upstream.SortedKeys(item) {
		if sub, ok := item[k].(map[string]any); ok && k != "status" && k != "state" {
			for _, f := range PrimaryFields[:8] {
				if s, ok := sub[f].(string); ok && strings.TrimSpace(s) != "" {
					return clip(strings.TrimSpace(s), 60)
				}
			}
		}
	}
	return ""
}

// personalNames pair the fields a person's name is kept in apart: given, then family.
var personalNames = [][2]string{{"firstName", "lastName"}, {"first_name", "last_name"}, {"givenName", "familyName"},
	{"given_name", "family_name"}, {"firstname", "lastname"}, {"forename", "surname"}}

// CalledBy reports whether an item is called want (a name as Normal leaves it) by any
// of its names: a label field (name, title, username…) or a person's given and family
// names together.
func CalledBy(item map[string]any, want string) bool {
	spelt := speltOtherwise(item)
	for _, f := range PrimaryFields {
		if s, ok := item[f].(string); ok && lexicon.Normal(s) == want && want != "" {
			return true
		}
		if s, ok := item[spelt[compact(f)]].(string); ok && spelt != nil && lexicon.Normal(s) == want && want != "" {
			return true
		}
	}
	for _, pair := range personalNames {
		given, _ := item[pair[0]].(string)
		family, _ := item[pair[1]].(string)
		if given != "" && family != "" && lexicon.Normal(given+" "+family) == want {
			return true
		}
	}
	return false
}

// Label describes an item so a person can choose it: "Jennifer Lawrence — Acting, The
// Hunger Games"; "Pulp Fiction (1994)"; "rack 4 disk swap — alertname=DiskFull, active".
func Label(item map[string]any, id any) string {
	primary, details := labelParts(item)
	return joinLabel(primary, details, id)
}

// joinLabel puts a label together: its name, what describes it, its id last.
func joinLabel(primary string, details []string, id any) string {
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

// labelParts reads an item's name and the few details that describe it, without its id.
func labelParts(item map[string]any) (string, []string) {
	primary := Primary(item)
	keys := upstream.SortedKeys(item)
	if y := year(item, keys); y != "" && primary != "" {
		primary += " (" + y + ")"
	}
	var details []string
	add := func(s string) {
		if s = strings.TrimSpace(s); s != "" && len(details) < 4 && !strings.EqualFold(s, primary) {
			details = append(details, clip(s, 40))
		}
	}
	// Descriptive fields tell apart records with the same name (two Sams).
	for _, k := range keys {
		if s, ok := item[k].(string); ok && detailWords[lastWord(lexicon.SnakeCase(k))] && len(s) <= 40 {
			add(s)
		}
	}
	// Lists of named things: what it is known for, who made it.
	for _, k := range keys {
		if list, ok := item[k].([]any); ok {
			if names := namedList(list); names != "" {
				if byWords[lexicon.Singular(lastWord(lexicon.SnakeCase(k)))] {
					names = "by " + names
				}
				add(names)
			} else {
				add(pairs(list))
			}
		}
	}
	add(status(item))
	for _, k := range keys {
		if s, ok := item[k].(string); ok && byWords[lexicon.SnakeCase(k)] && !strings.Contains(s, "@") && len(s) <= 40 {
			add("by " + s)
		}
	}
	for _, k := range keys {
		if s, ok := item[k].(string); ok && untilWords[strings.Split(lexicon.SnakeCase(k), "_")[0]] && datePrefix.MatchString(s) {
			add("until " + s[:10])
		}
	}
	if s, ok := item["type"].(string); ok && primary != "" && len(s) <= 30 {
		add(s)
	}
	return primary, details
}

// Labels describes items so a person can choose among them: items whose labels read
// alike ("Mobile App" twice) are told apart by a field whose values differ between them
// (a description, the name of what they belong to, a date) before the id.
func Labels(items []map[string]any, ids []any) []string {
	type parts struct {
		primary string
		details []string
	}
	all := make([]parts, len(items))
	same := map[string][]int{}
	for i, it := range items {
		p, d := labelParts(it)
		all[i] = parts{p, d}
		if p != "" {
			key := strings.ToLower(p + " — " + strings.Join(d, ", "))
			same[key] = append(same[key], i)
		}
	}
	for _, group := range same {
		if len(group) < 2 {
			continue
		}
		var alike []map[string]any
		for _, i := range group {
			alike = append(alike, items[i])
		}
		if tell := tellApart(alike); tell != nil {
			for j, i := range group {
				all[i].details = append(all[i].details, tell[j])
			}
		}
	}
	out := make([]string, len(items))
	for i := range items {
		out[i] = joinLabel(all[i].primary, all[i].details, ids[i])
	}
	return out
}

// describingFields end a field name whose text says what a record is.
var describingFields = map[string]bool{"description": true, "summary": true, "subtitle": true, "about": true, "bio": true, "note": true, "notes": true, "caption": true, "headline": true}

// tellApart returns, for items that read alike, the first reading whose values are all
// there and all differ: a description, the name of an object they hold (the
// organization, the parent, the project), a date, any other short text. nil if none does.
func tellApart(items []map[string]any) []string {
	readings := []func(map[string]any, string) string{
		func(it map[string]any, k string) string { // a description
			if s, ok := it[k].(string); ok && describingFields[lastWord(lexicon.SnakeCase(k))] {
				return clip(strings.TrimSpace(s), 40)
			}
			return ""
		},
		func(it map[string]any, k string) string { // what it belongs to
			if sub, ok := it[k].(map[string]any); ok && k != "status" && k != "state" {
				return Primary(sub)
			}
			return ""
		},
		func(it map[string]any, k string) string { // a date
			if s, ok := it[k].(string); ok && datePrefix.MatchString(s) {
				return strings.Split(lexicon.SnakeCase(k), "_")[0] + " " + s[:10]
			}
			return ""
		},
		func(it map[string]any, k string) string { // any other short text that is no id
			s, ok := it[k].(string)
			if s = strings.TrimSpace(s); !ok || len(s) > 40 || hasIDWord(lastWord(lexicon.SnakeCase(k))) || uuidPattern.MatchString(s) || hexPattern.MatchString(s) {
				return ""
			}
			return s
		},
	}
	keys := upstream.SortedKeys(items[0])
	for _, read := range readings {
		for _, k := range keys {
			vals := make([]string, len(items))
			seen := map[string]bool{}
			for i, it := range items {
				vals[i] = read(it, k)
				if vals[i] == "" || seen[strings.ToLower(vals[i])] {
					vals = nil
					break
				}
				seen[strings.ToLower(vals[i])] = true
			}
			if vals != nil {
				return vals
			}
		}
	}
	return nil
}

// year is the year of the first date that is about the thing (a release, a first air
// date, a birthday) rather than the record (created, updated) or its end.
func year(item map[string]any, keys []string) string {
	for _, k := range keys {
		s, ok := item[k].(string)
		if !ok || !datePrefix.MatchString(s) {
			continue
		}
		first := strings.Split(lexicon.SnakeCase(k), "_")[0]
		if metaWords[first] || untilWords[first] {
			continue
		}
		return s[:4]
	}
	return ""
}

// namedList names the first two named things of a list: "The Hunger Games, Passengers".
func namedList(list []any) string {
	var names []string
	for _, x := range list {
		if m, ok := x.(map[string]any); ok {
			if t := Primary(m); t != "" && m["value"] == nil {
				names = append(names, t)
			}
		}
		if len(names) == 2 {
			break
		}
	}
	return strings.Join(names, ", ")
}

// pairs renders a list of name/value objects (matchers, labels, tags) as name=value,
// reading a regex flag as =~ and a false equality flag as a negation.
func pairs(list []any) string {
	var parts []string
	for _, x := range list {
		m, ok := x.(map[string]any)
		if !ok || m["name"] == nil || m["value"] == nil {
			continue
		}
		regex, negated := false, false
		for k, v := range m {
			if b, isBool := v.(bool); isBool {
				w := lexicon.SnakeCase(k)
				regex = regex || (strings.Contains(w, "regex") && b)
				negated = negated || (strings.Contains(w, "equal") && !b)
			}
		}
		op := map[[2]bool]string{{false, false}: "=", {true, false}: "=~", {false, true}: "!=", {true, true}: "!~"}[[2]bool{regex, negated}]
		parts = append(parts, fmt.Sprintf("%v%s%v", m["name"], op, m["value"]))
	}
	sort.Strings(parts)
	return strings.Join(parts, " ")
}

// status reads a record's state: a string, or an object holding one.
func status(item map[string]any) string {
	for _, k := range []string{"status", "state"} {
		switch v := item[k].(type) {
		case string:
			return v
		case map[string]any:
			for _, sub := range []string{"state", "name", "status"} {
				if s, ok := v[sub].(string); ok {
					return s
				}
			}
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

// speltOtherwise maps, for an item whose field names are not spelt as PrimaryFields spell
// them (Name, DisplayName in PascalCase APIs), each field's compact name to the field;
// nil when the item spells none of them otherwise.
func speltOtherwise(item map[string]any) map[string]string {
	var out map[string]string
	for k := range item {
		c := compact(k)
		if c == k || !primaryCompact[c] {
			continue
		}
		if out == nil {
			out = map[string]string{}
		}
		out[c] = k
	}
	return out
}

// primaryCompact holds PrimaryFields' compact names.
var primaryCompact = func() map[string]bool {
	m := map[string]bool{}
	for _, f := range PrimaryFields {
		m[compact(f)] = true
	}
	return m
}()

package clarify

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
)

// The invariant holds inside a body too: an identifier nested in an object or a list of
// them (the tokenId of each of a transfer's recipients, to[0].tokenId), or each of a list
// of identifiers (label_ids: ["Bug"]), is a slot no lookup fills, so words there are asked about like words in a top-level one. Only
// fields named as a reference to a thing by its opaque identifier count (tokenId,
// account_id): a nested object's own id ("id" of each field of a new item) is part of
// what the write creates, and a nested code, key or number may be the person's content.

// maxNestedDepth bounds the walk; request bodies nest identifiers a level or two down.
const maxNestedDepth = 4

// opaqueIDWords end a field name that holds an identifier no person says.
var opaqueIDWords = map[string]bool{"id": true, "ids": true, "gid": true, "uuid": true, "guid": true, "identifier": true, "sid": true, "arn": true}

// nestedWords asks about every identifier nested in a write's arguments that holds
// words, in field order.
func nestedWords(s Stop) []Question {
	var qs []Question
	for _, arg := range orderedArgs(s.Op, s.Args) {
		v := s.Args[arg]
		found := func(path, field string, schema map[string]any, val string) {
			qs = append(qs, nestedQuestion(s.Op, path, field, val))
		}
		switch x := v.(type) {
		case map[string]any:
			walkNested(v, FieldOf(s.Op, arg).Schema, arg, 0, found)
		case []any:
			if _, isSlot := s.Slots[arg]; idListName(arg) && !isSlot {
				idList(x, FieldOf(s.Op, arg).Schema, arg, arg, found) // label_ids: ["Bug"]
			} else {
				walkNested(v, FieldOf(s.Op, arg).Schema, arg, 0, found)
			}
		}
	}
	return qs
}

// idList calls found for each element of a list of identifiers that is words.
func idList(list []any, schema map[string]any, path, field string, found func(path, field string, schema map[string]any, val string)) {
	items, _ := schema["items"].(map[string]any)
	for i, e := range list {
		if s, ok := e.(string); ok && nestedHoldsWords(items, s) {
			found(path+"["+strconv.Itoa(i)+"]", field, items, s)
		}
	}
}

// walkNested calls found for each string under an opaque identifier's name that is words
// for its schema.
func walkNested(v any, schema map[string]any, path string, depth int, found func(path, field string, schema map[string]any, val string)) {
	if depth > maxNestedDepth {
		return
	}
	switch x := v.(type) {
	case []any:
		items, _ := schema["items"].(map[string]any)
		for i, e := range x {
			walkNested(e, items, path+"["+strconv.Itoa(i)+"]", depth+1, found)
		}
	case map[string]any:
		props, _ := schema["properties"].(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(x)) {
			sub, _ := props[k].(map[string]any)
			p := path + "." + k
			switch e := x[k].(type) {
			case string:
				if (opaqueIDName(k) || spacedID(k, e)) && nestedHoldsWords(sub, e) {
					found(p, k, sub, e)
				}
				continue
			case []any:
				if idListName(k) {
					idList(e, sub, p, k, found)
					continue
				}
			}
			walkNested(x[k], sub, p, depth+1, found)
		}
	}
}

// opaqueIDName reports a field named as a reference to a thing by its opaque identifier:
// tokenId, account_id, vault_uuid; not a bare id.
func opaqueIDName(name string) bool {
	toks := strings.Split(lexicon.SnakeCase(name), "_")
	return len(toks) > 1 && opaqueIDWords[toks[len(toks)-1]]
}

// spacedID reports a nested object's bare id holding words with spaces (a parent's
// {"id": "Corporate Landing Zones"}): whatever the object is, no id, its own or another
// thing's, is words apart.
func spacedID(name, v string) bool {
	return opaqueIDWords[strings.ToLower(name)] && strings.ContainsAny(strings.TrimSpace(v), " \t")
}

// nestedHoldsWords is HoldsWords for a nested field: letters that are not one of its
// listed values and not shaped as an identifier of its type.
func nestedHoldsWords(schema map[string]any, s string) bool {
	if !strings.ContainsFunc(s, unicode.IsLetter) || inEnum(schema, s) {
		return false
	}
	// "Enum: 'letter', 'smallParcel'" in its description: a value the field takes.
	if desc, _ := schema["description"].(string); tools.DocumentedValue(desc, s) {
		return false
	}
	return !reverse.LooksLikeID(s, schema)
}

func nestedQuestion(op *tools.Operation, path, field, val string) Question {
	thing := lexicon.Display(reverse.FieldNoun(field))
	q := Question{Field: path, Kind: Unresolved}
	q.Question = fmt.Sprintf("Which %s is %q? It goes where the request takes a %s's identifier, and askapi cannot look it up there, so nothing was written.", orThing(thing), val, orThing(thing))
	q.Reason = fmt.Sprintf("%s is where %s takes an identifier, and %s was given as words that no lookup produced; a write is never sent with them", path, op.Key(), describe(val))
	return q
}

// idListName reports a field named as a list of identifiers: label_ids, tokenIds, or a
// bare ids (the things a write acts on are never what it creates).
func idListName(name string) bool {
	toks := strings.Split(lexicon.SnakeCase(name), "_")
	return opaqueIDName(name) || toks[len(toks)-1] == "ids"
}

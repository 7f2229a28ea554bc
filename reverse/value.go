package reverse

import (
	"slices"
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/upstream"
	"github.com/go-openapi/jsonpointer"
)

// The general Reverse Chain rule: any required argument the person did not give may come
// from an operation whose output carries it, matched by name and type
// (restaurant_id ← restaurant_id, song_name ← song). Only safe operations produce, and
// only arguments that are not content a person authors.

// valueSource is one property of a safe operation's single-object response.
type valueSource struct {
	op  *tools.Operation
	typ string
	ptr string // JSON pointer of the value in the response
}

// tailOrder are last words that say how a thing is given rather than what it is (song_name
// and song are the same song), in the order they are tried; genericTail holds the same.
var tailOrder = []string{"name", "id", "info", "information", "data", "details", "detail"}

var genericTail = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range tailOrder {
		m[w] = true
	}
	return m
}()

// valueKey is the normal form of a field or argument name: snake case, lower case.
func valueKey(name string) string { return lexicon.SnakeCase(name) }

// stripTail drops a generic last word: song_name → song; "" when nothing is left or
// nothing was dropped.
func stripTail(key string) string {
	i := strings.LastIndexByte(key, '_')
	if i <= 0 || !genericTail[key[i+1:]] {
		return ""
	}
	return key[:i]
}

// valueIndex files the top-level properties of every safe operation's object response
// (or of the object under a lone "data" envelope) by their normal names.
func valueIndex(cat *tools.Catalog) map[string][]*valueSource {
	out := map[string][]*valueSource{}
	// A source is filed under several names: one copy, and each pointer the same string.
	ptrs := map[string]string{}
	for _, op := range cat.Operations() {
		if !op.ReadOnly() || op.Response == nil || tools.SchemaType(op.Response) == "array" {
			continue
		}
		props, _ := op.Response["properties"].(map[string]any)
		prefix := ""
		if data, ok := props["data"].(map[string]any); ok && len(props) <= 2 && tools.SchemaType(data) == "object" {
			if inner, ok := data["properties"].(map[string]any); ok {
				props, prefix = inner, "/data"
			}
		}
		for _, n := range upstream.SortedKeys(props) {
			sub, _ := props[n].(map[string]any)
			k := valueKey(n)
			if k == "" {
				continue
			}
			ptr := prefix + "/" + jsonpointer.Escape(n)
			if held, ok := ptrs[ptr]; ok {
				ptr = held
			} else {
				ptrs[ptr] = ptr
			}
			src := &valueSource{op: op, typ: tools.SchemaType(sub), ptr: ptr}
			out[k] = append(out[k], src)
			// Filed also under the parts a shorter name would say: user_geolocation under
			// geolocation (~tail) and user (~head), for the looser tiers below.
			ws := strings.Split(k, "_")
			for i := 1; i < len(ws); i++ {
				out["~tail:"+strings.Join(ws[i:], "_")] = append(out["~tail:"+strings.Join(ws[i:], "_")], src)
				out["~head:"+strings.Join(ws[:i], "_")] = append(out["~head:"+strings.Join(ws[:i], "_")], src)
			}
			if len(ws) > 1 {
				out["~last:"+lexicon.Singular(ws[len(ws)-1])] = append(out["~last:"+lexicon.Singular(ws[len(ws)-1])], src)
			}
			if sg := lexicon.Singular(k); sg != k {
				out["~singular:"+sg] = append(out["~singular:"+sg], src)
			}
		}
	}
	return out
}

// plainArgs are argument names too general to match another operation's output by name.
var plainArgs = map[string]bool{"id": true, "key": true, "name": true, "type": true, "page": true, "limit": true, "offset": true,
	"q": true, "query": true, "format": true, "fields": true, "sort": true, "order": true, "status": true, "code": true,
	"number": true, "slug": true, "uuid": true, "gid": true, "value": true, "data": true, "body": true, "text": true, "version": true}

// maxValueSources bounds how many operations may carry a value for it to be one thing's
// output rather than an attribute of every record.
const maxValueSources = 3

// valueProducers finds safe operations whose output carries a required argument of op,
// by name and type, in tiers from an exact name to a shared last word.
func (ix *index) valueProducers(target *tools.Operation, p *tools.Param, isID bool) []Producer {
	if !p.Required || (p.In != "query") {
		// A path names the record addressed: it is reached through a list of such
		// records, never from a value another record happens to carry.
		return nil
	}
	if !target.ReadOnly() && !isID {
		return nil // a write's other inputs are the person's to author
	}
	key := valueKey(p.Name)
	if plainArgs[key] {
		return nil
	}
	typ := tools.SchemaType(p.Schema)
	var out []Producer
	add := func(srcs []*valueSource, score int) {
		if len(srcs) > maxValueSources {
			return // every record carries it (a kind, a state): it says nothing of which
		}
		for _, s := range srcs {
			if s.op == target || !typesMeet(typ, s.typ) {
				continue
			}
			prod := Producer{Op: s.op, OpKey: s.op.Key(), Source: SourceHeuristic, Pointer: s.ptr, Score: score}
			prod.Fixed, prod.Needs = FillInputs(s.op, "", "")
			if slices.Contains(prod.Needs, p.Arg) {
				continue // it needs the very value it would give
			}
			out = append(out, prod)
		}
	}
	// Tiers, best first; a looser tier is read only when the stricter ones found nothing.
	ws := strings.Split(key, "_")
	tiers := []func(){
		func() { add(ix.values[key], 4) },
		func() {
			// The same thing said with or without a generic word: song_name ← song,
			// restaurant ← restaurant_name, parks ← park.
			if short := stripTail(key); short != "" && !plainArgs[short] {
				add(ix.values[short], 3)
			}
			for _, srcs := range ix.suffixed(key) {
				add(srcs, 3)
			}
			add(ix.values["~singular:"+lexicon.Singular(key)], 3)
			if sg := lexicon.Singular(key); sg != key {
				add(ix.values[sg], 3)
			}
		},
		func() {
			// One name holds the other at an end: geolocation ← user_geolocation,
			// alert_time ← time, weather ← weather_report.
			add(ix.values["~tail:"+key], 2)
			add(ix.values["~head:"+key], 2)
			for i := 1; i < len(ws); i++ {
				if tail := strings.Join(ws[i:], "_"); !plainArgs[tail] {
					add(ix.values[tail], 2)
				}
			}
		},
		func() {
			// Two names of several words that end alike: order_items ← recommend_items.
			if last := lexicon.Singular(ws[len(ws)-1]); len(ws) > 1 && !genericTail[last] && !hasIDWord(last) && !plainArgs[last] {
				add(ix.values["~last:"+last], 1)
			}
		},
	}
	for _, tier := range tiers {
		if tier(); len(out) > 0 {
			break
		}
	}
	return out
}

// suffixed finds outputs named like the argument plus a generic last word (an argument
// restaurant, an output restaurant_name).
func (ix *index) suffixed(key string) [][]*valueSource {
	var out [][]*valueSource
	for _, tail := range tailOrder {
		if srcs, ok := ix.values[key+"_"+tail]; ok {
			out = append(out, srcs)
		}
	}
	return out
}

// typesMeet reports whether an output of type b can be sent where type a is declared:
// scalars meet scalars (an integer id may be sent as text); an object or a list only
// meets its own kind or an untyped input.
func typesMeet(a, b string) bool {
	if a == "" || b == "" || a == b {
		return true
	}
	if a == "boolean" || b == "boolean" {
		return false // a flag is no name, id or amount
	}
	scalar := func(t string) bool { return t == "string" || t == "integer" || t == "number" }
	if scalar(a) && scalar(b) {
		return a == "string" || (a == "number" && b == "integer") || (a == "integer" && b == "string")
	}
	return false
}

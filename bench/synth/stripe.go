// Package synth generates a synthetic OpenAPI description of Stripe's size and shape,
// deterministically, for askapi's benchmarks. Stripe's own spec is not reachable from
// this workplace (it ships on no package registry we can use), so this stands in for it:
// about 550 operations in about 6 MB, with Stripe's idioms — /v1 resource paths, shared
// component schemas nested through $refs, expandable fields (anyOf id | $ref with
// x-expansionResources), list envelopes, form-encoded request bodies with deepObject
// encodings and inline nested parameter objects, an error schema on every default response.
package synth

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"
)

// StripeOps is the number of operations Stripe generates (Stripe's spec has about 550).
const StripeOps = 550

var nouns = strings.Fields(`account balance charge customer dispute event file invoice payout
price product refund review source token transfer coupon discount plan quote session
subscription schedule item line method intent mandate order report run reader location
configuration tax rate code promotion credit note topup application fee country webhook
endpoint rule value card cardholder authorization transaction financial inbound outbound
payment setup attempt verification climate supplier billing meter portal query entitlement
feature forwarding request clock alert threshold registration settlement statement`)

var words = strings.Fields(`the a of to and is for this that with an be on object can
when it not if you by are as from will or which customer payment amount currency used
created time unique identifier value set attached three-letter ISO code lowercase must
supported only string returned expanded field Unix timestamp seconds since epoch
additional information useful storing structured format describes whether live mode test`)

// gen holds the generator's state: its random source (fixed seed) and what it has built.
type gen struct {
	r       *rand.Rand
	names   []string
	schemas map[string]any
	paths   map[string]any
	ops     int
}

// Stripe returns the synthetic spec as indented JSON (as Stripe publishes its own).
func Stripe() []byte {
	g := &gen{r: rand.New(rand.NewPCG(2026, 11)), schemas: map[string]any{}, paths: map[string]any{}}
	g.schemas["error"] = map[string]any{"type": "object", "title": "Error", "properties": map[string]any{
		"error": map[string]any{"$ref": "#/components/schemas/api_errors"}}, "required": []string{"error"}}
	g.schemas["api_errors"] = g.object("api_errors", 8, 0)
	for i := 0; g.ops < StripeOps; i++ {
		if _, taken := g.schemas[name(i)]; !taken {
			g.resource(name(i))
		}
	}
	doc := map[string]any{
		"openapi":  "3.0.0",
		"info":     map[string]any{"title": "Synthetic Stripe-size API", "version": "2026-11-21", "description": g.prose(40)},
		"servers":  []any{map[string]any{"url": "https://api.example.test/"}},
		"security": []any{map[string]any{"basicAuth": []any{}}, map[string]any{"bearerAuth": []any{}}},
		"paths":    g.paths,
		"components": map[string]any{
			"schemas": g.schemas,
			"securitySchemes": map[string]any{
				"basicAuth":  map[string]any{"type": "http", "scheme": "basic"},
				"bearerAuth": map[string]any{"type": "http", "scheme": "bearer"},
			},
		},
	}
	data, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		panic(err) // only maps, strings and numbers: cannot fail
	}
	return data
}

// name is the i-th resource name: the nouns, then pairs of nouns.
func name(i int) string {
	n := nouns[i%len(nouns)]
	if i >= len(nouns) {
		n = nouns[(i/len(nouns)+i*7)%len(nouns)] + "_" + n
	}
	return n
}

func (g *gen) prose(n int) string {
	out := make([]string, n)
	for i := range out {
		out[i] = words[g.r.IntN(len(words))]
	}
	s := strings.Join(out, " ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

func (g *gen) ref(name string) map[string]any {
	return map[string]any{"$ref": "#/components/schemas/" + name}
}

// scalar is one of Stripe's leaf fields.
func (g *gen) scalar() map[string]any {
	d := g.prose(6 + g.r.IntN(20))
	switch g.r.IntN(6) {
	case 0:
		return map[string]any{"type": "integer", "description": d}
	case 1:
		return map[string]any{"type": "integer", "format": "unix-time", "description": d}
	case 2:
		return map[string]any{"type": "boolean", "description": d}
	case 3:
		return map[string]any{"type": "string", "enum": []string{"automatic", "manual", "none"}, "description": d}
	case 4:
		return map[string]any{"type": "string", "maxLength": 5000, "nullable": true, "description": d}
	}
	return map[string]any{"type": "string", "maxLength": 5000, "description": d}
}

// object is a component schema with n leaf fields and up to depth levels of nested
// component schemas (named name_x), as Stripe's payment_method_details_* are.
func (g *gen) object(name string, n, depth int) map[string]any {
	props := map[string]any{}
	for i := 0; i < n; i++ {
		props[fmt.Sprintf("%s_%d", words[g.r.IntN(len(words))], i)] = g.scalar()
	}
	if depth > 0 {
		for i := 0; i < 3; i++ {
			sub := fmt.Sprintf("%s_%s_details", name, nouns[g.r.IntN(len(nouns))])
			if _, ok := g.schemas[sub]; !ok {
				g.schemas[sub] = g.object(sub, 4+g.r.IntN(8), depth-1)
			}
			props[sub[len(name)+1:]] = map[string]any{"anyOf": []any{g.ref(sub)}, "nullable": true, "description": g.prose(10)}
		}
	}
	return map[string]any{"type": "object", "title": name, "description": g.prose(12), "properties": props}
}

// resource adds a resource's component schema and its operations. Its expandable fields
// refer to resources built before it, so every $ref resolves.
func (g *gen) resource(name string) {
	s := g.object(name, 10+g.r.IntN(20), 2)
	props := s["properties"].(map[string]any)
	props["id"] = map[string]any{"type": "string", "maxLength": 5000, "description": "Unique identifier for the object."}
	props["object"] = map[string]any{"type": "string", "enum": []string{name}}
	props["metadata"] = map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string", "maxLength": 500}}
	var expandable []string
	for i := 0; i < 2+g.r.IntN(4) && len(g.names) > 0; i++ {
		other := g.names[g.r.IntN(len(g.names))]
		if _, dup := props[other]; dup {
			continue
		}
		expandable = append(expandable, other)
		props[other] = map[string]any{
			"anyOf":                []any{map[string]any{"type": "string", "maxLength": 5000}, g.ref(other)},
			"nullable":             true,
			"description":          "ID of the " + other + ". " + g.prose(8),
			"x-expansionResources": map[string]any{"oneOf": []any{g.ref(other)}},
		}
	}
	sort.Strings(expandable)
	s["required"] = []string{"id", "object"}
	s["x-expandableFields"] = expandable
	s["x-resourceId"] = name
	g.schemas[name] = s
	g.names = append(g.names, name)

	plural := "/v1/" + name + "s"
	one := plural + "/{" + name + "}"
	idParam := map[string]any{"in": "path", "name": name, "required": true, "schema": map[string]any{"type": "string", "maxLength": 5000}, "style": "simple"}
	g.paths[plural] = map[string]any{
		"get":  g.op("get", plural, nil, g.listQuery(), g.listOf(name, plural), false),
		"post": g.op("post", plural, nil, nil, g.ref(name), true),
	}
	item := map[string]any{
		"get":  g.op("get", one, idParam, []any{g.expandParam()}, g.ref(name), false),
		"post": g.op("post", one, idParam, nil, g.ref(name), true),
	}
	g.ops += 4
	if g.r.IntN(2) == 0 {
		item["delete"] = g.op("delete", one, idParam, nil, g.ref(name), false)
		g.ops++
	}
	g.paths[one] = item
	for i := 0; i < g.r.IntN(3); i++ {
		action := one + "/" + []string{"cancel", "confirm", "capture", "finalize", "void", "close"}[g.r.IntN(6)]
		if _, ok := g.paths[action]; !ok {
			g.paths[action] = map[string]any{"post": g.op("post", action, idParam, nil, g.ref(name), true)}
			g.ops++
		}
	}
}

func (g *gen) expandParam() map[string]any {
	return map[string]any{"in": "query", "name": "expand", "description": "Specifies which fields in the response should be expanded.",
		"explode": true, "style": "deepObject", "schema": map[string]any{"type": "array", "items": map[string]any{"type": "string", "maxLength": 5000}}}
}

func (g *gen) listQuery() []any {
	str := func(name string) any {
		return map[string]any{"in": "query", "name": name, "description": g.prose(14), "schema": map[string]any{"type": "string", "maxLength": 5000}, "style": "form"}
	}
	created := map[string]any{"in": "query", "name": "created", "explode": true, "style": "deepObject", "description": g.prose(10), "schema": map[string]any{
		"anyOf": []any{map[string]any{"type": "object", "title": "range_query_specs", "properties": map[string]any{
			"gt": map[string]any{"type": "integer"}, "gte": map[string]any{"type": "integer"},
			"lt": map[string]any{"type": "integer"}, "lte": map[string]any{"type": "integer"}}}, map[string]any{"type": "integer"}}}}
	limit := map[string]any{"in": "query", "name": "limit", "description": g.prose(12), "schema": map[string]any{"type": "integer"}, "style": "form"}
	return []any{created, str("ending_before"), g.expandParam(), limit, str("starting_after")}
}

func (g *gen) listOf(name, url string) map[string]any {
	return map[string]any{"type": "object", "title": name + "List", "required": []string{"data", "has_more", "object", "url"},
		"x-expandableFields": []string{"data"}, "properties": map[string]any{
			"data":     map[string]any{"type": "array", "items": g.ref(name)},
			"has_more": map[string]any{"type": "boolean", "description": "True if this list has another page of items after this one."},
			"object":   map[string]any{"type": "string", "enum": []string{"list"}},
			"url":      map[string]any{"type": "string", "maxLength": 5000, "pattern": "^" + url},
		}}
}

// formBody is a Stripe request body: form-encoded, inline nested objects (repeated in every
// operation, which is what makes Stripe's spec large), deepObject encodings.
func (g *gen) formBody(write bool) map[string]any {
	props := map[string]any{"expand": map[string]any{"type": "array", "items": map[string]any{"type": "string", "maxLength": 5000}}}
	enc := map[string]any{"expand": map[string]any{"explode": true, "style": "deepObject"}}
	if write {
		for i := 0; i < 4+g.r.IntN(10); i++ {
			props[fmt.Sprintf("%s_%d", words[g.r.IntN(len(words))], i)] = g.scalar()
		}
		for i := 0; i < 1+g.r.IntN(3); i++ {
			field := nouns[g.r.IntN(len(nouns))] + "_details"
			inner := map[string]any{}
			for j := 0; j < 3+g.r.IntN(6); j++ {
				inner[fmt.Sprintf("%s_%d", words[g.r.IntN(len(words))], j)] = g.scalar()
			}
			props[field] = map[string]any{"anyOf": []any{
				map[string]any{"type": "object", "title": field + "_params", "properties": inner},
				map[string]any{"type": "string", "enum": []string{""}}}, "description": g.prose(10)}
			enc[field] = map[string]any{"explode": true, "style": "deepObject"}
		}
		props["metadata"] = map[string]any{"anyOf": []any{map[string]any{"type": "object", "additionalProperties": map[string]any{"type": "string"}},
			map[string]any{"type": "string", "enum": []string{""}}}, "description": g.prose(20)}
		enc["metadata"] = map[string]any{"explode": true, "style": "deepObject"}
	}
	return map[string]any{"required": false, "content": map[string]any{"application/x-www-form-urlencoded": map[string]any{
		"encoding": enc, "schema": map[string]any{"type": "object", "additionalProperties": false, "properties": props}}}}
}

func (g *gen) op(method, path string, idParam map[string]any, query []any, result map[string]any, write bool) map[string]any {
	params := []any{}
	if idParam != nil {
		params = append(params, idParam)
	}
	params = append(params, query...)
	op := map[string]any{
		"operationId": operationID(method, path),
		"description": "<p>" + g.prose(20+g.r.IntN(40)) + "</p>",
		"summary":     strings.TrimSuffix(g.prose(5), "."),
		"parameters":  params,
		"requestBody": g.formBody(write),
		"responses": map[string]any{
			"200":     map[string]any{"description": "Successful response.", "content": map[string]any{"application/json": map[string]any{"schema": result}}},
			"default": map[string]any{"description": "Error response.", "content": map[string]any{"application/json": map[string]any{"schema": g.ref("error")}}},
		},
	}
	return op
}

// operationID follows Stripe's convention: GetCustomersCustomer for GET /v1/customers/{customer}.
func operationID(method, path string) string {
	var b strings.Builder
	b.WriteString(strings.ToUpper(method[:1]) + method[1:])
	for _, seg := range strings.Split(strings.TrimPrefix(path, "/v1/"), "/") {
		seg = strings.Trim(seg, "{}")
		for _, part := range strings.Split(seg, "_") {
			if part != "" {
				b.WriteString(strings.ToUpper(part[:1]) + part[1:])
			}
		}
	}
	return b.String()
}

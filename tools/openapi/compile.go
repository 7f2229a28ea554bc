package openapi

import (
	"encoding/json"
	"maps"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"unsafe"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
	"github.com/go-openapi/jsonpointer"
)

// compiler builds a Catalog straight from the raw bytes of a JSON OpenAPI 3.x document,
// never decoding the whole of it: components are indexed once (name → byte slice), $refs
// resolve by lookup, and schemas convert from their bytes. It reads the document as
// kin-openapi would, so the catalog is the one the tree-based path gave.
type compiler struct {
	rj
	d   []byte
	v31 bool
	// index maps "#/components/<section>/<name>" to the component's bytes.
	index    map[string][]byte
	resolved map[string][]byte
	// schemas caches each schema by the address of its first byte (its identity, as
	// kin-openapi's *Schema pointer is).
	schemas map[*byte]*rawSchema
	// interned holds the skeleton response schemas by structure, internID numbers maps
	// by identity (see intern).
	interned  map[string]map[string]any
	internID  map[unsafe.Pointer]int
	internBuf []byte
	// memo holds context-free skeleton conversions (see memo.go); nil turns it off.
	memo      map[memoKey]memoEntry
	skeletons map[*rawSchema]memoEntry  // by schema alone (see memo.go)
	leaves    map[string]map[string]any // leaf skeletons by type list (see leafSkeleton)
	recRanges [][3]int                  // start, end and cycle of each recursive component schema
	// paramsDone holds each compiled parameter object (see param); paramAt the place of
	// each copy given to the operation being compiled, sharedParams the copies shared
	// (see shareParams).
	paramsDone   map[*byte]*tools.Param
	paramAt      map[*tools.Param]*byte
	sharedParams map[paramKey]*tools.Param
	// budgets holds the bounded request schemas and their sizes (see schemabudget.go).
	budgets *budgets
	// pool holds one copy of each request schema and text kept (see hashcons.go).
	pool   *pool
	inputs tools.InputSchemas
	// pages is the mapped spec file the bytes are read from, if they are (see specmap.go).
	pages *specMap
	// problem is set when the document holds something this compiler does not read
	// exactly as the precise path does; the caller then takes that path.
	problem string
}

var componentSections = []string{
	"schemas", "parameters", "requestBodies", "responses", "headers", "examples",
	"links", "securitySchemes", "callbacks", "pathItems",
}

func newCompiler(d []byte, lens *spans) *compiler {
	c := &compiler{rj: rj{lens: lens},
		d: d, index: map[string][]byte{}, resolved: map[string][]byte{},
		schemas: map[*byte]*rawSchema{}, pool: newPool(),
	}
	c.objEach(d, func(k string, v []byte) bool {
		if k == "components" {
			c.objEach(v, func(sec string, sv []byte) bool {
				if !slices.Contains(componentSections, sec) {
					return true
				}
				c.objEach(sv, func(name string, cv []byte) bool {
					c.index["#/components/"+sec+"/"+jsonpointer.Escape(name)] = cv
					return true
				})
				return true
			})
		}
		return true
	})
	return c
}

// root is the document's bytes.
func (c *compiler) root() []byte { return c.d }

func (c *compiler) bad(why string) {
	if c.problem == "" {
		c.problem = why
	}
}

// resolve finds what an internal $ref points at.
func (c *compiler) resolve(ref string) ([]byte, bool) {
	if v, ok := c.index[ref]; ok {
		return v, true
	}
	if v, ok := c.resolved[ref]; ok {
		return v, v != nil
	}
	v := c.walk(ref)
	c.resolved[ref] = v
	return v, v != nil
}

func (c *compiler) walk(ref string) []byte {
	if !strings.HasPrefix(ref, "#") {
		return nil
	}
	frag := ref[1:]
	if frag == "" {
		return c.d
	}
	if !strings.HasPrefix(frag, "/") {
		return nil // an anchor
	}
	if strings.Contains(frag, "%") {
		if u, err := url.PathUnescape(frag); err == nil {
			frag = u
		}
	}
	toks := splitPointer(frag)
	cur := c.d
	if len(toks) >= 3 && toks[0] == "components" {
		if v, ok := c.index["#/components/"+toks[1]+"/"+jsonpointer.Escape(toks[2])]; ok {
			cur, toks = v, toks[3:]
		}
	}
	for _, tok := range toks {
		switch {
		case isObject(cur):
			var next []byte
			c.objEach(cur, func(k string, v []byte) bool {
				if k == tok {
					next = v // the last duplicate wins, as in encoding/json
				}
				return true
			})
			if next == nil {
				return nil
			}
			cur = next
		case isArray(cur):
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 {
				return nil
			}
			var next []byte
			n := 0
			c.arrEach(cur, func(v []byte) {
				if n == i {
					next = v
				}
				n++
			})
			if next == nil {
				return nil
			}
			cur = next
		default:
			return nil
		}
	}
	return cur
}

// deref follows a chain of $refs to the object they name; nil for null or a broken ref.
func (c *compiler) deref(v []byte) []byte {
	for range 16 {
		if !isObject(v) {
			return nil
		}
		r := c.getKey(v, "$ref")
		if r == nil {
			return v
		}
		ref := rawStr(r)
		next, ok := c.resolve(ref)
		if !ok {
			c.bad("dangling $ref " + ref)
			return nil
		}
		v = next
	}
	c.bad("$ref chain too long")
	return nil
}

// fields reads an object's members into a map (the last duplicate wins).
func (c *compiler) fields(obj []byte) map[string][]byte {
	m := map[string][]byte{}
	c.objEach(obj, func(k string, v []byte) bool {
		m[k] = v
		return true
	})
	return m
}

// members lists an object's members in document order, the last duplicate winning.
type member struct {
	key string
	val []byte
}

func (c *compiler) members(obj []byte) []member {
	var out []member
	seen := map[string]int{}
	c.objEach(obj, func(k string, v []byte) bool {
		if i, ok := seen[k]; ok {
			out[i].val = v
			return true
		}
		seen[k] = len(out)
		out = append(out, member{k, v})
		return true
	})
	return out
}

// compile builds the catalog; c.problem tells whether it is exact.
func (c *compiler) compile(source string) *tools.Catalog {
	root := c.fields(c.d)
	cat := tools.CatalogSpec{Source: source}
	if info := root["info"]; isObject(info) {
		f := c.fields(info)
		cat.Title, cat.Version = rawStr(f["title"]), rawStr(f["version"])
	}
	cat.BaseURL = c.firstServer(root["servers"])
	cat.SecuritySchemes = c.securitySchemes(root["components"])
	cat.Extensions = rawExtensions(root)
	if sec := c.decodeSecurity(root["security"]); len(sec) > 0 {
		cat.Security = sec
	}
	paths := root["paths"]
	if !isObject(paths) {
		return cat.Build()
	}
	items := 0
	c.eachPathItem(paths, func(path string, item map[string][]byte) {
		c.checkPathParams(path, item)
		eachMethod(item, func(method string, op []byte) {
			cat.Operations = append(cat.Operations, c.operation(method, path, item, op))
		})
		c.trimCaches()
		if items++; items%dropEvery == 0 {
			c.pages.drop()
		}
	})
	tools.AssignNames(cat.Operations)
	// The input schemas configParams rebuilds are shared as the others are (and as a
	// cached catalog's are when decoded).
	secret.ConfigParams(&cat, c.inputs.Of)
	return cat.Build()
}

// dropEvery is how many path items are compiled between two drops of a mapped spec's
// pages: each drop costs re-reading (from the page cache) the components still in use.
const dropEvery = 500

// maxHeldSchemas is how many parsed schemas the compiler holds before it lets them go
// (trimCaches).
const maxHeldSchemas = 30000

// trimCaches lets go of the parsed schemas and of what is known of them by identity
// (bounded conversions, skeletons, required names) once there are more than
// maxHeldSchemas, between two path items. Each of those depends on the schema and on the
// size estimates alone, which stay (by address, see sizeKey), so what is needed again is
// computed again, the same; and the pool (see hashcons.go) gives the same shared copy.
// Microsoft Graph beta parses 134,515 schemas: held to the end, with what is known of
// them, they were half the compile's live memory besides the spec's bytes.
func (c *compiler) trimCaches() {
	if len(c.schemas) <= maxHeldSchemas {
		return
	}
	// New maps: a cleared one keeps its room.
	c.schemas = map[*byte]*rawSchema{}
	c.paramsDone = nil
	if b := c.budgets; b != nil {
		// Sizes stay (see sizeKey).
		b.done, b.needs = map[boundKey]map[string]any{}, map[*rawSchema][]string{}
	}
	if c.memo != nil {
		c.memo, c.skeletons = map[memoKey]memoEntry{}, map[*rawSchema]memoEntry{}
	}
}

// eachPathItem calls f with each path item of paths, $refs followed, in the catalog's
// order: paths sorted, extensions and nulls skipped.
func (c *compiler) eachPathItem(paths []byte, f func(path string, item map[string][]byte)) {
	items := c.fields(paths)
	keys := make([]string, 0, len(items))
	for k := range items {
		if !strings.HasPrefix(k, "x-") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, path := range keys {
		raw := items[path]
		if isNull(raw) {
			continue
		}
		if isObject(raw) && c.getKey(raw, "$ref") != nil && len(c.fields(raw)) > 1 {
			c.bad("path item $ref with siblings")
		}
		if item := c.deref(raw); item != nil {
			f(path, c.fields(item))
		}
	}
}

// eachMethod calls f with each operation of a path item, in methodOrder.
func eachMethod(item map[string][]byte, f func(method string, op []byte)) {
	for _, method := range tools.MethodOrder {
		if op := item[strings.ToLower(method)]; isObject(op) {
			f(method, op)
		}
	}
}

func (c *compiler) firstServer(servers []byte) string {
	if isNull(servers) {
		return ""
	}
	if !isArray(servers) {
		c.bad("servers is not an array")
		return ""
	}
	var first []byte
	n := 0
	c.arrEach(servers, func(v []byte) {
		if !isObject(v) && !isNull(v) {
			c.bad("a server is not an object")
		}
		if n == 0 {
			first = v
		}
		n++
	})
	if !isObject(first) {
		return ""
	}
	f := c.fields(first)
	c.wantString(f["url"])
	u := rawStr(f["url"])
	if vars := f["variables"]; !isNull(vars) && !isObject(vars) {
		c.bad("server variables are not an object")
	}
	c.objEach(f["variables"], func(name string, v []byte) bool {
		if isObject(v) {
			d := c.getKey(v, "default")
			c.wantString(d)
			u = strings.ReplaceAll(u, "{"+name+"}", rawStr(d))
		} else if !isNull(v) {
			c.bad("a server variable is not an object")
		}
		return true
	})
	return u
}

// wantString marks the document for the precise path when v is neither absent nor a
// string: kin-openapi would refuse it there, with a pointer.
func (c *compiler) wantString(v []byte) {
	if !isNull(v) && !isString(v) {
		c.bad("not a string")
	}
}

func (c *compiler) serverCount(servers []byte) int {
	n := 0
	c.arrEach(servers, func([]byte) { n++ })
	return n
}

func (c *compiler) decodeSecurity(raw []byte) []tools.SecurityRequirement {
	if isNull(raw) {
		return nil
	}
	var out []tools.SecurityRequirement
	if err := json.Unmarshal(raw, &out); err != nil {
		c.bad("security is not a list of requirements")
		return nil
	}
	return out
}

func rawExtensions(f map[string][]byte) map[string]any {
	var out map[string]any
	for k, v := range f {
		if strings.HasPrefix(k, "x-askapi-") {
			if out == nil {
				out = map[string]any{}
			}
			out[k] = decodeAny(v)
		}
	}
	return out
}

func (c *compiler) securitySchemes(components []byte) map[string]*tools.SecurityScheme {
	raw := c.getKey(components, "securitySchemes")
	if !isNull(raw) && !isObject(raw) {
		c.bad("securitySchemes is not an object")
	}
	ms := c.members(raw)
	if len(ms) == 0 {
		return nil
	}
	out := map[string]*tools.SecurityScheme{}
	for _, m := range ms {
		v := c.deref(m.val)
		if v == nil {
			continue
		}
		f := c.fields(v)
		for _, k := range []string{"type", "scheme", "in", "name"} {
			c.wantString(f[k])
		}
		out[m.key] = &tools.SecurityScheme{
			Name:      m.key,
			Type:      rawStr(f["type"]),
			Scheme:    strings.ToLower(rawStr(f["scheme"])),
			In:        rawStr(f["in"]),
			ParamName: rawStr(f["name"]),
			TokenURL:  c.oauth2TokenURL(f["flows"]),
		}
	}
	return out
}

func (c *compiler) operation(method, path string, item map[string][]byte, raw []byte) *tools.Operation {
	f := c.fields(raw)
	o := c.operationHead(method, path, f)
	if sec := f["security"]; !isNull(sec) {
		o.Security = []tools.SecurityRequirement{}
		o.Security = append(o.Security, c.decodeSecurity(sec)...)
	}
	if isArray(f["servers"]) && c.serverCount(f["servers"]) > 0 {
		o.ServerURL = c.firstServer(f["servers"])
	} else if c.serverCount(item["servers"]) > 0 {
		o.ServerURL = c.firstServer(item["servers"])
	}
	o.Params = c.params(item["parameters"], f["parameters"])
	var optional bool
	c.withCeiling(bodyCeiling(o.Params), func() { o.Body, optional = c.body(f["requestBody"]) })
	if !c.v31 && (method == "GET" || method == "HEAD") && o.Body != nil && !o.Body.Required && len(o.Body.RequiredProps) == 0 {
		// OpenAPI 3.0 has a GET's or a HEAD's requestBody ignored ("SHALL be ignored by
		// consumers": HTTP gives it no meaning); its properties would otherwise shadow
		// the path's parameters of the same name ({barcode} became barcode__path). One
		// the spec marks required, or whose schema requires properties, is the API's own
		// contract (Azure's query statistics), and such a body is always sent
		// (DESIGN.md). DELETE's body stays too.
		o.Body, optional = nil, false
	}
	writeNeedsBody(o, optional)
	tools.NameArguments(o)
	c.shareParams(o.Params)
	o.InputSchema = c.inputs.Of(o)
	responses := f["responses"]
	codes := c.successCodes(responses)
	o.Response = c.response(codes)
	o.Links = c.links(codes)
	return o
}

// operationHead is what an operation says of itself: no parameters, body or response.
func (c *compiler) operationHead(method, path string, f map[string][]byte) *tools.Operation {
	return &tools.Operation{
		OperationID: rawStr(f["operationId"]),
		Method:      method,
		Path:        path,
		Summary:     c.pool.str(strings.TrimSpace(rawStr(f["summary"]))),
		Description: c.pool.str(strings.TrimSpace(rawStr(f["description"]))),
		Tags:        c.pooledStrings(c.rawStrings(f["tags"])),
		Deprecated:  rawTrue(f["deprecated"]),
		Extensions:  rawExtensions(f),
	}
}

func (c *compiler) params(pathLevel, opLevel []byte) []*tools.Param {
	var out []*tools.Param
	index := map[string]int{}
	add := func(raw []byte) {
		v := c.deref(raw)
		if v == nil {
			return
		}
		p := c.param(v)
		key := p.In + "\x00" + p.Name
		if i, ok := index[key]; ok {
			out[i] = p
			return
		}
		index[key] = len(out)
		out = append(out, p)
	}
	c.arrEach(pathLevel, add)
	c.arrEach(opLevel, add)
	return out
}

// param compiles one parameter object. GitHub's 1,225 operations share a few dozen
// component parameters (owner, repo, per_page...): each is compiled once, and every
// operation gets its own copy of the Param (its Arg is named per operation) sharing the
// read-only schema, examples and extensions.
func (c *compiler) param(v []byte) *tools.Param {
	cp := *c.compiledParam(v)
	if c.paramAt == nil {
		c.paramAt = map[*tools.Param]*byte{}
	}
	c.paramAt[&cp] = &v[0]
	return &cp
}

// paramKey names an operation's parameter: the parameter object's place in the document
// and the argument name the operation gives it.
type paramKey struct {
	at  *byte
	arg string
}

// shareParams gives the operation the Param another operation has for the same
// parameter object and argument name, when there is one: Microsoft Graph beta's
// operations hold 90,000 parameters, most of them $top, $select or an id of another
// operation's path. Params are read-only once compiled.
func (c *compiler) shareParams(params []*tools.Param) {
	if c.sharedParams == nil {
		c.sharedParams = map[paramKey]*tools.Param{}
	}
	for i, p := range params {
		at, ok := c.paramAt[p]
		if !ok {
			continue
		}
		k := paramKey{at, p.Arg}
		if held, ok := c.sharedParams[k]; ok {
			params[i] = held
		} else {
			c.sharedParams[k] = p
		}
	}
	clear(c.paramAt)
}

// compiledParam is the one compiled Param of a parameter object, shared: read-only.
func (c *compiler) compiledParam(v []byte) *tools.Param {
	if done, ok := c.paramsDone[&v[0]]; ok {
		return done
	}
	f := c.fields(v)
	in := rawStr(f["in"])
	p := &tools.Param{
		Name:        rawStr(f["name"]),
		In:          in,
		Required:    rawTrue(f["required"]) || in == "path",
		Description: strings.TrimSpace(rawStr(f["description"])),
		Style:       rawStr(f["style"]),
		Extensions:  rawExtensions(f),
	}
	if e := f["explode"]; isBool(e) {
		b := rawTrue(e)
		p.Explode = &b
	}
	schemaRaw := f["schema"]
	if isNull(schemaRaw) {
		schemaRaw = nil
		ms := c.members(f["content"])
		if len(ms) > 0 {
			schemaRaw = c.getKey(ms[0].val, "schema")
		}
	}
	sch := c.schema(schemaRaw)
	// The converted schema is shared (see boundedSchema): the parameter's own words go
	// into a copy.
	c.withCeiling(maxParamBytes, func() { p.Schema = maps.Clone(c.newConverter(modeRequest).convert(sch)) })
	if p.Description != "" {
		p.Schema["description"] = p.Description
	}
	if sch != nil {
		p.Default = decodeAny(sch.def)
		p.Examples = append(p.Examples, sch.schemaExamples()...)
	}
	if ex := decodeAny(f["example"]); ex != nil {
		p.Examples = append(p.Examples, ex)
	}
	for _, m := range c.members(f["examples"]) {
		ev := c.deref(m.val)
		if ev == nil {
			continue
		}
		if val := decodeAny(c.getKey(ev, "value")); val != nil {
			p.Examples = append(p.Examples, val)
		}
	}
	if rawTrue(f["deprecated"]) {
		p.Schema["deprecated"] = true
	}
	p.Schema = c.pool.schema(p.Schema)
	p.Name, p.In, p.Style, p.Description = c.pool.str(p.Name), c.pool.str(p.In), c.pool.str(p.Style), c.pool.str(p.Description)
	p.Default = c.pool.value(p.Default)
	if p.Examples != nil {
		p.Examples, _ = c.pool.value(p.Examples).([]any)
	}
	if c.paramsDone == nil {
		c.paramsDone = map[*byte]*tools.Param{}
	}
	c.paramsDone[&v[0]] = p
	return p
}

// writeNeedsBody makes a body required when its schema requires properties and the spec
// does not say explicitly that the body may be left out: specs converted from Swagger 2.0
// and many written by hand omit requestBody.required, and a body sent without what its
// schema requires is a request the API rejects. Whatever the method: a DELETE with a body
// (Spotify's tracks to remove from a playlist) needs it as much as a POST.
func writeNeedsBody(o *tools.Operation, optional bool) {
	b := o.Body
	if b == nil || b.Required || len(b.RequiredProps) == 0 {
		return
	}
	if optional {
		// Explicitly optional: the tool's description says so (BodyNote), where the
		// assistant reads it.
		return
	}
	b.Required = true
}

// BodyNote is what a tool's description says of a body the spec explicitly lets be left
// out although its schema requires properties, "" otherwise. After writeNeedsBody, only
// such a body is not required while requiring properties.
func BodyNote(o *tools.Operation) string {
	b := o.Body
	if b == nil || b.Required || len(b.RequiredProps) == 0 {
		return ""
	}
	return "The request body may be left out; when it is sent, it needs " + strings.Join(b.RequiredProps, ", ") + "."
}

// body compiles a request body; optional reports a spec that says explicitly
// (required: false) that the body may be left out.
func (c *compiler) body(raw []byte) (b *tools.Body, optional bool) {
	rb := c.deref(raw)
	if rb == nil {
		return nil, false
	}
	f := c.fields(rb)
	content := c.members(f["content"])
	if len(content) == 0 {
		return nil, false
	}
	ct, mt := pickRawMediaType(content)
	if isNull(mt) {
		return nil, false
	}
	mf := c.fields(mt)
	b = &tools.Body{ContentType: ct, Required: rawTrue(f["required"])}
	optional = rawFalse(f["required"])
	b.Schema = c.newConverter(modeRequest).convertRaw(mf["schema"])
	needs := c.bodyNeeds(c.schema(mf["schema"]))
	if own, ok := b.Schema["properties"].(map[string]any); ok && tools.IsObjectSchema(b.Schema) {
		b.Flattened = true
		props := own
		if b.Schema["oneOf"] != nil || b.Schema["anyOf"] != nil {
			// The converted schema may be shared: the alternatives' properties go into a
			// copy.
			props = make(map[string]any, len(own))
			for k, v := range own {
				props[k] = v
			}
			alternativeProps(b.Schema, props, 0)
			schema := make(map[string]any, len(b.Schema))
			for k, v := range b.Schema {
				schema[k] = v
			}
			schema["properties"] = props
			b.Schema = schema
		}
		for name := range props {
			b.Props = append(b.Props, name)
		}
		sort.Strings(b.Props)
		if req, ok := b.Schema["required"].([]string); ok {
			b.RequiredProps = append([]string(nil), req...)
		}
		for _, name := range needs {
			if _, ok := props[name]; ok && !slices.Contains(b.RequiredProps, name) {
				b.RequiredProps = append(b.RequiredProps, name)
			}
		}
	} else {
		b.Arg = "body"
		// Not published as arguments: they say only that the body must be sent.
		b.RequiredProps = needs
	}
	c.objEach(mf["encoding"], func(name string, enc []byte) bool {
		if ct := rawStr(c.getKey(enc, "contentType")); ct != "" {
			if b.Encodings == nil {
				b.Encodings = map[string]string{}
			}
			b.Encodings[name] = ct
		}
		return true
	})
	b.Schema = c.pool.schema(b.Schema)
	return b, optional
}

func pickRawMediaType(content []member) (string, []byte) {
	for _, want := range tools.BodyTypes {
		for _, m := range content {
			if tools.MediaBase(m.key) == want {
				return m.key, m.val
			}
		}
	}
	sorted := append([]member(nil), content...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].key < sorted[j].key })
	for _, m := range sorted {
		if b := tools.MediaBase(m.key); strings.HasSuffix(b, "+json") || b == "*/*" {
			return m.key, m.val
		}
	}
	return sorted[0].key, sorted[0].val
}

// successCodes lists the 2xx responses, sorted; where an operation declares none, its
// default response is its answer (OpenAPI: every status not listed).
func (c *compiler) successCodes(responses []byte) []member {
	var out, fallback []member
	for _, m := range c.members(responses) {
		if strings.HasPrefix(m.key, "x-") {
			continue
		}
		if strings.HasPrefix(m.key, "2") || strings.EqualFold(m.key, "2XX") {
			out = append(out, m)
		}
		if m.key == "default" {
			fallback = append(fallback, m)
		}
	}
	if len(out) == 0 {
		return fallback
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	return out
}

// response is the skeleton schema of the first successful JSON response (see
// rawConverter.skeleton); the dependency graph reads which fields it yields.
func (c *compiler) response(codes []member) map[string]any {
	for _, code := range codes {
		r := c.deref(code.val)
		if r == nil {
			continue
		}
		for _, m := range c.members(c.getKey(r, "content")) {
			base := tools.MediaBase(m.key)
			if !isObject(m.val) {
				continue
			}
			isJSON := base == "application/json" || strings.HasSuffix(base, "+json") || base == "*/*"
			schema := c.getKey(m.val, "schema")
			if isNull(schema) {
				if !isJSON {
					continue
				}
				if s := c.exampleSkeleton(m.val); s != nil {
					return s
				}
				continue
			}
			if isJSON {
				sk := c.boundedSkeleton(schema)
				if shapeless(sk) {
					// Typed only "object", or "array of object": the example shows the
					// fields (Meraki's lists), as it does where there is no schema.
					if ex := c.exampleSkeleton(m.val); ex != nil {
						return ex
					}
				}
				return sk
			}
		}
	}
	return nil
}

// links are the OpenAPI links of the successful responses, by status then name.
func (c *compiler) links(codes []member) []tools.Link {
	var out []tools.Link
	for _, code := range codes {
		r := c.deref(code.val)
		if r == nil {
			continue
		}
		ls := c.members(c.getKey(r, "links"))
		sort.Slice(ls, func(i, j int) bool { return ls[i].key < ls[j].key })
		for _, m := range ls {
			l := c.deref(m.val)
			if l == nil {
				continue
			}
			f := c.fields(l)
			link := tools.Link{
				Name:         m.key,
				OperationID:  rawStr(f["operationId"]),
				OperationRef: rawStr(f["operationRef"]),
				Status:       code.key,
			}
			if p := f["parameters"]; isObject(p) {
				var params map[string]any
				if err := json.Unmarshal(p, &params); err == nil {
					link.Parameters = params
				}
			} else if !isNull(p) {
				c.bad("link parameters are not an object")
			}
			out = append(out, link)
		}
	}
	return out
}

// checkPathParams marks the document for the precise path when its path parameters and
// template disagree (check.go reports that with the pointer).
func (c *compiler) checkPathParams(path string, item map[string][]byte) {
	if _, query := tools.SplitRoute(path); strings.Contains(query, "{") {
		c.bad("template variable in the path key's query text") // bindPathQueries rewrites it
	}
	vars := templateVars(tools.RouteOf(path))
	declared := func(list []byte) (names []string) {
		c.arrEach(list, func(v []byte) {
			p := c.deref(v)
			if p == nil {
				return
			}
			prm := c.compiledParam(p)
			if prm.In != "path" {
				return
			}
			names = append(names, prm.Name)
			if !slices.Contains(vars, prm.Name) {
				c.bad("path parameter not in path")
			}
		})
		return names
	}
	shared := declared(item["parameters"])
	for _, method := range checkMethods {
		op := item[method]
		if !isObject(op) {
			continue
		}
		own := declared(c.getKey(op, "parameters"))
		for _, v := range vars {
			if !slices.Contains(shared, v) && !slices.Contains(own, v) {
				c.bad("path template variable not declared")
			}
		}
	}
}

// pooledStrings replaces each string of l by the pool's copy, in place.
func (c *compiler) pooledStrings(l []string) []string {
	for i, s := range l {
		l[i] = c.pool.str(s)
	}
	return l
}

// templateVars lists the distinct {variables} of a path template, in order.
func templateVars(path string) []string {
	var vars []string
	for {
		i := strings.IndexByte(path, '{')
		if i < 0 {
			return vars
		}
		path = path[i+1:]
		j := strings.IndexAny(path, "{}")
		if j < 0 {
			return vars
		}
		if path[j] == '}' && j > 0 && !slices.Contains(vars, path[:j]) {
			vars = append(vars, path[:j])
		}
		if path[j] == '}' {
			path = path[j+1:]
		} else {
			path = path[j:]
		}
	}
}

// shapeless reports a skeleton that names no field: an object without properties that is
// no map, or an array of such objects.
func shapeless(sk map[string]any) bool {
	if sk == nil {
		return true
	}
	if it, ok := sk["items"].(map[string]any); ok {
		sk = it
	}
	props, _ := sk["properties"].(map[string]any)
	t, _ := sk["type"].(string)
	if ap, isMap := sk["additionalProperties"]; isMap && ap != false {
		return false // a map: its keys are data, not fields an example could show
	}
	return len(props) == 0 && (t == "object" || t == "")
}

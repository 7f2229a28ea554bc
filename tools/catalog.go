package tools

import (
	"fmt"
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// methodOrder lists methods in the order tools are emitted within one path.
var methodOrder = []string{"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "TRACE"}

// Build compiles a loaded OpenAPI 3 document into a catalog of tools.
func Build(doc *openapi3.T, source string) (*Catalog, error) {
	cat := &Catalog{
		Source:          source,
		BaseURL:         firstServerURL(doc.Servers),
		SecuritySchemes: securitySchemes(doc),
		Extensions:      askapiExtensions(doc.Extensions),
	}
	if doc.Info != nil {
		cat.Title, cat.Version = doc.Info.Title, doc.Info.Version
	}
	for _, req := range doc.Security {
		cat.Security = append(cat.Security, SecurityRequirement(req))
	}
	if doc.Paths == nil {
		return cat, nil
	}
	paths := doc.Paths.Map()
	keys := make([]string, 0, len(paths))
	for p := range paths {
		keys = append(keys, p)
	}
	sort.Strings(keys)
	for _, path := range keys {
		item := paths[path]
		if item == nil {
			continue
		}
		for _, method := range methodOrder {
			op := item.GetOperation(method)
			if op == nil {
				continue
			}
			o, err := buildOperation(method, path, item, op)
			if err != nil {
				return nil, fmt.Errorf("build %s %s: %w", method, path, err)
			}
			cat.Operations = append(cat.Operations, o)
		}
	}
	assignNames(cat.Operations)
	return cat, nil
}

func buildOperation(method, path string, item *openapi3.PathItem, op *openapi3.Operation) (*Operation, error) {
	o := &Operation{
		OperationID: op.OperationID,
		Method:      method,
		Path:        path,
		Summary:     strings.TrimSpace(op.Summary),
		Description: strings.TrimSpace(op.Description),
		Tags:        op.Tags,
		Deprecated:  op.Deprecated,
		Extensions:  askapiExtensions(op.Extensions),
	}
	if op.Security != nil {
		o.Security = []SecurityRequirement{}
		for _, req := range *op.Security {
			o.Security = append(o.Security, SecurityRequirement(req))
		}
	}
	if op.Servers != nil && len(*op.Servers) > 0 {
		o.ServerURL = firstServerURL(*op.Servers)
	} else if len(item.Servers) > 0 {
		o.ServerURL = firstServerURL(item.Servers)
	}
	o.Params = buildParams(item.Parameters, op.Parameters)
	o.Body = buildBody(op.RequestBody)
	nameArguments(o)
	o.InputSchema = inputSchema(o)
	o.Response = responseSchema(op)
	o.Links = responseLinks(op)
	return o, nil
}

// buildParams merges path-level and operation-level parameters; the operation's win
// when both declare the same name and location.
func buildParams(pathLevel, opLevel openapi3.Parameters) []*Param {
	var out []*Param
	index := map[string]int{}
	add := func(ref *openapi3.ParameterRef) {
		if ref == nil || ref.Value == nil {
			return
		}
		p := ref.Value
		param := &Param{
			Name:        p.Name,
			In:          p.In,
			Required:    p.Required || p.In == openapi3.ParameterInPath,
			Description: strings.TrimSpace(p.Description),
			Style:       p.Style,
			Explode:     p.Explode,
			Extensions:  askapiExtensions(p.Extensions),
		}
		schemaRef := p.Schema
		if schemaRef == nil {
			for _, mt := range p.Content {
				schemaRef = mt.Schema
				break
			}
		}
		param.Schema = newConverter(modeRequest).convert(schemaRef)
		if param.Description != "" {
			param.Schema["description"] = param.Description
		}
		if schemaRef != nil && schemaRef.Value != nil {
			param.Default = schemaRef.Value.Default
			param.Examples = append(param.Examples, schemaExamples(schemaRef.Value)...)
		}
		if p.Example != nil {
			param.Examples = append(param.Examples, p.Example)
		}
		for _, ex := range p.Examples {
			if ex != nil && ex.Value != nil && ex.Value.Value != nil {
				param.Examples = append(param.Examples, ex.Value.Value)
			}
		}
		if p.Deprecated {
			param.Schema["deprecated"] = true
		}
		key := p.In + "\x00" + p.Name
		if i, ok := index[key]; ok {
			out[i] = param
			return
		}
		index[key] = len(out)
		out = append(out, param)
	}
	for _, r := range pathLevel {
		add(r)
	}
	for _, r := range opLevel {
		add(r)
	}
	return out
}

// bodyTypes are the request media types askapi can send, best first.
var bodyTypes = []string{"application/json", "application/x-www-form-urlencoded", "multipart/form-data", "text/plain"}

func buildBody(ref *openapi3.RequestBodyRef) *Body {
	if ref == nil || ref.Value == nil || len(ref.Value.Content) == 0 {
		return nil
	}
	rb := ref.Value
	ct, mt := pickMediaType(rb.Content)
	if mt == nil {
		return nil
	}
	b := &Body{ContentType: ct, Required: rb.Required}
	b.Schema = newConverter(modeRequest).convert(mt.Schema)
	if props, ok := b.Schema["properties"].(map[string]any); ok && isObjectSchema(b.Schema) {
		b.Flattened = true
		for name := range props {
			b.Props = append(b.Props, name)
		}
		sort.Strings(b.Props)
		if req, ok := b.Schema["required"].([]string); ok {
			b.RequiredProps = append([]string(nil), req...)
		}
	} else {
		b.Arg = "body"
	}
	for name, enc := range mt.Encoding {
		if enc != nil && enc.ContentType != "" {
			if b.Encodings == nil {
				b.Encodings = map[string]string{}
			}
			b.Encodings[name] = enc.ContentType
		}
	}
	return b
}

func pickMediaType(content openapi3.Content) (string, *openapi3.MediaType) {
	for _, want := range bodyTypes {
		for ct, mt := range content {
			if mediaBase(ct) == want {
				return ct, mt
			}
		}
	}
	// Vendor JSON types (application/vnd.x+json) are JSON too.
	keys := make([]string, 0, len(content))
	for ct := range content {
		keys = append(keys, ct)
	}
	sort.Strings(keys)
	for _, ct := range keys {
		if strings.HasSuffix(mediaBase(ct), "+json") || mediaBase(ct) == "*/*" {
			return ct, content[ct]
		}
	}
	if len(keys) > 0 {
		return keys[0], content[keys[0]]
	}
	return "", nil
}

func mediaBase(ct string) string {
	if i := strings.IndexByte(ct, ';'); i >= 0 {
		ct = ct[:i]
	}
	return strings.ToLower(strings.TrimSpace(ct))
}

func isObjectSchema(s map[string]any) bool {
	switch t := s["type"].(type) {
	case nil:
		return true
	case string:
		return t == "object"
	case []string:
		return contains(t, "object") && !contains(t, "array")
	}
	return false
}

func firstServerURL(servers openapi3.Servers) string {
	if len(servers) == 0 || servers[0] == nil {
		return ""
	}
	s := servers[0]
	u := s.URL
	for name, v := range s.Variables {
		if v != nil {
			u = strings.ReplaceAll(u, "{"+name+"}", v.Default)
		}
	}
	return u
}

func securitySchemes(doc *openapi3.T) map[string]*SecurityScheme {
	if doc.Components == nil || len(doc.Components.SecuritySchemes) == 0 {
		return nil
	}
	out := map[string]*SecurityScheme{}
	for name, ref := range doc.Components.SecuritySchemes {
		if ref == nil || ref.Value == nil {
			continue
		}
		s := ref.Value
		out[name] = &SecurityScheme{
			Name:      name,
			Type:      s.Type,
			Scheme:    strings.ToLower(s.Scheme),
			In:        s.In,
			ParamName: s.Name,
		}
	}
	return out
}

// askapiExtensions keeps only x-askapi-* extensions: the others mean nothing to askapi and
// would bloat the catalog.
func askapiExtensions(ext map[string]any) map[string]any {
	var out map[string]any
	for k, v := range ext {
		if strings.HasPrefix(k, "x-askapi-") {
			if out == nil {
				out = map[string]any{}
			}
			out[k] = v
		}
	}
	return out
}

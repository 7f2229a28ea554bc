// Package tools turns an OpenAPI description into a catalog of operations, each with a
// flat MCP input schema, and knows how to send one of them as an HTTP request.
//
// The catalog is plain data (JSON Schemas as maps, no kin-openapi types), so it can be
// cached on disk and planned over without the original document.
package tools

import "encoding/json"

// Catalog is everything askapi serves from one spec, frozen once built: its fields are
// read through methods and never set again; a catalog that differs (a filter, --auth) is
// built anew from Spec. The slices and maps they return are shared: read-only.
type Catalog struct {
	s CatalogSpec
}

// CatalogSpec is a catalog being built; Build freezes it.
type CatalogSpec struct {
	Title   string `json:"title"`
	Version string `json:"version"`
	// Source is the file path or URL the spec came from.
	Source string `json:"source"`
	// BaseURL is the spec's first server, with variables at their defaults.
	BaseURL string `json:"base_url"`
	// SecuritySchemes by name, from components.securitySchemes.
	SecuritySchemes map[string]*SecurityScheme `json:"security_schemes,omitempty"`
	// Security is the document-wide requirement: alternatives, each a set of scheme names.
	Security   []SecurityRequirement `json:"security,omitempty"`
	Operations []*Operation          `json:"operations"`
	// Extensions holds the document's x-askapi-* extensions.
	Extensions map[string]any `json:"extensions,omitempty"`
	// Warnings are the normalisations applied to a sloppy spec, each naming its JSON pointer.
	Warnings []string `json:"warnings,omitempty"`
}

// Build freezes s into a catalog.
func (s CatalogSpec) Build() *Catalog { return &Catalog{s: s} }

// Spec is c's content, to build a catalog that differs from it; the slices and maps are
// c's own, so a change replaces them rather than writing into them.
func (c *Catalog) Spec() CatalogSpec { return c.s }

// Title is the spec's title.
func (c *Catalog) Title() string { return c.s.Title }

// Version is the spec's own version (info.version).
func (c *Catalog) Version() string { return c.s.Version }

// Source is the file path or URL the spec came from.
func (c *Catalog) Source() string { return c.s.Source }

// BaseURL is the spec's first server, with variables at their defaults.
func (c *Catalog) BaseURL() string { return c.s.BaseURL }

// SecuritySchemes are the spec's security schemes by name.
func (c *Catalog) SecuritySchemes() map[string]*SecurityScheme { return c.s.SecuritySchemes }

// Security is the document-wide requirement.
func (c *Catalog) Security() []SecurityRequirement { return c.s.Security }

// Operations are the catalog's operations, in the order tools are listed.
func (c *Catalog) Operations() []*Operation { return c.s.Operations }

// Extensions holds the document's x-askapi-* extensions.
func (c *Catalog) Extensions() map[string]any { return c.s.Extensions }

// Warnings are the normalisations applied to a sloppy spec.
func (c *Catalog) Warnings() []string { return c.s.Warnings }

// MarshalJSON encodes the catalog as its spec.
func (c Catalog) MarshalJSON() ([]byte, error) { return json.Marshal(c.s) }

// SecurityRequirement maps scheme names to scopes; all schemes in one requirement apply together.
type SecurityRequirement map[string][]string

// SecurityScheme is the part of an OpenAPI security scheme askapi needs to authenticate.
type SecurityScheme struct {
	Name string `json:"name"`
	// Type is apiKey, http, oauth2 or openIdConnect.
	Type string `json:"type"`
	// Scheme is the HTTP auth scheme (bearer, basic) when Type is http.
	Scheme string `json:"scheme,omitempty"`
	// In and ParamName locate an apiKey: header, query or cookie.
	In        string `json:"in,omitempty"`
	ParamName string `json:"param_name,omitempty"`
	// TokenURL is where an oauth2 scheme's tokens come from (its flows' tokenUrl).
	TokenURL string `json:"token_url,omitempty"`
}

// Operation is one OpenAPI operation, served as one tool.
type Operation struct {
	// Name is the MCP tool name: unique, at most 64 characters.
	Name        string   `json:"name"`
	OperationID string   `json:"operation_id,omitempty"`
	Method      string   `json:"method"` // upper case
	Path        string   `json:"path"`   // as in the spec, with {templates}
	Summary     string   `json:"summary,omitempty"`
	Description string   `json:"description,omitempty"`
	Tags        []string `json:"tags,omitempty"`
	Deprecated  bool     `json:"deprecated,omitempty"`

	Params []*Param `json:"params,omitempty"`
	Body   *Body    `json:"body,omitempty"`

	// Security overrides the catalog's requirement when non-nil; an empty list means none.
	Security []SecurityRequirement `json:"security,omitempty"`
	// ServerURL overrides the catalog's base URL when the operation declares its own servers.
	ServerURL string `json:"server_url,omitempty"`

	// InputSchema is the flat JSON Schema of the tool's arguments, reserved ones included.
	InputSchema map[string]any `json:"input_schema"`
	// Response is the structure of the first successful JSON response, if any, as a
	// skeleton JSON Schema: type, properties, required and items only (compositions and
	// additionalProperties as empty markers), five levels deep. The dependency graph and
	// the search index read which fields it yields. Its maps may be shared between
	// operations: read-only.
	Response map[string]any `json:"response,omitempty"`
	// Links are the OpenAPI links declared on successful responses.
	Links []Link `json:"links,omitempty"`
	// Extensions holds the operation's x-askapi-* extensions.
	Extensions map[string]any `json:"extensions,omitempty"`
}

// Param is a path, query, header or cookie parameter.
type Param struct {
	// Name is the parameter's name on the wire.
	Name string `json:"name"`
	// Arg is the argument name in the tool's input (Name, sanitised, or suffixed with its
	// location when a body property has the same name, e.g. uris__query).
	Arg      string `json:"arg"`
	In       string `json:"in"` // path, query, header, cookie
	Required bool   `json:"required,omitempty"`
	// Schema is the JSON Schema shown to the assistant and used for validation.
	Schema      map[string]any `json:"schema,omitempty"`
	Description string         `json:"description,omitempty"`
	// Style and Explode follow OpenAPI serialisation rules; empty Style means the default
	// for the location.
	Style   string `json:"style,omitempty"`
	Explode *bool  `json:"explode,omitempty"`
	// Examples are the spec's own example values; a required argument carrying one of them
	// looks invented.
	Examples []any `json:"examples,omitempty"`
	Default  any   `json:"default,omitempty"`
	// Extensions holds the parameter's x-askapi-* extensions (x-askapi-source).
	Extensions map[string]any `json:"extensions,omitempty"`
}

// Body is the request body.
type Body struct {
	ContentType string `json:"content_type"`
	Required    bool   `json:"required,omitempty"`
	// Flattened bodies are objects whose properties are top-level arguments; otherwise the
	// whole body is the single argument named Arg ("body").
	Flattened bool   `json:"flattened,omitempty"`
	Arg       string `json:"arg,omitempty"`
	// Props are the flattened property names (argument name == property name).
	Props []string `json:"props,omitempty"`
	// Required properties of a flattened body.
	RequiredProps []string       `json:"required_props,omitempty"`
	Schema        map[string]any `json:"schema,omitempty"`
	// Encodings holds per-property content types for form bodies, where declared.
	Encodings map[string]string `json:"encodings,omitempty"`
}

// Link is an OpenAPI link: the target operation's parameters filled from this response.
type Link struct {
	Name string `json:"name"`
	// OperationID or OperationRef names the target.
	OperationID  string `json:"operation_id,omitempty"`
	OperationRef string `json:"operation_ref,omitempty"`
	// Parameters maps target parameter names to runtime expressions such as
	// "$response.body#/id".
	Parameters map[string]any `json:"parameters,omitempty"`
	Status     string         `json:"status,omitempty"`
}

// Key is "METHOD /path", the name DESIGN.md and the scenario cases use for an operation.
func (o *Operation) Key() string { return o.Method + " " + o.Path }

// ReadOnly reports whether the method is safe (GET, HEAD).
func (o *Operation) ReadOnly() bool { return o.Method == "GET" || o.Method == "HEAD" }

// ParamByArg finds a parameter by its argument name.
func (o *Operation) ParamByArg(arg string) *Param {
	for _, p := range o.Params {
		if p.Arg == arg {
			return p
		}
	}
	return nil
}

// Lookup finds an operation by tool name, operationId or "METHOD /path".
func (c *Catalog) Lookup(name string) *Operation {
	for _, o := range c.Operations() {
		if o.Name == name || o.Key() == name || (o.OperationID != "" && o.OperationID == name) {
			return o
		}
	}
	return nil
}

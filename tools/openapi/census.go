package openapi

import "github.com/askapi/askapi/tools"

// A census lists a spec's operations before they are compiled: what each says of itself
// (name, method, path, operationId, tags, summary), none of its parameters, body or
// response; and the document's extensions. It is enough to apply a Filter and count what a server will serve, which a
// server in dynamic mode needs to answer tools/list long before the compile ends.
//
// Only the direct path (a clean JSON OpenAPI 3 document) takes a census: there it costs a
// walk over the already scanned bytes. Should that compile fall back to the precise path,
// the operations are the same ones: the census still holds.

// census is a catalog of the document's operation heads, in the catalog's order and
// named as compile names them, with the document's title, version and extensions (a
// policy there may make the server read-only). Nothing else is set.
func (c *compiler) census(source string) *tools.Catalog {
	root := c.fields(c.d)
	cat := tools.CatalogSpec{Source: source, Extensions: rawExtensions(root)}
	if info := root["info"]; isObject(info) {
		f := c.fields(info)
		cat.Title, cat.Version = rawStr(f["title"]), rawStr(f["version"])
	}
	if paths := root["paths"]; isObject(paths) {
		c.eachPathItem(paths, func(path string, item map[string][]byte) {
			eachMethod(item, func(method string, op []byte) {
				cat.Operations = append(cat.Operations, c.operationHead(method, path, c.fields(op)))
			})
		})
	}
	tools.AssignNames(cat.Operations)
	return cat.Build()
}

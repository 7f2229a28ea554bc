package openapi

import (
	"strings"

	"github.com/askapi/askapi/tools"
)

// compileFast compiles a JSON OpenAPI 3.x document straight from its bytes when it is
// clean: valid, nothing to normalise, every $ref internal and resolvable, path parameters
// matching their templates. ok is false otherwise, and the caller takes the precise path.
// census, when not nil, is given the operations' heads (see census.go) before the compile starts.
func compileFast(data []byte, source string, census func(*tools.Catalog)) (cat *tools.Catalog, version string, ok bool) {
	return compileFastPaged(data, source, census, nil)
}

// compileFastPaged is compileFast over the bytes of a mapped spec file, whose pages it
// lets go as it compiles.
func compileFastPaged(data []byte, source string, census func(*tools.Catalog), pages *specMap) (cat *tools.Catalog, version string, ok bool) {
	clean, refs, lens := scanDocument(data)
	if !clean {
		return nil, "", false
	}
	pages.drop()
	c := newCompiler(data, lens)
	c.pages = pages
	oa := c.getKey(data, "openapi")
	if !isString(oa) || c.getKey(data, "swagger") != nil {
		return nil, "", false
	}
	version = rawStr(oa)
	if version != strings.TrimSpace(version) {
		return nil, "", false
	}
	mm := version
	if i := strings.IndexByte(version, '.'); i >= 0 {
		if j := strings.IndexByte(version[i+1:], '.'); j >= 0 {
			mm = version[:i+1+j]
		}
	}
	switch mm {
	case "3.0":
	case "3.1", "3.2":
		c.v31 = true
	default:
		return nil, "", false
	}
	for ref := range refs {
		frag := ref[1:]
		if !strings.HasPrefix(frag, "/") && frag != "" {
			return nil, "", false // an anchor: left to the precise path
		}
		if _, found := c.resolve(ref); !found {
			return nil, "", false
		}
	}
	c.findRecursive(refs)
	if census != nil {
		census(c.census(source))
	}
	cat = c.compile(source)
	if c.problem != "" {
		return nil, "", false
	}
	return cat, version, true
}

package tools

import (
	"sort"
	"strings"

	"github.com/getkin/kin-openapi/openapi3"
)

// successStatuses returns an operation's 2xx response codes (and "default" last), sorted.
func successStatuses(op *openapi3.Operation) []string {
	if op.Responses == nil {
		return nil
	}
	var codes []string
	for code := range op.Responses.Map() {
		if strings.HasPrefix(code, "2") || strings.EqualFold(code, "2XX") {
			codes = append(codes, code)
		}
	}
	sort.Strings(codes)
	return codes
}

// responseSchema is the schema of the first successful JSON response; the dependency
// graph reads from it which fields an operation yields.
func responseSchema(op *openapi3.Operation) map[string]any {
	for _, code := range successStatuses(op) {
		ref := op.Responses.Value(code)
		if ref == nil || ref.Value == nil {
			continue
		}
		for ct, mt := range ref.Value.Content {
			base := mediaBase(ct)
			if mt == nil || mt.Schema == nil {
				continue
			}
			if base == "application/json" || strings.HasSuffix(base, "+json") || base == "*/*" {
				c := newConverter(modeResponse)
				c.maxDepth = 5
				return c.convert(mt.Schema)
			}
		}
	}
	return nil
}

func responseLinks(op *openapi3.Operation) []Link {
	var out []Link
	for _, code := range successStatuses(op) {
		ref := op.Responses.Value(code)
		if ref == nil || ref.Value == nil {
			continue
		}
		names := make([]string, 0, len(ref.Value.Links))
		for name := range ref.Value.Links {
			names = append(names, name)
		}
		sort.Strings(names)
		for _, name := range names {
			l := ref.Value.Links[name]
			if l == nil || l.Value == nil {
				continue
			}
			out = append(out, Link{
				Name:         name,
				OperationID:  l.Value.OperationID,
				OperationRef: l.Value.OperationRef,
				Parameters:   l.Value.Parameters,
				Status:       code,
			})
		}
	}
	return out
}

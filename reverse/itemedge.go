package reverse

import (
	"strings"

	"github.com/askapi/askapi/reverse/lexicon"
)

// A path parameter names the same thing in every route under it: {uuid} in
// /{uuid}/talk is the call that GET /{uuid} reads, though the talk's description calls
// it a "Call Leg" that nothing lists. An operation's path parameter that found no
// producer of its own takes those of the same parameter in the thing's own route (the
// GET at the path up to that parameter), when its name says it is an identifier.

// inheritItemEdges adds, to each operation, the edges its path parameters lack from the
// GET that reads the thing they name.
func (g *Graph) inheritItemEdges(ix *index) {
	for _, op := range g.cat.Operations() {
		for _, p := range op.Params {
			if p.In != "path" {
				continue
			}
			if _, has := g.Edge(op, p.Arg); has || !hasIDWord(lastWord(lexicon.SnakeCase(p.Name))) {
				// Only a parameter named as an identifier: a full resource name ({name},
				// {parent}) is one route for every kind (Google's /v1/{name} reads a
				// dashboard; /v1/{name}/labels takes a workspace).
				continue
			}
			end := strings.Index(op.Path, "{"+p.Name+"}")
			if end < 0 {
				continue
			}
			end += len(p.Name) + 2
			if rest := op.Path[end:]; !strings.HasPrefix(rest, "/") || strings.TrimSuffix(rest, "/") == "" {
				continue // the thing's own route, or another operation at it (/{roleId}#role-definition)
			}
			item := ix.getAt[templateKey(op.Path[:end])]
			if item == nil || item == op || item.ParamByArg(p.Arg) == nil {
				continue
			}
			if e, ok := g.Edge(item, p.Arg); ok && len(e.Producers) > 0 {
				g.EdgeMap[op] = append(g.EdgeMap[op], e)
			}
		}
	}
}

package server

import (
	"github.com/mark3labs/mcp-go/mcp"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools/secret"
)

// Upstream text is data (tools.InertLine): what an API wrote and the envelope shows
// outside the body — option labels, the labels of resolved values, refusal messages in
// reasons, error messages and excerpts — is shown on one line, without controls, bidi
// overrides, tag or zero-width characters. A question keeps its own line breaks (a
// confirmation shows its body) but loses the invisible characters, and a label it quotes
// is quoted clean. The text block names API-written labels as the API's (clarify's
// Result.Text). The body is the API's answer, data as it came.

// settleCallResult applies, at the edge, what Pipeline.Call applies to its own results
// (inert upstream text, bounded echoes) to every tool's: the meta-tools' and resolve's
// results are built beside the pipeline. The text block is rendered again from the
// settled envelope. Both passes leave a settled result as it is.
func settleCallResult(rd *secret.Redactor, res *mcp.CallToolResult, req mcp.CallToolRequest) *mcp.CallToolResult {
	if res == nil {
		return res
	}
	r, ok := res.StructuredContent.(*clarify.Result)
	if !ok {
		return res
	}
	args, _ := req.Params.Arguments.(map[string]any)
	clean := pipeline.CeilAnswer(pipeline.BoundEchoes(pipeline.InertResult(r), args, rd))
	if clean == r {
		return res
	}
	out := *res
	out.StructuredContent = clean
	out.Content = resultOf(clean).Content
	return &out
}

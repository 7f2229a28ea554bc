package server

import (
	"strings"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
)

// Upstream text is data (tools.InertLine): what an API wrote and the envelope shows
// outside the body — option labels, the labels of resolved values, refusal messages in
// reasons, error messages and excerpts — is shown on one line, without controls, bidi
// overrides, tag or zero-width characters. A question keeps its own line breaks (a
// confirmation shows its body) but loses the invisible characters, and a label it quotes
// is quoted clean. The text block names API-written labels as the API's (clarify's
// Result.Text). The body is the API's answer, data as it came.

// inertResult returns r with its upstream text made inert; r itself when nothing changes.
func inertResult(r *clarify.Result) *clarify.Result {
	if r == nil {
		return r
	}
	out := *r
	changed := false
	line := func(s *string) {
		if clean := tools.InertLine(*s); clean != *s {
			*s, changed = clean, true
		}
	}
	line(&out.Reason)
	line(&out.Note)
	if r.Error != nil {
		e := *r.Error
		line(&e.Message)
		line(&e.BodyExcerpt)
		out.Error = &e
	}
	if r.Selected != nil {
		sel := *r.Selected
		line(&sel.Reason)
		out.Selected = &sel
	}
	if len(r.Questions) > 0 {
		out.Questions = make([]clarify.Question, len(r.Questions))
		for i, q := range r.Questions {
			if len(q.Options) > 0 {
				opts := make([]clarify.Option, len(q.Options))
				for j, o := range q.Options {
					if clean := tools.InertLine(o.Label); clean != o.Label {
						if o.Label != "" {
							q.Question = strings.ReplaceAll(q.Question, o.Label, clean)
						}
						o.Label, changed = clean, true
					}
					opts[j] = o
				}
				q.Options = opts
			}
			if clean := tools.Visible(q.Question); clean != q.Question {
				q.Question, changed = clean, true
			}
			line(&q.Reason)
			out.Questions[i] = q
		}
	}
	if len(r.Resolved) > 0 {
		out.Resolved = make([]clarify.Resolution, len(r.Resolved))
		for i, res := range r.Resolved {
			line(&res.Label)
			out.Resolved[i] = res
		}
	}
	if !changed {
		return r
	}
	return &out
}

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
	clean := ceilAnswer(boundEchoes(inertResult(r), args, rd))
	if clean == r {
		return res
	}
	out := *res
	out.StructuredContent = clean
	out.Content = resultOf(clean).Content
	return &out
}

package server

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools/secret"
)

// Redaction happens once, here, at the edge where text leaves the process: every tool
// result (envelope and text), every form (both protocol eras), progress messages, log
// lines (redactlog.go) and what a continuation seals. Code below the edge may hold
// secrets freely; nothing it produces reaches a client or stderr without passing here.
// The tools package redacts on its own only where it cuts text to length (a body at the
// cap, an error excerpt): a secret cut in half would be recognised by no later pass.

// configuredSecrets are every secret the configuration holds, whether or not the spec
// uses it: each ASKAPI_AUTH_<SCHEME> and ASKAPI_API_KEY value, each --header value
// (and the token of "Bearer <token>"), the HTTP bearer token, the continuation key and
// the model endpoint's key.
func configuredSecrets(opts Options) []string {
	headers := http.Header{}
	for _, h := range opts.Headers {
		if _, v, ok := strings.Cut(h, ":"); ok {
			headers.Add("Configured", strings.TrimSpace(v))
		}
	}
	schemes := map[string]string{}
	for _, kv := range opts.Environ {
		if k, v, ok := strings.Cut(kv, "="); ok && (k == secret.GenericAuthEnvVar || strings.HasPrefix(k, secret.AuthEnvVar(""))) {
			schemes[k] = v
		}
	}
	out := secret.Credentials{Schemes: schemes, Headers: headers}.Secrets()
	out = append(out, oauth2Secrets(opts)...)
	return append(out, opts.HTTPToken, opts.ContinuationKey, opts.LLM.APIKey)
}

// atEdge wraps a tool handler so that what it answers leaves redacted, and so that the
// progress it reports on the way is redacted too.
func atEdge(p *pipeline.Pipeline, h mcpserver.ToolHandlerFunc) mcpserver.ToolHandlerFunc {
	return func(ctx context.Context, req mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		rd := p.EdgeRedactor(ctx)
		res, err := h(context.WithValue(ctx, redactorKey{}, rd), req)
		if err != nil {
			return nil, errors.New(rd.String(err.Error()))
		}
		return redactCallResult(rd, settleCallResult(rd, res, req)), nil
	}
}

type redactorKey struct{}

// redactorFrom is the redactor of the call ctx belongs to; nil (hiding nothing) outside
// a call.
func redactorFrom(ctx context.Context) *secret.Redactor {
	rd, _ := ctx.Value(redactorKey{}).(*secret.Redactor)
	return rd
}

// redactCallResult is res with no secret in its envelope, its text or its input requests.
func redactCallResult(rd *secret.Redactor, res *mcp.CallToolResult) *mcp.CallToolResult {
	if res == nil || rd.Empty() {
		return res
	}
	out := *res
	if r, ok := res.StructuredContent.(*clarify.Result); ok {
		if clean := pipeline.RedactResult(rd, r); clean != r {
			// The text block is the envelope rendered for reading: render it again from
			// the clean envelope rather than patch the rendering.
			out.StructuredContent = clean
			out.Content = resultOf(clean).Content
		}
	}
	out.Content = redactContent(rd, out.Content)
	out.InputRequests = redactInputRequests(rd, res.InputRequests)
	return &out
}

// redactContent hides secrets in text blocks whoever wrote them.
func redactContent(rd *secret.Redactor, content []mcp.Content) []mcp.Content {
	out := make([]mcp.Content, len(content))
	for i, c := range content {
		out[i] = c
		if t, ok := mcp.AsTextContent(c); ok {
			if clean := rd.String(t.Text); clean != t.Text {
				cp := *t
				cp.Text = clean
				out[i] = cp
			}
		}
	}
	return out
}

// redactInputRequests hides secrets in the forms a result asks the client to show. askapi
// asks for no sampling or roots; such requests pass unchanged.
func redactInputRequests(rd *secret.Redactor, reqs mcp.InputRequests) mcp.InputRequests {
	if len(reqs) == 0 {
		return reqs
	}
	out := make(mcp.InputRequests, len(reqs))
	for id, r := range reqs {
		if r.Elicitation != nil {
			params := *r.Elicitation
			params.Message = rd.String(params.Message)
			params.RequestedSchema = pipeline.RedactAny(rd, params.RequestedSchema)
			r.Elicitation = &params
		}
		out[id] = r
	}
	return out
}

package server

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/mark3labs/mcp-go/mcp"
	mcpserver "github.com/mark3labs/mcp-go/server"
)

// resolve through the host's model is listed only to clients that declared sampling:
// a client that cannot sample could never get an answer from it. The tool carries
// _meta.askapi.model = "sampling"; the tool filter drops it for other clients, and the
// encoded whole list (wholelist.go) has a variant with it, chosen per request.

// needsSampling reports whether t is served only to clients that can sample.
func needsSampling(t mcp.Tool) bool {
	if t.Meta == nil {
		return false
	}
	a, _ := t.Meta.AdditionalFields["askapi"].(map[string]any)
	return a != nil && a["model"] == pipeline.ModelViaSampling
}

// samplingFilter is the tool filter of a server without the encoded list (New).
func samplingFilter() mcpserver.ServerOption { return mcpserver.WithToolFilter(withoutSampling) }

// withoutSampling drops the tools that need sampling when the client cannot sample.
func withoutSampling(ctx context.Context, list []mcp.Tool) []mcp.Tool {
	gated := false
	for _, t := range list {
		if needsSampling(t) {
			gated = true
			break
		}
	}
	if !gated || clientCanSample(ctx) {
		return list
	}
	out := make([]mcp.Tool, 0, len(list))
	for _, t := range list {
		if !needsSampling(t) {
			out = append(out, t)
		}
	}
	return out
}

// encodeGatedList encodes the list for clients that cannot sample, with the list for
// those that can as its sampled variant, when some entry needs sampling.
func encodeGatedList(entries []mcpserver.ServerTool) (*toolList, bool, error) {
	var plain []mcpserver.ServerTool
	for _, e := range entries {
		if !needsSampling(e.Tool) {
			plain = append(plain, e)
		}
	}
	if len(plain) == len(entries) {
		return nil, false, nil
	}
	// Encoded twice; the registered tools' schemas end up as slices of the second list.
	l, err := encodeEntries(plain)
	if err != nil {
		return nil, true, err
	}
	sampled, err := encodeEntries(entries)
	if err != nil {
		return nil, true, err
	}
	l.sampled = sampled
	return l, true, nil
}

// placeholderSampled stands for the sampled variant of the encoded list.
var placeholderSampled = mcp.Tool{Name: "askapi:encoded-tool-list+sampling", RawInputSchema: json.RawMessage(`{}`)}

var placeholderSampledJSON = sync.OnceValue(func() []byte {
	data, err := json.Marshal([]mcp.Tool{placeholderSampled})
	if err != nil {
		panic("encode the tools/list placeholder: " + err.Error())
	}
	return data
})

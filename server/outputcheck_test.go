package server

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
	"github.com/santhosh-tekuri/jsonschema/v6"
)

// outputSchemas are the compiled output schemas each test client was listed, by tool:
// every call a test makes checks its structuredContent against what tools/list declared,
// as a client that validates (the official TypeScript SDK does) would (issue 31).
var outputSchemas sync.Map // *client.Client → map[string]*jsonschema.Schema

func declaredOutput(t *testing.T, c *client.Client, tool string) *jsonschema.Schema {
	t.Helper()
	if m, ok := outputSchemas.Load(c); ok {
		return m.(map[string]*jsonschema.Schema)[tool]
	}
	m := map[string]*jsonschema.Schema{}
	var cursor mcp.Cursor
	for {
		var req mcp.ListToolsRequest
		req.Params.Cursor = cursor
		res, err := c.ListTools(context.Background(), req)
		if err != nil {
			t.Fatalf("tools/list: %v", err)
		}
		for _, tl := range res.Tools {
			raw := tl.RawOutputSchema
			if raw == nil && tl.OutputSchema.Type != "" {
				if raw, err = json.Marshal(tl.OutputSchema); err != nil {
					t.Fatal(err)
				}
			}
			if raw == nil {
				continue
			}
			doc, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
			if err != nil {
				t.Fatalf("outputSchema of %s: %v", tl.Name, err)
			}
			comp := jsonschema.NewCompiler()
			url := "askapi:///" + tl.Name + ".out.json"
			if err := comp.AddResource(url, doc); err != nil {
				t.Fatalf("outputSchema of %s: %v", tl.Name, err)
			}
			if m[tl.Name], err = comp.Compile(url); err != nil {
				t.Fatalf("outputSchema of %s does not compile: %v", tl.Name, err)
			}
		}
		if res.NextCursor == "" {
			break
		}
		cursor = res.NextCursor
	}
	outputSchemas.Store(c, m)
	return m[tool]
}

// checkOutput fails the test when a result's structuredContent breaks the tool's
// declared output schema.
func checkOutput(t *testing.T, c *client.Client, tool string, res *mcp.CallToolResult) {
	t.Helper()
	sch := declaredOutput(t, c, tool)
	if sch == nil || res.StructuredContent == nil {
		return
	}
	raw, err := json.Marshal(res.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(string(raw)))
	if err != nil {
		t.Fatal(err)
	}
	if err := sch.Validate(v); err != nil {
		t.Errorf("structuredContent of %s breaks its declared outputSchema: %v\n%s", tool, err, raw)
	}
}

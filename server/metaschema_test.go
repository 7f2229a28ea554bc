package server

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/mark3labs/mcp-go/mcp"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools"
)

// TestMetaSchemasFromTypes: the meta-tools' input schemas, generated from their argument
// types, are the ones written out by hand before (the tool snapshots hold find_operations,
// plan and describe_operation; call_operation and resolve are checked here).
func TestMetaSchemasFromTypes(t *testing.T) {
	reserved := func(props map[string]any, extra ...string) map[string]any {
		for _, k := range append([]string{tools.ArgUserRequest, tools.ArgContinuation}, extra...) {
			props[k] = tools.ReservedSchema(k, tools.Meta)
		}
		return props
	}
	dyn, err := dynamicToolDefs()
	if err != nil {
		t.Fatal(err)
	}
	res, err := resolveToolDef("a model")
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]mcp.Tool{res.Name: res}
	for _, d := range dyn {
		byName[d.Name] = d
	}
	cases := []struct {
		tool string
		want map[string]any
	}{
		{pipeline.ToolCallOperation, map[string]any{"type": "object", "required": []string{"operation"}, "properties": reserved(map[string]any{
			"operation": map[string]any{"type": "string", "description": operationArgDescription},
			"arguments": map[string]any{"type": "object", "description": "The operation's arguments, as its input schema says."},
		}, tools.ArgSelect, tools.ArgCompact, tools.ArgConfirm)}},
		{ToolResolve, map[string]any{"type": "object", "required": []string{"request"}, "properties": reserved(map[string]any{
			"request":   map[string]any{"type": "string", "description": "What the user asked for, in their own words."},
			"arguments": map[string]any{"type": "object", "description": "The user's answers to askapi's questions, by field, sent with the _continuation."},
		}, tools.ArgConfirm)}},
		{pipeline.ToolFindOperations, map[string]any{"type": "object", "properties": reserved(map[string]any{
			"query": map[string]any{"type": "string", "description": findQueryDescription},
			"limit": map[string]any{"type": "integer", "minimum": 1, "maximum": pipeline.MaxCandidates, "description": "How many operations to return (default and most 10)."},
		})}},
	}
	for _, tc := range cases {
		t.Run(tc.tool, func(t *testing.T) {
			tool, ok := byName[tc.tool]
			if !ok {
				t.Fatalf("no tool %s", tc.tool)
			}
			var got, want any
			if err := json.Unmarshal(tool.RawInputSchema, &got); err != nil {
				t.Fatal(err)
			}
			raw, _ := json.Marshal(tc.want)
			_ = json.Unmarshal(raw, &want)
			if !reflect.DeepEqual(got, want) {
				g, _ := json.MarshalIndent(got, "", " ")
				t.Errorf("input schema of %s:\n%s\nwant\n%s", tc.tool, g, raw)
			}
		})
	}
}

// TestTypedMetaHandlerBinds: a meta-tool's arguments reach the pipeline bound to its
// type; a value of the wrong type is answered to the assistant, never sent anywhere.
func TestTypedMetaHandlerBinds(t *testing.T) {
	p := pipelineWith(t, Options{Spec: "tmdb.json"})
	defs, err := metaToolDefs()
	if err != nil {
		t.Fatal(err)
	}
	var find mcp.Tool
	for _, d := range defs {
		if d.Name == pipeline.ToolFindOperations {
			find = d
		}
	}
	h := bindMeta(p, []mcp.Tool{find})[0].Handler
	call := func(args map[string]any) *mcp.CallToolResult {
		req := mcp.CallToolRequest{}
		req.Params.Name, req.Params.Arguments = find.Name, args
		r, err := h(t.Context(), req)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	if r := call(map[string]any{"query": "movie credits", "limit": 2}); r.IsError || len(r.StructuredContent.(*clarify.Result).Operations) != 2 {
		t.Errorf("bound call: %+v", r)
	}
	if r := call(map[string]any{"query": "movie credits", "limit": "two"}); !r.IsError {
		t.Errorf("a limit in words was taken: %+v", r)
	}
}

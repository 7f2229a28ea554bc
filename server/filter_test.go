package server

import (
	"context"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/askapi/askapi/server/pipeline"
	"github.com/mark3labs/mcp-go/client"
	"github.com/mark3labs/mcp-go/mcp"
)

// pipelineWith builds a pipeline for opts (Spec relative to the shared specs folder).
func pipelineWith(t *testing.T, opts Options) *pipeline.Pipeline {
	t.Helper()
	if !strings.Contains(opts.Spec, "/") {
		opts.Spec = sharedSpecPath(opts.Spec)
	}
	if opts.Environ == nil {
		opts.Environ = []string{"ASKAPI_API_KEY=test-key"}
	}
	cat, err := LoadCatalog(context.Background(), opts)
	if err != nil {
		t.Fatalf("LoadCatalog(%s): %v", opts.Spec, err)
	}
	opts.BaseURLExact = stubAtRoot(cat)
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatalf("NewPipeline: %v", err)
	}
	return p
}

// listedTools lists the tools a client sees, by name, sorted.
func listedTools(t *testing.T, c *client.Client) []string {
	t.Helper()
	list, err := c.ListTools(context.Background(), mcp.ListToolsRequest{})
	if err != nil {
		t.Fatalf("tools/list: %v", err)
	}
	var names []string
	for _, tool := range list.Tools {
		names = append(names, tool.Name)
	}
	sort.Strings(names)
	return names
}

func sorted(names ...string) []string {
	out := append([]string(nil), names...)
	sort.Strings(out)
	return out
}

// TestFiltersOverMCP: --tag, --include, --exclude and --read-only change what tools/list
// offers, and a filtered-out operation cannot be called.
func TestFiltersOverMCP(t *testing.T) {
	meta := []string{pipeline.ToolFindOperations, pipeline.ToolPlan, pipeline.ToolDescribeOperation}
	cases := []struct {
		name string
		opts Options
		want []string // operation tools; the meta-tools come on top
	}{
		{"tag", Options{Spec: "alertmanager-v2.yaml", Tags: []string{"silence"}},
			[]string{"getSilences", "postSilences", "getSilence", "deleteSilence"}},
		{"two tags", Options{Spec: "alertmanager-v2.yaml", Tags: []string{"alert", "general"}},
			[]string{"getAlerts", "postAlerts", "getStatus"}},
		{"include METHOD /path glob", Options{Spec: "tmdb.json", Include: []string{"GET /person/*"}},
			[]string{"GET_person-person_id", "GET_person-person_id-movie_credits", "GET_person-person_id-tv_credits",
				"GET_person-person_id-images", "GET_person-popular"}},
		{"include operationId", Options{Spec: "alertmanager-v2.yaml", Include: []string{"get*Silence*"}},
			[]string{"getSilences", "getSilence"}},
		{"exclude", Options{Spec: "alertmanager-v2.yaml", Exclude: []string{"* /silence*", "getStatus"}},
			[]string{"getReceivers", "getAlerts", "postAlerts", "getAlertGroups"}},
		{"tag and exclude", Options{Spec: "alertmanager-v2.yaml", Tags: []string{"silence"}, Exclude: []string{"DELETE *"}},
			[]string{"getSilences", "postSilences", "getSilence"}},
		{"read-only", Options{Spec: "alertmanager-v2.yaml", ReadOnly: true},
			[]string{"getStatus", "getReceivers", "getSilences", "getSilence", "getAlerts", "getAlertGroups"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			p := pipelineWith(t, tc.opts)
			c := connectInProcess(t, p, nil, "")
			got := listedTools(t, c)
			if want := sorted(append(tc.want, meta...)...); !reflect.DeepEqual(got, want) {
				t.Errorf("tools/list = %v\nwant %v", got, want)
			}
		})
	}

	// The include case above must list exactly the person operations of TMDB: check it
	// against the spec itself, so a new person operation is not missed silently.
	p := pipelineWith(t, Options{Spec: "tmdb.json"})
	persons := 0
	for _, op := range p.Catalog.Operations() {
		if op.Method == "GET" && strings.HasPrefix(op.Path, "/person/") {
			persons++
		}
	}
	if persons != 5 {
		t.Errorf("TMDB has %d GET /person/* operations; the include case lists 5", persons)
	}

	t.Run("filtered-out operation is not callable", func(t *testing.T) {
		p := pipelineWith(t, Options{Spec: "alertmanager-v2.yaml", ReadOnly: true})
		c := connectInProcess(t, p, nil, "")
		var req mcp.CallToolRequest
		req.Params.Name = "deleteSilence"
		req.Params.Arguments = map[string]any{"silenceID": "9b8a7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d"}
		if res, err := c.CallTool(context.Background(), req); err == nil {
			t.Fatalf("deleteSilence answered in read-only mode: %+v", res)
		}
		// plan and find_operations do not know it either.
		env, _ := mcpCall(t, c, pipeline.ToolPlan, map[string]any{"operation": "deleteSilence"})
		if env.Status != "needs_clarification" || len(env.Questions) != 1 || env.Questions[0].Field != "operation" {
			t.Errorf("plan of a filtered-out operation: %+v", env)
		}
	})

	t.Run("filters leaving nothing are an error", func(t *testing.T) {
		opts := Options{Spec: sharedSpecPath("alertmanager-v2.yaml"), Tags: []string{"no-such-tag"}}
		cat, err := LoadCatalog(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		opts.BaseURLExact = stubAtRoot(cat)
		if _, err := NewPipeline(cat, opts); err == nil || !strings.Contains(err.Error(), "leave no operation") {
			t.Errorf("NewPipeline = %v, want an error saying nothing is left", err)
		}
	})
}

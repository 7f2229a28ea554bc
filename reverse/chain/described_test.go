package chain

import (
	"context"
	"testing"

	"github.com/askapi/askapi/reverse"
	"github.com/askapi/askapi/tools"
)

// TestIdentifyDescribedThing: a name that says a role (parent_id, owner_id) is read with
// the description that says what the value identifies ("Parent node ID" → a parent
// node); a description that adds nothing leaves the name's reading alone.
func TestIdentifyDescribedThing(t *testing.T) {
	integer := map[string]any{"type": "integer", "format": "int64"}
	cases := []struct {
		name  string
		param tools.Param
		want  string
	}{
		{"role then thing then ID", tools.Param{Name: "parent_id", In: "query", Schema: integer, Description: "Parent node ID.\n\nOnly rooms and folders can be parents."}, "parent_node"},
		{"camel case, lower-case description", tools.Param{Name: "targetId", In: "query", Schema: integer, Description: "target folder id"}, "target_folder"},
		{"ID of the role thing", tools.Param{Name: "parent_id", In: "query", Schema: integer, Description: "The ID of the parent folder to list."}, "parent_folder"},
		{"identifier of the role thing", tools.Param{Name: "source_id", In: "query", Schema: integer, Description: "Unique identifier for the source account"}, "source_account"},
		{"the thing itself", tools.Param{Name: "user_id", In: "query", Schema: integer, Description: "User ID"}, "user"},
		{"no thing after the role", tools.Param{Name: "parent_id", In: "query", Schema: integer, Description: "Parent ID. 0 is the root."}, "parent"},
		{"a possessive is no thing", tools.Param{Name: "parent_id", In: "query", Schema: integer, Description: "The parent's ID"}, "parent"},
		{"a phrase that ends the name", tools.Param{Name: "parent_id", In: "query", Schema: integer, Description: "ID of the parent to move the item to"}, "parent"},
		{"the role named later, not first", tools.Param{Name: "parent_id", In: "query", Schema: integer, Description: "Filter by parent. A node ID is expected."}, "parent"},
		{"an article first", tools.Param{Name: "parent_id", In: "query", Schema: integer, Description: "The parent node ID"}, "parent_node"},
		{"no description", tools.Param{Name: "parent_id", In: "query", Schema: integer}, "parent"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			op := &tools.Operation{Method: "GET", Path: "/items"}
			p := tc.param
			got, ok := reverse.Resource(op, &p)
			if !ok || got != tc.want {
				t.Errorf("Resource(%s, %q) = %q, %v; want %q", p.Name, p.Description, got, ok, tc.want)
			}
		})
	}
}

// TestResolveDescribedParent: parent_id ("Parent node ID") is a node: it is looked up
// through the node search, which takes the name, not through a node's parents, which
// needs a node nobody gave.
func TestResolveDescribedParent(t *testing.T) {
	cat, g := rtData(t, "roles.yaml", nil)
	for _, key := range []string{"GET /nodes", "GET /nodes/search"} {
		op := rtOp(t, cat, key)
		e := rtEdge(t, g, op, "parent_id")
		// A node's parents need a node nobody gave: they come after every producer of
		// nodes that can run on the name alone.
		for i, p := range e.Producers {
			if p.OpKey == "GET /nodes/{node_id}/parents" && i == 0 {
				t.Errorf("%s: parent_id is produced first by a node's parents: %+v", key, e.Producers)
			}
		}
		if runnable := g.RunnableFor(op, e.Producers); len(runnable) == 0 || len(runnable[0].Needs) > 0 {
			t.Errorf("%s: the first producer to run needs an input: %+v", key, runnable)
		}
		if got := g.Resources(op)["parent_id"]; got != "parent node" {
			t.Errorf("%s: parent_id is asked as %q, want %q", key, got, "parent node")
		}
	}
	op := rtOp(t, cat, "GET /nodes")
	f := &rtFetcher{bodies: map[string]string{
		"GET /nodes/search": `{"range":{"offset":0,"total":1},"items":[{"id":4711,"type":"room","name":"Legal Contracts"}]}`,
		"GET /nodes":        `{"range":{"offset":0,"total":2},"items":[{"id":4698,"type":"room","name":"Board Room"},{"id":4711,"type":"room","name":"Legal Contracts"}]}`,
	}}
	rs := Resolve(context.Background(), g, op, map[string]any{"parent_id": "Legal Contracts"}, f, nil)
	if len(rs) != 1 || rs[0].Outcome != Filled || rs[0].Value != 4711.0 || rs[0].Via != "GET /nodes/search" {
		t.Fatalf("resolutions: %+v", rs)
	}
	if len(f.calls) != 1 || f.calls[0].args["search_string"] != "Legal Contracts" {
		t.Errorf("calls: %+v", f.calls)
	}
}

// TestDescribedReadingNeedsItsPath: the description's reading adds producers only where
// a list's path names that thing; where the name's reading finds the best producer, the
// question asks for the name's thing.
func TestDescribedReadingNeedsItsPath(t *testing.T) {
	cat, g := rtData(t, "described.yaml", nil)
	droplet := rtOp(t, cat, "GET /droplets/{droplet_id}")
	if e := rtEdge(t, g, droplet, "droplet_id"); e.Producers[0].OpKey != "GET /droplets" || e.Resource != "droplet" {
		t.Errorf("droplet_id: resource %q, producers %+v", e.Resource, e.Producers)
	}
	telegraf := rtOp(t, cat, "GET /telegrafs/{telegrafID}")
	if e, ok := g.Edge(telegraf, "telegrafID"); ok {
		for _, p := range e.Producers {
			if p.OpKey == "GET /scrapers" {
				t.Errorf("telegrafID is looked up among scrapers: %+v", e.Producers)
			}
		}
	}
}

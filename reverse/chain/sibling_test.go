package chain

import (
	"context"
	"strings"
	"testing"

	"github.com/askapi/askapi/reverse"
)

// TestSiblingListProduces: the list one segment up is the producer of a path parameter
// whatever either is called, read at the field named like the parameter, the key its
// name says, or the strings it lists (reverse/testdata/siblings.yaml).
func TestSiblingListProduces(t *testing.T) {
	cat, g := rtData(t, "siblings.yaml", nil)
	cases := []struct {
		op, arg, producer, items, field string
		strings                         bool
	}{
		{"GET /news/news/{newsid}", "newsid", "GET /news/news", "", "newsid", false},
		{"DELETE /farms/{farm}/virtualNetworkConnections/{vnetName}", "vnetName", "GET /farms/{farm}/virtualNetworkConnections", "/value", "name", false},
		{"GET /clusters/{name}", "name", "GET /clusters", "/clusters", reverse.StringField, true},
		{"DELETE /{appId}/{cardId}", "cardId", "GET /{appId}", "/results", "id", false},
		{"DELETE /applications/{id}/tiers/{tier-id}", "tier-id", "GET /applications/{id}/tiers", "/results", "entity_id", false},
	}
	for _, tc := range cases {
		t.Run(tc.op, func(t *testing.T) {
			e := rtEdge(t, g, rtOp(t, cat, tc.op), tc.arg)
			p := e.Producers[0]
			if p.OpKey != tc.producer || p.Collection.Items != tc.items || p.Collection.IDField != tc.field || p.Collection.Strings != tc.strings {
				t.Fatalf("producer %s %+v, want %s at %s/*/%s", p.OpKey, p.Collection, tc.producer, tc.items, tc.field)
			}
		})
	}
	for _, key := range []string{"DELETE /users/{user}/{repoId}|repoId", "DELETE /orgs/{org}/{repo}|repo", "GET /flags/{projectKey}/{environmentKey}/dependents|environmentKey"} {
		opKey, arg, _ := strings.Cut(key, "|")
		if e, ok := g.Edge(rtOp(t, cat, opKey), arg); ok {
			for _, p := range e.Producers {
				if p.OpKey == "GET /users/{user}" || p.OpKey == "GET /orgs/{org}" || p.OpKey == "GET /flags/{projectKey}" {
					t.Errorf("%s: %s read from %s: one record, a key's first part or another thing's list", opKey, arg, p.OpKey)
				}
			}
		}
	}
	// A cluster named in words is looked up among the strings, the exact one first.
	op := rtOp(t, cat, "GET /clusters/{name}")
	f := &rtFetcher{bodies: map[string]string{"GET /clusters": `{"clusters": ["prod eu", "prod eu west"]}`}}
	res := Resolve(context.Background(), g, op, map[string]any{"name": "Prod EU"}, f, nil)
	if len(res) != 1 || res[0].Outcome != Filled || res[0].Value != "prod eu" {
		t.Fatalf("resolutions = %+v, want the cluster prod eu", res)
	}
}

// TestThingIDAnyJoints: an id named after its thing is found however the name is joined
// (DataSetId for a dataset, ServerID for a server).
func TestThingIDAnyJoints(t *testing.T) {
	cases := []struct{ field, resource string }{
		{"DataSetId", "dataset"}, {"datasetID", "data_set"}, {"server_id", "server"}, {"ServerID", "server"},
	}
	for _, tc := range cases {
		item := map[string]any{"type": "object", "properties": map[string]any{tc.field: map[string]any{"type": "string"}, "Title": map[string]any{"type": "string"}}}
		cols := reverse.Collections(map[string]any{"type": "array", "items": item})
		if len(cols) != 1 {
			t.Fatalf("%s: collections %+v", tc.field, cols)
		}
		c, ok := cols[0].ThingID(tc.resource, "")
		if !ok || c.IDField != tc.field {
			t.Errorf("thingID(%s) on %s = %q %v", tc.resource, tc.field, c.IDField, ok)
		}
	}
}

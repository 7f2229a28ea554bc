package reverse

import "testing"

// TestAnyThing: a path parameter that names no particular thing (resourceArn) takes the
// id of whatever the API lists at the call's level: each list whose items carry that id,
// as their own field (Arn) or one named for the listed thing (EventIntegrationArn), never
// a field that points at another thing (an association's ResourceArn), and of those, the
// things that carry what the route is named for (tags). A query filter of that name is
// left alone: it filters by a thing kept elsewhere.
func TestAnyThing(t *testing.T) {
	cat, g := rtData(t, "anything.yaml", nil)
	for key, arg := range map[string]string{"GET /tags/{resourceArn}": "resourceArn", "POST /tags/{resourceArn}": "resourceArn", "GET /2017-03-31/tags/{ARN}": "ARN"} {
		// A bare {ARN} names any resource as resourceArn does: an ARN is of any kind.
		e := rtEdge(t, g, rtOp(t, cat, key), arg)
		if !e.Any {
			t.Errorf("%s: edge not marked Any: %+v", key, e)
		}
		var got []string
		for _, p := range e.Producers {
			got = append(got, p.OpKey+" "+p.Collection.IDField)
		}
		// Jobs carry an ARN but no tags, where the integrations do (in their items, or in
		// the body that creates one): /tags/{resourceArn} acts on things that have tags.
		want := []string{"GET /dataIntegrations Arn", "GET /eventIntegrations EventIntegrationArn"}
		if len(got) != len(want) {
			t.Fatalf("%s: producers %v, want %v", key, got, want)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("%s: producer %d = %s, want %s", key, i, got[i], want[i])
			}
		}
	}
	if e, ok := g.Edge(rtOp(t, cat, "GET /jobs"), "resourceArn"); ok && e.Any {
		t.Errorf("a query filter named resourceArn got any-thing producers: %+v", e)
	}
}

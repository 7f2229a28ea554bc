package reverse

import "testing"

// TestAcrossParents: the collection without its parent's segments lists the things of
// every parent, when its items carry both the thing's key and the parent's; a list whose
// items do not say their parent (members without a team) settles nothing.
func TestAcrossParents(t *testing.T) {
	cat, _ := rtData(t, "acrossparents.yaml", nil)
	for _, key := range []string{"GET /api/v1/namespaces/{namespace}/pods/{name}", "DELETE /api/v1/namespaces/{namespace}/pods/{name}"} {
		a, ok := AcrossParents(cat, rtOp(t, cat, key), "namespace", "name")
		if !ok || a.Op.Key() != "GET /api/v1/pods" || a.ChildField != "metadata/name" || a.ParentField != "metadata/namespace" {
			t.Errorf("%s: %v %+v, want GET /api/v1/pods reading metadata/name and metadata/namespace", key, ok, a)
		}
	}
	if a, ok := AcrossParents(cat, rtOp(t, cat, "GET /teams/{team}/members/{member}"), "team", "member"); ok {
		t.Errorf("members, which carry no team, settle a team: %+v", a)
	}
	if _, ok := AcrossParents(cat, rtOp(t, cat, "GET /api/v1/namespaces/{namespace}/pods/{name}"), "name", "namespace"); ok {
		t.Error("a parent settles its child")
	}
}

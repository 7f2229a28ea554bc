package reverse

import "testing"

// TestItemsKnownByARN: items that carry a thing's ARN beside its name (ResourceArn,
// ResourceName) are a list of that thing, though they carry no plain id; and a write's
// required body ARN, an id the API assigns like a uuid, is looked up in the lists that
// carry it, never in another thing's list that mentions one (the role a job ran as).
func TestItemsKnownByARN(t *testing.T) {
	cat, g := rtData(t, "arnitems.yaml", nil)
	e := rtEdge(t, g, rtOp(t, cat, "PUT /backup-jobs"), "ResourceArn")
	if p := e.Producers[0]; p.OpKey != "GET /resources/" || p.Collection.IDField != "ResourceArn" {
		t.Errorf("first producer %s (%s), want GET /resources/ (ResourceArn)", p.OpKey, p.Collection.IDField)
	}
	// The role the jobs ran as is a role some other thing used: no list of roles.
	if e, ok := g.Edge(rtOp(t, cat, "PUT /backup-jobs"), "IamRoleArn"); ok {
		t.Errorf("IamRoleArn read from another thing's list: %+v", e.Producers)
	}
}

// TestOtherKindOf: two nouns qualifying one head word differently are different kinds.
func TestOtherKindOf(t *testing.T) {
	for _, tc := range []struct {
		a, b string
		want bool
	}{
		{"custom_metric", "fleet_metric", true},
		{"issue_comment", "comment", false},
		{"source_account", "to_source_account", false},
		{"custom_metric", "custom_metric", false},
		{"metric", "fleet_metric", false},
	} {
		if got := otherKindOf(tc.a, tc.b); got != tc.want {
			t.Errorf("otherKindOf(%q, %q) = %v, want %v", tc.a, tc.b, got, tc.want)
		}
	}
}

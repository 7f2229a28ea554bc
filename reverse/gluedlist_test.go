package reverse

import "testing"

// TestGluedList: a list named with "list" glued on lists the thing the API names in its
// parameters; a playlist stays one where nothing is a "play".
func TestGluedList(t *testing.T) {
	words := map[string]bool{"kid": true, "user": true, "id": true, "chore": true}
	for _, tc := range []struct{ noun, want string }{
		{"userlist", "user"}, {"chorelist", "chore"}, {"playlist", ""}, {"list", ""}, {"user_list", ""}, {"user", ""},
	} {
		if got := gluedList(tc.noun, words); got != tc.want {
			t.Errorf("gluedList(%q) = %q, want %q", tc.noun, got, tc.want)
		}
	}
}

// TestGluedListProducers: the glued list produces the id its things carry, named like the
// parameter whether the id word comes last (kidUserId) or first (idChoreList); items
// beside their own id carry others' ids written id first (a cluster's id_account).
func TestGluedListProducers(t *testing.T) {
	cat, g := rtData(t, "gluedlist.yaml", nil)
	for _, tc := range []struct{ op, arg, producer, field string }{
		{"GET /kkid/allowance", "kidUserId", "GET /kkid/userlist", "userId"},
		{"DELETE /kkid/chorelist", "idChoreList", "GET /kkid/chorelist", "idChoreList"},
	} {
		e := rtEdge(t, g, rtOp(t, cat, tc.op), tc.arg)
		if p := e.Producers[0]; p.OpKey != tc.producer || p.Collection.IDField != tc.field {
			t.Errorf("%s %s: producer %s reads %q, want %s's %s", tc.op, tc.arg, p.OpKey, p.Collection.IDField, tc.producer, tc.field)
		}
	}
	if e, ok := g.Edge(rtOp(t, cat, "GET /balance"), "id_account"); ok {
		for _, p := range e.Producers {
			if p.OpKey == "GET /clusters" {
				t.Errorf("id_account read from the clusters' reference beside their own id")
			}
		}
	}
}

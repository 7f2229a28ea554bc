package reverse

import (
	"reflect"
	"testing"
)

// TestProducerListsShared: equal producer lists are one list, whichever operations'
// arguments they resolve (and a list is never shared with one that differs).
func TestProducerListsShared(t *testing.T) {
	for _, spec := range []string{"tmdb.json", "spotify.json"} {
		t.Run(spec, func(t *testing.T) {
			cat, g := rtShared(t, spec)
			var lists [][]Producer
			for _, op := range cat.Operations {
				for _, e := range g.Edges(op) {
					if len(e.Producers) > 0 {
						lists = append(lists, e.Producers)
					}
				}
			}
			shared := 0
			for i := range lists {
				for j := range i {
					same := &lists[i][0] == &lists[j][0]
					if equal := reflect.DeepEqual(lists[i], lists[j]); equal != same {
						t.Fatalf("lists %d and %d: equal %v, one list %v", i, j, equal, same)
					}
					if same {
						shared++
					}
				}
			}
			if shared == 0 {
				t.Fatalf("%d producer lists, none shared by two arguments", len(lists))
			}
		})
	}
}

// TestCollectionsMemo: one response schema's collections are read once and are what
// Collections reads.
func TestCollectionsMemo(t *testing.T) {
	cat, _ := rtShared(t, "tmdb.json")
	var memo collectionsMemo
	found := 0
	for _, op := range cat.Operations {
		if op.Response == nil {
			continue
		}
		a, b := memo.of(op.Response), memo.of(op.Response)
		if !reflect.DeepEqual(a, Collections(op.Response)) {
			t.Fatalf("%s: memo %+v, Collections %+v", op.Key(), a, Collections(op.Response))
		}
		if len(a) > 0 {
			found++
			if &a[0] != &b[0] {
				t.Fatalf("%s: the schema's collections were read twice", op.Key())
			}
		}
	}
	if found == 0 {
		t.Fatal("no response with collections")
	}
}

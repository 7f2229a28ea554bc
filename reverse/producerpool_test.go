package reverse

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sort"
	"testing"
)

// TestProducerListsShared: equal producer lists are one list, whichever operations'
// arguments they resolve (and a list is never shared with one that differs).
func TestProducerListsShared(t *testing.T) {
	for _, spec := range []string{"tmdb.json", "spotify.json"} {
		t.Run(spec, func(t *testing.T) {
			cat, g := rtShared(t, spec)
			var lists [][]Producer
			for _, op := range cat.Operations() {
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
	memo := newCollectionsMemo()
	found := 0
	for _, op := range cat.Operations() {
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

// TestAppendBest: bounding producers while they are found keeps exactly those a stable
// sort by score would put first, in the order they were found.
func TestAppendBest(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 23))
	for round := range 2000 {
		n, keep := rng.IntN(12), rng.IntN(6)
		all := make([]Producer, n)
		for i := range all {
			all[i] = Producer{OpKey: fmt.Sprint(i), Score: rng.IntN(4)}
		}
		var got []Producer
		for _, p := range all {
			got = appendBest(got, p, keep)
		}
		best := slices.Clone(all)
		sort.SliceStable(best, func(i, j int) bool { return best[i].Score > best[j].Score })
		if keep > 0 && len(best) > keep {
			best = best[:keep]
		}
		// The same producers, in the order found.
		want := slices.DeleteFunc(slices.Clone(all), func(p Producer) bool {
			return !slices.ContainsFunc(best, func(q Producer) bool { return q.OpKey == p.OpKey })
		})
		if !slices.Equal(keys(got), keys(want)) {
			t.Fatalf("round %d, keep %d, scores %v: got %v, want %v", round, keep, scores(all), keys(got), keys(want))
		}
	}
}

func scores(ps []Producer) (out []int) {
	for _, p := range ps {
		out = append(out, p.Score)
	}
	return out
}

func keys(ps []Producer) (out []string) {
	for _, p := range ps {
		out = append(out, p.OpKey)
	}
	return out
}

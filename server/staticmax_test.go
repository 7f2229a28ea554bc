package server

import (
	"context"
	"testing"
)

// --static-max-tools moves the ceiling, or lifts it.
func TestStaticMaxTools(t *testing.T) {
	spec := manyOperations(t, 40)
	for _, tc := range []struct {
		max    int
		refuse bool
	}{{0, false}, {39, true}, {40, false}, {-1, false}} {
		opts := Options{Spec: spec, Mode: ModeStatic, StaticMaxTools: tc.max, NoCache: true}
		cat, err := LoadCatalog(context.Background(), opts)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := NewPipeline(cat, opts); (err != nil) != tc.refuse {
			t.Errorf("--static-max-tools %d, 40 operations: err = %v, want refused %v", tc.max, err, tc.refuse)
		}
	}
	if DefaultStaticMaxTools != 3000 {
		t.Errorf("the default ceiling moved to %d: update TestStaticModeRefusesAGiantSpec and the docs", DefaultStaticMaxTools)
	}
}

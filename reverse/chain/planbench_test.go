package chain

import (
	"github.com/askapi/askapi/reverse"
	"testing"
)

// BenchmarkPlan measures planning every operation once the graph is built, with every
// identifier hinted by a name; ns/op is per operation planned. Target: under 1 ms.
func BenchmarkPlan(b *testing.B) {
	for _, s := range benchSpecs {
		b.Run(s.name, func(b *testing.B) {
			cat := benchCatalog(b, s.path)
			g := reverse.Build(cat, nil)
			hints := make([]map[string]any, len(cat.Operations()))
			for i, op := range cat.Operations() {
				hints[i] = map[string]any{}
				for _, e := range g.Edges(op) {
					hints[i][e.Arg] = "Some Name"
				}
			}
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				j := i % len(cat.Operations())
				PlanCall(g, cat.Operations()[j], hints[j])
			}
		})
	}
}

package find

import (
	"testing"
)

// BenchmarkSearchIndex measures building the find_operations index, which the first
// search of a session waits for, and what it costs per operation (issue 31).
func BenchmarkSearchIndex(b *testing.B) {
	for _, s := range benchSpecs {
		b.Run(s.name, func(b *testing.B) {
			cat := benchCatalog(b, s.path)
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				NewIndex(cat)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(cat.Operations())), "ns/operation")
		})
	}
}

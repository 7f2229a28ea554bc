package tools

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Parallel runs f(0) … f(n-1) on up to GOMAXPROCS goroutines and waits for them all.
// Callers write results into per-index slots, so the output order does not depend on
// scheduling.
func Parallel(n int, f func(i int)) {
	workers := min(runtime.GOMAXPROCS(0), n)
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				f(i)
			}
		})
	}
	wg.Wait()
}

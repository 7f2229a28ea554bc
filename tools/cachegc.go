package tools

import (
	"runtime/debug"
	"sync"
)

// gcPause counts the pauses of the collector under way, and keeps the percent to restore
// when the last one ends.
var gcPause struct {
	sync.Mutex
	n   int
	old int
}

// pauseGC turns the collector off until resume is called; pauses may nest and overlap.
// Decoding a cache entry allocates nothing but the catalog, all of it live: a collection
// meanwhile frees nothing, yet a warm start that did not read the spec has a small heap,
// collected every few MB, and collections under way double the decode's time.
func pauseGC() (resume func()) {
	gcPause.Lock()
	defer gcPause.Unlock()
	if gcPause.n == 0 {
		gcPause.old = debug.SetGCPercent(-1)
	}
	gcPause.n++
	return sync.OnceFunc(func() {
		gcPause.Lock()
		defer gcPause.Unlock()
		if gcPause.n--; gcPause.n == 0 {
			debug.SetGCPercent(gcPause.old)
		}
	})
}

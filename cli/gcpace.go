package cli

import (
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"sync"

	"github.com/askapi/askapi/tools/openapi"
)

// The command sets the collector's pace for what the loader and the server say they are
// doing (openapi.LoadOptions.Pace, server.Options.GraphPace): a tighter pace while
// compiling a large spec (its bytes and the compiler's indexes are garbage once compiled,
// and the peak RSS target is for the whole server), none at all while decoding a cache
// entry (everything decoded stays live: a collection frees nothing and doubles the
// decode's time). Requests may nest and overlap; the tightest one holds, and the percent
// from before the first is restored when the last ends.

// gcPaces holds the percents requested and not yet released (-1: collector off), and
// the percent and memory limit to restore.
var gcPaces struct {
	sync.Mutex
	active   []int
	old      int
	oldLimit int64
}

// pacedMemoryLimit is the soft memory limit (runtime/debug.SetMemoryLimit) while a pace
// is requested, unless a lower one is in force (GOMEMLIMIT): near it the collector runs
// sooner and returns freed pages to the system at once, where a percent alone let Graph
// beta's RSS stand 60 MB above its heap (freed spans not yet scavenged). Above it (a spec
// whose live data alone passes it) the runtime caps the collector's share of the CPU, so a
// larger spec is slower, never stuck.
const pacedMemoryLimit = 160 << 20

// gcOff asks for the collector to be off.
const gcOff = -1

// paceGC asks for the collector to run at percent (gcOff: not at all) until release is
// called; releasing twice changes nothing.
func paceGC(percent int) (release func()) {
	gcPaces.Lock()
	defer gcPaces.Unlock()
	if len(gcPaces.active) == 0 {
		gcPaces.old = debug.SetGCPercent(percent)
		gcPaces.oldLimit = debug.SetMemoryLimit(-1)
	}
	gcPaces.active = append(gcPaces.active, percent)
	applyGCPace()
	return sync.OnceFunc(func() {
		gcPaces.Lock()
		defer gcPaces.Unlock()
		i := slices.Index(gcPaces.active, percent)
		gcPaces.active = slices.Delete(gcPaces.active, i, i+1)
		if len(gcPaces.active) == 0 {
			debug.SetGCPercent(gcPaces.old)
			debug.SetMemoryLimit(gcPaces.oldLimit)
			return
		}
		applyGCPace()
	})
}

// applyGCPace sets the tightest pace requested: the lowest percent, the collector off
// only when every request asks for that; with a percent, the paced memory limit too.
func applyGCPace() {
	pace := gcOff
	for _, p := range gcPaces.active {
		if p != gcOff && (pace == gcOff || p < pace) {
			pace = p
		}
	}
	debug.SetGCPercent(pace)
	limit := gcPaces.oldLimit
	if pace != gcOff {
		limit = min(limit, pacedMemoryLimit)
	}
	debug.SetMemoryLimit(limit)
}

// LoaderPace is the collector's policy for what the loader does: a tighter pace while
// compiling a large spec keeps the peak near the live size (the peak RSS target is for the
// whole server), and the compile's garbage goes back to the system at once, not at the
// scavenger's pace, so what the server builds next starts from the catalog's size; the
// collector off while decoding a cache entry. The previous pace is restored.
func LoaderPace(w openapi.Work) (done func()) {
	if w == openapi.Decoding {
		return paceGC(gcOff)
	}
	release := paceGC(40)
	return func() {
		debug.FreeOSMemory()
		release()
	}
}

// GraphPace is the collector's pace while the server builds a large spec's graph or
// search index: their working garbage is a third of the catalog. The default pace lets
// the heap grow to twice what is live; the pace tightens only when that would pass
// graphHeapBudget. On GitHub's spec (5–15 MB live) a fixed 40% cost a cold static start
// 40 ms of collections and saved 3 MB of a 51 MB peak; Microsoft Graph's catalogs are
// live well past the budget and keep the tight pace.
func GraphPace() (done func()) {
	percent, tighten := graphPercent(liveHeap())
	if !tighten {
		return func() {}
	}
	return paceGC(percent)
}

// graphHeapBudget is the heap a graph's build may reach at the default pace: the 60 MB
// peak RSS target (DESIGN.md) less some 20 MB the process holds besides its heap.
const graphHeapBudget = 40 << 20

// graphPercent is the pace that keeps a heap with live bytes in use within
// graphHeapBudget, never tighter than 40% (below that the collector runs all the time
// and frees little more); tighten is false when the default pace already fits.
func graphPercent(live uint64) (percent int, tighten bool) {
	if 2*live <= graphHeapBudget {
		return 100, false
	}
	if live >= graphHeapBudget {
		return 40, true
	}
	return max(40, int((graphHeapBudget-live)*100/live)), true
}

// liveHeap is the heap's live bytes as the last collection marked them (0 before one).
func liveHeap() uint64 {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(sample)
	if sample[0].Value.Kind() != metrics.KindUint64 {
		return 0
	}
	return sample[0].Value.Uint64()
}

package cli

import (
	"runtime/debug"
	"testing"
)

// TestPaceGC: overlapping requests hold the tightest pace (a percent over the collector
// off), the last to end restores the percent and the memory limit from before the first,
// and releasing twice changes nothing. A percent brings the paced memory limit, unless a
// lower one was set (GOMEMLIMIT).
func TestPaceGC(t *testing.T) {
	percent := func() int {
		p := debug.SetGCPercent(-1)
		debug.SetGCPercent(p)
		return p
	}
	limit := func() int64 { return debug.SetMemoryLimit(-1) }
	const before = 1 << 40
	defer debug.SetGCPercent(debug.SetGCPercent(77))
	defer debug.SetMemoryLimit(debug.SetMemoryLimit(before))
	off := paceGC(gcOff)
	if got := percent(); got != gcOff {
		t.Fatalf("paused: GC percent %d, want off", got)
	}
	if got := limit(); got != before {
		t.Fatalf("paused: memory limit %d, want %d (the collector off sets none)", got, before)
	}
	compile, off2 := paceGC(40), paceGC(gcOff)
	steps := []struct {
		name      string
		release   func()
		want      int
		wantLimit int64
	}{
		{"none released", func() {}, 40, pacedMemoryLimit},
		{"first pause released", off, 40, pacedMemoryLimit},
		{"first pause released again", off, 40, pacedMemoryLimit},
		{"compile pace released", compile, gcOff, before},
		{"second pause released", off2, 77, before},
		{"second pause released again", off2, 77, before},
	}
	for _, s := range steps {
		s.release()
		if got := percent(); got != s.want {
			t.Fatalf("%s: GC percent %d, want %d", s.name, got, s.want)
		}
		if got := limit(); got != s.wantLimit {
			t.Fatalf("%s: memory limit %d, want %d", s.name, got, s.wantLimit)
		}
	}
	// A lower limit already in force stays.
	debug.SetMemoryLimit(64 << 20)
	release := paceGC(40)
	if got := limit(); got != 64<<20 {
		t.Fatalf("paced under GOMEMLIMIT=64MiB: memory limit %d, want %d", got, 64<<20)
	}
	release()
}

// TestGraphPercent: the default pace while twice the live heap fits the budget, then the
// percent that keeps the heap within it, and never below 40.
func TestGraphPercent(t *testing.T) {
	const mb = 1 << 20
	cases := []struct {
		live        uint64
		wantPercent int
		wantTighten bool
	}{
		{0, 100, false},
		{5 * mb, 100, false},
		{20 * mb, 100, false},
		{25 * mb, 60, true},
		{28 * mb, 42, true},
		{35 * mb, 40, true},
		{40 * mb, 40, true},
		{300 * mb, 40, true},
	}
	for _, c := range cases {
		p, tighten := graphPercent(c.live)
		if p != c.wantPercent || tighten != c.wantTighten {
			t.Errorf("graphPercent(%d MB) = %d, %v; want %d, %v", c.live/mb, p, tighten, c.wantPercent, c.wantTighten)
		}
	}
}

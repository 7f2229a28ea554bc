package openapi

import (
	"math/bits"
	"unsafe"
)

// spans records the length of the document's longer containers by their offset, so the
// compiler skips one in a single lookup. It is an open-addressing table of plain integers
// rather than a map keyed by pointers: GitHub's spec has ~76k such containers, and a
// pointer-keyed map cost hashing, write barriers and GC scanning on every one.
type spans struct {
	base  uintptr // address of the document's first byte
	size  uintptr // document length
	slots []uint64
	used  int
	shift uint8
	// part, when set, holds the entries of the offsets [partLo, partHi): a region
	// recorded by another goroutine, consulted by range rather than merged, since each
	// entry moved would be another cache miss.
	part           *spans
	partLo, partHi uintptr
}

// newSpans sizes the table for about n entries (kept under half full).
func newSpans(d []byte, n int) *spans {
	if len(d) == 0 {
		return nil
	}
	capacity := 1 << bits.Len(uint(2*n+16))
	return &spans{
		base:  uintptr(unsafe.Pointer(unsafe.SliceData(d))),
		size:  uintptr(len(d)),
		slots: make([]uint64, capacity),
		shift: uint8(64 - bits.Len(uint(capacity-1))),
	}
}

// spansOf builds the table of entries offset<<32 | length, a later entry for an offset
// replacing an earlier one. A scan collects them and builds the table at its end: a put
// at each container, amid the scan's stream through the document, missed the cache.
func spansOf(d []byte, entries []uint64) *spans {
	t := newSpans(d, len(entries))
	if t == nil {
		return nil
	}
	for _, e := range entries {
		t.put(uint32(e>>32), int32(uint32(e)))
	}
	return t
}

// slotOf is the home slot of an offset (Fibonacci hashing). A slot holds offset+1 in its
// high half (0: free) and the length in its low half.
func (t *spans) slotOf(off uint32) int {
	return int((uint64(off) * 0x9E3779B97F4A7C15) >> t.shift)
}

// put records the length n of the container starting at offset off.
func (t *spans) put(off uint32, n int32) {
	key := uint64(off) + 1
	mask := len(t.slots) - 1
	for i := t.slotOf(off); ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 || s>>32 == key {
			t.slots[i] = key<<32 | uint64(uint32(n))
			if s == 0 {
				t.used++
				if t.used*2 > len(t.slots) {
					t.grow()
				}
			}
			return
		}
	}
}

// grow doubles the table, once it is more than half full.
func (t *spans) grow() {
	old := t.slots
	t.slots = make([]uint64, 2*len(old))
	t.used = 0
	t.shift--
	for _, s := range old {
		if s != 0 {
			t.put(uint32(s>>32-1), int32(uint32(s)))
		}
	}
}

// lenAt returns the recorded length of the container whose first byte is *p.
func (t *spans) lenAt(p *byte) (int32, bool) {
	if t == nil {
		return 0, false
	}
	off := uintptr(unsafe.Pointer(p)) - t.base
	if off >= t.size {
		return 0, false
	}
	if t.part != nil && off >= t.partLo && off < t.partHi {
		t = t.part
	}
	key := uint64(off) + 1
	mask := len(t.slots) - 1
	for i := t.slotOf(uint32(off)); ; i = (i + 1) & mask {
		s := t.slots[i]
		if s == 0 {
			return 0, false
		}
		if s>>32 == key {
			return int32(uint32(s)), true
		}
	}
}

// attach makes o, recorded over [lo, hi) of the same document, answer for that range.
func (t *spans) attach(o *spans, lo, hi int) {
	t.part, t.partLo, t.partHi = o, uintptr(lo), uintptr(hi)
}

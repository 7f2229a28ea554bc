package openapi

import "testing"

func TestSpans(t *testing.T) {
	doc := make([]byte, 1<<16)
	tab := newSpans(doc, 4) // small on purpose: the puts below make it grow several times
	want := map[int]int32{}
	for off := 0; off < len(doc); off += 7 {
		n := int32(off%1000 + 65)
		tab.put(uint32(off), n)
		want[off] = n
	}
	tab.put(14, 9) // a second put for the same offset replaces the first
	want[14] = 9
	for off := range len(doc) {
		got, ok := tab.lenAt(&doc[off])
		n, recorded := want[off]
		if ok != recorded || got != n {
			t.Fatalf("lenAt(%d) = %d, %v; want %d, %v", off, got, ok, n, recorded)
		}
	}
	other := make([]byte, 8)
	if _, ok := tab.lenAt(&other[0]); ok {
		t.Error("an address outside the document was found")
	}
	var none *spans
	if _, ok := none.lenAt(&doc[0]); ok {
		t.Error("a nil table found an entry")
	}
}

func TestSpansOf(t *testing.T) {
	doc := make([]byte, 1<<10)
	tests := []struct {
		name    string
		entries []uint64
		want    map[int]int32
	}{
		{"none", nil, map[int]int32{}},
		{"some", []uint64{3<<32 | 100, 700<<32 | 65}, map[int]int32{3: 100, 700: 65}},
		{"a later entry replaces an earlier one", []uint64{3<<32 | 100, 3<<32 | 90}, map[int]int32{3: 90}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tab := spansOf(doc, tt.entries)
			for off := range len(doc) {
				got, ok := tab.lenAt(&doc[off])
				n, recorded := tt.want[off]
				if ok != recorded || got != n {
					t.Fatalf("lenAt(%d) = %d, %v; want %d, %v", off, got, ok, n, recorded)
				}
			}
		})
	}
	if spansOf(nil, []uint64{1}) != nil {
		t.Error("a table for an empty document")
	}
}

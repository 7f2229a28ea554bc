package openapi

import (
	"fmt"
	"os"
	"runtime/debug"
)

// mapThreshold is the size from which a spec file is mapped rather than read: a large
// spec's bytes are only read, and mapped they need not all be resident at once (see
// specMap.drop), where read they were a fixed 45 MB of Graph beta's peak.
var mapThreshold int64 = 4 << 20 // a variable for tests

// specMap is a spec file mapped read-only into memory.
type specMap struct{ b []byte }

// mapSpec maps path when it is a regular file of at least mapThreshold bytes and at most
// limit; nil when it is not, or mapping is not available here (the caller reads it).
func mapSpec(path string, limit int64) *specMap {
	f, err := os.Open(path)
	if err != nil {
		return nil
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() || fi.Size() < mapThreshold || fi.Size() > limit {
		return nil
	}
	b, err := mapFile(f, fi.Size())
	if err != nil {
		return nil
	}
	return &specMap{b: b}
}

// drop lets the pages read so far go: the next read of one faults it back in from the
// page cache. The compiler calls it between path items, so only what one stretch of
// paths reads (and the components they refer to) is resident at a time.
func (m *specMap) drop() {
	if m != nil {
		dropPages(m.b)
	}
}

// close unmaps the file. Nothing compiled refers to its bytes: every string kept is a copy.
func (m *specMap) close() {
	if m != nil {
		unmapFile(m.b)
		m.b = nil
	}
}

// guardFault runs f, turning a fault on reading a mapped file (the file shrank under
// it: SIGBUS) into an error instead of the process's end. It covers f's goroutine only.
func guardFault(f func()) (err error) {
	defer debug.SetPanicOnFault(debug.SetPanicOnFault(true))
	defer func() {
		if r := recover(); r != nil {
			fault, ok := r.(interface{ Addr() uintptr })
			if !ok {
				panic(r)
			}
			err = fmt.Errorf("the file changed while it was read (fault at %#x)", fault.Addr())
		}
	}()
	f()
	return nil
}

package cache

import (
	"sync/atomic"
	"testing"
	"time"
)

// Flush waits for every write Behind started, and says so; a write that outlasts the
// bound is reported, not waited for.
func TestBehindFlush(t *testing.T) {
	var done atomic.Int32
	for range 3 {
		Behind(func() {
			time.Sleep(20 * time.Millisecond)
			done.Add(1)
		})
	}
	if !Flush(time.Minute) {
		t.Fatal("Flush: the writes did not end within a minute")
	}
	if n := done.Load(); n != 3 {
		t.Fatalf("after Flush, %d of 3 writes done", n)
	}
	release := make(chan struct{})
	Behind(func() { <-release })
	if Flush(10 * time.Millisecond) {
		t.Fatal("Flush reported a blocked write as ended")
	}
	close(release)
	if !Flush(time.Minute) {
		t.Fatal("Flush: the released write did not end")
	}
}

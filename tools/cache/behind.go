package cache

import (
	"sync"
	"time"
)

// A server writes a compiled catalog's entry behind its start: encoding GitHub's catalog
// and writing the file took 30–50 ms that the first tools/list waited for. The process
// waits for the writes before it ends (Flush), so the next start still finds them.

// behind counts the writes started by Behind and not yet done.
var behind sync.WaitGroup

// Behind runs write on its own goroutine; Flush waits for it.
func Behind(write func()) { behind.Go(write) }

// Flush waits for the writes Behind started, at most d; it reports whether all ended.
func Flush(d time.Duration) bool {
	done := make(chan struct{})
	go func() {
		behind.Wait()
		close(done)
	}()
	select {
	case <-done:
		return true
	case <-time.After(d):
		return false
	}
}

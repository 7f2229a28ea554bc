package tools

import "sync"

// BoundedCache memoises a pure function of a key for the process. It holds at most max
// answers and starts again empty past that, so keys from outside (words of requests,
// patterns under fuzzing) cannot grow it without end. Safe for concurrent use.
type BoundedCache[K comparable, V any] struct {
	// mu is read-locked for lookups: the index's builders look up the same words from
	// every core at once, and a plain lock made them wait on each other (issue 31).
	mu  sync.RWMutex
	m   map[K]V
	max int
}

// NewBoundedCache makes a cache of at most max answers.
func NewBoundedCache[K comparable, V any](max int) *BoundedCache[K, V] {
	return &BoundedCache[K, V]{m: map[K]V{}, max: max}
}

// Get returns f(key), computed once while the key stays cached.
func (c *BoundedCache[K, V]) Get(key K, f func(K) V) V {
	c.mu.RLock()
	v, ok := c.m[key]
	c.mu.RUnlock()
	if ok {
		return v
	}
	v = f(key)
	c.mu.Lock()
	if len(c.m) >= c.max {
		c.m = map[K]V{}
	}
	c.m[key] = v
	c.mu.Unlock()
	return v
}

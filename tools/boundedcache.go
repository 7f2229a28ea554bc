package tools

import "sync"

// BoundedCache memoises a pure function of a string for the process. It holds at most
// max answers and starts again empty past that, so keys from outside (words of requests,
// patterns under fuzzing) cannot grow it without end. Safe for concurrent use.
type BoundedCache[V any] struct {
	mu  sync.Mutex
	m   map[string]V
	max int
}

// NewBoundedCache makes a cache of at most max answers.
func NewBoundedCache[V any](max int) *BoundedCache[V] {
	return &BoundedCache[V]{m: map[string]V{}, max: max}
}

// Get returns f(key), computed once while the key stays cached.
func (c *BoundedCache[V]) Get(key string, f func(string) V) V {
	c.mu.Lock()
	v, ok := c.m[key]
	c.mu.Unlock()
	if ok {
		return v
	}
	v = f(key)
	c.mu.Lock()
	if len(c.m) >= c.max {
		c.m = map[string]V{}
	}
	c.m[key] = v
	c.mu.Unlock()
	return v
}

package tools

import (
	"strconv"
	"testing"
)

func TestBoundedCache(t *testing.T) {
	calls := 0
	f := func(s string) int { calls++; return len(s) }
	c := NewBoundedCache[string, int](3)
	for range 2 {
		if got := c.Get("abcd", f); got != 4 {
			t.Fatalf("Get = %d, want 4", got)
		}
	}
	if calls != 1 {
		t.Errorf("f called %d times for one key, want 1", calls)
	}
	for i := range 10 {
		c.Get(strconv.Itoa(i), f)
		if len(c.m) > 3 {
			t.Fatalf("%d answers held, over the bound of 3", len(c.m))
		}
	}
}

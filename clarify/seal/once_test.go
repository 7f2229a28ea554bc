package seal

import (
	"errors"
	"sync"
	"testing"
	"time"
)

// stepClock is a clock tests move by hand: no assertion waits on real time.
type stepClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *stepClock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *stepClock) set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// TestMemoryOnce: a nonce is used once; its mark lasts exactly as long as its token, a
// token past its expiry is refused, and a full store refuses new marks rather than
// forgetting live ones.
func TestMemoryOnce(t *testing.T) {
	t0 := time.Unix(1_800_000_000, 0)
	type step struct {
		at        time.Duration // since t0
		nonce     string
		expires   time.Duration // since t0
		wantFirst bool
		wantErr   error
		wantLen   int
	}
	for _, tc := range []struct {
		name  string
		limit int
		steps []step
	}{
		{"once, then replays", 10, []step{
			{0, "a", time.Minute, true, nil, 1},
			{time.Second, "a", time.Minute, false, nil, 1},
			{time.Minute, "a", time.Minute, false, nil, 1}, // its last second: still a replay
		}},
		{"past its token's expiry", 10, []step{
			{0, "a", time.Minute, true, nil, 1},
			{time.Minute + time.Second, "a", time.Minute, false, ErrExpired, 0}, // mark dropped, token refused
			{time.Minute + time.Second, "b", time.Minute, false, ErrExpired, 0}, // never used, still refused
		}},
		{"full: refuse new, keep used", 2, []step{
			{0, "a", time.Minute, true, nil, 1},
			{0, "b", 2 * time.Minute, true, nil, 2},
			{time.Second, "c", time.Minute, false, ErrOnceFull, 2},
			{time.Second, "a", time.Minute, false, nil, 2},                  // not forgotten to make room
			{time.Minute + time.Second, "c", 3 * time.Minute, true, nil, 2}, // a expired: room again
			{time.Minute + time.Second, "b", 2 * time.Minute, false, nil, 2},
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			clock := &stepClock{t: t0}
			m := NewMemoryOnce(tc.limit, clock.now)
			var firstAt = map[string]time.Time{}
			for i, s := range tc.steps {
				clock.set(t0.Add(s.at))
				first, at, err := m.Use(s.nonce, t0.Add(s.expires))
				if first != s.wantFirst || !errors.Is(err, s.wantErr) {
					t.Fatalf("step %d (%s at +%v): first %v, err %v; want %v, %v", i, s.nonce, s.at, first, err, s.wantFirst, s.wantErr)
				}
				if first {
					firstAt[s.nonce] = at
				} else if err == nil && !at.Equal(firstAt[s.nonce]) {
					t.Errorf("step %d: replay of %s reports use at %v, want the first use %v", i, s.nonce, at, firstAt[s.nonce])
				}
				if n := m.Len(); n != s.wantLen {
					t.Errorf("step %d: %d marks held, want %d", i, n, s.wantLen)
				}
			}
		})
	}
}

// TestMemoryOnceConcurrent: of many simultaneous uses of one nonce, exactly one is first.
func TestMemoryOnceConcurrent(t *testing.T) {
	m := NewMemoryOnce(0, nil)
	exp := time.Now().Add(time.Hour)
	var wg sync.WaitGroup
	var mu sync.Mutex
	firsts := 0
	start := make(chan struct{})
	for range 10 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			first, _, err := m.Use("n", exp)
			if err != nil {
				t.Error(err)
			}
			if first {
				mu.Lock()
				firsts++
				mu.Unlock()
			}
		}()
	}
	close(start)
	wg.Wait()
	if firsts != 1 {
		t.Errorf("%d first uses of one nonce, want 1", firsts)
	}
	if at, used := m.Used("n"); !used || at.IsZero() {
		t.Errorf("Used = %v, %v after use", at, used)
	}
}

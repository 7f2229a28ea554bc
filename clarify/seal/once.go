package seal

import (
	"container/heap"
	"crypto/rand"
	"errors"
	"sync"
	"time"
)

// A confirmation is used once: the continuation that asks for it seals a random nonce
// (State.Once), and the first `_confirm: true` with that token marks the nonce used. A
// replay of the token finds it marked and sends nothing.
//
// The mark lives in this process. Behind a load balancer, a replay that reaches another
// replica is refused only if the replicas share a OnceStore; with the in-memory store
// each replica refuses the replays it sees itself, and the token's short lifetime
// (ASKAPI_CONTINUATION_TTL, 30 minutes by default) bounds the rest: a token is never
// accepted past its expiry, on any replica. A shared store (Redis SET NX with the
// token's expiry, a database row with a unique key) implements OnceStore.

// OnceStore records used confirmation nonces until their token expires.
type OnceStore interface {
	// Use marks nonce used until expires. first is true for the first caller only;
	// later callers get the time of that first use. It fails with ErrExpired when the
	// token is past its expiry, and ErrOnceFull when the store cannot take the mark.
	Use(nonce string, expires time.Time) (first bool, at time.Time, err error)
	// Used reports whether nonce was used, and when, without marking it.
	Used(nonce string) (at time.Time, used bool)
}

// ErrOnceFull refuses a confirmation when the store holds as many unexpired marks as it
// may: forgetting one early would let its token write again, so refusing (nothing is
// sent; the marks expire with their tokens) is the safe way to stay bounded.
var ErrOnceFull = errors.New("too many confirmations are awaiting their expiry on this server; nothing was sent, try again later")

// DefaultOnceLimit bounds the in-memory store: about 150 bytes a mark, 10 MB in all. With
// the default 30-minute lifetime it refuses only beyond ~36 confirmed writes a second,
// sustained for the whole lifetime.
const DefaultOnceLimit = 1 << 16

// NewNonce is a fresh once-only mark for a confirmation: 128 random bits.
func NewNonce() string { return rand.Text() }

// MemoryOnce is the in-process OnceStore: a map of marks, each dropped when its token
// expires, and at most limit of them.
type MemoryOnce struct {
	mu     sync.Mutex
	limit  int
	now    func() time.Time
	used   map[string]time.Time
	expiry onceHeap
}

// NewMemoryOnce returns a store of at most limit marks (DefaultOnceLimit when limit is
// not positive); now is the clock (time.Now when nil), injectable for tests.
func NewMemoryOnce(limit int, now func() time.Time) *MemoryOnce {
	if limit <= 0 {
		limit = DefaultOnceLimit
	}
	if now == nil {
		now = time.Now
	}
	return &MemoryOnce{limit: limit, now: now, used: map[string]time.Time{}}
}

// Use implements OnceStore. Expiry is compared in whole seconds, as Sealer.Open does: a
// token Open accepted keeps its mark for as long as Open would accept it.
func (m *MemoryOnce) Use(nonce string, expires time.Time) (bool, time.Time, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	m.sweep(now)
	if at, ok := m.used[nonce]; ok {
		return false, at, nil
	}
	if now.Unix() > expires.Unix() {
		return false, time.Time{}, ErrExpired
	}
	if len(m.used) >= m.limit {
		return false, time.Time{}, ErrOnceFull
	}
	m.used[nonce] = now
	heap.Push(&m.expiry, onceEntry{nonce: nonce, expires: expires.Unix()})
	return true, now, nil
}

// Used implements OnceStore.
func (m *MemoryOnce) Used(nonce string) (time.Time, bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	at, ok := m.used[nonce]
	return at, ok
}

// Len is the number of marks held, for tests and metrics.
func (m *MemoryOnce) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.sweep(m.now())
	return len(m.used)
}

// sweep drops the marks whose token has expired: no token can bring them back.
func (m *MemoryOnce) sweep(now time.Time) {
	for m.expiry.Len() > 0 && m.expiry[0].expires < now.Unix() {
		e := heap.Pop(&m.expiry).(onceEntry)
		delete(m.used, e.nonce)
	}
}

type onceEntry struct {
	nonce   string
	expires int64
}

// onceHeap orders marks by expiry, soonest first, so a sweep touches only expired ones.
type onceHeap []onceEntry

func (h onceHeap) Len() int           { return len(h) }
func (h onceHeap) Less(i, j int) bool { return h[i].expires < h[j].expires }
func (h onceHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *onceHeap) Push(x any)        { *h = append(*h, x.(onceEntry)) }
func (h *onceHeap) Pop() any {
	old := *h
	e := old[len(old)-1]
	*h = old[:len(old)-1]
	return e
}

package transport

import (
	"container/list"
	"crypto/rand"
	"errors"
	"sync"
	"time"
)

// Session bounds: sessions idle this long end (a client then gets 404 and, as the
// transport says, initializes again), and at most this many are kept (the longest
// idle ends first when a new one starts).
const (
	sessionIdleTTL     = time.Hour
	sessionMaxSessions = 10000
)

var errUnknownSession = errors.New("unknown session")

// sessionStore implements mcp-go's SessionIdManager with real tracking: mcp-go's default
// manager checks only an id's shape (any well-formed id is accepted, DELETE changes
// nothing), and its stateful one keeps every id and every terminated id forever. This
// one keeps live sessions only, in least-recently-used order, so both its size and the
// work of expiring idle sessions are bounded; a terminated or expired session is
// forgotten, and then unknown like any id never issued.
type sessionStore struct {
	mu    sync.Mutex
	ttl   time.Duration
	max   int
	now   func() time.Time
	byID  map[string]*list.Element
	order *list.List // of *session, most recently used first
}

type session struct {
	id       string
	lastSeen time.Time
}

func NewSessionStore(ttl time.Duration, max int, now func() time.Time) *sessionStore {
	return &sessionStore{ttl: ttl, max: max, now: now, byID: map[string]*list.Element{}, order: list.New()}
}

// Generate starts a session: a random 128-bit id.
func (s *sessionStore) Generate() string {
	id := "mcp-session-" + rand.Text()
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.expire(now)
	for s.order.Len() >= s.max {
		s.remove(s.order.Back())
	}
	s.byID[id] = s.order.PushFront(&session{id: id, lastSeen: now})
	return id
}

// Validate reports an unknown (never issued, terminated or expired) session as an
// error, which mcp-go answers with 404; a live one is marked used.
func (s *sessionStore) Validate(id string) (isTerminated bool, err error) {
	if !s.touch(id) {
		return false, errUnknownSession
	}
	return false, nil
}

// Terminate ends a session; ending an unknown one is no error (the front has answered
// DELETE of an unknown session with 404 already).
func (s *sessionStore) Terminate(id string) (isNotAllowed bool, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.byID[id]; ok {
		s.remove(e)
	}
	return false, nil
}

// touch marks a live session used now, and reports whether it is live.
func (s *sessionStore) touch(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.now()
	s.expire(now)
	e, ok := s.byID[id]
	if !ok {
		return false
	}
	e.Value.(*session).lastSeen = now
	s.order.MoveToFront(e)
	return true
}

// Len is the number of live sessions.
func (s *sessionStore) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.expire(s.now())
	return s.order.Len()
}

// expire ends the sessions idle for ttl or longer: they are at the back of the order,
// so each call costs only what it removes.
func (s *sessionStore) expire(now time.Time) {
	for e := s.order.Back(); e != nil && now.Sub(e.Value.(*session).lastSeen) >= s.ttl; e = s.order.Back() {
		s.remove(e)
	}
}

func (s *sessionStore) remove(e *list.Element) {
	delete(s.byID, e.Value.(*session).id)
	s.order.Remove(e)
}

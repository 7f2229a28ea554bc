package server

import (
	"net"
	"net/http"
	"sync"
)

// silentConns tracks connections that have not yet carried a request. http.Server's
// Shutdown counts such a connection as busy for five seconds (net/http, issue 22682),
// and HTTP clients open spare ones; closing them first lets a stop be prompt.
type silentConns struct {
	mu    sync.Mutex
	conns map[net.Conn]struct{}
}

// track is an http.Server ConnState hook.
func (s *silentConns) track(c net.Conn, state http.ConnState) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if state == http.StateNew {
		if s.conns == nil {
			s.conns = map[net.Conn]struct{}{}
		}
		s.conns[c] = struct{}{}
		return
	}
	delete(s.conns, c)
}

// closeAll closes every connection that has not carried a request yet.
func (s *silentConns) closeAll() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for c := range s.conns {
		_ = c.Close()
	}
	clear(s.conns)
}

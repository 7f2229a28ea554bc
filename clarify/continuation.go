package clarify

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/askapi/askapi/clarify/seal"
	"github.com/askapi/askapi/reverse/chain"
)

// State is what a continuation carries, so the server keeps no per-conversation state:
// any replica holding the key can resume the call.
type State struct {
	// Op is the operation's "METHOD /path"; a token only resumes the call it came from.
	Op string `json:"op"`
	// Args are the arguments gathered so far.
	Args map[string]any `json:"args,omitempty"`
	// Resolutions holds what producers already returned, by argument, so a resumed call
	// repeats no upstream call and recognises the ids it offered as options.
	Resolutions map[string]chain.Resolution `json:"resolutions,omitempty"`
	// Confirmed lists arguments the person confirmed.
	Confirmed map[string]bool `json:"confirmed,omitempty"`
	// Asked holds the values questioned as invented, so a value sent back unchanged after
	// the question counts as the person's own.
	Asked map[string]any `json:"asked,omitempty"`
	// Pending is the digest of the exact request awaiting a write confirmation.
	Pending string `json:"pending,omitempty"`
	// Once is the confirmation's once-only nonce (once.go): the first _confirm with this
	// token marks it used, and a replay of the token sends nothing.
	Once string `json:"once,omitempty"`
	// Expires is a Unix time in seconds.
	Expires int64 `json:"exp"`
}

// Sealer seals and opens continuation tokens: a State as JSON in a sealed box, with an
// expiry.
type Sealer struct {
	box *seal.Box
	ttl time.Duration
	now func() time.Time
}

// NewSealer derives the key from secret; an empty secret gets a random per-process key,
// so tokens then survive only as long as the process.
func NewSealer(secret string, ttl time.Duration) (*Sealer, error) {
	b, err := seal.New(secret)
	if err != nil {
		return nil, err
	}
	if ttl <= 0 {
		ttl = 30 * time.Minute
	}
	return &Sealer{box: b, ttl: ttl, now: time.Now}, nil
}

// UseClock sets the clock tokens are sealed and opened by, so tests can step past a
// token's lifetime without waiting. Call it before the sealer is shared.
func (s *Sealer) UseClock(now func() time.Time) { s.now = now }

// Seal encrypts and authenticates st, setting its expiry.
func (s *Sealer) Seal(st State) (string, error) {
	st.Expires = s.now().Add(s.ttl).Unix()
	plain, err := json.Marshal(st)
	if err != nil {
		return "", fmt.Errorf("seal continuation: %w", err)
	}
	return s.box.Seal(plain)
}

// Open authenticates and decrypts a token.
func (s *Sealer) Open(token string) (State, error) {
	var st State
	plain, err := s.box.Open(token)
	if err != nil {
		return st, err
	}
	if err := json.Unmarshal(plain, &st); err != nil {
		return st, seal.ErrTampered
	}
	if s.now().Unix() > st.Expires {
		return State{}, seal.ErrExpired
	}
	return st, nil
}

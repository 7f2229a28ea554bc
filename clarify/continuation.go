package clarify

import (
	"bytes"
	"compress/flate"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/askapi/askapi/reverse"
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
	Resolutions map[string]reverse.Resolution `json:"resolutions,omitempty"`
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

// Errors opening a continuation; both become an invalid question on _continuation.
var (
	ErrTampered = errors.New("the continuation token is not valid: it was altered, truncated or issued by another server")
	ErrExpired  = errors.New("the continuation token has expired")
)

// tokenVersion prefixes every token so a future format can be told apart.
const tokenVersion = 1

// Sealer seals and opens continuation tokens with AES-256-GCM, encoded as base64url.
type Sealer struct {
	aead cipher.AEAD
	ttl  time.Duration
	now  func() time.Time
}

// NewSealer derives the key from secret; an empty secret gets a random per-process key,
// so tokens then survive only as long as the process.
func NewSealer(secret string, ttl time.Duration) (*Sealer, error) {
	var key [32]byte
	if secret == "" {
		if _, err := rand.Read(key[:]); err != nil {
			return nil, fmt.Errorf("continuation key: %w", err)
		}
	} else {
		key = sha256.Sum256([]byte("askapi continuation v1\x00" + secret))
	}
	block, err := aes.NewCipher(key[:])
	if err != nil {
		return nil, fmt.Errorf("continuation cipher: %w", err)
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, fmt.Errorf("continuation cipher: %w", err)
	}
	if ttl <= 0 {
		ttl = 30 * time.Minute
	}
	return &Sealer{aead: aead, ttl: ttl, now: time.Now}, nil
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
	var zipped bytes.Buffer
	w, _ := flate.NewWriter(&zipped, flate.BestSpeed)
	if _, err := w.Write(plain); err != nil {
		return "", fmt.Errorf("seal continuation: %w", err)
	}
	if err := w.Close(); err != nil {
		return "", fmt.Errorf("seal continuation: %w", err)
	}
	nonce := make([]byte, s.aead.NonceSize(), s.aead.NonceSize()+zipped.Len()+s.aead.Overhead()+1)
	if _, err := rand.Read(nonce); err != nil {
		return "", fmt.Errorf("seal continuation: %w", err)
	}
	header := []byte{tokenVersion}
	sealed := s.aead.Seal(nonce, nonce, zipped.Bytes(), header)
	return base64.RawURLEncoding.EncodeToString(append(header, sealed...)), nil
}

// Open authenticates and decrypts a token.
func (s *Sealer) Open(token string) (State, error) {
	var st State
	// Strict: the unused low bits of the last character must be zero, as Seal writes them,
	// so a sealed token has one spelling and a re-spelled one is refused.
	raw, err := base64.RawURLEncoding.Strict().DecodeString(token)
	ns := s.aead.NonceSize()
	if err != nil || len(raw) < 1+ns+s.aead.Overhead() || raw[0] != tokenVersion {
		return st, ErrTampered
	}
	header, nonce, body := raw[:1], raw[1:1+ns], raw[1+ns:]
	zipped, err := s.aead.Open(nil, nonce, body, header)
	if err != nil {
		return st, ErrTampered
	}
	plain, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(zipped)), 8<<20))
	if err != nil {
		return st, ErrTampered
	}
	if err := json.Unmarshal(plain, &st); err != nil {
		return st, ErrTampered
	}
	if s.now().Unix() > st.Expires {
		return State{}, ErrExpired
	}
	return st, nil
}

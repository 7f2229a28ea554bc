package clarify

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"github.com/askapi/askapi/clarify/seal"
	"reflect"
	"testing"
	"time"
)

// fuzzEpoch is the fuzz sealers' clock: the seeds in testdata/fuzz/FuzzContinuationOpen
// were sealed at this time with fuzzKey, so they open (or, for those sealed an hour
// earlier, have expired) whenever the test runs.
var fuzzEpoch = time.Unix(1_800_000_000, 0)

const base64URLAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

const (
	fuzzKey   = "askapi fuzz key A"
	fuzzOther = "askapi fuzz key B"
)

func fuzzSealer(t testing.TB, secret string, now time.Time) *Sealer {
	s, err := NewSealer(secret, 30*time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	s.now = func() time.Time { return now }
	return s
}

// openIndependently authenticates a token with AES-256-GCM under secret's key, written
// here from the token format rather than through Sealer, so an Open that succeeds on a
// token the key did not seal is caught.
func openIndependently(token, secret string) bool {
	raw, err := base64.RawURLEncoding.DecodeString(token)
	if err != nil || len(raw) < 1+12+16 || raw[0] != seal.TokenVersion {
		return false
	}
	key := sha256.Sum256([]byte("askapi continuation v1\x00" + secret))
	block, _ := aes.NewCipher(key[:])
	aead, _ := cipher.NewGCM(block)
	_, err = aead.Open(nil, raw[1:13], raw[13:], raw[:1])
	return err == nil
}

// FuzzContinuationOpen opens arbitrary tokens. Invariants:
//   - Open never panics, and fails only with ErrTampered or ErrExpired;
//   - a token opens only when it is exactly what Seal wrote with the key: it authenticates
//     under the key (checked independently), it is the canonical base64url of its bytes
//     (another spelling of the same bytes would be a second token for one state), the
//     other key refuses it, and changing any one character of it makes it fail;
//   - arbitrary text sealed as a state (operation, an argument, a confirmation digest)
//     opens to exactly that state, and no longer once the token's lifetime has passed.
func FuzzContinuationOpen(f *testing.F) {
	a := fuzzSealer(f, fuzzKey, fuzzEpoch)
	for _, tok := range []string{"", "AQ", "not a token", "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"} {
		f.Add(tok, uint16(0))
	}
	// Fresh seeds sealed now, besides the stored ones (whose format could age).
	if tok, err := a.Seal(ctState()); err == nil {
		f.Add(tok, uint16(7))
	}
	b := fuzzSealer(f, fuzzOther, fuzzEpoch)
	f.Fuzz(func(t *testing.T, token string, pos uint16) {
		st, err := a.Open(token)
		switch {
		case err == nil:
			if !openIndependently(token, fuzzKey) {
				t.Fatalf("Open accepted a token the key does not authenticate: %q", token)
			}
			raw, _ := base64.RawURLEncoding.DecodeString(token)
			if canon := base64.RawURLEncoding.EncodeToString(raw); canon != token {
				t.Fatalf("Open accepted %q, another spelling of the sealed token %q", token, canon)
			}
			if _, err := b.Open(token); !errors.Is(err, seal.ErrTampered) {
				t.Fatalf("a token sealed with one key opened with another (err %v)", err)
			}
			if st.Expires < fuzzEpoch.Unix() {
				t.Fatalf("an expired state opened: expires %d", st.Expires)
			}
			// Any one character changed, to any other of the alphabet: refused. The last
			// character is always tried, as it holds the bits base64 may leave unused.
			for _, i := range []int{int(pos) % len(token), len(token) - 1} {
				for c := range base64URLAlphabet {
					if base64URLAlphabet[c] == token[i] {
						continue
					}
					bad := token[:i] + base64URLAlphabet[c:c+1] + token[i+1:]
					if _, err := a.Open(bad); err == nil {
						t.Fatalf("token with character %d changed (%q to %q) still opens", i, token[i], base64URLAlphabet[c])
					}
				}
			}
			if _, err := a.Open(token[:len(token)-1]); err == nil {
				t.Fatal("a truncated token opens")
			}
		case errors.Is(err, seal.ErrExpired):
			if !openIndependently(token, fuzzKey) {
				t.Fatalf("a token the key does not authenticate was read as expired: %q", token)
			}
		case errors.Is(err, seal.ErrTampered):
		default:
			t.Fatalf("Open failed with %v, neither tampered nor expired", err)
		}
		if st, err := b.Open(token); err == nil && !openIndependently(token, fuzzOther) {
			t.Fatalf("Open accepted a token the key does not authenticate: %q (%+v)", token, st)
		}

		// The text as the content of a state: it comes back as sealed.
		in := State{Op: token, Args: map[string]any{"v": token, "n": float64(pos)}, Asked: map[string]any{token: true}, Pending: token}
		sealed, err := a.Seal(in)
		if err != nil {
			t.Fatalf("Seal: %v", err)
		}
		got, err := a.Open(sealed)
		if err != nil {
			t.Fatalf("a sealed state does not open: %v", err)
		}
		want := jsonRoundTrip(t, in)
		want.Expires = fuzzEpoch.Add(30 * time.Minute).Unix()
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("opened state %+v, want %+v", got, want)
		}
		later := fuzzSealer(t, fuzzKey, fuzzEpoch.Add(31*time.Minute))
		if _, err := later.Open(sealed); !errors.Is(err, seal.ErrExpired) {
			t.Fatalf("a token past its lifetime opened (err %v)", err)
		}
	})
}

// jsonRoundTrip is the state as JSON gives it back (invalid UTF-8 becomes U+FFFD).
func jsonRoundTrip(t *testing.T, st State) State {
	b, err := json.Marshal(st)
	if err != nil {
		t.Fatal(err)
	}
	var out State
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

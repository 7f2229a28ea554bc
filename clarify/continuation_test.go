package clarify

import (
	"encoding/base64"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/clarify/seal"
	"github.com/askapi/askapi/reverse/chain"
)

func ctSealer(t *testing.T, secret string, ttl time.Duration) *Sealer {
	t.Helper()
	s, err := NewSealer(secret, ttl)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func ctState() State {
	return State{
		Op:   "GET /person/{person_id}/movie_credits",
		Args: map[string]any{"person_id": "Jennifer", "page": 2.0},
		Resolutions: map[string]chain.Resolution{"person_id": {
			Arg: "person_id", Resource: "person", Input: "Jennifer", Outcome: chain.Ambiguous, Via: "GET /search/person",
			Candidates: []chain.Candidate{{ID: 72129.0, Label: "Jennifer Lawrence — Acting"}, {ID: 4491.0, Label: "Jennifer Aniston"}},
		}},
		Confirmed: map[string]bool{"createdBy": true},
		Asked:     map[string]any{"comment": "test"},
		Pending:   "sha256:abc",
	}
}

func TestContinuationRoundTrip(t *testing.T) {
	s := ctSealer(t, "server secret", time.Minute)
	now := time.Unix(1_800_000_000, 0)
	s.now = func() time.Time { return now }
	want := ctState()
	token, err := s.Seal(want)
	if err != nil {
		t.Fatal(err)
	}
	if strings.ContainsAny(token, "+/= \n") {
		t.Errorf("token %q is not base64url without padding", token)
	}
	got, err := s.Open(token)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	want.Expires = now.Add(time.Minute).Unix()
	if !reflect.DeepEqual(got, want) {
		t.Errorf("opened = %+v\n want %+v", got, want)
	}
	// Another replica with the same secret opens it.
	other := ctSealer(t, "server secret", time.Minute)
	other.now = s.now
	if _, err := other.Open(token); err != nil {
		t.Errorf("same secret, other sealer: %v", err)
	}
	// Two seals of one state differ (fresh nonce).
	token2, _ := s.Seal(ctState())
	if token2 == token {
		t.Error("two tokens for the same state are identical")
	}
}

func TestContinuationRejects(t *testing.T) {
	s := ctSealer(t, "server secret", time.Minute)
	start := time.Unix(1_800_000_000, 0)
	s.now = func() time.Time { return start }
	token, err := s.Seal(ctState())
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base64.RawURLEncoding.DecodeString(token)
	flip := func(i int) string {
		b := append([]byte(nil), raw...)
		b[i] ^= 0x01
		return base64.RawURLEncoding.EncodeToString(b)
	}
	cases := []struct {
		name  string
		token string
		open  *Sealer
		at    time.Time
		want  error
	}{
		{"version byte flipped", flip(0), s, start, seal.ErrTampered},
		{"nonce byte flipped", flip(3), s, start, seal.ErrTampered},
		{"ciphertext byte flipped", flip(len(raw) / 2), s, start, seal.ErrTampered},
		{"tag byte flipped", flip(len(raw) - 1), s, start, seal.ErrTampered},
		{"truncated", token[:len(token)-4], s, start, seal.ErrTampered},
		{"very short", token[:8], s, start, seal.ErrTampered},
		{"empty", "", s, start, seal.ErrTampered},
		{"not base64", "not a token!", s, start, seal.ErrTampered},
		{"another key", token, ctSealer(t, "another secret", time.Minute), start, seal.ErrTampered},
		{"random key", token, ctSealer(t, "", time.Minute), start, seal.ErrTampered},
		{"expired", token, s, start.Add(time.Minute + time.Second), seal.ErrExpired},
		{"at the expiry second", token, s, start.Add(time.Minute), nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			at := tc.at
			saved := tc.open.now
			tc.open.now = func() time.Time { return at }
			defer func() { tc.open.now = saved }()
			st, err := tc.open.Open(tc.token)
			if !errors.Is(err, tc.want) {
				t.Fatalf("Open = %v, want %v", err, tc.want)
			}
			if tc.want != nil && !reflect.DeepEqual(st, State{}) {
				t.Errorf("a rejected token yielded state %+v", st)
			}
		})
	}
}

// The token is encrypted: nothing it carries can be read from it.
func TestContinuationNoSecrets(t *testing.T) {
	s := ctSealer(t, "hunter2-server-secret", time.Minute)
	st := ctState()
	st.Args["comment"] = "maintenance window for rack-42-sensitive"
	token, err := s.Seal(st)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := base64.RawURLEncoding.DecodeString(token)
	for _, secret := range []string{"hunter2", "rack-42-sensitive", "Jennifer", "person_id", "movie_credits"} {
		if strings.Contains(token, secret) || strings.Contains(string(raw), secret) ||
			strings.Contains(token, base64.RawURLEncoding.EncodeToString([]byte(secret))) {
			t.Errorf("token reveals %q", secret)
		}
	}
	if seal.ErrTampered.Error() == "" || strings.Contains(seal.ErrTampered.Error(), "hunter2") {
		t.Errorf("error text %q", seal.ErrTampered)
	}
}

func TestContinuationDefaultTTL(t *testing.T) {
	s := ctSealer(t, "k", 0)
	start := time.Unix(1_800_000_000, 0)
	s.now = func() time.Time { return start }
	token, _ := s.Seal(State{Op: "GET /x"})
	s.now = func() time.Time { return start.Add(29 * time.Minute) }
	if _, err := s.Open(token); err != nil {
		t.Errorf("within the default 30 minutes: %v", err)
	}
	s.now = func() time.Time { return start.Add(31 * time.Minute) }
	if _, err := s.Open(token); !errors.Is(err, seal.ErrExpired) {
		t.Errorf("after 31 minutes: %v", err)
	}
}

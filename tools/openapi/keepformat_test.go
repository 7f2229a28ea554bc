package openapi

import "testing"

// TestKeepFormat: JSON Schema's formats stay, a UUID's other spellings become "uuid", and
// vendor formats, which carry no validation meaning, go.
func TestKeepFormat(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"uuid", "uuid"}, {"UUID", "uuid"}, {"uuid4", "uuid"}, {"guid", "uuid"},
		{"date-time", "date-time"}, {"int32", ""}, {"binary", ""}, {"BeezUPOrderUUID", ""},
	} {
		if got := keepFormat(tc.in); got != tc.want {
			t.Errorf("keepFormat(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

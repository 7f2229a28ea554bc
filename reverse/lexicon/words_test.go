package lexicon

import "testing"

func TestSnakeCase(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", ""},
		{"id", "id"},
		{"owner_id", "owner_id"},
		{"v2_name", "v2_name"},
		{"ownerId", "owner_id"},
		{"HTTPStatus", "http_status"},
		{"owner__id", "owner_id"},
		{"_owner", "owner"},
		{"owner_", "owner"},
		{"owner-id", "owner_id"},
		{"data[0].name", "data_0_name"},
		{"Ärger", "ärger"},
	} {
		if got := SnakeCase(tc.in); got != tc.want {
			t.Errorf("SnakeCase(%q) = %q, want %q", tc.in, got, tc.want)
		}
		// The fast path for names already in snake case answers as the full rule does.
		if got, full := SnakeCase(tc.in), snakeCase(tc.in); got != full {
			t.Errorf("SnakeCase(%q) = %q, the full rule says %q", tc.in, got, full)
		}
	}
}

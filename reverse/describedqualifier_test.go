package reverse

import "testing"

// TestDescribedQualifier: the fuller thing a description gives a role read from a name,
// of one word or two.
func TestDescribedQualifier(t *testing.T) {
	for _, tc := range []struct{ res, desc, want string }{
		{"parent", "Parent node ID.", "parent_node"},
		{"parent", "The ID of the parent folder.", "parent_folder"},
		{"parent", "(Optional) The fully qualified ID for the parent management group.  For example, /providers/x", "parent_management_group"},
		{"parent", "The ID of the parent, if any.", ""},
		{"source", "Identifier for the source account to debit", "source_account"},
	} {
		if got := describedQualifier(tc.res, tc.desc); got != tc.want {
			t.Errorf("describedQualifier(%q, %q) = %q, want %q", tc.res, tc.desc, got, tc.want)
		}
	}
}

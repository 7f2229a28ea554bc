package reverse

import "testing"

// TestPrimarySpeltOtherwise: an item's name is read however its API spells the field
// (Name, DisplayName in PascalCase APIs), and the exact spelling still comes first.
func TestPrimarySpeltOtherwise(t *testing.T) {
	cases := []struct {
		item map[string]any
		want string
	}{
		{map[string]any{"Arn": "arn:aws:x:1:thing/a1", "Name": "ZendeskTickets"}, "ZendeskTickets"},
		{map[string]any{"Id": "7", "DisplayName": "Front Desk"}, "Front Desk"},
		{map[string]any{"Id": "7", "Title": "Q3 plan", "Description": "the plan"}, "Q3 plan"},
		{map[string]any{"name": "exact", "Name": "other"}, "exact"},
		{map[string]any{"Id": "7", "Status": "ACTIVE"}, ""},
	}
	for _, tc := range cases {
		if got := Primary(tc.item); got != tc.want {
			t.Errorf("Primary(%v) = %q, want %q", tc.item, got, tc.want)
		}
	}
	if !CalledBy(map[string]any{"Name": "Zendesk Tickets"}, "zendesk tickets") {
		t.Error("CalledBy does not read Name")
	}
}

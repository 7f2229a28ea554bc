package reverse

import "testing"

func TestResolutionField(t *testing.T) {
	cases := map[string]bool{
		"id": true, "silenceID": true, "task_gid": true, "issue_number": true, "owner_id": true, "login": true, "slug": true,
		"name": true, "title": true, "full_name": true, "email": true,
		"url": false, "html_url": false, "_links": false, "created_at": false, "topics": false, "description_html": false,
	}
	for field, want := range cases {
		if got := ResolutionField(field); got != want {
			t.Errorf("ResolutionField(%q) = %v, want %v", field, got, want)
		}
	}
	if IdentifierField("title") || !IdentifierField("uuid") {
		t.Error("a label is not an identifier; uuid is")
	}
}

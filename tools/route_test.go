package tools

import "testing"

// TestSplitRoute: a path key's route is what goes on the wire: the query text written
// into it is read apart, and a fragment that only tells two operations apart is dropped.
func TestSplitRoute(t *testing.T) {
	for _, tc := range []struct{ key, route, query string }{
		{"/uploads?convert={convert}", "/uploads", "convert={convert}"},
		{"/project#projectId", "/project", ""},
		{"/tags/{resourceArn}#tagKeys", "/tags/{resourceArn}", ""},
		{"/rest?method=flickr.photos.search#page", "/rest", "method=flickr.photos.search"},
		{"/plain/{id}", "/plain/{id}", ""},
	} {
		if route, query := SplitRoute(tc.key); route != tc.route || query != tc.query {
			t.Errorf("SplitRoute(%q) = %q, %q; want %q, %q", tc.key, route, query, tc.route, tc.query)
		}
	}
}

package upstream

import (
	"context"
	"testing"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
)

// TestUserAgentParameter: a User-Agent the spec declares as a parameter is sent as the
// call gave it; without one, askapi names itself.
func TestUserAgentParameter(t *testing.T) {
	op := &tools.Operation{Method: "POST", Path: "/generate/url", Params: []*tools.Param{
		{Name: "User-Agent", Arg: "User-Agent", In: "header", Required: true, Schema: map[string]any{"type": "string"}},
	}}
	cat := tools.CatalogSpec{Operations: []*tools.Operation{op}}.Build()
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"User-Agent": "SkinShelf/2.4 (+https://skinshelf.net)"}, "SkinShelf/2.4 (+https://skinshelf.net)"},
		{map[string]any{}, userAgent},
	} {
		req, err := BuildRequest(context.Background(), cat, op, tc.args, "https://api.example.test", secret.Credentials{})
		if err != nil {
			t.Fatal(err)
		}
		if got := req.Header.Get("User-Agent"); got != tc.want {
			t.Errorf("args %v: User-Agent %q, want %q", tc.args, got, tc.want)
		}
	}
}

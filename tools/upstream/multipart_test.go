package upstream

import (
	"bytes"
	"testing"

	"github.com/askapi/askapi/tools"
)

// TestMultipartBodyIsStable: the same fields make the same bytes, boundary included, so
// the write a person confirmed is the write the next round sends; other fields make
// other bytes.
func TestMultipartBodyIsStable(t *testing.T) {
	b := &tools.Body{ContentType: "multipart/form-data"}
	fields := map[string]any{"name": "Joint account", "sync_frequency": 3}
	first, ct1, err := multipartBody(b, fields)
	if err != nil {
		t.Fatal(err)
	}
	again, ct2, _ := multipartBody(b, map[string]any{"sync_frequency": 3, "name": "Joint account"})
	if !bytes.Equal(first, again) || ct1 != ct2 {
		t.Fatalf("the same fields encoded twice differ:\n%s\n%s", first, again)
	}
	other, ct3, _ := multipartBody(b, map[string]any{"name": "Joint account", "sync_frequency": 4})
	if bytes.Equal(first, other) || ct1 == ct3 {
		t.Errorf("other fields made the same body")
	}
}

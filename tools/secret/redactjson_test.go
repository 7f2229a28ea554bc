package secret

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// Redactor.JSON hides a secret wherever a string, key or number of the document holds it,
// however the API escaped it, and changes no other byte: key order, spacing and other
// escapes stay.
func TestRedactorJSON(t *testing.T) {
	const key = "sk-live-SECRET123456"
	rd := NewRedactor(key, "98765432109")
	cases := []struct{ in, want string }{
		{`{"b": 1, "a": "` + key + `"}`, `{"b": 1, "a": "[redacted]"}`},
		{`{"` + key + `": [1, "x \u00e9 Bearer ` + key + `"]}`, `{"[redacted]": [1, "x é Bearer [redacted]"]}`},
		{`["\u0073k-live-SECRET123456", "\/keep\/"]`, `["[redacted]", "\/keep\/"]`},
		{`{"n": 98765432109, "m": 12}`, `{"n": "[redacted]", "m": 12}`},
		{`{"z": "nothing here", "a": "\"quoted\""}`, `{"z": "nothing here", "a": "\"quoted\""}`},
	}
	for _, tc := range cases {
		got := rd.JSON([]byte(tc.in))
		if string(got) != tc.want {
			t.Errorf("JSON(%s) = %s, want %s", tc.in, got, tc.want)
		}
		if !json.Valid(got) {
			t.Errorf("JSON(%s) is not JSON: %s", tc.in, got)
		}
	}
	in := []byte(`{"a": "plain"}`)
	if got := rd.JSON(in); !bytes.Equal(got, in) || &got[0] != &in[0] {
		t.Error("a document without secrets was copied")
	}
	if strings.Contains(string(NewRedactor().JSON([]byte(`"`+key+`"`))), "redacted") {
		t.Error("an empty redactor hid something")
	}
}

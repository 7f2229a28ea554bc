package secret

import (
	"encoding/base64"
	"net/http"
	"slices"
	"testing"
)

// The password of a configured "Authorization: Basic …" header is a secret of its own:
// an API echoing the decoded credentials shows it without the base64 around it.
func TestBasicHeaderPasswordIsASecret(t *testing.T) {
	const pass = "hunter2-correct-horse"
	for _, scheme := range []string{"Basic", "basic", "BASIC"} {
		h := http.Header{}
		h.Add("Authorization", scheme+" "+base64.StdEncoding.EncodeToString([]byte("alice:"+pass)))
		secrets := Credentials{Headers: h}.Secrets()
		if !slices.Contains(secrets, pass) || !slices.Contains(secrets, "alice:"+pass) {
			t.Errorf("%s header: secrets %q lack the password", scheme, secrets)
		}
		rd := NewRedactor(secrets...)
		for _, echo := range []string{`{"user":"alice","password":"` + pass + `"}`, "alice:" + pass, "pw=" + pass} {
			if got := rd.String(echo); got == echo {
				t.Errorf("%s header: %q shown as is", scheme, echo)
			}
		}
	}
	// A Bearer header is not decoded: its token is the secret.
	h := http.Header{}
	h.Add("Authorization", "Bearer "+base64.StdEncoding.EncodeToString([]byte("x:"+pass)))
	if secrets := (Credentials{Headers: h}).Secrets(); slices.Contains(secrets, pass) {
		t.Errorf("a bearer token was decoded as Basic credentials: %q", secrets)
	}
}

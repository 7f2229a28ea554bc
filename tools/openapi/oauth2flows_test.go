package openapi

import (
	"context"
	"os"
	"path/filepath"
	"testing"
)

// An oauth2 scheme's token URL is read from its flows, OpenAPI 3 and Swagger 2.0 alike,
// and survives the catalog cache.
func TestOAuth2TokenURLFromFlows(t *testing.T) {
	cases := []struct{ name, doc, want string }{
		{"client credentials", `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{},
 "components":{"securitySchemes":{"o":{"type":"oauth2","flows":{"authorizationCode":{"authorizationUrl":"https://a/auth","tokenUrl":"https://a/code-token","scopes":{}},
  "clientCredentials":{"tokenUrl":"https://a/cc-token","scopes":{}}}}}}}`, "https://a/cc-token"},
		{"authorization code refresh URL", `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{},
 "components":{"securitySchemes":{"o":{"type":"oauth2","flows":{"authorizationCode":{"authorizationUrl":"https://a/auth","tokenUrl":"https://a/token","refreshUrl":"https://a/refresh","scopes":{}}}}}}}`, "https://a/refresh"},
		{"implicit only", `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{},
 "components":{"securitySchemes":{"o":{"type":"oauth2","flows":{"implicit":{"authorizationUrl":"https://a/auth","scopes":{}}}}}}}`, ""},
		{"swagger 2.0 application flow", "swagger: \"2.0\"\ninfo: {title: t, version: \"1\"}\npaths: {}\nsecurityDefinitions:\n  o:\n    type: oauth2\n    flow: application\n    tokenUrl: https://a/s2-token\n    scopes: {}\n", "https://a/s2-token"},
	}
	cacheDir := t.TempDir()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "spec.yaml")
			if err := os.WriteFile(path, []byte(c.doc), 0o644); err != nil {
				t.Fatal(err)
			}
			for _, pass := range []string{"compiled", "cached"} {
				cat, err := LoadCatalog(context.Background(), path, LoadOptions{Version: "test", CacheDir: cacheDir})
				if err != nil {
					t.Fatal(err)
				}
				if s := cat.SecuritySchemes()["o"]; s == nil || s.TokenURL != c.want {
					t.Errorf("%s: scheme %+v, want token URL %q", pass, s, c.want)
				}
			}
		})
	}
}

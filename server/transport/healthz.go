package transport

import (
	"encoding/json"
	"net/http"
)

// healthz answers GET /healthz for load balancers and orchestrators, without auth:
// 200 while the process serves, and whether the catalog is loaded. It says nothing
// else (no spec, no base URL, no configuration).
func healthz(version string, ready func() bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			w.Header().Set("Allow", "GET, HEAD")
			http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
			return
		}
		body, _ := json.Marshal(struct {
			Status  string `json:"status"`
			Ready   bool   `json:"ready"`
			Version string `json:"version,omitempty"`
		}{"ok", ready(), version})
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodGet {
			_, _ = w.Write(append(body, '\n'))
		}
	})
}

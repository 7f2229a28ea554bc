package server

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/askapi/askapi/clarify"
)

// Teams are addressed by a slug people may know, listed with their names.
const keySpec = `{"openapi":"3.0.3","info":{"title":"t","version":"1"},
"paths":{
 "/team":{"get":{"operationId":"listTeams","summary":"List teams","responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/components/schemas/Team"}}}}}}}},
 "/team/{team}/members":{"get":{"operationId":"teamMembers","summary":"List a team's members","parameters":[{"name":"team","in":"path","required":true,"schema":{"type":"string"}}],
   "responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":{"type":"object","properties":{"username":{"type":"string"}}}}}}}}}}},
"components":{"schemas":{"Team":{"type":"object","properties":{"slug":{"type":"string"},"name":{"type":"string"}}}}}}`

// TestKeyRefusedIsLookedUpAsName: a one-word value used as a team's key, which the API
// does not know (404), is looked up as a name: one match is sent again with its key, two
// are a choice, none is not_found.
func TestKeyRefusedIsLookedUpAsName(t *testing.T) {
	up := newRecordingUpstream(t, map[string]string{
		"/team":                   `[{"slug":"team-7Qm2","name":"Payments Platform"},{"slug":"team-Hd83","name":"Payments Risk"},{"slug":"team-Vb51","name":"Search"}]`,
		"/team/team-Vb51/members": `[{"username":"akim"}]`,
		"/team/team-7Qm2/members": `[{"username":"akim"}]`,
	})
	p := pipelineFor(t, writeSpec(t, keySpec), up.URL, "")
	op := p.Catalog.Lookup("teamMembers")
	cases := []struct {
		team     string
		status   clarify.Status
		kind     string
		requests []string
	}{
		{"Search", clarify.StatusOK, "", []string{"GET /team/Search/members", "GET /team", "GET /team/team-Vb51/members"}},
		{"Payments", clarify.StatusNeedsClarification, "ambiguous", []string{"GET /team/Payments/members", "GET /team"}},
		{"Billing", clarify.StatusNeedsClarification, "not_found", []string{"GET /team/Billing/members", "GET /team"}},
		{"team-7Qm2", clarify.StatusOK, "", []string{"GET /team/team-7Qm2/members"}}, // a key the API knows: one call
	}
	for _, tc := range cases {
		t.Run(tc.team, func(t *testing.T) {
			up.reset()
			res := p.Call(context.Background(), op, map[string]any{"team": tc.team, "_user_request": "who is in the " + tc.team + " team"})
			if res.Status != tc.status {
				t.Fatalf("status %s, want %s: %+v", res.Status, tc.status, res)
			}
			if tc.kind != "" && (len(res.Questions) != 1 || res.Questions[0].Field != "team" || string(res.Questions[0].Kind) != tc.kind) {
				t.Errorf("questions %+v, want team:%s", res.Questions, tc.kind)
			}
			seen := up.seen()
			if len(seen) != len(tc.requests) {
				t.Fatalf("requests %v, want %v", seen, tc.requests)
			}
			for i := range seen {
				if seen[i] != tc.requests[i] {
					t.Errorf("request %d: %s, want %s", i, seen[i], tc.requests[i])
				}
			}
		})
	}
}

// Certificates are addressed by an id of no declared shape, listed with their domains.
const certSpec = `{"openapi":"3.0.3","info":{"title":"t","version":"1"},
"paths":{
 "/certificates":{"get":{"operationId":"listCertificates","responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"type":"array","items":{"$ref":"#/components/schemas/Cert"}}}}}}}},
 "/certificates/{certificateId}":{"get":{"operationId":"getCertificate","parameters":[{"name":"certificateId","in":"path","required":true,"schema":{"type":"string"}}],
   "responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Cert"}}}}}}}},
"components":{"schemas":{"Cert":{"type":"object","properties":{"certificateId":{"type":"string"},"commonName":{"type":"string"}}}}}}`

// TestIDRefusedIsLookedUpAsName: an id of no declared shape that the API does not know
// (a certificate given by its domain, which reads as a code) is looked up as a name after
// the read's 404, and the read sent again with the id found.
func TestIDRefusedIsLookedUpAsName(t *testing.T) {
	up := newRecordingUpstream(t, map[string]string{
		"/certificates":                  `[{"certificateId":"f3a91c7e2b5d4086","commonName":"shop.marlow.co.uk"},{"certificateId":"0b2c","commonName":"www.marlow.co.uk"}]`,
		"/certificates/f3a91c7e2b5d4086": `{"certificateId":"f3a91c7e2b5d4086","commonName":"shop.marlow.co.uk"}`,
	})
	p := pipelineFor(t, writeSpec(t, certSpec), up.URL, "")
	res := p.Call(context.Background(), p.Catalog.Lookup("getCertificate"), map[string]any{"certificateId": "shop.marlow.co.uk", "_user_request": "when does shop.marlow.co.uk expire"})
	want := []string{"GET /certificates/shop.marlow.co.uk", "GET /certificates", "GET /certificates/f3a91c7e2b5d4086"}
	if seen := up.seen(); res.Status != clarify.StatusOK || len(seen) != len(want) || seen[2] != want[2] {
		t.Fatalf("status %s, requests %v; want ok and %v", res.Status, seen, want)
	}
}

// recordingUpstream answers JSON bodies by path (404 elsewhere) and records what it was
// asked.
type recordingUpstream struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []string
}

func newRecordingUpstream(t *testing.T, bodies map[string]string) *recordingUpstream {
	t.Helper()
	u := &recordingUpstream{}
	u.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		u.mu.Lock()
		u.reqs = append(u.reqs, r.Method+" "+r.URL.Path)
		u.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		body, ok := bodies[r.URL.Path]
		if !ok {
			w.WriteHeader(http.StatusNotFound)
			body = `{"error":"no such route"}`
		}
		_, _ = w.Write([]byte(body))
	}))
	t.Cleanup(u.Close)
	return u
}

func (u *recordingUpstream) seen() []string {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]string(nil), u.reqs...)
}

func (u *recordingUpstream) reset() {
	u.mu.Lock()
	u.reqs = nil
	u.mu.Unlock()
}

// writeSpec writes a spec's text to a file of the test's own.
func writeSpec(t *testing.T, text string) string {
	t.Helper()
	spec := filepath.Join(t.TempDir(), "spec.json")
	if err := os.WriteFile(spec, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return spec
}

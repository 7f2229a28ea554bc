//go:build e2e

package e2e_test

import (
	"encoding/json"
	"net/http"
	"os/exec"
	"strings"
	"testing"

	"github.com/askapi/askapi/e2e"
)

// The official MCP Inspector CLI drives the built binary over stdio for every shared spec.

func TestInspectorToolsList(t *testing.T) {
	bin := e2e.BuildAskapi(t)
	for _, s := range sharedSpecs {
		t.Run(s.name, func(t *testing.T) {
			out, err := e2e.Inspector(t, "--method", "tools/list", "--", bin, "serve", "--spec", specPath(s.file))
			if err != nil {
				t.Fatalf("tools/list: %v", err)
			}
			var list struct {
				Tools []struct {
					Name string `json:"name"`
					Meta struct {
						OpenAPI *struct {
							Method string `json:"method"`
							Path   string `json:"path"`
						} `json:"openapi"`
					} `json:"_meta"`
				} `json:"tools"`
			}
			if err := json.Unmarshal(out, &list); err != nil {
				t.Fatalf("tools/list output: %v\n%.2000s", err, out)
			}
			ops, meta := 0, map[string]bool{}
			for _, tool := range list.Tools {
				if tool.Meta.OpenAPI != nil {
					ops++
				} else {
					meta[tool.Name] = true
				}
			}
			if ops != s.operations || len(list.Tools) != s.operations+3 {
				t.Errorf("%d tools, %d of them operations; want %d operations + 3 meta-tools", len(list.Tools), ops, s.operations)
			}
			if !meta["find_operations"] || !meta["plan"] || !meta["describe_operation"] || len(meta) != 3 {
				t.Errorf("meta-tools %v, want exactly find_operations, plan and describe_operation", meta)
			}
		})
	}
}

func TestInspectorToolsCall(t *testing.T) {
	bin := e2e.BuildAskapi(t)
	const key = "e2e-key-31f7"
	up := newStubUpstream(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/movie/550":
			if r.URL.Query().Get("api_key") != key {
				replyJSON(w, 401, map[string]any{"status_message": "bad key"})
				return
			}
			replyJSON(w, 200, map[string]any{"id": 550, "title": "Fight Club"})
		case "/artists/4Z8W4fKeB5YxbusRsdQVPb":
			if r.Header.Get("Authorization") != "Bearer "+key {
				replyJSON(w, 401, map[string]any{"error": "bad token"})
				return
			}
			replyJSON(w, 200, map[string]any{"id": "4Z8W4fKeB5YxbusRsdQVPb", "name": "Radiohead"})
		case "/api/v2/silences":
			replyJSON(w, 200, []any{})
		default:
			http.NotFound(w, r)
		}
	})

	cases := []struct {
		spec, env, tool, args string
		path                  string // the one upstream request expected
		check                 func(t *testing.T, body any)
	}{
		{"tmdb.json", "ASKAPI_AUTH_API_KEY=" + key, "GET_movie-movie_id", `{"movie_id": 550}`, "/movie/550",
			func(t *testing.T, body any) {
				if m, _ := body.(map[string]any); m["title"] != "Fight Club" {
					t.Errorf("body %v", body)
				}
			}},
		{"spotify.json", "ASKAPI_API_KEY=" + key, "get-an-artist", `{"id": "4Z8W4fKeB5YxbusRsdQVPb"}`, "/artists/4Z8W4fKeB5YxbusRsdQVPb",
			func(t *testing.T, body any) {
				if m, _ := body.(map[string]any); m["name"] != "Radiohead" {
					t.Errorf("body %v", body)
				}
			}},
		{"alertmanager-v2.yaml", "ASKAPI_LOG_LEVEL=warn", "getSilences", `{}`, "/api/v2/silences",
			func(t *testing.T, body any) {
				if l, ok := body.([]any); !ok || len(l) != 0 {
					t.Errorf("body %#v, want the empty list", body)
				}
			}},
	}
	for _, tc := range cases {
		t.Run(tc.tool, func(t *testing.T) {
			before := len(up.requests())
			// The stub serves each API at its root: TMDB's /3 and Spotify's /v1 are not
			// there, Alertmanager's relative /api/v2/ is.
			serve := []string{"--", bin, "serve", "--spec", specPath(tc.spec), "--base-url", up.URL}
			if tc.spec != "alertmanager-v2.yaml" {
				serve = append(serve, "--base-url-exact")
			}
			out, err := e2e.Inspector(t, append([]string{"-e", tc.env, "--method", "tools/call", "--tool-name", tc.tool, "--tool-args-json", tc.args}, serve...)...)
			if err != nil {
				t.Fatalf("tools/call: %v\n%s", err, out)
			}
			res, env := decodeToolResult(t, out)
			if env.Status != "ok" || res.IsError || env.HTTP == nil || env.HTTP.Status != 200 {
				t.Fatalf("status %q isError %v http %+v:\n%s", env.Status, res.IsError, env.HTTP, out)
			}
			tc.check(t, env.Body)
			reqs := up.requests()[before:]
			if len(reqs) != 1 || reqs[0].Path != tc.path {
				t.Errorf("upstream saw %+v, want one request to %s", reqs, tc.path)
			}
		})
	}

	t.Run("clarification", func(t *testing.T) {
		before := len(up.requests())
		out, err := e2e.Inspector(t, "-e", "ASKAPI_AUTH_API_KEY="+key, "--method", "tools/call", "--tool-name", "GET_movie-movie_id-similar",
			"--", bin, "serve", "--spec", specPath("tmdb.json"), "--base-url", up.URL, "--base-url-exact")
		if err != nil {
			t.Fatalf("tools/call: %v\n%s", err, out)
		}
		t.Logf("Inspector printed:\n%s", out)
		res, env := decodeToolResult(t, out)
		if env.Status != "needs_clarification" || res.IsError {
			t.Fatalf("status %q isError %v, want needs_clarification", env.Status, res.IsError)
		}
		if len(env.Questions) != 1 || env.Questions[0].Field != "movie_id" || env.Questions[0].Kind != "missing" ||
			!strings.Contains(env.Questions[0].Question, "Which movie") {
			t.Errorf("questions %+v, want one missing question asking which movie", env.Questions)
		}
		if env.Continuation == "" {
			t.Error("no continuation")
		}
		if len(res.Content) != 1 || !strings.Contains(res.Content[0].Text, "Which movie") || !strings.Contains(res.Content[0].Text, "do not guess") {
			t.Errorf("text content does not state the question plainly: %+v", res.Content)
		}
		if n := len(up.requests()) - before; n != 0 {
			t.Errorf("the upstream saw %d requests for a clarification", n)
		}
	})
}

// TestToolsValidateWithTypeScriptSDKs: `askapi tools` output for every shared spec is a
// tools/list result the official TypeScript SDK clients (v1 and v2) accept.
func TestToolsValidateWithTypeScriptSDKs(t *testing.T) {
	bin := e2e.BuildAskapi(t)
	for _, s := range sharedSpecs {
		t.Run(s.name, func(t *testing.T) {
			out, err := exec.Command(bin, "tools", "--spec", specPath(s.file)).Output()
			if err != nil {
				t.Fatalf("askapi tools: %v", err)
			}
			var list struct {
				Tools []json.RawMessage `json:"tools"`
			}
			if err := json.Unmarshal(out, &list); err != nil || len(list.Tools) != s.operations+3 {
				t.Fatalf("askapi tools printed %d tools (err %v), want {\"tools\": [...]} with %d", len(list.Tools), err, s.operations+3)
			}
			report, err := e2e.ValidateTools(t, out)
			if err != nil {
				t.Fatalf("the TypeScript SDKs reject tools of %s: %v", s.file, err)
			}
			if !strings.Contains(string(report), "0 invalid") {
				t.Errorf("report: %s", report)
			}
		})
	}
}

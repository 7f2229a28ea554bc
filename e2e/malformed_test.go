//go:build e2e

package e2e_test

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/askapi/askapi/e2e"
)

// TestMalformedSpecs: a broken spec makes `askapi tools` exit non-zero with a message
// naming the file and the JSON pointer of the problem, and print no tools.
func TestMalformedSpecs(t *testing.T) {
	bin := e2e.BuildAskapi(t)
	tmdb, err := os.ReadFile(specPath("tmdb.json"))
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, file, content string
		want                []string // substrings of stderr besides the file name
	}{
		{
			name: "truncated json", file: "truncated.json", content: string(tmdb[:400]),
			want: []string{"/info/", "truncated"},
		},
		{
			name: "dangling ref", file: "dangling.json",
			content: `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/pets":{"get":{"operationId":"listPets",
"responses":{"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Pet"}}}}}}}}}`,
			want: []string{"/paths/~1pets/get/responses/200/content/application~1json/schema", "#/components/schemas/Pet"},
		},
		{
			name: "dangling ref yaml", file: "dangling.yaml",
			content: "swagger: \"2.0\"\ninfo: {title: t, version: \"1\"}\npaths:\n  /pets:\n    get:\n      operationId: listPets\n" +
				"      responses:\n        \"200\":\n          description: ok\n          schema:\n            $ref: \"#/definitions/Pet\"\n",
			want: []string{"/paths/~1pets/get/responses/200/schema", "#/definitions/Pet"},
		},
		{
			name: "path parameter not in path", file: "pathparam.json",
			content: `{"openapi":"3.0.3","info":{"title":"t","version":"1"},"paths":{"/pets":{"get":{"operationId":"getPet",
"parameters":[{"name":"petId","in":"path","required":true,"schema":{"type":"string"}}],"responses":{"200":{"description":"ok"}}}}}}`,
			want: []string{"/paths/~1pets/get/parameters/0", "petId"},
		},
	}
	dir := t.TempDir()
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			path := filepath.Join(dir, tc.file)
			if err := os.WriteFile(path, []byte(tc.content), 0o644); err != nil {
				t.Fatal(err)
			}
			var stdout, stderr bytes.Buffer
			cmd := exec.Command(bin, "tools", "--spec", path)
			cmd.Stdout, cmd.Stderr = &stdout, &stderr
			err := cmd.Run()
			var exit *exec.ExitError
			if !errors.As(err, &exit) || exit.ExitCode() == 0 {
				t.Fatalf("askapi tools exited with %v, want a non-zero exit\nstdout: %.500s", err, stdout.String())
			}
			if strings.Contains(stdout.String(), `"tools"`) {
				t.Errorf("tools were printed for a broken spec: %.500s", stdout.String())
			}
			msg := stderr.String()
			for _, want := range append([]string{path}, tc.want...) {
				if !strings.Contains(msg, want) {
					t.Errorf("stderr lacks %q:\n%s", want, msg)
				}
			}
			if strings.Contains(msg, "goroutine ") || strings.Contains(msg, "panic") {
				t.Errorf("stderr has a crash, not a message:\n%s", msg)
			}
		})
	}
}

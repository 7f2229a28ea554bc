// Command profile records a CPU profile of what a cold `askapi tools --spec S` does: load
// the spec, build the catalog and pipeline, render tools/list. The on-disk cache is off.
//
//	go run ./bench/cmd/profile -spec S -o cpu.pprof && go tool pprof -top -nodecount=15 cpu.pprof
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"runtime/pprof"
	"time"

	"github.com/askapi/askapi/cli"
	"github.com/askapi/askapi/server"
	"github.com/askapi/askapi/server/pipeline"
	"github.com/askapi/askapi/tools/cache"
)

func main() {
	spec := flag.String("spec", "", "spec file")
	out := flag.String("o", "cpu.pprof", "CPU profile output")
	allocs := flag.String("allocs", "", "also write the allocation profile (every byte allocated, by site) to this file")
	flag.Parse()
	if err := run(*spec, *out, *allocs); err != nil {
		fmt.Fprintln(os.Stderr, "profile:", err)
		os.Exit(1)
	}
}

func run(spec, out, allocs string) error {
	os.Setenv("ASKAPI_CACHE", "off")
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	defer f.Close()
	if err := pprof.StartCPUProfile(f); err != nil {
		return err
	}
	start := time.Now()
	opts := server.Options{Spec: spec, Version: "profile", Environ: []string{}, LoadPace: cli.LoaderPace, GraphPace: cli.GraphPace, CacheDir: cache.DefaultDir()}
	cat, err := server.LoadCatalog(context.Background(), opts)
	if err == nil {
		var p *pipeline.Pipeline
		if p, err = server.NewPipeline(cat, opts); err == nil {
			_, err = server.ToolList(p)
		}
	}
	pprof.StopCPUProfile()
	fmt.Fprintf(os.Stderr, "askapi tools (cold) on %s: %v\n", spec, time.Since(start).Round(time.Millisecond))
	if err == nil && allocs != "" {
		err = writeAllocs(allocs)
	}
	return err
}

// writeAllocs writes the allocation profile: what each site allocated since the start,
// live or not (go tool pprof -sample_index=alloc_space). Garbage is what the collector
// pays for at a tight pace.
func writeAllocs(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return pprof.Lookup("allocs").WriteTo(f, 0)
}

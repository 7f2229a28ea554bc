// Command phases times each step of a server's start on one spec, in a fresh process:
// load (read and compile, or read the cache), pipeline (filters, graph), register, the
// first tools/list, and find_operations' search index, with the heap after each. Run it
// several times; the process is fresh each time, as a real start is.
//
//	go run ./bench/cmd/phases -spec S [-cache DIR] [-mode static]
package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"runtime"
	"runtime/pprof"
	"strings"
	"syscall"
	"time"

	"github.com/askapi/askapi/cli"
	"github.com/askapi/askapi/server"
	askcache "github.com/askapi/askapi/tools/cache"
)

func main() {
	spec := flag.String("spec", "", "spec file")
	cache := flag.String("cache", "", "cache directory (empty: cache off)")
	mode := flag.String("mode", "auto", "auto, static or dynamic")
	heap := flag.String("heap", "", "also write the live heap's profile after the pipeline to this file")
	cpu := flag.String("cpuprofile", "", "also write a CPU profile of the whole run to this file")
	flag.Parse()
	if err := profiled(*cpu, func() error { return run(*spec, *cache, *mode, *heap) }); err != nil {
		fmt.Fprintln(os.Stderr, "phases:", err)
		os.Exit(1)
	}
}

// profiled runs f, under a CPU profile written to path when path is set.
func profiled(path string, f func() error) error {
	if path == "" {
		return f()
	}
	out, err := os.Create(path)
	if err != nil {
		return err
	}
	defer out.Close()
	if err := pprof.StartCPUProfile(out); err != nil {
		return err
	}
	defer pprof.StopCPUProfile()
	return f()
}

func run(spec, cache, mode, heap string) error {
	if cache == "" {
		os.Setenv("ASKAPI_CACHE", "off")
	} else {
		os.Setenv("ASKAPI_CACHE_DIR", cache)
	}
	opts := server.Options{Spec: spec, Version: "phases", Environ: []string{}, LoadPace: cli.LoaderPace, GraphPace: cli.GraphPace, CacheDir: askcache.DefaultDir(), Mode: mode}
	last, lastCPU := time.Now(), cpuTime()
	step := func(name string) {
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		wall, cpu := time.Since(last), cpuTime()-lastCPU
		// cpu/wall says how many cores the step kept busy: 2.0 on two cores is saturated.
		fmt.Printf("%-10s %8.1f ms  cpu %6.1f ms (%.1f cores)  heap %5.1f MB  sys %5.1f MB  gc %d\n", name,
			float64(wall.Microseconds())/1000, float64(cpu.Microseconds())/1000, float64(cpu)/float64(wall),
			float64(ms.HeapAlloc)/1e6, float64(ms.Sys)/1e6, ms.NumGC)
		last, lastCPU = time.Now(), cpuTime()
	}
	cat, err := server.LoadCatalog(context.Background(), opts)
	if err != nil {
		return err
	}
	step("load")
	p, err := server.NewPipeline(cat, opts)
	if err != nil {
		return err
	}
	step("pipeline")
	if heap != "" {
		if err := writeHeap(heap); err != nil {
			return err
		}
		last = time.Now()
	}
	s, err := server.New(p, "phases")
	if err != nil {
		return err
	}
	step("register")
	ctx := context.Background()
	s.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"phases","version":"0"}}}`))
	reply := s.HandleMessage(ctx, []byte(`{"jsonrpc":"2.0","id":1,"method":"tools/list"}`))
	data, err := json.Marshal(reply)
	if err != nil {
		return err
	}
	step("tools/list")
	// find_operations' index, built on the first call that needs it.
	p.Search()
	step("search")
	fmt.Printf("%d bytes of tools/list, peak RSS %s\n", len(data), peakRSS())
	return nil
}

// cpuTime is the process's user and system time so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// peakRSS is the process's VmHWM, as the readiness harness reads it.
func peakRSS() string {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return "?"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "VmHWM:"))
		}
	}
	return "?"
}

// writeHeap writes the in-use heap's profile, after a collection so only the live set counts.
func writeHeap(path string) error {
	runtime.GC()
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer f.Close()
	return pprof.Lookup("heap").WriteTo(f, 0)
}

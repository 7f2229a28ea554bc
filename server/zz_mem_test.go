package server

import (
	"context"
	"runtime"
	"testing"
	"time"
)

func TestZZMem(t *testing.T) {
	spec := "../bench/node/node_modules/@octokit/openapi/generated/api.github.com.json"
	mem := func(what string, t0 time.Time) {
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		t.Logf("%-12s %6v heap %d MB (sys %d MB)", what, time.Since(t0).Round(time.Millisecond), ms.HeapAlloc>>20, ms.HeapSys>>20)
	}
	t0 := time.Now()
	opts := Options{Spec: spec, Version: "x", NoCache: true}
	cat, err := LoadCatalog(context.Background(), opts)
	if err != nil {
		t.Skip(err)
	}
	mem("catalog", t0)
	t0 = time.Now()
	p, err := NewPipeline(cat, opts)
	if err != nil {
		t.Fatal(err)
	}
	mem("pipeline", t0)
	t0 = time.Now()
	data, err := ToolList(p)
	if err != nil {
		t.Fatal(err)
	}
	mem("toollist", t0)
	t.Logf("payload %d KB", len(data)>>10)
	runtime.KeepAlive(p)
}

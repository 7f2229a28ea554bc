package tools

import (
	"context"
	"runtime"
	"testing"
	"time"
)

func TestFastTiming(t *testing.T) {
	path := "../bench/node/node_modules/@octokit/openapi/generated/api.github.com.json"
	dir := t.TempDir()
	for i := 0; i < 4; i++ {
		t0 := time.Now()
		cat, err := LoadCatalog(context.Background(), path, LoadOptions{CacheDir: dir})
		if err != nil {
			t.Skip(err)
		}
		d := time.Since(t0)
		runtime.GC()
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		t.Logf("load %v heap %d MB", d, ms.HeapAlloc>>20)
		runtime.KeepAlive(cat)
	}
}

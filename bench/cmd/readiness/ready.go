package main

import (
	"fmt"
	"os"
	"path/filepath"
	"time"
)

// sample is one process's figures.
type sample struct {
	ReadyMS float64 `json:"ready_ms"`
	// ListMS is a tools/list sent once initialize has completed, until its response.
	ListMS float64 `json:"tools_list_ms"`
	// CallMS is from the exec until the answer to a find_operations call, sent once the
	// lists were answered: the catalog is then compiled and the tools registered, which in
	// dynamic mode may come after tools/list was answered.
	CallMS  float64 `json:"first_call_ms"`
	Tools   int     `json:"tools"`
	Bytes   int     `json:"payload_bytes"`
	PeakRSS int64   `json:"peak_rss_kib"`
}

// readyRun execs `askapi serve` on spec and measures one start. The client sends
// initialize, notifications/initialized and tools/list at once, without waiting; ready is
// from the exec until the tools/list response has been fully received. A find_operations
// call follows the lists, and the peak RSS is read once it is answered: the figure covers
// the whole load, and a priming run has written its cache by then.
func readyRun(bin, spec string, env []string, limit time.Duration) (sample, error) {
	var s sample
	c, t0, err := start(bin, []string{"serve", "--spec", spec, "--base-url", "http://127.0.0.1:1"}, env, limit)
	if err != nil {
		return s, err
	}
	initID, listID := c.id(), c.id()
	err = c.write(
		request(initID, "initialize", initializeParams()),
		request(0, "notifications/initialized", nil),
		request(listID, "tools/list", map[string]any{}),
	)
	if err == nil {
		var at time.Time
		if _, _, _, err = c.await(initID); err == nil {
			_, _, at, err = c.listTools(listID)
			s.ReadyMS = ms(at.Sub(t0))
		}
	}
	if err == nil {
		// initialize has completed: this tools/list is the list cost alone.
		sent := time.Now()
		var page listPage
		var at time.Time
		page, s.Bytes, at, err = c.listTools(0)
		s.ListMS, s.Tools = ms(at.Sub(sent)), len(page.Tools)
	}
	if err == nil {
		var at time.Time
		at, err = c.firstCall()
		s.CallMS = ms(at.Sub(t0))
	}
	rss, cerr := c.close()
	s.PeakRSS = rss
	if err == nil {
		err = cerr
	}
	return s, err
}

// modeResult is a spec's runs in one mode (cold or warm).
type modeResult struct {
	Runs    []sample `json:"runs"`
	ReadyMS float64  `json:"ready_ms_median"`
	ListMS  float64  `json:"tools_list_ms_median"`
	CallMS  float64  `json:"first_call_ms_median"`
	PeakRSS int64    `json:"peak_rss_kib_max"`
	// CacheFiles and CacheBytes are what the priming run left in the cache dir (warm only).
	CacheFiles int   `json:"cache_files,omitempty"`
	CacheBytes int64 `json:"cache_bytes,omitempty"`
	// NoCache: the priming run wrote no cache, so warm is cold (these are the cold runs).
	NoCache bool `json:"no_cache,omitempty"`
}

func summarise(runs []sample) modeResult {
	m := modeResult{Runs: runs}
	var ready, list, call []float64
	for _, r := range runs {
		ready, list, call = append(ready, r.ReadyMS), append(list, r.ListMS), append(call, r.CallMS)
		m.PeakRSS = max(m.PeakRSS, r.PeakRSS)
	}
	m.ReadyMS, m.ListMS, m.CallMS = median(ready), median(list), median(call)
	return m
}

// coldRuns starts the server n times with the cache disabled and an empty cache dir each.
func coldRuns(cfg config, spec specInfo, n int) (modeResult, error) {
	var runs []sample
	for i := 0; i < n; i++ {
		dir, err := os.MkdirTemp(cfg.work, "cold-")
		if err != nil {
			return modeResult{}, err
		}
		env := childEnv(append([]string{"ASKAPI_CACHE=off", "ASKAPI_CACHE_DIR=" + dir, "XDG_CACHE_HOME=" + dir}, spec.Env...)...)
		s, err := readyRun(cfg.askapi, spec.Path, env, cfg.limit)
		os.RemoveAll(dir)
		if err != nil {
			return modeResult{}, fmt.Errorf("cold run %d: %w", i+1, err)
		}
		runs = append(runs, s)
		if i == 0 && s.ReadyMS > float64(cfg.slow.Milliseconds()) && n > cfg.slowRuns {
			n = cfg.slowRuns // a slow spec keeps the whole benchmark within minutes
		}
	}
	return summarise(runs), nil
}

// warmRuns primes one cache dir with an unmeasured run, then starts the server as many
// times as cold did on it. When the priming run wrote no cache there is nothing warm to
// measure: the cold figures stand for warm, marked NoCache.
func warmRuns(cfg config, spec specInfo, cold modeResult) (modeResult, error) {
	dir, err := os.MkdirTemp(cfg.work, "warm-")
	if err != nil {
		return modeResult{}, err
	}
	defer os.RemoveAll(dir)
	env := childEnv(append([]string{"ASKAPI_CACHE_DIR=" + dir, "XDG_CACHE_HOME=" + dir}, spec.Env...)...)
	if _, err := readyRun(cfg.askapi, spec.Path, env, cfg.limit); err != nil {
		return modeResult{}, fmt.Errorf("priming run: %w", err)
	}
	files, size := dirSize(dir)
	if files == 0 {
		cold.NoCache = true
		return cold, nil
	}
	var runs []sample
	for i := 0; i < len(cold.Runs); i++ {
		s, err := readyRun(cfg.askapi, spec.Path, env, cfg.limit)
		if err != nil {
			return modeResult{}, fmt.Errorf("warm run %d: %w", i+1, err)
		}
		runs = append(runs, s)
	}
	m := summarise(runs)
	m.CacheFiles, m.CacheBytes = files, size
	return m, nil
}

func dirSize(dir string) (files int, size int64) {
	_ = filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			if info, err := d.Info(); err == nil {
				files++
				size += info.Size()
			}
		}
		return nil
	})
	return files, size
}

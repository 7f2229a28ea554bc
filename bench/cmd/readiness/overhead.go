package main

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"time"
)

// overheadResult is askapi's per-call cost over a loopback upstream.
type overheadResult struct {
	Spec      string  `json:"spec"`
	Tool      string  `json:"tool"`
	Calls     int     `json:"calls"`
	Status    string  `json:"status"`
	DirectMS  float64 `json:"direct_ms_median"`
	CallMS    float64 `json:"tools_call_ms_median"`
	Overhead  float64 `json:"overhead_ms_median"`
	CallP90MS float64 `json:"tools_call_ms_p90"`
}

// measureOverhead serves spec (one GET, operationId op) against an httptest upstream on
// 127.0.0.1 and compares, over n alternating rounds, a tools/call round trip through askapi
// with a direct HTTP GET of the same URL. Overhead is median(call) - median(direct).
func measureOverhead(cfg config, spec, op, path string, n int) (overheadResult, error) {
	res := overheadResult{Spec: spec, Calls: n}
	up := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"ok":true}`)
	}))
	defer up.Close()
	env := childEnv("ASKAPI_CACHE=off")
	c, _, err := start(cfg.askapi, []string{"serve", "--spec", spec, "--base-url", up.URL}, env, cfg.limit)
	if err != nil {
		return res, err
	}
	defer c.close()
	initID := c.id()
	if err := c.write(request(initID, "initialize", initializeParams()), request(0, "notifications/initialized", nil)); err != nil {
		return res, err
	}
	if _, _, _, err := c.await(initID); err != nil {
		return res, err
	}
	page, _, _, err := c.listTools(0)
	if err != nil {
		return res, err
	}
	for _, t := range page.Tools {
		if t.Meta.OpenAPI.OperationID == op {
			res.Tool = t.Name
		}
	}
	if res.Tool == "" {
		return res, fmt.Errorf("%s: %w for operationId %s", spec, errNoTool, op)
	}
	call := func() (time.Duration, json.RawMessage, error) {
		id := c.id()
		line := request(id, "tools/call", map[string]any{"name": res.Tool, "arguments": map[string]any{}})
		t0 := time.Now()
		if err := c.write(line); err != nil {
			return 0, nil, err
		}
		r, _, at, err := c.await(id)
		return at.Sub(t0), r.Result, err
	}
	client := &http.Client{}
	direct := func() (time.Duration, error) {
		t0 := time.Now()
		resp, err := client.Get(up.URL + path)
		if err != nil {
			return 0, err
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return time.Since(t0), nil
	}
	_, first, err := call()
	if err != nil {
		return res, err
	}
	if res.Status, err = callStatus(first); err != nil {
		return res, err
	}
	var calls, directs []float64
	for i := -20; i < n; i++ { // 20 unmeasured rounds warm both connections
		d, err := direct()
		if err != nil {
			return res, err
		}
		t, _, err := call()
		if err != nil {
			return res, err
		}
		if i >= 0 {
			directs, calls = append(directs, ms(d)), append(calls, ms(t))
		}
	}
	res.DirectMS, res.CallMS, res.CallP90MS = median(directs), median(calls), percentile(calls, 0.9)
	res.Overhead = res.CallMS - res.DirectMS
	return res, nil
}

// callStatus checks the call went through to the upstream: askapi's envelope says "ok".
func callStatus(result json.RawMessage) (string, error) {
	var r struct {
		IsError    bool `json:"isError"`
		Structured struct {
			Status string `json:"status"`
		} `json:"structuredContent"`
	}
	if err := json.Unmarshal(result, &r); err != nil {
		return "", fmt.Errorf("tools/call result: %w", err)
	}
	if r.IsError || r.Structured.Status != "ok" {
		return r.Structured.Status, fmt.Errorf("tools/call did not reach the upstream: %s", result)
	}
	return r.Structured.Status, nil
}

package model_test

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/askapi/askapi/model"
	"github.com/askapi/askapi/model/modeltest"
)

// The model client follows no redirect: not to another host (the prompt would go
// there), not to another port of the same host (the key would), not even to another
// path of the same endpoint. Nothing reaches a server but the configured one.
func TestOpenAIFollowsNoRedirect(t *testing.T) {
	var elsewhere atomic.Int32
	var keySeen atomic.Bool
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		elsewhere.Add(1)
		if strings.Contains(r.Header.Get("Authorization"), key) {
			keySeen.Store(true)
		}
		w.WriteHeader(http.StatusOK)
	}))
	defer other.Close()
	// Another loopback address stands for another host (Linux routes all of 127/8).
	otherHost := otherLoopbackServer(t, &elsewhere)
	good := modeltest.New(modeltest.Reply{Arguments: map[string]any{"operation": "none", "reason": "x", "arguments": []any{}}})
	defer good.Close()

	for name, target := range map[string]string{
		"same host, other port": other.URL + "/v1/chat/completions",
		"other host":            otherHost + "/v1/chat/completions",
		"same endpoint":         good.BaseURL() + "/chat/completions",
	} {
		for _, code := range []int{http.StatusMovedPermanently, http.StatusFound, http.StatusTemporaryRedirect, http.StatusPermanentRedirect} {
			redirecting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, target, code)
			}))
			c, err := model.NewOpenAI(model.Config{BaseURL: redirecting.URL + "/v1", Model: "m", APIKey: key})
			if err != nil {
				t.Fatal(err)
			}
			_, err = c.Complete(context.Background(), model.NewPrompt("search paris", cands))
			redirecting.Close()
			if err == nil || !strings.Contains(err.Error(), "redirect") {
				t.Errorf("%s, %d: err = %v, want the redirect refused", name, code, err)
			}
		}
	}
	if n := elsewhere.Load(); n != 0 || keySeen.Load() {
		t.Errorf("%d requests reached a server that is not the endpoint (key seen: %v)", n, keySeen.Load())
	}
	if n := len(good.Requests()); n != 0 {
		t.Errorf("%d requests followed a redirect to the same endpoint", n)
	}
}

// A client given in the configuration is pinned the same way.
func TestOpenAIGivenClientIsPinned(t *testing.T) {
	var elsewhere atomic.Int32
	otherHost := otherLoopbackServer(t, &elsewhere)
	redirecting := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, otherHost+"/v1/chat/completions", http.StatusTemporaryRedirect)
	}))
	defer redirecting.Close()
	c, err := model.NewOpenAI(model.Config{BaseURL: redirecting.URL + "/v1", Model: "m", APIKey: key, HTTPClient: &http.Client{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Complete(context.Background(), model.NewPrompt("search paris", cands)); err == nil || !strings.Contains(err.Error(), "redirect") {
		t.Errorf("err = %v, want the redirect refused", err)
	}
	if elsewhere.Load() != 0 {
		t.Error("a given client followed the redirect to another host")
	}
}

// otherLoopbackServer serves on 127.0.0.2, counting requests; the test skips where that
// address cannot be bound.
func otherLoopbackServer(t *testing.T, hits *atomic.Int32) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.2:0")
	if err != nil {
		t.Skipf("127.0.0.2 cannot be bound here: %v", err)
	}
	srv := &httptest.Server{Listener: ln, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.WriteHeader(http.StatusOK)
	})}}
	srv.Start()
	t.Cleanup(srv.Close)
	return srv.URL
}

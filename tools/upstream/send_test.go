package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

func getRequest(t *testing.T, url string) *http.Request {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), "GET", url, nil)
	if err != nil {
		t.Fatal(err)
	}
	return req
}

func TestSendRedirects(t *testing.T) {
	var otherHits atomic.Int32
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		otherHits.Add(1)
		io.WriteString(w, "other host")
	}))
	t.Cleanup(other.Close)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/away":
			http.Redirect(w, r, other.URL+"/steal?key="+r.URL.Query().Get("key"), http.StatusFound)
		case "/moved":
			http.Redirect(w, r, "/here", http.StatusMovedPermanently)
		case "/here":
			io.WriteString(w, `{"here":true}`)
		}
	}))
	t.Cleanup(srv.Close)
	s := NewSender(5*time.Second, 0)

	resp, err := s.Send(getRequest(t, srv.URL+"/moved"), nil)
	if err != nil || resp.Status != 200 || resp.Body.(map[string]any)["here"] != true {
		t.Fatalf("same-host redirect: %+v, %v", resp, err)
	}

	secrets := []string{"sekret"}
	resp, err = s.Send(getRequest(t, srv.URL+"/away?key=sekret"), secrets)
	if err != nil {
		t.Fatalf("cross-host redirect: %v", err)
	}
	if resp.Status != http.StatusFound || !strings.Contains(resp.Note, "refused") || strings.Contains(resp.Note, "sekret") {
		t.Errorf("cross-host redirect: status %d note %q", resp.Status, resp.Note)
	}
	if otherHits.Load() != 0 {
		t.Error("the other host was called")
	}

	// A caller's own client gets the pin too.
	custom := &Sender{Client: &http.Client{}}
	if resp, err := custom.Send(getRequest(t, srv.URL+"/away"), nil); err != nil || resp.Status != http.StatusFound || otherHits.Load() != 0 {
		t.Errorf("custom client followed a cross-host redirect: %+v, %v", resp, err)
	}
	// The check itself says why.
	err = sameOriginRedirect(getRequest(t, "https://evil.example/"), []*http.Request{getRequest(t, "https://api.example/")})
	if !errors.Is(err, ErrCrossHostRedirect) {
		t.Errorf("sameOriginRedirect = %v", err)
	}
	if err := sameOriginRedirect(getRequest(t, "https://api.example:443/b"), []*http.Request{getRequest(t, "https://API.example/a")}); err != nil {
		t.Errorf("same origin refused: %v", err)
	}
	if err := sameOriginRedirect(getRequest(t, "http://api.example/b"), []*http.Request{getRequest(t, "https://api.example/a")}); err == nil {
		t.Error("https → http downgrade followed")
	}
}

func TestSendTruncates(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/text":
			io.WriteString(w, strings.Repeat("é", 100)) // 200 bytes, cut mid-rune at 99
		case "/json":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `[`+strings.Repeat(`"abcdefgh",`, 30)+`"z"]`)
		case "/small":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, `{"id": 12345678901234567890}`)
		}
	}))
	t.Cleanup(srv.Close)
	s := NewSender(5*time.Second, 99)

	resp, err := s.Send(getRequest(t, srv.URL+"/text"), nil)
	if err != nil {
		t.Fatal(err)
	}
	text, _ := resp.Body.(string)
	if !resp.Truncated || resp.Note != "response truncated at 99 bytes" || resp.Bytes != 98 || !strings.HasSuffix(text, "[response truncated at 99 bytes]") || !strings.HasPrefix(text, "éé") {
		t.Errorf("text: %+v", resp)
	}

	resp, err = s.Send(getRequest(t, srv.URL+"/json"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if text, ok := resp.Body.(string); !ok || !resp.Truncated || !strings.HasPrefix(text, `["abcdefgh",`) {
		t.Errorf("truncated JSON should stay text: %#v", resp.Body)
	}

	resp, err = s.Send(getRequest(t, srv.URL+"/small"), nil)
	if err != nil || resp.Truncated || resp.Note != "" {
		t.Fatalf("small: %+v, %v", resp, err)
	}
	if id := resp.Body.(map[string]any)["id"]; id != json.Number("12345678901234567890") {
		t.Errorf("id = %#v", id)
	}
}

func TestSendTimeout(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	t.Cleanup(func() { close(release) }) // runs before srv.Close, which waits for handlers

	s := NewSender(50*time.Millisecond, 0)
	_, err := s.Send(getRequest(t, srv.URL+"/slow?api_key=topsecret"), []string{"topsecret"})
	var se *SendError
	if !errors.As(err, &se) || !se.Timeout {
		t.Fatalf("want a timeout SendError, got %v", err)
	}
	if strings.Contains(err.Error(), "topsecret") || !strings.Contains(err.Error(), "api_key=[redacted]") || !strings.Contains(err.Error(), "50ms") {
		t.Errorf("error text %q", err)
	}
}

func TestSendTransportErrorRedacted(t *testing.T) {
	srv := httptest.NewServer(http.NotFoundHandler())
	url := srv.URL
	srv.Close() // nothing listens there any more
	_, err := NewSender(time.Second, 0).Send(getRequest(t, url+"/x?token=hunter22"), []string{"hunter22"})
	var se *SendError
	if !errors.As(err, &se) || se.Timeout {
		t.Fatalf("want a SendError, got %v", err)
	}
	if strings.Contains(err.Error(), "hunter22") || !strings.HasPrefix(err.Error(), "calling GET ") {
		t.Errorf("error text %q", err)
	}
}

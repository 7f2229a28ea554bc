package upstream

import (
	"context"
	"encoding/json"
	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// seen is what the upstream test server received.
type seen struct {
	Method, RequestURI, RawQuery string
	Query                        url.Values
	Header                       http.Header
	Body                         string
}

// captureServer answers {"ok":true} and records each request.
func captureServer(t *testing.T) (*httptest.Server, *[]seen) {
	t.Helper()
	var got []seen
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got = append(got, seen{r.Method, r.RequestURI, r.URL.RawQuery, r.URL.Query(), r.Header.Clone(), string(b)})
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, `{"ok":true}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &got
}

// roundTrip builds the request, sends it to srv and returns what the server saw.
func roundTrip(t *testing.T, srv *httptest.Server, got *[]seen, cat *tools.Catalog, op *tools.Operation, base string, args map[string]any, cred secret.Credentials) seen {
	t.Helper()
	req, err := BuildRequest(context.Background(), cat, op, args, base, cred)
	if err != nil {
		t.Fatalf("BuildRequest: %v", err)
	}
	resp, err := NewSender(5*time.Second, 0).Send(req, cred.Secrets())
	if err != nil {
		t.Fatalf("Send: %v", err)
	}
	if resp.Status != 200 || len(*got) == 0 {
		t.Fatalf("status %d, %d requests", resp.Status, len(*got))
	}
	return (*got)[len(*got)-1]
}

func TestRequestPathEscaping(t *testing.T) {
	srv, got := captureServer(t)
	op := &tools.Operation{Method: "GET", Path: "/silence/{silenceID}", Params: []*tools.Param{{Name: "silenceID", Arg: "silenceID", In: "path", Required: true}}}
	cases := []struct{ value, wantURI string }{
		{"8a9c1b2e-0000-4000-8000-000000000001", "/api/v2/silence/8a9c1b2e-0000-4000-8000-000000000001"},
		{"../admin", "/api/v2/silence/..%2Fadmin"},
		{"a/b", "/api/v2/silence/a%2Fb"},
		{"%2e%2e", "/api/v2/silence/%252e%252e"},
		{"x?y#z", "/api/v2/silence/x%3Fy%23z"},
	}
	for _, c := range cases {
		s := roundTrip(t, srv, got, nil, op, srv.URL+"/api/v2/", map[string]any{"silenceID": c.value}, secret.Credentials{})
		if s.RequestURI != c.wantURI {
			t.Errorf("%q: server saw %q, want %q", c.value, s.RequestURI, c.wantURI)
		}
	}
	for _, bad := range []any{"..", ".", "", []any{}} {
		if _, err := BuildRequest(context.Background(), nil, op, map[string]any{"silenceID": bad}, srv.URL, secret.Credentials{}); err == nil {
			t.Errorf("path value %q accepted", bad)
		}
	}
	if _, err := BuildRequest(context.Background(), nil, op, map[string]any{}, srv.URL, secret.Credentials{}); err == nil {
		t.Error("missing path parameter accepted")
	}
}

func TestRequestBaseURLJoin(t *testing.T) {
	op := &tools.Operation{Method: "GET", Path: "/silences"}
	cases := []struct{ base, want string }{
		{"http://h/api/v2/", "http://h/api/v2/silences"},
		{"http://h/api/v2", "http://h/api/v2/silences"},
		{"http://h", "http://h/silences"},
		{"http://h/", "http://h/silences"},
		{"https://h:8443/v1?x=1", "https://h:8443/v1/silences?x=1"},
	}
	for _, c := range cases {
		req, err := BuildRequest(context.Background(), nil, op, nil, c.base, secret.Credentials{})
		if err != nil || req.URL.String() != c.want {
			t.Errorf("base %q: got %v, %v; want %q", c.base, req.URL, err, c.want)
		}
	}
	for _, bad := range []string{"", "/api/v2", "ftp://h/x", "http://%zz"} {
		if _, err := BuildRequest(context.Background(), nil, op, nil, bad, secret.Credentials{}); err == nil {
			t.Errorf("base %q accepted", bad)
		}
	}
}

func TestRequestAlertmanager(t *testing.T) {
	srv, got := captureServer(t)
	// Swagger 2 collectionFormat multi: form style, explode by default.
	op := &tools.Operation{Method: "GET", Path: "/silences", Params: []*tools.Param{{Name: "filter", Arg: "filter", In: "query", Schema: map[string]any{"type": "array"}}}}
	s := roundTrip(t, srv, got, nil, op, srv.URL+"/api/v2/", map[string]any{
		"filter":        []any{`alertname="Watchdog"`, `severity=~"crit.*"`},
		"_user_request": "show silences", "_continuation": "tok",
	}, secret.Credentials{})
	if s.RequestURI[:len("/api/v2/silences?")] != "/api/v2/silences?" {
		t.Errorf("URI %q", s.RequestURI)
	}
	if f := s.Query["filter"]; len(f) != 2 || f[0] != `alertname="Watchdog"` || f[1] != `severity=~"crit.*"` {
		t.Errorf("filter = %q", f)
	}
	if len(s.Query) != 1 {
		t.Errorf("reserved arguments sent: %v", s.Query)
	}
}

func TestRequestSpotify(t *testing.T) {
	srv, got := captureServer(t)
	base := srv.URL + "/v1"

	search := &tools.Operation{Method: "GET", Path: "/search", Params: []*tools.Param{
		{Name: "q", Arg: "q", In: "query", Required: true},
		{Name: "type", Arg: "type", In: "query", Required: true, Explode: boolPtr(false)},
		{Name: "limit", Arg: "limit", In: "query"},
	}}
	s := roundTrip(t, srv, got, nil, search, base, map[string]any{"q": "remaster track:Doxy", "type": []any{"album", "track"}, "limit": 10.0}, secret.Credentials{})
	if s.RawQuery != "q=remaster+track%3ADoxy&type=album,track&limit=10" {
		t.Errorf("search query %q", s.RawQuery)
	}

	// ids is a comma-separated string, sent as one value.
	save := &tools.Operation{Method: "PUT", Path: "/me/albums", Params: []*tools.Param{{Name: "ids", Arg: "ids", In: "query", Required: true}}}
	s = roundTrip(t, srv, got, nil, save, base, map[string]any{"ids": "382ObEPsp2rxGrnsizN5TX,1A2GTWGtFfWp7KSQTwWOyo"}, secret.Credentials{})
	if ids := s.Query["ids"]; len(ids) != 1 || ids[0] != "382ObEPsp2rxGrnsizN5TX,1A2GTWGtFfWp7KSQTwWOyo" || s.Body != "" {
		t.Errorf("ids %q, body %q", ids, s.Body)
	}

	// uris is both a query parameter (uris__query) and a body property (uris).
	add := &tools.Operation{Method: "POST", Path: "/playlists/{playlist_id}/tracks",
		Params: []*tools.Param{
			{Name: "playlist_id", Arg: "playlist_id", In: "path", Required: true},
			{Name: "uris", Arg: "uris__query", In: "query"},
		},
		Body: &tools.Body{ContentType: "application/json", Flattened: true, Props: []string{"position", "uris"}},
	}
	s = roundTrip(t, srv, got, nil, add, base, map[string]any{
		"playlist_id": "3cEYpjA9oz9GiPac4AsH4n",
		"uris__query": "spotify:track:4iV5W9uYEdYUVa79Axb7Rh",
		"uris":        []any{"spotify:track:1301WleyT98MSxVHPZCA6M"},
		"position":    json.Number("3"),
	}, secret.Credentials{})
	if s.RequestURI != "/v1/playlists/3cEYpjA9oz9GiPac4AsH4n/tracks?uris=spotify%3Atrack%3A4iV5W9uYEdYUVa79Axb7Rh" {
		t.Errorf("URI %q", s.RequestURI)
	}
	if s.Body != `{"position":3,"uris":["spotify:track:1301WleyT98MSxVHPZCA6M"]}` || s.Header.Get("Content-Type") != "application/json" {
		t.Errorf("body %q (%s)", s.Body, s.Header.Get("Content-Type"))
	}
}

func TestRequestTMDBNumbers(t *testing.T) {
	srv, got := captureServer(t)
	op := &tools.Operation{Method: "GET", Path: "/person/{person_id}/movie_credits", Params: []*tools.Param{
		{Name: "person_id", Arg: "person_id", In: "path", Required: true},
		{Name: "page", Arg: "page", In: "query"},
		{Name: "include_adult", Arg: "include_adult", In: "query"},
	}}
	s := roundTrip(t, srv, got, nil, op, srv.URL+"/3", map[string]any{"person_id": 72129.0, "page": json.Number("2"), "include_adult": false}, secret.Credentials{})
	if s.RequestURI != "/3/person/72129/movie_credits?page=2&include_adult=false" {
		t.Errorf("URI %q", s.RequestURI)
	}
}

func TestRequestBodies(t *testing.T) {
	srv, got := captureServer(t)
	flat := func(ct string) *tools.Operation {
		return &tools.Operation{Method: "POST", Path: "/things", Body: &tools.Body{ContentType: ct, Flattened: true, Props: []string{"name", "tags", "meta", "size"}}}
	}
	args := map[string]any{"name": "a b&c", "tags": []any{"x", "y"}, "meta": map[string]any{"k": "v"}, "size": 3.0, "ignored": "never sent"}

	s := roundTrip(t, srv, got, nil, flat("application/json"), srv.URL, args, secret.Credentials{})
	if s.Body != `{"meta":{"k":"v"},"name":"a b\u0026c","size":3,"tags":["x","y"]}` {
		t.Errorf("json body %s", s.Body)
	}
	s = roundTrip(t, srv, got, nil, flat("application/vnd.api+json"), srv.URL, args, secret.Credentials{})
	if !strings.HasPrefix(s.Body, `{"meta"`) || s.Header.Get("Content-Type") != "application/vnd.api+json" {
		t.Errorf("+json body %s", s.Body)
	}

	s = roundTrip(t, srv, got, nil, flat("application/x-www-form-urlencoded"), srv.URL, args, secret.Credentials{})
	// Form style, explode: arrays repeat the key, an object's properties become keys.
	if s.Body != "k=v&name=a+b%26c&size=3&tags=x&tags=y" {
		t.Errorf("form body %q", s.Body)
	}
	op := flat("application/x-www-form-urlencoded")
	op.Body.Encodings = map[string]string{"meta": "application/json"}
	s = roundTrip(t, srv, got, nil, op, srv.URL, args, secret.Credentials{})
	if v, _ := url.ParseQuery(s.Body); v.Get("meta") != `{"k":"v"}` {
		t.Errorf("form body with JSON field %q", s.Body)
	}

	s = roundTrip(t, srv, got, nil, flat("multipart/form-data"), srv.URL, args, secret.Credentials{})
	parts := readMultipart(t, s)
	if parts["name"][0] != "a b&c" || len(parts["tags"]) != 2 || parts["meta"][0] != `{"k":"v"}` || parts["size"][0] != "3" {
		t.Errorf("multipart parts %v", parts)
	}

	text := &tools.Operation{Method: "POST", Path: "/note", Body: &tools.Body{ContentType: "text/plain", Arg: "body"}}
	s = roundTrip(t, srv, got, nil, text, srv.URL, map[string]any{"body": "hello"}, secret.Credentials{})
	if s.Body != "hello" || !strings.HasPrefix(s.Header.Get("Content-Type"), "text/plain") {
		t.Errorf("text body %q", s.Body)
	}

	whole := &tools.Operation{Method: "PUT", Path: "/list", Body: &tools.Body{ContentType: "application/json", Arg: "body"}}
	s = roundTrip(t, srv, got, nil, whole, srv.URL, map[string]any{"body": []any{1.0, "two"}}, secret.Credentials{})
	if s.Body != `[1,"two"]` {
		t.Errorf("array body %q", s.Body)
	}
}

func readMultipart(t *testing.T, s seen) map[string][]string {
	t.Helper()
	_, params, err := mime.ParseMediaType(s.Header.Get("Content-Type"))
	if err != nil {
		t.Fatalf("multipart content type: %v", err)
	}
	r := multipart.NewReader(strings.NewReader(s.Body), params["boundary"])
	form, err := r.ReadForm(1 << 20)
	if err != nil {
		t.Fatalf("multipart: %v", err)
	}
	return form.Value
}

func TestRequestBodyPresence(t *testing.T) {
	optional := &tools.Operation{Method: "POST", Path: "/x", Body: &tools.Body{ContentType: "application/json", Flattened: true, Props: []string{"a"}}}
	req, err := BuildRequest(context.Background(), nil, optional, map[string]any{"other": 1.0}, "http://h", secret.Credentials{})
	if err != nil || req.Body != nil || req.Header.Get("Content-Type") != "" {
		t.Errorf("optional body sent without arguments: %v, %v", req.Body, err)
	}
	required := &tools.Operation{Method: "POST", Path: "/x", Body: &tools.Body{ContentType: "application/json", Required: true, Flattened: true, Props: []string{"a"}}}
	req, err = BuildRequest(context.Background(), nil, required, nil, "http://h", secret.Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := io.ReadAll(req.Body); string(b) != "{}" {
		t.Errorf("required empty body = %q", b)
	}
	whole := &tools.Operation{Method: "POST", Path: "/x", Body: &tools.Body{ContentType: "application/json", Required: true, Arg: "body"}}
	if _, err := BuildRequest(context.Background(), nil, whole, nil, "http://h", secret.Credentials{}); err == nil {
		t.Error("missing required body accepted")
	}
}

func TestRequestHeadersAndCookies(t *testing.T) {
	op := &tools.Operation{Method: "GET", Path: "/x", Params: []*tools.Param{
		{Name: "X-Trace", Arg: "X_Trace", In: "header"},
		{Name: "Authorization", Arg: "Authorization", In: "header"},
		{Name: "session", Arg: "session", In: "cookie"},
		{Name: "prefs", Arg: "prefs", In: "cookie", Explode: boolPtr(false)},
	}}
	req, err := BuildRequest(context.Background(), nil, op, map[string]any{
		"X_Trace": []any{"a", "b"}, "Authorization": "Bearer from-chat", "session": "s 1", "prefs": []any{"x", "y"},
	}, "http://h", secret.Credentials{})
	if err != nil {
		t.Fatal(err)
	}
	if req.Header.Get("X-Trace") != "a,b" {
		t.Errorf("X-Trace = %q", req.Header.Get("X-Trace"))
	}
	if req.Header.Get("Authorization") != "" {
		t.Error("an Authorization argument was sent")
	}
	if c := req.Header.Get("Cookie"); c != "session=s+1; prefs=x,y" {
		t.Errorf("Cookie = %q", c)
	}
	if _, err := BuildRequest(context.Background(), nil, op, map[string]any{"X_Trace": "a\nB: c"}, "http://h", secret.Credentials{}); err == nil {
		t.Error("header injection accepted")
	}
}

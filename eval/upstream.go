package eval

import (
	"bytes"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
)

// upstreamPrefix is the path the replaying server is mounted under. A base URL with a path
// makes askapi use it as is, so a spec's own base path (Swagger's /api/v2) never changes
// the paths the cases list.
const upstreamPrefix = "/replay"

// Request is one request the replaying upstream received.
type Request struct {
	Turn    int                 `json:"turn"`
	Method  string              `json:"method"`
	Path    string              `json:"path"`
	RawPath string              `json:"raw_path"`
	Query   map[string][]string `json:"query,omitempty"`
	Headers map[string][]string `json:"headers,omitempty"`
	Body    string              `json:"body,omitempty"`
	// Matched is the index of the upstream entry that answered, or -1 (404).
	Matched int `json:"matched"`
	Status  int `json:"status"`
}

// upstream replays a case's exchanges and records every request.
type upstream struct {
	entries []Exchange
	srv     *http.Server
	ln      net.Listener

	mu   sync.Mutex
	turn int
	reqs []Request
}

func startUpstream(entries []Exchange) (*upstream, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	u := &upstream{entries: entries, ln: ln}
	u.srv = &http.Server{Handler: u}
	go func() { _ = u.srv.Serve(ln) }()
	return u, nil
}

// URL is the base URL to give askapi.
func (u *upstream) URL() string { return "http://" + u.ln.Addr().String() + upstreamPrefix }

func (u *upstream) Close() { _ = u.srv.Close() }

func (u *upstream) setTurn(i int) {
	u.mu.Lock()
	u.turn = i
	u.mu.Unlock()
}

func (u *upstream) requests() []Request {
	u.mu.Lock()
	defer u.mu.Unlock()
	return append([]Request(nil), u.reqs...)
}

func (u *upstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(io.LimitReader(r.Body, 1<<20))
	rec := Request{
		Method:  r.Method,
		Path:    strings.TrimPrefix(r.URL.Path, upstreamPrefix),
		RawPath: strings.TrimPrefix(r.URL.EscapedPath(), upstreamPrefix),
		Query:   r.URL.Query(),
		Headers: r.Header.Clone(),
		Body:    string(body),
		Matched: -1,
		Status:  http.StatusNotFound,
	}
	for i, e := range u.entries {
		if rec.matches(e.Method, e.Path, e.Query) && headersMatch(r.Header, e.Headers) && requestBodyMatches(body, r.Header.Get("Content-Type"), e.RequestIncludes) && requestBodyEquals(body, e.RequestBody) {
			rec.Matched = i
			rec.Status = e.Status
			if rec.Status == 0 {
				rec.Status = http.StatusOK
			}
			break
		}
	}
	u.mu.Lock()
	rec.Turn = u.turn
	u.reqs = append(u.reqs, rec)
	u.mu.Unlock()
	if rec.Matched < 0 {
		http.Error(w, `{"error":"no replayed exchange matches this request"}`, http.StatusNotFound)
		return
	}
	writeReplay(w, u.entries[rec.Matched], rec.Status)
}

func writeReplay(w http.ResponseWriter, e Exchange, status int) {
	raw := strings.TrimSpace(string(e.Body))
	if raw == "" || raw == "null" {
		w.WriteHeader(status)
		return
	}
	ct := e.ContentType
	if ct == "" {
		ct = "application/json"
	}
	w.Header().Set("Content-Type", ct)
	w.WriteHeader(status)
	var s string
	if !strings.Contains(ct, "json") && json.Unmarshal(e.Body, &s) == nil {
		_, _ = io.WriteString(w, s)
		return
	}
	_, _ = w.Write(e.Body)
}

// matches compares method, path (decoded or escaped) and the listed query keys.
func (r Request) matches(method, path string, query map[string]any) bool {
	if !strings.EqualFold(r.Method, method) || (r.Path != path && r.RawPath != path) {
		return false
	}
	return queryMatches(r.Query, query)
}

// queryMatches checks each listed key. Values compare as strings; an array may arrive
// as repeated keys or comma-joined, and a one-element array as a plain value.
func queryMatches(got url.Values, want map[string]any) bool {
	for k, v := range want {
		vals, ok := got[k]
		if !ok {
			return false
		}
		exp := stringsOf(v)
		if !slices.Equal(vals, exp) && !slices.Equal(splitCommas(vals), exp) && !slices.Equal(vals, splitCommas(exp)) {
			return false
		}
	}
	return true
}

func stringsOf(v any) []string {
	if arr, ok := v.([]any); ok {
		out := make([]string, len(arr))
		for i, x := range arr {
			out[i] = scalarString(x)
		}
		return out
	}
	return []string{scalarString(v)}
}

func scalarString(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case nil:
		return ""
	default:
		data, _ := json.Marshal(x)
		return string(data)
	}
}

func splitCommas(vals []string) []string {
	var out []string
	for _, v := range vals {
		out = append(out, strings.Split(v, ",")...)
	}
	return out
}

func headersMatch(got http.Header, want map[string]string) bool {
	for k, v := range want {
		if got.Get(k) != v {
			return false
		}
	}
	return true
}

func requestBodyMatches(body []byte, contentType string, want json.RawMessage) bool {
	if len(want) == 0 {
		return true
	}
	var got, exp any
	if json.Unmarshal(want, &exp) != nil {
		return false
	}
	if json.Unmarshal(body, &got) != nil {
		form, ok := multipartFields(body, contentType)
		if !ok {
			form, ok = formFields(body)
		}
		if !ok {
			return false
		}
		got = form
	}
	return Subset(exp, got)
}

// multipartFields reads a multipart/form-data body as formFields reads a form: each
// part's name with its text, or its texts when it repeats; ok is false for another body.
func multipartFields(body []byte, contentType string) (map[string]any, bool) {
	media, params, err := mime.ParseMediaType(contentType)
	if err != nil || media != "multipart/form-data" || params["boundary"] == "" {
		return nil, false
	}
	vals := url.Values{}
	r := multipart.NewReader(bytes.NewReader(body), params["boundary"])
	for {
		part, err := r.NextPart()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, false
		}
		data, err := io.ReadAll(io.LimitReader(part, 1<<20))
		if err != nil {
			return nil, false
		}
		vals.Add(part.FormName(), string(data))
	}
	return valuesObject(vals), true
}

// formFields reads a form-encoded body (Stripe's writes) as an object of its fields, each
// key as written (metadata[plan]) with its value, or its values when it repeats; ok is
// false for a body that is not a form.
func formFields(body []byte) (map[string]any, bool) {
	text := strings.TrimSpace(string(body))
	if text == "" || !strings.Contains(text, "=") {
		return nil, false
	}
	vals, err := url.ParseQuery(text)
	if err != nil {
		return nil, false
	}
	return valuesObject(vals), true
}

// valuesObject is a form's fields as an object: each key with its value, or its values
// when it repeats.
func valuesObject(vals url.Values) map[string]any {
	out := make(map[string]any, len(vals))
	for k, vs := range vals {
		if len(vs) == 1 {
			out[k] = vs[0]
			continue
		}
		list := make([]any, len(vs))
		for i, v := range vs {
			list[i] = v
		}
		out[k] = list
	}
	return out
}

// requestBodyEquals reports whether the request body is exactly want: JSON equality after
// decoding (numbers numerically, objects whatever their key order). An empty want checks
// nothing; a want of null accepts only an empty body or a JSON null.
func requestBodyEquals(body []byte, want json.RawMessage) bool {
	if len(want) == 0 {
		return true
	}
	var exp any
	if json.Unmarshal(want, &exp) != nil {
		return false
	}
	if len(strings.TrimSpace(string(body))) == 0 {
		return exp == nil
	}
	var got any
	if json.Unmarshal(body, &got) != nil {
		return false
	}
	return Equal(exp, got)
}

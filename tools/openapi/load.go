package openapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/askapi/askapi/tools"
	"github.com/getkin/kin-openapi/openapi2"
	"github.com/getkin/kin-openapi/openapi2conv"
	"github.com/getkin/kin-openapi/openapi3"
	"github.com/go-openapi/jsonpointer"
	yaml "github.com/oasdiff/yaml3"
)

// LoadOptions controls how a spec is read.
type LoadOptions struct {
	// AllowExternalRefs lets $refs point into other documents: only relative files next to
	// (or below) a file spec, or documents on the same host as a URL spec.
	AllowExternalRefs bool
	// HTTPClient fetches URL specs; the default times out after 30s.
	HTTPClient *http.Client
	// MaxBytes caps the size of each document read; default 64 MiB.
	MaxBytes int64
	// NoCache turns the compiled-catalog cache off.
	NoCache bool
	// CacheDir is the cache directory; empty: no cache. The command chooses it
	// (cache.DefaultDir), so a library caller or a test never touches the user's cache
	// unless it names a directory.
	CacheDir string
	// Version is askapi's version, part of the cache key.
	Version string
	// Logger receives debug messages about the cache; nil discards them.
	Logger *slog.Logger
	// Census, when set, is given a catalog of the spec's operation heads (named, with
	// method, path, tags and summary; no parameters, bodies or responses) and its
	// extensions, before a clean JSON OpenAPI 3 document is compiled from scratch. It is
	// not called for a catalog from the cache, nor for a spec that takes the precise path
	// (YAML, Swagger 2.0, normalisation).
	Census func(heads *tools.Catalog)
	// WriteBehind writes a compiled catalog's cache entry on its own goroutine, for the
	// caller to wait for with cache.Flush before the process ends (a server's start).
	WriteBehind bool
	// Pace, when set, is told before the loader does work whose memory the process may
	// want to steer, and returns what to call once it is done: the collector's policy is
	// the command's, not the loader's.
	Pace func(Work) (done func())
}

// Work is what the loader tells LoadOptions.Pace it is about to do.
type Work int

const (
	// Compiling a large spec: its bytes and the compiler's indexes are garbage once
	// compiled.
	Compiling Work = iota
	// Decoding a cache entry: everything decoded stays live.
	Decoding
)

// pace calls opts.Pace when set; the returned func is never nil.
func (opts LoadOptions) pace(w Work) (done func()) {
	if opts.Pace == nil {
		return func() {}
	}
	return opts.Pace(w)
}

// LoadInfo describes a loaded spec.
type LoadInfo struct {
	// Hash is the sha256 (hex) of the raw bytes, for caching what is built from them.
	Hash string
	// Warnings name each normalisation applied to a sloppy spec, with its JSON pointer.
	Warnings []string
	// Version is the document's own version: "2.0", "3.0.3", "3.1.0"...
	Version string
}

const (
	defaultMaxBytes    = 64 << 20
	defaultHTTPTimeout = 30 * time.Second
)

// LoadDocument reads a spec from a file path or http(s) URL, as JSON or YAML, in Swagger 2.0
// (converted to OpenAPI 3), OpenAPI 3.0 or 3.1. Known sloppiness is normalised with a
// warning; a broken spec fails with a *SpecError naming the JSON pointer of the problem.
// kin-openapi's full validation is deliberately not run: sloppy but usable specs must load.
func LoadDocument(ctx context.Context, source string, opts LoadOptions) (*openapi3.T, *LoadInfo, error) {
	l, data, err := readSpec(ctx, source, opts, false)
	if err != nil {
		return nil, nil, err
	}
	sum := sha256.Sum256(data)
	info := &LoadInfo{Hash: hex.EncodeToString(sum[:])}
	lr, err := l.load(data, info)
	if err != nil {
		return nil, nil, err
	}
	return lr.doc, info, nil
}

// readSpec applies the option defaults and reads the spec's bytes, for both loaders. With
// mapLarge, a large spec file is mapped instead (l.pages), which the caller closes once
// nothing reads the bytes any more.
func readSpec(ctx context.Context, source string, opts LoadOptions, mapLarge bool) (*specLoader, []byte, error) {
	if opts.MaxBytes <= 0 {
		opts.MaxBytes = defaultMaxBytes
	}
	if opts.HTTPClient == nil {
		opts.HTTPClient = &http.Client{Timeout: defaultHTTPTimeout}
	}
	l, err := newSpecLoader(ctx, source, opts)
	if err != nil {
		return nil, nil, err
	}
	if mapLarge && !l.isURL {
		if l.pages = mapSpec(filepath.FromSlash(l.loc.Path), opts.MaxBytes); l.pages != nil {
			return l, l.pages.b, nil
		}
	}
	data, err := l.read(l.loc, opts.HTTPClient)
	if err != nil {
		return nil, nil, fmt.Errorf("read spec %s: %w", source, err)
	}
	return l, data, nil
}

// loaded is what the precise path gives: kin-openapi's document and the JSON bytes the
// catalog compiler reads (the normalised document, or the converted one for Swagger 2.0).
type loaded struct {
	doc  *openapi3.T
	json []byte
	v2   bool
	// external is set when the document holds $refs to other documents.
	external bool
}

// specLoader holds what one load needs: where the spec lives (for relative refs and the
// external-ref policy) and how to read documents.
type specLoader struct {
	ctx    context.Context
	source string
	opts   LoadOptions
	loc    *url.URL // absolute file path (as a URL path) or http(s) URL
	isURL  bool
	dir    string // the spec's directory, for a file spec
	// refClient fetches referenced documents; it refuses redirects off the spec's host, so a
	// same-host $ref cannot be bounced elsewhere.
	refClient *http.Client
	// pages is the mapped spec file, when it is mapped (see readSpec).
	pages *specMap
}

func newSpecLoader(ctx context.Context, source string, opts LoadOptions) (*specLoader, error) {
	l := &specLoader{ctx: ctx, source: source, opts: opts}
	if strings.HasPrefix(source, "http://") || strings.HasPrefix(source, "https://") {
		u, err := url.Parse(source)
		if err != nil || u.Host == "" {
			return nil, fmt.Errorf("spec %s: not a valid URL: %v", source, err)
		}
		l.loc, l.isURL = u, true
		c := *opts.HTTPClient
		c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
			if req.URL.Scheme != u.Scheme || req.URL.Host != u.Host {
				return fmt.Errorf("redirect to another host (%s) refused", req.URL.Host)
			}
			if len(via) >= 10 {
				return errors.New("too many redirects")
			}
			return nil
		}
		l.refClient = &c
		return l, nil
	}
	abs, err := filepath.Abs(source)
	if err != nil {
		return nil, fmt.Errorf("spec %s: %w", source, err)
	}
	l.loc = &url.URL{Path: filepath.ToSlash(abs)}
	l.dir = filepath.Dir(abs)
	return l, nil
}

// read reads one document, capped at MaxBytes, with client for a URL.
func (l *specLoader) read(u *url.URL, client *http.Client) ([]byte, error) {
	var r io.Reader
	if l.isURL {
		req, err := http.NewRequestWithContext(l.ctx, http.MethodGet, u.String(), nil)
		if err != nil {
			return nil, err
		}
		resp, err := client.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("GET %s: %s", u, resp.Status)
		}
		r = resp.Body
	} else {
		f, err := os.Open(filepath.FromSlash(u.Path))
		if err != nil {
			return nil, err
		}
		defer f.Close()
		r = f
	}
	data, err := readAllSized(r, l.opts.MaxBytes+1)
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > l.opts.MaxBytes {
		return nil, fmt.Errorf("larger than the %d-byte limit", l.opts.MaxBytes)
	}
	return data, nil
}

// readAllSized reads at most limit bytes, allocating once when the size is known (a file):
// io.ReadAll's doubling costs a 13 MB spec several copies and clears.
func readAllSized(r io.Reader, limit int64) ([]byte, error) {
	size := int64(512)
	if f, ok := r.(*os.File); ok {
		if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() {
			size = fi.Size() + 1 // one more byte, to see EOF (or an overflow) without growing
		}
	}
	if size > limit {
		size = limit
	}
	buf := make([]byte, 0, size)
	lr := io.LimitReader(r, limit)
	for {
		if len(buf) == cap(buf) {
			buf = append(buf, 0)[:len(buf)]
		}
		n, err := lr.Read(buf[len(buf):cap(buf)])
		buf = buf[:len(buf)+n]
		if err == io.EOF {
			return buf, nil
		}
		if err != nil {
			return buf, err
		}
	}
}

// checkExternal applies the external-ref policy to a $ref written in the spec.
func (l *specLoader) checkExternal(ref string) error {
	u, err := url.Parse(ref)
	if err != nil {
		return fmt.Errorf("not a valid reference: %w", err)
	}
	u.Fragment = ""
	return l.allowed(l.loc.ResolveReference(u), u)
}

// allowed reports whether a resolved document location may be read. written is the ref as
// written (nil when unknown), so an absolute path can be refused for a file spec even if it
// happens to point next to the spec.
func (l *specLoader) allowed(resolved, written *url.URL) error {
	if l.isURL {
		if resolved.Scheme != l.loc.Scheme || resolved.Host != l.loc.Host {
			return fmt.Errorf("only documents on the spec's own host %s may be referenced", l.loc.Host)
		}
		return nil
	}
	if written != nil && (written.Scheme != "" || written.Host != "" || strings.HasPrefix(written.Path, "/")) {
		return errors.New("only relative files next to the spec may be referenced")
	}
	if resolved.Scheme != "" && resolved.Scheme != "file" || resolved.Host != "" {
		return errors.New("only relative files next to the spec may be referenced")
	}
	rel, err := filepath.Rel(l.dir, filepath.Clean(filepath.FromSlash(resolved.Path)))
	if err != nil || !filepath.IsLocal(rel) {
		return errors.New("only files in the spec's directory may be referenced")
	}
	return nil
}

// readExternal is kin-openapi's reader for referenced documents. It re-applies the policy,
// since kin-openapi leaves the access policy to a custom reader.
func (l *specLoader) readExternal(_ *openapi3.Loader, u *url.URL) ([]byte, error) {
	if !l.opts.AllowExternalRefs {
		return nil, fmt.Errorf("external $ref to %s is not allowed (--allow-external-refs)", u)
	}
	if err := l.allowed(u, nil); err != nil {
		return nil, fmt.Errorf("external $ref to %s: %w", u, err)
	}
	if !l.isURL {
		// A symlink next to the spec must not lead out of its directory.
		if real, err := filepath.EvalSymlinks(filepath.FromSlash(u.Path)); err == nil {
			realDir, derr := filepath.EvalSymlinks(l.dir)
			if rel, rerr := filepath.Rel(realDir, real); derr != nil || rerr != nil || !filepath.IsLocal(rel) {
				return nil, fmt.Errorf("external $ref to %s: it leads out of the spec's directory", u)
			}
		}
	}
	data, err := l.read(u, l.refClient)
	if err != nil {
		return nil, fmt.Errorf("external $ref to %s: %w", u, err)
	}
	return data, nil
}

// load parses, normalises, checks and hands the document to kin-openapi.
func (l *specLoader) load(data []byte, info *LoadInfo) (*loaded, error) {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	isJSON := looksLikeJSON(data)
	var (
		tree     any
		warnings []string
		serr     *SpecError
	)
	if isJSON {
		tree, serr = l.decodeJSON(data)
	} else {
		tree, warnings, serr = l.decodeYAML(data)
	}
	if serr != nil {
		return nil, serr
	}
	root, ok := tree.(map[string]any)
	if !ok {
		return nil, specErrorf(l.source, "", "not a Swagger 2.0 or OpenAPI 3.x document: the top level is %s, not an object", describeValue(tree))
	}
	var external func(string) error
	if l.opts.AllowExternalRefs {
		external = l.checkExternal
	}
	v2, version, serr := l.detectVersion(root)
	if serr != nil {
		return nil, serr
	}
	info.Version = version
	n := newNormaliser(l.source, root, v2, external)
	n.refSiblings = !v2 && !strings.HasPrefix(version, "3.0")
	n.warnings = append(n.warnings, warnings...)
	n.changed = len(warnings) > 0
	l.normaliseVersion(n, v2)
	if serr := n.run(); serr != nil {
		return nil, l.place(serr, data, isJSON)
	}
	bindPathQueries(n)
	checkPathParams(n)
	if serr := n.firstError(); serr != nil {
		return nil, l.place(serr, data, isJSON)
	}
	info.Warnings = n.warnings

	// kin-openapi parses bytes; re-encode only when the tree differs from them (YAML is
	// re-encoded as JSON, which kin-openapi parses much faster than YAML).
	kinData := data
	if !isJSON || n.changed {
		var err error
		if kinData, err = json.Marshal(root); err != nil {
			return nil, &SpecError{Source: l.source, Msg: "cannot re-encode the normalised document", Err: err}
		}
	}

	loader := openapi3.NewLoader()
	loader.Context = l.ctx
	loader.IsExternalRefsAllowed = l.opts.AllowExternalRefs
	loader.ReadFromURIFunc = l.readExternal
	var (
		doc *openapi3.T
		err error
	)
	if v2 {
		var doc2 openapi2.T
		if err = json.Unmarshal(kinData, &doc2); err != nil {
			return nil, l.place(l.kinError(err, n, root, reflect.TypeFor[openapi2.T]()), data, isJSON)
		}
		doc, err = kinGuard(func() (*openapi3.T, error) { return openapi2conv.ToV3WithLoader(&doc2, loader, l.loc) })
	} else {
		doc, err = kinGuard(func() (*openapi3.T, error) { return loader.LoadFromDataWithPath(kinData, l.loc) })
	}
	if err != nil {
		if v2 {
			return nil, l.place(l.kinError(err, n, nil, nil), data, isJSON)
		}
		return nil, l.place(l.kinError(err, n, root, reflect.TypeFor[openapi3.T]()), data, isJSON)
	}
	lr := &loaded{doc: doc, json: kinData, v2: v2}
	for ref := range n.refs {
		if !strings.HasPrefix(ref, "#") {
			lr.external = true
		}
	}
	return lr, nil
}

// kinGuard runs a kin-openapi load or conversion, turning a panic into an error: a
// hostile document must be refused, never take the process down (openapi2conv
// dereferences a null top-level response of a Swagger 2.0 document).
func kinGuard(f func() (*openapi3.T, error)) (doc *openapi3.T, err error) {
	defer func() {
		if r := recover(); r != nil {
			doc, err = nil, fmt.Errorf("kin-openapi could not read the document (panic: %v); look for a null or misplaced value", r)
		}
	}()
	return f()
}

// place adds the line and column of a SpecError's pointer, found by re-reading the bytes
// (only done on failure, so the successful path never pays for it).
func (l *specLoader) place(e *SpecError, data []byte, isJSON bool) *SpecError {
	if e.Line == 0 && e.Pointer != "" {
		if isJSON {
			e.Line, e.Column = jsonPosition(data, e.Pointer)
		} else {
			e.Line, e.Column = yamlPosition(data, e.Pointer)
		}
	}
	return e
}

func looksLikeJSON(data []byte) bool {
	t := bytes.TrimLeft(data, " \t\r\n")
	return len(t) > 0 && (t[0] == '{' || t[0] == '[')
}

func (l *specLoader) decodeJSON(data []byte) (any, *SpecError) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber() // keeps numbers exact if the tree is re-encoded
	var v any
	err := dec.Decode(&v)
	offset := int64(-1)
	var se *json.SyntaxError
	switch {
	case err == nil:
		if _, terr := dec.Token(); errors.Is(terr, io.EOF) {
			return v, nil
		}
		err = errors.New("unexpected data after the top-level value")
		offset = dec.InputOffset()
	case errors.As(err, &se):
		// The decoder's offset is just past the offending byte.
		offset = max(se.Offset-1, 0)
	case errors.Is(err, io.ErrUnexpectedEOF):
		offset = int64(len(data))
	}
	// The token scan is slow, so it only runs now, to find where parsing broke.
	ptr, _ := jsonSyntaxError(data)
	msg := "invalid JSON: " + strings.TrimPrefix(err.Error(), "json: ")
	if errors.Is(err, io.ErrUnexpectedEOF) {
		msg = "truncated JSON: unexpected end of input"
	}
	e := &SpecError{Source: l.source, Pointer: ptr, Msg: msg, Err: err}
	if offset >= 0 {
		e.Line, e.Column = offsetLineCol(data, offset)
	}
	return nil, e
}

func (l *specLoader) decodeYAML(data []byte) (any, []string, *SpecError) {
	dec := yaml.NewDecoder(bytes.NewReader(data))
	// Date-like scalars stay strings, as kin-openapi reads them.
	dec.DisableTimestamps(true)
	var v any
	if err := dec.Decode(&v); err != nil && !errors.Is(err, io.EOF) {
		line := yamlErrorLine(err)
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		msg = strings.TrimSpace(yamlLineRE.ReplaceAllString(msg, ""))
		msg = strings.TrimPrefix(strings.TrimPrefix(msg, ":"), " ")
		e := &SpecError{Source: l.source, Line: line, Msg: "invalid YAML: " + msg, Err: err}
		// The element's own position beats the parser's line, which can be one off.
		if ptr, eline, ecol := yamlErrorPointer(data, line); eline > 0 {
			e.Pointer, e.Line, e.Column = ptr, eline, ecol
		}
		// The parser names the construct it was in; the line that broke it is later.
		if pl := yamlProblemLine(data, line); pl > e.Line {
			e.Line, e.Column = pl, lineIndentColumn(data, pl)
		}
		return nil, nil, e
	}
	c := yamlConverter{source: l.source}
	v = c.convert(v)
	return v, c.warnings, nil
}

// yamlConverter turns a YAML-decoded tree into the tree encoding/json would produce: string
// keys (YAML allows 200: as a key) and json.Number numbers.
type yamlConverter struct {
	source   string
	path     []string
	warnings []string
}

func (c *yamlConverter) convert(v any) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			c.path = append(c.path, jsonpointer.Escape(k))
			x[k] = c.convert(e)
			c.path = c.path[:len(c.path)-1]
		}
		return x
	case map[any]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			ks := yamlKey(k)
			c.path = append(c.path, jsonpointer.Escape(ks))
			m[ks] = c.convert(e)
			c.path = c.path[:len(c.path)-1]
		}
		return m
	case []any:
		for i, e := range x {
			c.path = append(c.path, strconv.Itoa(i))
			x[i] = c.convert(e)
			c.path = c.path[:len(c.path)-1]
		}
		return x
	case int:
		return json.Number(strconv.Itoa(x))
	case int64:
		return json.Number(strconv.FormatInt(x, 10))
	case uint64:
		return json.Number(strconv.FormatUint(x, 10))
	case float64:
		if math.IsInf(x, 0) || math.IsNaN(x) {
			s := strconv.FormatFloat(x, 'g', -1, 64)
			c.warnings = append(c.warnings, fmt.Sprintf("spec %s: %s: normalised %s to a string (JSON has no such number)",
				c.source, "/"+strings.Join(c.path, "/"), s))
			return s
		}
		return json.Number(strconv.FormatFloat(x, 'g', -1, 64))
	case time.Time:
		return x.Format(time.RFC3339Nano)
	case []byte:
		return base64.StdEncoding.EncodeToString(x)
	case nil, string, bool:
		return x
	}
	return fmt.Sprint(v)
}

func yamlKey(k any) string {
	switch x := k.(type) {
	case string:
		return x
	case nil:
		return "null"
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64)
	}
	return fmt.Sprint(k)
}

// detectVersion tells Swagger 2.0 from OpenAPI 3.x and returns the version as written.
func (l *specLoader) detectVersion(root map[string]any) (v2 bool, version string, err *SpecError) {
	const supported = "askapi reads Swagger 2.0 and OpenAPI 3.0 and 3.1"
	if oa, ok := root["openapi"]; ok {
		s := versionText(oa)
		mm := s
		if i := strings.IndexByte(s, '.'); i >= 0 {
			if j := strings.IndexByte(s[i+1:], '.'); j >= 0 {
				mm = s[:i+1+j]
			}
		}
		switch mm {
		case "3.0", "3.1", "3.2":
			return false, s, nil
		}
		return false, "", specErrorf(l.source, "", "unsupported OpenAPI version %s (%s)", describeValue(oa), supported)
	}
	if sw, ok := root["swagger"]; ok {
		if s := versionText(sw); s == "2.0" || s == "2" {
			return true, "2.0", nil
		}
		return false, "", specErrorf(l.source, "", "unsupported Swagger version %s (%s)", describeValue(sw), supported)
	}
	return false, "", specErrorf(l.source, "", "not a Swagger 2.0 or OpenAPI 3.x document: no \"openapi\" or \"swagger\" field (%s)", supported)
}

func versionText(v any) string {
	switch x := v.(type) {
	case string:
		return strings.TrimSpace(x)
	case json.Number:
		return string(x)
	}
	return ""
}

// normaliseVersion turns an unquoted YAML version (swagger: 2.0, openapi: 3.1) back into the
// string kin-openapi expects.
func (l *specLoader) normaliseVersion(n *normaliser, v2 bool) {
	key := "openapi"
	if v2 {
		key = "swagger"
	}
	num, ok := n.root[key].(json.Number)
	if !ok {
		if s, isStr := n.root[key].(string); isStr && s != strings.TrimSpace(s) {
			n.root[key] = strings.TrimSpace(s)
			n.push(key)
			n.warnf("%s %q to %q", key, s, strings.TrimSpace(s))
			n.pop()
		}
		return
	}
	s := string(num)
	if !strings.Contains(s, ".") {
		s += ".0"
	}
	n.root[key] = s
	n.push(key)
	n.warnf("%s %s (a number) to the string %q", key, num, s)
	n.pop()
}

// kinError turns a kin-openapi failure into a SpecError, with the pointer of the element
// that failed to decode (found by decoding parts of the tree into kin-openapi's own types)
// or of the $ref its message names.
func (l *specLoader) kinError(err error, n *normaliser, root map[string]any, t reflect.Type) *SpecError {
	e := &SpecError{Source: l.source, Msg: err.Error(), Err: err}
	if root != nil && t != nil {
		if ptr, derr := locateDecodeError(root, t); derr != nil {
			e.Pointer, e.Msg = ptr, "cannot read: "+derr.Error()
			return e
		}
	}
	best := ""
	msg := err.Error()
	for ref := range n.refs {
		if len(ref) > len(best) && strings.Contains(msg, ref) {
			best = ref
		}
	}
	if best != "" {
		e.Pointer = n.refs[best]
	}
	return e
}

// locateDecodeError finds the deepest part of a generic tree that fails to decode into
// kin-openapi's type t, returning its pointer and error; err is nil when it decodes.
// It runs only on failure: it re-encodes subtrees, at a cost of depth × size.
func locateDecodeError(node any, t reflect.Type) (string, error) {
	data, err := json.Marshal(node)
	if err != nil {
		return "", err
	}
	if err = json.Unmarshal(data, reflect.New(t).Interface()); err == nil {
		return "", nil
	}
	for _, c := range decodeChildren(node, t) {
		if ptr, cerr := locateDecodeError(c.node, c.t); cerr != nil {
			return "/" + jsonpointer.Escape(c.tok) + ptr, cerr
		}
	}
	return "", err
}

type decodeChild struct {
	tok  string
	node any
	t    reflect.Type
}

// decodeChildren pairs the children of a generic node with the kin-openapi types they
// decode into.
func decodeChildren(node any, t reflect.Type) []decodeChild {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out []decodeChild
	switch v := node.(type) {
	case []any:
		if t.Kind() != reflect.Slice {
			return nil
		}
		for i, e := range v {
			out = append(out, decodeChild{strconv.Itoa(i), e, t.Elem()})
		}
		return out
	case map[string]any:
		var fieldType func(string) reflect.Type
		switch t.Kind() {
		case reflect.Map:
			fieldType = func(string) reflect.Type { return t.Elem() }
		case reflect.Struct:
			if vf, ok := t.FieldByName("Value"); ok {
				// A kin-openapi XxxRef: the object is either a $ref or the value itself.
				if _, hasRef := t.FieldByName("Ref"); hasRef {
					if _, isRef := v["$ref"]; isRef {
						return nil
					}
					return decodeChildren(node, vf.Type)
				}
			}
			if m, ok := reflect.PointerTo(t).MethodByName("Map"); ok && m.Type.NumOut() == 1 && m.Type.Out(0).Kind() == reflect.Map {
				// Paths, Responses, Callback: maps behind a struct.
				elem := m.Type.Out(0).Elem()
				fieldType = func(string) reflect.Type { return elem }
				break
			}
			fields := kinJSONFields(t)
			fieldType = func(k string) reflect.Type { return fields[k] }
		default:
			return nil
		}
		keys := make([]string, 0, len(v))
		for k := range v {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if ft := fieldType(k); ft != nil && v[k] != nil {
				out = append(out, decodeChild{k, v[k], ft})
			}
		}
	}
	return out
}

// kinJSONFields maps the JSON names of a struct's fields (embedded ones included) to their types.
func kinJSONFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			for k, v := range kinJSONFields(f.Type) {
				out[k] = v
			}
			continue
		}
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "" || name == "-" || !f.IsExported() {
			continue
		}
		out[name] = f.Type
	}
	return out
}

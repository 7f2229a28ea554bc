package openapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/cache"
)

// LoadCatalog reads a spec (file path or http(s) URL; JSON or YAML; Swagger 2.0, OpenAPI
// 3.0 or 3.1) and compiles its catalog of tools. A clean JSON OpenAPI 3 document is
// compiled straight from its bytes; anything else (YAML, Swagger 2.0, sloppiness to
// normalise, errors to report with their pointer, external $refs) goes through the
// precise path first, which hands the same compiler normalised JSON. A compiled catalog
// is cached on disk, keyed by the spec's bytes, unless opts or the environment say not to.
func LoadCatalog(ctx context.Context, source string, opts LoadOptions) (*tools.Catalog, error) {
	log := opts.Logger
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	var store *cache.Store
	if !opts.NoCache {
		maxBytes := opts.MaxBytes
		if maxBytes <= 0 {
			maxBytes = defaultMaxBytes
		}
		store = cache.Open(cache.Options{Dir: opts.CacheDir, Version: opts.Version, ExternalRefs: opts.AllowExternalRefs,
			MaxBytes: maxBytes, Log: log, Decoding: func() func() { return opts.pace(Decoding) }, Guard: guardFault})
	}
	// A file spec unchanged since its catalog was cached is not even read.
	alias := store.SpecAlias(source)
	if alias != "" {
		if cat := store.Get(alias, opts.Census); cat != nil {
			return cat, nil
		}
	}
	l, data, err := readSpec(ctx, source, opts, true)
	if err != nil {
		return nil, err
	}
	defer l.pages.close()
	var key string
	if store != nil {
		key = store.Key(data, source)
		if cat := store.Get(key, opts.Census); cat != nil {
			store.Link(alias, key, source)
			return cat, nil
		}
	}
	if len(data) > 4<<20 {
		// A large spec's bytes and the compiler's indexes are garbage once compiled: the
		// command may pace the collector for it.
		defer opts.pace(Compiling)()
	}
	var cat *tools.Catalog
	var cacheable bool
	fault := guardFault(func() { cat, cacheable, err = compileSpec(l, data) })
	if fault != nil {
		return nil, fmt.Errorf("read spec %s: %w", source, fault)
	}
	if err != nil {
		return nil, err
	}
	if store != nil && cacheable {
		persist := func() {
			store.Put(key, cat)
			store.Link(alias, key, source)
		}
		if opts.WriteBehind {
			cache.Behind(persist) // the catalog is frozen: encoding it races with nothing
		} else {
			persist()
		}
	}
	return cat, nil
}

// compileSpec compiles the bytes of a spec; cacheable is false when the catalog depends
// on other documents too.
func compileSpec(l *specLoader, data []byte) (cat *tools.Catalog, cacheable bool, err error) {
	trimmed := bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if looksLikeJSON(trimmed) {
		if cat, _, ok := compileFastPaged(trimmed, l.source, l.opts.Census, l.pages); ok {
			return cat, true, nil
		}
	}
	return compilePrecise(l, data)
}

// compilePrecise compiles a spec through the precise path: normalised, checked and loaded
// by kin-openapi first.
func compilePrecise(l *specLoader, data []byte) (cat *tools.Catalog, cacheable bool, err error) {
	// Only the warnings are read here; the cache has its own key, so no hash is taken.
	info := &LoadInfo{}
	lr, err := l.load(data, info)
	if err != nil {
		return nil, false, err
	}
	doc := lr.json
	if lr.v2 || lr.external {
		if lr.external {
			lr.doc.InternalizeRefs(l.ctx, nil)
		}
		if doc, err = json.Marshal(lr.doc); err != nil {
			return nil, false, &SpecError{Source: l.source, Msg: "cannot re-encode the converted document", Err: err}
		}
	}
	c := newCompiler(doc, nil)
	c.pages = l.pages
	c.v31 = !lr.v2 && lr.doc.IsOpenAPI31OrLater()
	// Skeletons are memoised here too: without it, a response whose objects each hold
	// several others is converted once per path to every part (see memo.go).
	c.findRecursive(refsIn(doc))
	spec := c.compile(l.source).Spec()
	spec.Warnings = info.Warnings
	return spec.Build(), !lr.external, nil
}

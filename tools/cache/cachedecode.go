package cache

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"unsafe"

	"github.com/askapi/askapi/tools"
)

// The decoder of cache entries (the format is described in cachecodec.go). Every length
// read is checked against the bytes left before anything is allocated from it, so a
// corrupt entry fails rather than exhausts memory; the caller recovers from anything else.

var (
	errCacheTruncated = errors.New("catalog cache entry is truncated")
	errCacheCorrupt   = errors.New("catalog cache entry is corrupt")
)

// catDecoder reads one run of an entry. Decoders of the chunks share table, values and
// shared, which nothing writes once the chunks are being decoded.
type catDecoder struct {
	b      []byte
	table  []string         // the string table, slices of the entry
	values []any            // the value strings, boxed
	shared []map[string]any // the shared maps decoded so far
	b0     byte             // the last byte read
	err    error
}

func (d *catDecoder) fail(err error) {
	if d.err == nil {
		d.err = err
	}
	d.b = nil
}

func (d *catDecoder) uv() uint64 {
	n, k := binary.Uvarint(d.b)
	if k <= 0 {
		d.fail(errCacheTruncated)
		return 0
	}
	d.b = d.b[k:]
	return n
}

func (d *catDecoder) byte1() byte {
	if len(d.b) == 0 {
		d.fail(errCacheTruncated)
		return 0
	}
	c := d.b[0]
	d.b = d.b[1:]
	d.b0 = c
	return c
}

func (d *catDecoder) boolean() bool { return d.byte1() == 1 }

// size reads a number of things that each take at least one byte of what is left.
func (d *catDecoder) size() int {
	n := d.uv()
	if n > uint64(len(d.b)) {
		d.fail(errCacheTruncated)
		return 0
	}
	return int(n)
}

// below reads an index, which must be below n.
func (d *catDecoder) below(n int) (int, bool) {
	i := d.uv()
	if i >= uint64(n) {
		d.fail(errCacheCorrupt)
		return 0, false
	}
	return int(i), true
}

// readTable reads the string table. Its strings are slices of s, which holds the bytes
// d.b starts with: none is an allocation of its own.
func (d *catDecoder) readTable(s string) {
	n := d.size()
	total := d.size()
	if d.err != nil {
		return
	}
	off := len(s) - len(d.b)
	d.b = d.b[total:]
	d.table = make([]string, n)
	for i := range d.table {
		l := d.uv()
		if l > uint64(total) {
			d.fail(errCacheTruncated)
			return
		}
		d.table[i] = s[off : off+int(l)]
		off += int(l)
		total -= int(l)
	}
	if total != 0 {
		d.fail(errCacheCorrupt)
	}
}

// readValues reads the value strings and boxes each once: boxes are immutable, so every
// occurrence can share one.
func (d *catDecoder) readValues() {
	d.values = make([]any, d.size())
	for i := range d.values {
		if j, ok := d.below(len(d.table)); ok {
			d.values[i] = d.table[j]
		}
	}
}

// readShared reads the shared maps; each refers only to those before it.
func (d *catDecoder) readShared() {
	n := d.size()
	d.shared = make([]map[string]any, 0, n)
	for range n {
		h := d.uv()
		if h < mapInPlace {
			d.fail(errCacheCorrupt)
			return
		}
		d.shared = append(d.shared, d.inPlace(h-mapInPlace))
	}
}

func (d *catDecoder) str() string {
	i, ok := d.below(len(d.table))
	if !ok {
		return ""
	}
	return d.table[i]
}

// count reads a length written by catEncoder.count: -1 for nil.
func (d *catDecoder) count() int {
	n := d.uv()
	if n == 0 {
		return -1
	}
	if n-1 > uint64(len(d.b)) { // every element takes at least one byte
		d.fail(errCacheTruncated)
		return -1
	}
	return int(n - 1)
}

func (d *catDecoder) strs() []string {
	n := d.count()
	if n < 0 {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = d.str()
	}
	return out
}

func (d *catDecoder) anyMap() map[string]any {
	switch h := d.uv(); h {
	case mapNil:
		return nil
	case mapShared:
		if i, ok := d.below(len(d.shared)); ok {
			return d.shared[i]
		}
		return nil
	default:
		return d.inPlace(h - mapInPlace)
	}
}

// inPlace reads the n entries of a map written in place.
func (d *catDecoder) inPlace(n uint64) map[string]any {
	if n > uint64(len(d.b)) {
		d.fail(errCacheTruncated)
		return nil
	}
	m := make(map[string]any, n)
	for range n {
		k := d.str()
		m[k] = d.value()
	}
	return m
}

func (d *catDecoder) value() any {
	switch d.byte1() {
	case tagNil:
		return nil
	case tagFalse:
		return false
	case tagTrue:
		return true
	case tagString:
		if i, ok := d.below(len(d.values)); ok {
			return d.values[i]
		}
		return nil
	case tagFloat:
		if len(d.b) < 8 {
			d.fail(errCacheTruncated)
			return nil
		}
		f := math.Float64frombits(binary.LittleEndian.Uint64(d.b))
		d.b = d.b[8:]
		return f
	case tagUint:
		return d.uv()
	case tagInt, tagInt64:
		tag := d.b0
		n, k := binary.Varint(d.b)
		if k <= 0 {
			d.fail(errCacheTruncated)
			return nil
		}
		d.b = d.b[k:]
		if tag == tagInt64 {
			return n
		}
		return int(n)
	case tagList:
		n := d.count()
		if n < 0 {
			return []any(nil)
		}
		out := make([]any, n)
		for i := range out {
			out[i] = d.value()
		}
		return out
	case tagStrings:
		return d.strs()
	case tagMap:
		return d.anyMap()
	}
	d.fail(errCacheCorrupt)
	return nil
}

func (d *catDecoder) security() []tools.SecurityRequirement {
	n := d.count()
	if n < 0 {
		return nil
	}
	out := make([]tools.SecurityRequirement, n)
	for i := range out {
		m := d.count()
		if m < 0 {
			continue
		}
		req := make(tools.SecurityRequirement, m)
		for range m {
			k := d.str()
			req[k] = d.strs()
		}
		out[i] = req
	}
	return out
}

// header reads the catalog's own fields and its operation count (-1 for nil).
func (d *catDecoder) header() (tools.CatalogSpec, int) {
	c := tools.CatalogSpec{Title: d.str(), Version: d.str(), Source: d.str(), BaseURL: d.str()}
	if n := d.count(); n >= 0 {
		c.SecuritySchemes = make(map[string]*tools.SecurityScheme, n)
		for range n {
			k := d.str()
			c.SecuritySchemes[k] = &tools.SecurityScheme{Name: d.str(), Type: d.str(), Scheme: d.str(), In: d.str(), ParamName: d.str(), TokenURL: d.str()}
		}
	}
	c.Security = d.security()
	c.Extensions = d.anyMap()
	c.Warnings = d.strs()
	return c, d.count()
}

// head decodes what an operation says of itself into o.
func (d *catDecoder) head(o *tools.Operation) {
	*o = tools.Operation{Name: d.str(), OperationID: d.str(), Method: d.str(), Path: d.str(), Summary: d.str(), Description: d.str()}
	o.Tags = d.strs()
	o.Deprecated = d.boolean()
}

// operation decodes the rest of an operation into o, whose head is decoded.
func (d *catDecoder) operation(o *tools.Operation) {
	if n := d.count(); n >= 0 {
		// One allocation for all the parameters, not one each.
		params := make([]tools.Param, n)
		o.Params = make([]*tools.Param, n)
		for i := range o.Params {
			d.param(&params[i])
			o.Params[i] = &params[i]
		}
	}
	if d.boolean() {
		o.Body = d.body()
	}
	o.Security = d.security()
	o.ServerURL = d.str()
	o.Response = d.anyMap()
	if n := d.count(); n >= 0 {
		o.Links = make([]tools.Link, n)
		for i := range o.Links {
			o.Links[i] = tools.Link{Name: d.str(), OperationID: d.str(), OperationRef: d.str(), Parameters: d.anyMap(), Status: d.str()}
		}
	}
	o.Extensions = d.anyMap()
	// The input schema is built once every operation is decoded (decodeCatalog): shared
	// between operations as the compiler shares it.
}

// param decodes a parameter into p.
func (d *catDecoder) param(p *tools.Param) {
	*p = tools.Param{Name: d.str(), Arg: d.str(), In: d.str(), Required: d.boolean()}
	p.Schema = d.anyMap()
	p.Description = d.str()
	p.Style = d.str()
	switch d.byte1() {
	case 1:
		f := false
		p.Explode = &f
	case 2:
		t := true
		p.Explode = &t
	}
	p.Examples, _ = d.value().([]any)
	p.Default = d.value()
	p.Extensions = d.anyMap()
}

func (d *catDecoder) body() *tools.Body {
	b := &tools.Body{ContentType: d.str(), Required: d.boolean(), Flattened: d.boolean(), Arg: d.str()}
	b.Props = d.strs()
	b.RequiredProps = d.strs()
	b.Schema = d.anyMap()
	if n := d.count(); n >= 0 {
		b.Encodings = make(map[string]string, n)
		for range n {
			k := d.str()
			b.Encodings[k] = d.str()
		}
	}
	return b
}

// chunk is a run of operations in an entry.
type chunk struct {
	start, n int // the run's place in Catalog.Operations
	data     []byte
}

// chunks reads the chunk index and splits what is left of d.b between the chunks; their
// operation counts must add up to ops (-1 for none).
func (d *catDecoder) chunks(ops int) []chunk {
	n := d.size()
	out := make([]chunk, n)
	lens := make([]int, n)
	start := 0
	for i := range out {
		out[i].start = start
		out[i].n = d.size()
		lens[i] = d.size()
		start += out[i].n
	}
	if d.err != nil {
		return nil
	}
	if start != max(ops, 0) {
		d.fail(errCacheCorrupt)
		return nil
	}
	for i, l := range lens {
		if l > len(d.b) {
			d.fail(errCacheTruncated)
			return nil
		}
		if out[i].n > l { // every operation takes bytes of its chunk
			d.fail(errCacheCorrupt)
			return nil
		}
		out[i].data = d.b[:l:l]
		d.b = d.b[l:]
	}
	if len(d.b) != 0 {
		d.fail(errors.New("trailing data"))
		return nil
	}
	return out
}

// decodeChunk decodes the operations of one chunk into ops. It recovers from a panic: it
// runs on a goroutine of its own, where the caller cannot.
func (d catDecoder) decodeChunk(c chunk, ops []*tools.Operation) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("corrupt entry: %v", r)
		}
	}()
	d.b = c.data
	for _, o := range ops[c.start : c.start+c.n] {
		d.operation(o)
		if d.err != nil {
			return d.err
		}
	}
	if len(d.b) != 0 {
		return errors.New("trailing data in a chunk")
	}
	return nil
}

// DecodeCatalog decodes an entry, its chunks of operations in parallel. The catalog's
// strings share data's bytes: data must never change afterwards. census, when set, is
// given the catalog once its operations' heads are decoded, before the rest is; it
// must not keep it. decoding, when set, is told before the decode starts (everything
// decoded stays live: a collection would free nothing) and returns what to call after.
func DecodeCatalog(data []byte, census func(heads *tools.Catalog), decoding func() (done func())) (cat *tools.Catalog, err error) {
	defer func() {
		// A corrupt entry must never take the server down: it is only a cache.
		if r := recover(); r != nil {
			cat, err = nil, fmt.Errorf("corrupt entry: %v", r)
		}
	}()
	if !bytes.HasPrefix(data, CacheMagic) {
		return nil, errors.New("not a catalog cache entry")
	}
	if decoding != nil {
		defer decoding()()
	}
	d := &catDecoder{b: data[len(CacheMagic):]}
	// data is read for this call alone and never written again: its strings can share it.
	d.readTable(unsafe.String(unsafe.SliceData(d.b), len(d.b)))
	d.readValues()
	d.readShared()
	spec, n := d.header()
	if n >= 0 && n <= len(d.b) { // every head takes bytes
		// One allocation for all the operations, not one each: the catalog holds them all.
		slab := make([]tools.Operation, n)
		spec.Operations = make([]*tools.Operation, n)
		for i := range slab {
			d.head(&slab[i])
			spec.Operations[i] = &slab[i]
		}
	} else if n >= 0 {
		d.fail(errCacheTruncated)
	}
	chunks := d.chunks(n)
	if d.err != nil {
		return nil, d.err
	}
	cat = spec.Build()
	if census != nil {
		census(cat)
	}
	errs := make([]error, len(chunks))
	tools.Parallel(len(chunks), func(i int) { errs[i] = d.decodeChunk(chunks[i], cat.Operations()) })
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	var inputs tools.InputSchemas
	for _, o := range cat.Operations() {
		o.InputSchema = inputs.Of(o)
	}
	return cat, nil
}

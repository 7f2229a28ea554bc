package cache

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"unsafe"

	"github.com/askapi/askapi/tools"
)

// A compact binary form of a Catalog for the cache. Unlike gob it keeps nil and empty
// apart (an operation's empty security list means "none"), and it keeps the concrete
// types JSON Schema maps hold ([]string required lists, uint64 lengths). Input schemas
// are not stored: they are rebuilt from parameters and body, sharing their maps as the
// compiled catalog does.
//
// An entry is laid out for a fast, parallel decode:
//
//	magic
//	string table   count, total length, all the bytes, then every length
//	value strings  count, then table indexes: the strings held as values
//	shared maps    count, then each map held more than once in the catalog
//	catalog        its fields and operation count
//	heads          what each operation says of itself: name, method, path, tags...
//	chunk index    count, then each chunk's operation count and length in bytes
//	chunks         the rest of the operations, a run of them per chunk
//
// A string is its index in the table: a catalog repeats few strings many times (GitHub's
// schemas hold some 66,000, 4,000 of them distinct: "type", "string", property names), so
// the entry stays small, and its strings slice the entry's bytes rather than allocate. A
// string value is its index among the value strings, which the decoder boxes into
// interfaces once, up front, rather than at every occurrence.
//
// A map is nil, a reference to a shared map, or written in place. The compiler shares
// maps between operations (response skeletons of common objects); shared maps come
// first, each after the shared maps it holds, so a reference is always to a map already
// decoded, sharing survives the cache, and the chunks of operations refer to nothing but
// the table, the value strings and the shared maps: they decode in parallel.
//
// The heads come before the chunks so that a server in auto mode can count what it
// will serve (a census, as LoadOptions.Census) and answer tools/list before the rest of
// the catalog is decoded.

const (
	tagNil byte = iota
	tagFalse
	tagTrue
	tagString
	tagFloat
	tagUint
	tagInt
	tagList
	tagStrings
	tagMap
	tagInt64
)

// Map headers: nil, a shared map's id follows, or a map in place with n entries is n+mapInPlace.
const (
	mapNil     = 0
	mapShared  = 1
	mapInPlace = 2
)

// OpsPerChunk sets the grain of the parallel decode: small enough to balance two or
// more cores over a large catalog, large enough that a small one is a single chunk.
const OpsPerChunk = 64

// catEncoder encodes a catalog section by section into buf, gathering its strings and
// its shared maps; encodeCatalogEntry lays the sections out.
type catEncoder struct {
	buf    []byte
	table  []string
	index  map[string]int // each string's place in table
	values []int          // table indexes of the value strings
	valIdx map[string]int // each value string's place in values
	// held counts the places each map is held, order lists them (countHeld), shared gives
	// the id of each shared map written, and walking marks the maps being walked (a cycle
	// is refused).
	held    map[unsafe.Pointer]int
	order   []map[string]any
	shared  map[unsafe.Pointer]int
	walking map[unsafe.Pointer]bool
	err     error
}

func newCatEncoder() *catEncoder {
	return &catEncoder{
		index:   map[string]int{},
		valIdx:  map[string]int{},
		held:    map[unsafe.Pointer]int{},
		shared:  map[unsafe.Pointer]int{},
		walking: map[unsafe.Pointer]bool{},
	}
}

func (e *catEncoder) fail(err error) {
	if e.err == nil {
		e.err = err
	}
}

func (e *catEncoder) uv(n uint64) { e.buf = binary.AppendUvarint(e.buf, n) }

// intern returns a string's index in the table, adding it there on first use.
func (e *catEncoder) intern(s string) int {
	i, ok := e.index[s]
	if !ok {
		i = len(e.table)
		e.index[s] = i
		e.table = append(e.table, s)
	}
	return i
}

func (e *catEncoder) str(s string) { e.uv(uint64(e.intern(s))) }

// strValue writes a string held as a value: its index among the value strings.
func (e *catEncoder) strValue(s string) {
	i, ok := e.valIdx[s]
	if !ok {
		i = len(e.values)
		e.valIdx[s] = i
		e.values = append(e.values, e.intern(s))
	}
	e.uv(uint64(i))
}

func (e *catEncoder) boolean(b bool) {
	if b {
		e.buf = append(e.buf, 1)
	} else {
		e.buf = append(e.buf, 0)
	}
}

// count writes a length with 0 meaning nil.
func (e *catEncoder) count(n int, isNil bool) {
	if isNil {
		e.uv(0)
		return
	}
	e.uv(uint64(n) + 1)
}

func (e *catEncoder) strs(l []string) {
	e.count(len(l), l == nil)
	for _, s := range l {
		e.str(s)
	}
}

func MapID(m map[string]any) unsafe.Pointer { return reflect.ValueOf(m).UnsafePointer() }

// anyMap writes a map in place, or a reference to it when it is shared (and so already
// written in the shared section).
func (e *catEncoder) anyMap(m map[string]any) {
	if m == nil {
		e.uv(mapNil)
		return
	}
	if id, ok := e.shared[MapID(m)]; ok {
		e.uv(mapShared)
		e.uv(uint64(id))
		return
	}
	if e.held[MapID(m)] > 1 {
		e.fail(errors.New("catalog cache: a shared map was not written first"))
		return
	}
	e.inPlace(m)
}

func (e *catEncoder) inPlace(m map[string]any) {
	e.uv(uint64(len(m)) + mapInPlace)
	for k, v := range m {
		e.str(k)
		e.value(v)
	}
}

func (e *catEncoder) value(v any) {
	switch x := v.(type) {
	case nil:
		e.buf = append(e.buf, tagNil)
	case bool:
		if x {
			e.buf = append(e.buf, tagTrue)
		} else {
			e.buf = append(e.buf, tagFalse)
		}
	case string:
		e.buf = append(e.buf, tagString)
		e.strValue(x)
	case float64:
		e.buf = append(e.buf, tagFloat)
		e.buf = binary.LittleEndian.AppendUint64(e.buf, math.Float64bits(x))
	case uint64:
		e.buf = append(e.buf, tagUint)
		e.uv(x)
	case int:
		e.buf = append(e.buf, tagInt)
		e.buf = binary.AppendVarint(e.buf, int64(x))
	case int64:
		e.buf = append(e.buf, tagInt64)
		e.buf = binary.AppendVarint(e.buf, x)
	case []any:
		e.buf = append(e.buf, tagList)
		e.count(len(x), x == nil)
		for _, el := range x {
			e.value(el)
		}
	case []string:
		e.buf = append(e.buf, tagStrings)
		e.strs(x)
	case map[string]any:
		e.buf = append(e.buf, tagMap)
		e.anyMap(x)
	default:
		e.fail(fmt.Errorf("catalog cache: cannot encode a %T", v))
	}
}

func (e *catEncoder) security(l []tools.SecurityRequirement) {
	e.count(len(l), l == nil)
	for _, req := range l {
		e.count(len(req), req == nil)
		for k, scopes := range req {
			e.str(k)
			e.strs(scopes)
		}
	}
}

// CatalogMaps calls f with every map the catalog holds directly (input schemas are
// rebuilt, not stored), in a fixed order.
func CatalogMaps(c *tools.Catalog, f func(map[string]any)) {
	f(c.Extensions())
	for _, o := range c.Operations() {
		for _, p := range o.Params {
			f(p.Schema)
			f(p.Extensions)
			for _, ex := range p.Examples {
				ValueMaps(ex, f)
			}
			ValueMaps(p.Default, f)
		}
		if o.Body != nil {
			f(o.Body.Schema)
		}
		f(o.Response)
		for _, l := range o.Links {
			f(l.Parameters)
		}
		f(o.Extensions)
	}
}

// ValueMaps calls f with the maps a value is or holds at its top (in a list).
func ValueMaps(v any, f func(map[string]any)) {
	switch x := v.(type) {
	case map[string]any:
		f(x)
	case []any:
		for _, el := range x {
			ValueMaps(el, f)
		}
	}
}

// countHeld counts the places each map is held in, descending into a map only the first
// time it is seen, and lists the maps in the order their descents end: each after the
// maps it holds.
func (e *catEncoder) countHeld(m map[string]any) {
	if m == nil {
		return
	}
	id := MapID(m)
	e.held[id]++
	if e.held[id] > 1 {
		if e.walking[id] {
			e.fail(errors.New("catalog cache: a map holds itself"))
		}
		return
	}
	e.walking[id] = true
	for _, v := range m {
		ValueMaps(v, e.countHeld)
	}
	delete(e.walking, id)
	e.order = append(e.order, m)
}

// writeShared writes the maps held more than once, each after those it holds: a
// reference to a shared map is always to one the decoder has already read.
func (e *catEncoder) writeShared() {
	for _, m := range e.order {
		if id := MapID(m); e.held[id] > 1 {
			e.inPlace(m)
			e.shared[id] = len(e.shared)
		}
	}
}

// header writes the catalog's own fields and its operation count.
func (e *catEncoder) header(c *tools.Catalog) {
	e.str(c.Title())
	e.str(c.Version())
	e.str(c.Source())
	e.str(c.BaseURL())
	e.count(len(c.SecuritySchemes()), c.SecuritySchemes() == nil)
	for k, s := range c.SecuritySchemes() {
		e.str(k)
		e.str(s.Name)
		e.str(s.Type)
		e.str(s.Scheme)
		e.str(s.In)
		e.str(s.ParamName)
		e.str(s.TokenURL)
	}
	e.security(c.Security())
	e.anyMap(c.Extensions())
	e.strs(c.Warnings())
	e.count(len(c.Operations()), c.Operations() == nil)
}

// head writes what an operation says of itself, as the census holds it.
func (e *catEncoder) head(o *tools.Operation) {
	e.str(o.Name)
	e.str(o.OperationID)
	e.str(o.Method)
	e.str(o.Path)
	e.str(o.Summary)
	e.str(o.Description)
	e.strs(o.Tags)
	e.boolean(o.Deprecated)
}

// operation writes the rest of an operation.
func (e *catEncoder) operation(o *tools.Operation) {
	e.count(len(o.Params), o.Params == nil)
	for _, p := range o.Params {
		e.str(p.Name)
		e.str(p.Arg)
		e.str(p.In)
		e.boolean(p.Required)
		e.anyMap(p.Schema)
		e.str(p.Description)
		e.str(p.Style)
		switch {
		case p.Explode == nil:
			e.buf = append(e.buf, 0)
		case *p.Explode:
			e.buf = append(e.buf, 2)
		default:
			e.buf = append(e.buf, 1)
		}
		e.value(p.Examples)
		e.value(p.Default)
		e.anyMap(p.Extensions)
	}
	if b := o.Body; b == nil {
		e.boolean(false)
	} else {
		e.boolean(true)
		e.str(b.ContentType)
		e.boolean(b.Required)
		e.boolean(b.Flattened)
		e.str(b.Arg)
		e.strs(b.Props)
		e.strs(b.RequiredProps)
		e.anyMap(b.Schema)
		e.count(len(b.Encodings), b.Encodings == nil)
		for k, v := range b.Encodings {
			e.str(k)
			e.str(v)
		}
	}
	e.security(o.Security)
	e.str(o.ServerURL)
	e.anyMap(o.Response)
	e.count(len(o.Links), o.Links == nil)
	for _, l := range o.Links {
		e.str(l.Name)
		e.str(l.OperationID)
		e.str(l.OperationRef)
		e.anyMap(l.Parameters)
		e.str(l.Status)
	}
	e.anyMap(o.Extensions)
}

// section returns what buf holds, and empties it for the next section.
func (e *catEncoder) section() []byte {
	out := e.buf
	e.buf = nil
	return out
}

// encodeCatalogEntry returns the sections of an entry after its magic, in order.
func encodeCatalogEntry(c *tools.Catalog) ([][]byte, error) {
	e := newCatEncoder()
	CatalogMaps(c, e.countHeld)
	e.writeShared()
	shared := e.section()
	e.header(c)
	for _, o := range c.Operations() {
		e.head(o)
	}
	header := e.section()
	index, chunks := e.chunks(c.Operations())
	if e.err != nil {
		return nil, e.err
	}
	head := [][]byte{e.tableSection(), e.valuesSection(), uvarint(len(e.shared)), shared, header, uvarint(len(chunks)), index}
	return append(head, chunks...), nil
}

func uvarint(n int) []byte { return binary.AppendUvarint(nil, uint64(n)) }

// chunks encodes the operations, opsPerChunk a chunk, and their index.
func (e *catEncoder) chunks(ops []*tools.Operation) (index []byte, chunks [][]byte) {
	for start := 0; start < len(ops); start += OpsPerChunk {
		run := ops[start:min(len(ops), start+OpsPerChunk)]
		for _, o := range run {
			e.operation(o)
		}
		chunk := e.section()
		index = binary.AppendUvarint(index, uint64(len(run)))
		index = binary.AppendUvarint(index, uint64(len(chunk)))
		chunks = append(chunks, chunk)
	}
	return index, chunks
}

// tableSection is the string table: its bytes come before their lengths, so the decoder
// knows where each string starts as it reads its length.
func (e *catEncoder) tableSection() []byte {
	size := 0
	for _, s := range e.table {
		size += len(s)
	}
	out := binary.AppendUvarint(nil, uint64(len(e.table)))
	out = binary.AppendUvarint(out, uint64(size))
	out = slices.Grow(out, size+len(e.table))
	for _, s := range e.table {
		out = append(out, s...)
	}
	for _, s := range e.table {
		out = binary.AppendUvarint(out, uint64(len(s)))
	}
	return out
}

func (e *catEncoder) valuesSection() []byte {
	out := binary.AppendUvarint(nil, uint64(len(e.values)))
	for _, i := range e.values {
		out = binary.AppendUvarint(out, uint64(i))
	}
	return out
}

// EncodeCatalog writes an entry: the magic, then its sections.
func EncodeCatalog(w io.Writer, c *tools.Catalog) error {
	sections, err := encodeCatalogEntry(c)
	if err != nil {
		return err
	}
	if _, err := w.Write(CacheMagic); err != nil {
		return err
	}
	for _, s := range sections {
		if _, err := w.Write(s); err != nil {
			return err
		}
	}
	return nil
}

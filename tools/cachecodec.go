package tools

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math"
	"reflect"
	"unsafe"
)

// A compact binary form of a Catalog for the cache. Unlike gob it keeps nil and empty
// apart (an operation's empty security list means "none"), and it keeps the concrete
// types JSON Schema maps hold ([]string required lists, uint64 lengths). Input schemas
// are not stored: they are rebuilt from parameters and body, sharing their maps as the
// compiled catalog does.

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

type catEncoder struct {
	w    io.Writer
	buf  []byte
	err  error
	maps map[unsafe.Pointer]int
}

func (e *catEncoder) flush() {
	if len(e.buf) > 1<<15 && e.err == nil {
		_, e.err = e.w.Write(e.buf)
		e.buf = e.buf[:0]
	}
}

func (e *catEncoder) uv(n uint64)  { e.buf = binary.AppendUvarint(e.buf, n); e.flush() }
func (e *catEncoder) str(s string) { e.uv(uint64(len(s))); e.buf = append(e.buf, s...); e.flush() }
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

// anyMap writes a map: 0 for nil, 1 and an index for a map already written (shared
// structure stays shared), else its size plus 2 and its entries.
func (e *catEncoder) anyMap(m map[string]any) {
	if m == nil {
		e.uv(0)
		return
	}
	p := reflect.ValueOf(m).UnsafePointer()
	if id, ok := e.maps[p]; ok {
		e.uv(1)
		e.uv(uint64(id))
		return
	}
	if e.maps == nil {
		e.maps = map[unsafe.Pointer]int{}
	}
	e.maps[p] = len(e.maps)
	e.uv(uint64(len(m)) + 2)
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
		e.str(x)
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
		if e.err == nil {
			e.err = fmt.Errorf("catalog cache: cannot encode a %T", v)
		}
	}
	e.flush()
}

func (e *catEncoder) security(l []SecurityRequirement) {
	e.count(len(l), l == nil)
	for _, req := range l {
		e.count(len(req), req == nil)
		for k, scopes := range req {
			e.str(k)
			e.strs(scopes)
		}
	}
}

func (e *catEncoder) catalog(c *Catalog) {
	e.str(c.Title)
	e.str(c.Version)
	e.str(c.Source)
	e.str(c.BaseURL)
	e.count(len(c.SecuritySchemes), c.SecuritySchemes == nil)
	for k, s := range c.SecuritySchemes {
		e.str(k)
		e.str(s.Name)
		e.str(s.Type)
		e.str(s.Scheme)
		e.str(s.In)
		e.str(s.ParamName)
	}
	e.security(c.Security)
	e.anyMap(c.Extensions)
	e.strs(c.Warnings)
	e.count(len(c.Operations), c.Operations == nil)
	for _, o := range c.Operations {
		e.operation(o)
	}
	if e.err == nil {
		_, e.err = e.w.Write(e.buf)
		e.buf = e.buf[:0]
	}
}

func (e *catEncoder) operation(o *Operation) {
	e.str(o.Name)
	e.str(o.OperationID)
	e.str(o.Method)
	e.str(o.Path)
	e.str(o.Summary)
	e.str(o.Description)
	e.strs(o.Tags)
	e.boolean(o.Deprecated)
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

type catDecoder struct {
	maps []map[string]any
	b    []byte
	// s holds the bytes b started with as one string: every string decoded is a slice of
	// it, not an allocation of its own.
	s   string
	b0  byte // the last byte read
	err error
}

var errCacheTruncated = errors.New("catalog cache entry is truncated")

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

func (d *catDecoder) str() string {
	n := d.uv()
	if n > uint64(len(d.b)) {
		d.fail(errCacheTruncated)
		return ""
	}
	off := len(d.s) - len(d.b)
	s := d.s[off : off+int(n)]
	d.b = d.b[n:]
	return s
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
	h := d.uv()
	switch h {
	case 0:
		return nil
	case 1:
		id := d.uv()
		if id >= uint64(len(d.maps)) {
			d.fail(errors.New("catalog cache entry is corrupt"))
			return nil
		}
		return d.maps[id]
	}
	n := int(h - 2)
	if h-2 > uint64(len(d.b)) {
		d.fail(errCacheTruncated)
		return nil
	}
	m := make(map[string]any, n)
	d.maps = append(d.maps, m)
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
		return d.str()
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
	d.fail(errors.New("catalog cache entry is corrupt"))
	return nil
}

func (d *catDecoder) security() []SecurityRequirement {
	n := d.count()
	if n < 0 {
		return nil
	}
	out := make([]SecurityRequirement, n)
	for i := range out {
		m := d.count()
		if m < 0 {
			continue
		}
		req := make(SecurityRequirement, m)
		for range m {
			k := d.str()
			req[k] = d.strs()
		}
		out[i] = req
	}
	return out
}

func (d *catDecoder) catalog() *Catalog {
	c := &Catalog{Title: d.str(), Version: d.str(), Source: d.str(), BaseURL: d.str()}
	if n := d.count(); n >= 0 {
		c.SecuritySchemes = make(map[string]*SecurityScheme, n)
		for range n {
			k := d.str()
			c.SecuritySchemes[k] = &SecurityScheme{Name: d.str(), Type: d.str(), Scheme: d.str(), In: d.str(), ParamName: d.str()}
		}
	}
	c.Security = d.security()
	c.Extensions = d.anyMap()
	c.Warnings = d.strs()
	if n := d.count(); n >= 0 {
		c.Operations = make([]*Operation, 0, n)
		for range n {
			if d.err != nil {
				break
			}
			c.Operations = append(c.Operations, d.operation())
		}
	}
	return c
}

func (d *catDecoder) operation() *Operation {
	o := &Operation{Name: d.str(), OperationID: d.str(), Method: d.str(), Path: d.str(), Summary: d.str(), Description: d.str()}
	o.Tags = d.strs()
	o.Deprecated = d.boolean()
	if n := d.count(); n >= 0 {
		o.Params = make([]*Param, 0, n)
		for range n {
			p := &Param{Name: d.str(), Arg: d.str(), In: d.str(), Required: d.boolean()}
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
			o.Params = append(o.Params, p)
		}
	}
	if d.boolean() {
		b := &Body{ContentType: d.str(), Required: d.boolean(), Flattened: d.boolean(), Arg: d.str()}
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
		o.Body = b
	}
	o.Security = d.security()
	o.ServerURL = d.str()
	o.Response = d.anyMap()
	if n := d.count(); n >= 0 {
		o.Links = make([]Link, n)
		for i := range o.Links {
			o.Links[i] = Link{Name: d.str(), OperationID: d.str(), OperationRef: d.str(), Parameters: d.anyMap(), Status: d.str()}
		}
	}
	o.Extensions = d.anyMap()
	if d.err == nil {
		o.InputSchema = inputSchema(o)
	}
	return o
}

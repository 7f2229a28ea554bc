package openapi

import (
	"encoding/binary"
	"math"
	"reflect"
	"sort"
	"strconv"
	"unsafe"
)

// A large spec repeats itself: Microsoft Graph beta's 22,361 operations carry 49,673
// parameter schemas of which 4,571 differ, its bodies hold the same property schemas
// many times over, and its descriptions repeat across thousands of operations. The
// compiler keeps one copy of each: every request schema, parameter description and
// operation text it keeps goes through a pool that returns the copy already held when
// there is one, equal in content and in Go types (a []string is never equal to an []any
// of the same strings), so the catalog is the same value, only shared. Shared values are
// read-only, as converted schemas already were; a slice is made with no spare capacity,
// so appending to it copies.

// pool holds one copy of each value given to it.
type pool struct {
	// held maps a value's key (its contents, the values it holds by their ids) to the
	// value: a map[string]any, an []any or a []string.
	held map[string]any
	// ids numbers the held maps and slices by identity.
	ids map[heldID]int
	// strs holds each string, boxed: a held map shares the box too.
	strs map[string]any
	// scalars holds numbers boxed.
	scalars map[any]any
	buf     []byte
}

func newPool() *pool {
	return &pool{held: map[string]any{}, ids: map[heldID]int{}, strs: map[string]any{}, scalars: map[any]any{}}
}

// str is the held copy of s.
func (p *pool) str(s string) string {
	if s == "" {
		return s
	}
	return p.boxed(s).(string)
}

func (p *pool) boxed(s string) any {
	if v, ok := p.strs[s]; ok {
		return v
	}
	var v any = s
	p.strs[s] = v
	return v
}

// schema is the held copy of a schema map.
func (p *pool) schema(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	out, _ := p.value(m).(map[string]any)
	return out
}

// value is the held copy of v: a string, a number, a map, a list, a bool or nil (any
// other type is returned as it is, and a map or list holding one is not shared).
func (p *pool) value(v any) any {
	switch x := v.(type) {
	case string:
		return p.boxed(x)
	case float64, int, uint64:
		if h, ok := p.scalars[x]; ok {
			return h
		}
		p.scalars[x] = v
		return v
	case map[string]any:
		if x == nil {
			return v
		}
		return p.object(x)
	case []any:
		if x == nil {
			return v
		}
		return p.list(x)
	case []string:
		if x == nil {
			return v
		}
		return p.strings(x)
	}
	return v
}

// heldID is a held map's or list's identity: its address, and a list's length (a
// shorter list may start at the same address).
type heldID struct {
	ptr unsafe.Pointer
	n   int
}

func heldMapID(m map[string]any) heldID { return heldID{reflect.ValueOf(m).UnsafePointer(), -1} }

func listID[T any](l []T) heldID { return heldID{unsafe.Pointer(unsafe.SliceData(l)), len(l)} }

func (p *pool) isHeld(ptr heldID) bool {
	_, ok := p.ids[ptr]
	return ok
}

func (p *pool) keep(key []byte, v any, ptr heldID) any {
	if h, ok := p.held[string(key)]; ok {
		return h
	}
	p.held[string(key)] = v
	p.ids[ptr] = len(p.ids)
	return v
}

func (p *pool) object(m map[string]any) any {
	ptr := heldMapID(m)
	if p.isHeld(ptr) {
		return m
	}
	out := make(map[string]any, len(m))
	keys := make([]string, 0, len(m))
	for k, v := range m {
		k = p.str(k)
		out[k] = p.value(v)
		keys = append(keys, k)
	}
	sort.Strings(keys)
	b := append(p.buf[:0], '{') //nolint:gocritic // appendAssign: the key is built in the pool's buffer, kept back in p.buf once built
	for _, k := range keys {
		b = appendHeld(b, k)
		var ok bool
		if b, ok = p.key(b, out[k]); !ok {
			p.buf = b
			return out
		}
	}
	p.buf = b
	return p.keep(b, out, heldMapID(out))
}

func (p *pool) list(l []any) any {
	if len(l) > 0 && p.isHeld(listID(l)) {
		return l
	}
	out := make([]any, len(l))
	for i, v := range l {
		out[i] = p.value(v)
	}
	b := append(p.buf[:0], '[') //nolint:gocritic // appendAssign: the key is built in the pool's buffer, kept back in p.buf once built
	for _, v := range out {
		var ok bool
		if b, ok = p.key(b, v); !ok {
			p.buf = b
			return out
		}
	}
	p.buf = b
	if len(out) == 0 {
		return p.keepEmpty(b, out)
	}
	return p.keep(b, out, listID(out))
}

func (p *pool) strings(l []string) any {
	if len(l) > 0 && p.isHeld(listID(l)) {
		return l
	}
	out := make([]string, len(l))
	b := append(p.buf[:0], '<') //nolint:gocritic // appendAssign: the key is built in the pool's buffer, kept back in p.buf once built
	for i, s := range l {
		out[i] = p.str(s)
		b = appendHeld(b, out[i])
	}
	p.buf = b
	if len(out) == 0 {
		return p.keepEmpty(b, out)
	}
	return p.keep(b, out, listID(out))
}

// keepEmpty holds an empty, non-nil list: all of them share one address, so it is
// known by its key alone.
func (p *pool) keepEmpty(key []byte, v any) any {
	if h, ok := p.held[string(key)]; ok {
		return h
	}
	p.held[string(key)] = v
	return v
}

// key appends held value v to b, typed: contents for a string or a scalar, the id for a
// map or a list; false for a value the pool does not hold.
func (p *pool) key(b []byte, v any) ([]byte, bool) {
	switch x := v.(type) {
	case nil:
		b = append(b, 'n')
	case string:
		b = append(b, 's')
		b = appendHeld(b, x)
	case bool:
		if x {
			b = append(b, 't')
		} else {
			b = append(b, 'f')
		}
	case float64:
		b = append(b, 'd')
		b = strconv.AppendUint(b, math.Float64bits(x), 16)
	case int:
		b = append(b, 'i')
		b = strconv.AppendInt(b, int64(x), 10)
	case uint64:
		b = append(b, 'u')
		b = strconv.AppendUint(b, x, 10)
	case map[string]any:
		if x == nil {
			b = append(b, 'N')
			break
		}
		id, ok := p.ids[heldMapID(x)]
		if !ok {
			return b, false
		}
		b = append(b, 'm')
		b = strconv.AppendInt(b, int64(id), 10)
	case []any:
		var ok bool
		if b, ok = listKey(p, b, x, 'A', 'a'); !ok {
			return b, false
		}
	case []string:
		var ok bool
		if b, ok = listKey(p, b, x, 'S', 'l'); !ok {
			return b, false
		}
	default:
		return b, false
	}
	return append(b, ';'), true
}

// listKey appends a held list to b: nilTag for nil, tag and 0 for an empty list, else
// tag and its id plus one; false for a list the pool does not hold.
func listKey[T any](p *pool, b []byte, x []T, nilTag, tag byte) ([]byte, bool) {
	switch {
	case x == nil:
		return append(b, nilTag), true
	case len(x) == 0:
		return append(b, tag, '0'), true
	}
	id, ok := p.ids[listID(x)]
	if !ok {
		return b, false
	}
	b = append(b, tag)
	return strconv.AppendInt(b, int64(id)+1, 10), true
}

// appendHeld appends a held string: its address and length, which the pool keeps for
// it alone (a key holding descriptions whole was a third of the pool).
func appendHeld(b []byte, s string) []byte {
	if s == "" {
		return append(b, 0, 0)
	}
	b = binary.AppendUvarint(b, uint64(uintptr(unsafe.Pointer(unsafe.StringData(s)))))
	return binary.AppendUvarint(b, uint64(len(s)))
}

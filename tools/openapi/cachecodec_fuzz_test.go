package openapi

import (
	"bytes"
	"math"
	"reflect"
	"slices"
	"testing"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/cache"
)

// sameCatalog is reflect.DeepEqual with floats compared by their bits: a NaN decoded from
// an entry equals itself.
func sameCatalog(a, b any) bool { return sameValue(reflect.ValueOf(a), reflect.ValueOf(b)) }

func sameValue(a, b reflect.Value) bool {
	if a.IsValid() != b.IsValid() {
		return false
	}
	if !a.IsValid() {
		return true
	}
	if a.Type() != b.Type() {
		return false
	}
	switch a.Kind() {
	case reflect.Float32, reflect.Float64:
		return math.Float64bits(a.Float()) == math.Float64bits(b.Float())
	case reflect.Pointer, reflect.Interface:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return sameValue(a.Elem(), b.Elem())
	case reflect.Struct:
		for i := range a.NumField() {
			if !sameValue(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case reflect.Slice:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !sameValue(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	case reflect.Map:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for _, k := range a.MapKeys() {
			bv := b.MapIndex(k)
			if !bv.IsValid() || !sameValue(a.MapIndex(k), bv) {
				return false
			}
		}
		return true
	case reflect.String:
		return a.String() == b.String()
	case reflect.Bool:
		return a.Bool() == b.Bool()
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return a.Int() == b.Int()
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return a.Uint() == b.Uint()
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

// entryOf encodes a catalog as a cache entry.
func entryOf(t *testing.T, cat *tools.Catalog) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := cache.EncodeCatalog(&buf, cat); err != nil {
		t.Fatalf("encode: %v", err)
	}
	return buf.Bytes()
}

// checkEntry decodes an entry that must decode to want (nil: to whatever it holds) and
// returns the catalog; then every cut of it must be refused before any census.
func checkRoundTrip(t *testing.T, entry []byte, want *tools.Catalog) *tools.Catalog {
	t.Helper()
	var heads *tools.Catalog
	got, err := cache.DecodeCatalog(bytes.Clone(entry), func(c *tools.Catalog) { heads = c }, nil)
	if err != nil {
		t.Fatalf("an entry the encoder wrote does not decode: %v", err)
	}
	if heads == nil {
		t.Fatal("no census was taken")
	}
	if want != nil {
		if !sameCatalog(want, got) {
			t.Fatal("the decoded catalog differs from the encoded one")
		}
		wantShape, _ := sharing(want)
		if gotShape, _ := sharing(got); !slices.Equal(wantShape, gotShape) {
			t.Fatal("the decoded catalog shares other maps than the encoded one")
		}
	}
	// A cut entry: refused, and known to be cut before a census is taken from it.
	for _, n := range []int{len(entry) - 1, len(entry) / 2, len(entry) * 7 / 8, len(cache.CacheMagic)} {
		if n < 0 || n >= len(entry) {
			continue
		}
		census := func(*tools.Catalog) { t.Fatalf("census taken from an entry cut at %d of %d bytes", n, len(entry)) }
		if cat, err := cache.DecodeCatalog(bytes.Clone(entry[:n]), census, nil); err == nil || cat != nil {
			t.Fatalf("an entry cut at %d of %d bytes decoded (err %v)", n, len(entry), err)
		}
	}
	return got
}

// FuzzCatalogCache fuzzes the catalog cache's codec with two kinds of input. Bytes that
// start like a cache entry are decoded as one (as a corrupt or hostile file in the cache
// directory would be); anything else is compiled as a spec and its catalog encoded.
// Invariants:
//   - decoding never panics out of decodeCatalog, and gives either a catalog or an
//     error, never both and never neither (no half catalog);
//   - an entry that decodes re-encodes, and that entry decodes to the same catalog,
//     sharing the same maps;
//   - a compiled catalog comes back from its entry equal (floats by bits), sharing the
//     same maps; every cut of an entry is refused, before any census;
//   - a compiled catalog's entry with any one byte changed decodes to a catalog or an
//     error, and a catalog it gives re-encodes and round-trips like any other.
func FuzzCatalogCache(f *testing.F) {
	fuzzSpecSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		if bytes.HasPrefix(data, cache.CacheMagic) {
			cat, err := cache.DecodeCatalog(bytes.Clone(data), nil, nil)
			if (err == nil) == (cat == nil) {
				t.Fatalf("decode gave catalog %v and error %v", cat != nil, err)
			}
			if err == nil {
				again := checkRoundTrip(t, entryOf(t, cat), cat)
				checkRoundTrip(t, entryOf(t, again), again)
			}
			return
		}
		cat, _, err := compileSpec(fuzzLoader(t), data)
		if err != nil {
			return
		}
		entry := entryOf(t, cat)
		checkRoundTrip(t, entry, cat)
		// One byte changed, where the input says.
		if len(data) > 0 && len(entry) > len(cache.CacheMagic) {
			i := len(cache.CacheMagic) + int(data[len(data)-1])*len(data)%(len(entry)-len(cache.CacheMagic))
			bad := bytes.Clone(entry)
			bad[i] ^= 0x55
			got, err := cache.DecodeCatalog(bad, func(*tools.Catalog) {}, nil)
			if (err == nil) == (got == nil) {
				t.Fatalf("decode gave catalog %v and error %v", got != nil, err)
			}
			if err == nil {
				checkRoundTrip(t, entryOf(t, got), got)
			}
		}
	})
}

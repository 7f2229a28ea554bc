package reverse

import (
	"math"
	"reflect"
	"unsafe"

	"github.com/askapi/askapi/tools"
)

// collectionsMemo holds the collections of each response schema found while one index
// is built. The compiler keeps one copy of each schema (tools/openapi/hashcons.go), so the
// operations of a large API share a few thousand responses: Microsoft Graph beta's
// 22,361 operations read each one's collections anew, 28 MB of its graph's peak. The
// lists it hands out are shared, so nothing may change one. Keyed by the schema's
// address, which the catalog keeps alive while the index is built.
type collectionsMemo struct {
	cache *tools.BoundedCache[unsafe.Pointer, []Collection]
}

func newCollectionsMemo() *collectionsMemo {
	return &collectionsMemo{cache: tools.NewBoundedCache[unsafe.Pointer, []Collection](math.MaxInt)}
}

// of is Collections(schema), computed once per schema.
func (m *collectionsMemo) of(schema map[string]any) []Collection {
	return m.cache.Get(reflect.ValueOf(schema).UnsafePointer(), func(unsafe.Pointer) []Collection {
		return Collections(schema)
	})
}

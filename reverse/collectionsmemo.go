package reverse

import (
	"reflect"
	"sync"
	"unsafe"
)

// collectionsMemo holds the collections of each response schema found while one index
// is built. The compiler keeps one copy of each schema (tools/hashcons.go), so the
// operations of a large API share a few thousand responses: Microsoft Graph beta's
// 22,361 operations read each one's collections anew, 28 MB of its graph's peak. The
// lists it hands out are shared, so nothing may change one.
type collectionsMemo struct {
	mu       sync.Mutex
	bySchema map[unsafe.Pointer][]Collection
}

// of is Collections(schema), computed once per schema.
func (m *collectionsMemo) of(schema map[string]any) []Collection {
	id := reflect.ValueOf(schema).UnsafePointer()
	m.mu.Lock()
	cols, ok := m.bySchema[id]
	m.mu.Unlock()
	if ok {
		return cols
	}
	cols = Collections(schema)
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.bySchema == nil {
		m.bySchema = map[unsafe.Pointer][]Collection{}
	}
	if held, ok := m.bySchema[id]; ok {
		return held
	}
	m.bySchema[id] = cols
	return cols
}

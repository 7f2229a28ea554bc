package reverse

import (
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// producerPool keeps one copy of each list of producers. Many arguments of a large API
// resolve the same way (Microsoft Graph beta's {user-id} in thousands of operations,
// each with the same few user lists): without the pool every edge held its own copy,
// 20 MB of Graph beta's peak. Lists handed out are shared, so nothing may change one
// after Build.
type producerPool struct {
	mu    sync.Mutex
	lists map[string][][]Producer
}

func newProducerPool() *producerPool {
	return &producerPool{lists: map[string][][]Producer{}}
}

// keep returns the pool's copy of prods, making one (apart from the caller's working
// slice) the first time. The key is a cheap rendering of what tells lists apart; equal
// keys are confirmed field by field, so a key two lists share by chance costs a compare,
// never a wrong producer.
func (pp *producerPool) keep(prods []Producer) []Producer {
	key := producersKey(prods)
	pp.mu.Lock()
	defer pp.mu.Unlock()
	for _, held := range pp.lists[key] {
		if reflect.DeepEqual(held, prods) {
			return held
		}
	}
	own := slices.Clone(prods)
	pp.lists[key] = append(pp.lists[key], own)
	return own
}

func producersKey(prods []Producer) string {
	var b strings.Builder
	for _, p := range prods {
		c := p.Collection
		for _, s := range []string{p.OpKey, string(p.Source), c.Items, c.IDField, c.Container, c.IDType, p.Pointer, p.NameArg} {
			b.WriteString(s)
			b.WriteByte(0)
		}
		b.WriteString(strconv.FormatBool(p.Self))
		b.WriteString(strconv.Itoa(p.Score))
		for _, n := range p.Needs {
			b.WriteString(n)
			b.WriteByte(0)
		}
		keys := make([]string, 0, len(p.Fixed))
		for k := range p.Fixed {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			fmt.Fprintf(&b, "%s=%v\x00", k, p.Fixed[k])
		}
		b.WriteByte(1)
	}
	return b.String()
}

package cache

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// A file spec's entry can also be found without reading the spec, by an alias: a hard
// link to the entry, named after the file's identity (path, size, modification and change
// times, device and inode). A stat costs nothing, where reading and hashing GitHub's
// 13 MB spec costs more than decoding its catalog and leaves 13 MB of garbage on the heap.
//
// An unchanged identity means unchanged bytes: a write moves the change time, which cannot
// be set back by hand. Only a write within the same clock tick as the stat escapes it, so
// an alias is made only for a file that has not changed for aliasSettle, and only when its
// identity after reading is the one taken before.

// AliasSettle is how long a spec must be left alone before its entry gets an alias; a
// variable for tests.
var AliasSettle = 2 * time.Second

// SpecAlias returns the alias key of a file spec, or "" when it has none (a URL, a file
// whose identity is unknown or one the read would refuse). Take it before reading the
// spec; c may be nil.
func (c *Store) SpecAlias(source string) string {
	key, _ := c.aliasKey(source)
	return key
}

// aliasKey is specAlias with the time the spec last changed.
func (c *Store) aliasKey(source string) (string, time.Time) {
	if c == nil || strings.HasPrefix(source, "http://") || strings.HasPrefix(source, "https://") {
		return "", time.Time{}
	}
	abs, err := filepath.Abs(source)
	if err != nil {
		return "", time.Time{}
	}
	fi, err := os.Stat(abs)
	if err != nil || !fi.Mode().IsRegular() {
		return "", time.Time{}
	}
	if c.MaxBytes > 0 && fi.Size() > c.MaxBytes { // the read must fail as it would without the cache
		return "", time.Time{}
	}
	id, changed, ok := fileIdentity(fi)
	if !ok {
		return "", time.Time{}
	}
	h := sha256.New()
	fmt.Fprintf(h, "alias\x00%s\x00%s\x00%s\x00%s\x00%t\x00%s\x00%s", cacheFormat, c.Version, executableStamp(), source, c.ExternalRefs, abs, id)
	return hex.EncodeToString(h.Sum(nil)), changed
}

// Link makes alias (from specAlias, before the spec was read) name the entry of key, the
// entry of the spec's bytes, when the spec is still what it was and has settled. Failing
// costs only the next start the read.
func (c *Store) Link(alias, key, source string) {
	if c == nil || alias == "" {
		return
	}
	now, changed := c.aliasKey(source)
	if now != alias || time.Since(changed) < AliasSettle {
		return
	}
	err := os.Link(c.path(key), c.path(alias))
	if errors.Is(err, os.ErrExist) {
		// An alias the last start could not read (or a race with another start): replace it.
		os.Remove(c.path(alias))
		err = os.Link(c.path(key), c.path(alias))
	}
	if err != nil {
		c.Log.Debug("catalog cache: cannot link an alias", "key", key, "err", err)
	}
}

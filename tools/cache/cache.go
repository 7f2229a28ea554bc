package cache

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/askapi/askapi/tools"
)

// The catalog cache: a compiled catalog on disk, keyed by the spec's bytes, its source,
// askapi's version and the cache format, so a warm start skips compiling. An entry that
// cannot be read is ignored and rewritten.

// cacheFormat changes whenever the compiled catalog or its encoding changes meaning.
const cacheFormat = "askapi-catalog-13"

// maxCacheEntry caps what is read back from one cache file.
const maxCacheEntry = 256 << 20

var CacheMagic = []byte("ASKAPICAT4\n")

// Options say where the cache is, what else its keys depend on, and how to read.
type Options struct {
	Dir          string // empty: no cache
	Version      string // askapi's version, part of every key
	ExternalRefs bool   // the loader's AllowExternalRefs, which changes the catalog
	MaxBytes     int64  // the loader's cap on a spec's size: a larger file has no alias; 0: none
	Log          *slog.Logger
	// Decoding is told before an entry is decoded; it returns what to call after.
	Decoding func() (done func())
	// Guard runs f, turning a fault on reading a mapped spec into an error; nil runs f.
	Guard func(f func()) error
}

// Store is the catalog cache in its directory.
type Store struct{ Options }

// Open returns the cache to use, or nil when no directory is named (caching is off).
func Open(o Options) *Store {
	if o.Dir == "" {
		return nil
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	return &Store{o}
}

// DefaultDir is the cache directory a command uses: ASKAPI_CACHE_DIR, else the user
// cache directory's askapi folder; "" (no cache) when ASKAPI_CACHE=off or there is none.
func DefaultDir() string {
	if strings.EqualFold(os.Getenv("ASKAPI_CACHE"), "off") {
		return ""
	}
	if dir := os.Getenv("ASKAPI_CACHE_DIR"); dir != "" {
		return dir
	}
	base, err := os.UserCacheDir()
	if err != nil {
		return ""
	}
	return filepath.Join(base, "askapi")
}

// Key names the entry for a spec: its bytes, where it came from (warnings name the
// source), askapi's version, the cache format and the options that change the catalog.
func (c *Store) Key(data []byte, source string) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%t\x00", cacheFormat, c.Version, executableStamp(), source, c.ExternalRefs)
	if len(data) <= keyChunk {
		h.Write(data)
		return hex.EncodeToString(h.Sum(nil))
	}
	// A large spec is hashed as a tree: the digests of its fixed-size chunks, computed
	// across the cores, then hashed in order with its length. The chunk size, not the
	// number of cores, fixes the key.
	n := (len(data) + keyChunk - 1) / keyChunk
	sums := make([][sha256.Size]byte, n)
	tools.Parallel(n, func(i int) {
		// A mapped spec file that shrinks faults here; the compile that follows reads the
		// same bytes and reports it, so a chunk left unhashed is never cached.
		sum := func() { sums[i] = sha256.Sum256(data[i*keyChunk : min(len(data), (i+1)*keyChunk)]) }
		if c.Guard == nil {
			sum()
			return
		}
		_ = c.Guard(sum)
	})
	fmt.Fprintf(h, "tree\x00%d\x00", len(data))
	for i := range sums {
		h.Write(sums[i][:])
	}
	return hex.EncodeToString(h.Sum(nil))
}

// keyChunk is the chunk size of key's tree hash.
const keyChunk = 1 << 20

// executableStamp identifies the running binary (path, size, modification time), so a
// rebuilt askapi with an unchanged version string never reads entries of another build.
var executableStamp = sync.OnceValue(func() string {
	exe, err := os.Executable()
	if err != nil {
		return ""
	}
	fi, err := os.Stat(exe)
	if err != nil {
		return exe
	}
	return fmt.Sprintf("%s\x00%d\x00%d", exe, fi.Size(), fi.ModTime().UnixNano())
})

func (c *Store) path(key string) string { return filepath.Join(c.Dir, key+".cat") }

// Get returns the cached catalog, or nil on a miss or an unreadable entry.
func (c *Store) Get(key string, census func(heads *tools.Catalog)) *tools.Catalog {
	f, err := os.Open(c.path(key))
	if err != nil {
		if !errors.Is(err, os.ErrNotExist) {
			c.Log.Debug("catalog cache: cannot open entry", "key", key, "err", err)
		}
		return nil
	}
	defer f.Close()
	data, err := readEntry(f)
	if err != nil {
		c.Log.Debug("catalog cache: ignoring unreadable entry", "key", key, "err", err)
		return nil
	}
	cat, err := DecodeCatalog(data, census, c.Decoding)
	if err != nil {
		c.Log.Debug("catalog cache: ignoring unreadable entry", "key", key, "err", err)
		return nil
	}
	return cat
}

// Put writes an entry atomically: a temporary file renamed into place.
func (c *Store) Put(key string, cat *tools.Catalog) {
	if err := c.write(key, cat); err != nil {
		c.Log.Debug("catalog cache: cannot write entry", "key", key, "err", err)
		return
	}
	c.Prune()
}

// MaxCacheEntries bounds the cache: every spec version and askapi build has its own
// entry, and a file spec an alias of it (cachestat.go), so the least recently written
// ones go. An alias is a hard link: it shares its entry's time and so mostly goes with it,
// and one left behind still reads as a whole entry.
const MaxCacheEntries = 64

func (c *Store) Prune() {
	entries, err := filepath.Glob(filepath.Join(c.Dir, "*.cat"))
	if err != nil || len(entries) <= MaxCacheEntries {
		return
	}
	type entry struct {
		path string
		mod  int64
	}
	var list []entry
	for _, p := range entries {
		if fi, err := os.Stat(p); err == nil {
			list = append(list, entry{p, fi.ModTime().UnixNano()})
		}
	}
	sort.Slice(list, func(i, j int) bool { return list[i].mod > list[j].mod })
	for _, e := range list[min(len(list), MaxCacheEntries):] {
		if err := os.Remove(e.path); err != nil {
			c.Log.Debug("catalog cache: cannot remove old entry", "path", e.path, "err", err)
		}
	}
}

func (c *Store) write(key string, cat *tools.Catalog) error {
	if err := os.MkdirAll(c.Dir, 0o700); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(c.Dir, key+".tmp*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name()) // a no-op once renamed
	w := bufio.NewWriterSize(tmp, 1<<16)
	if err := EncodeCatalog(w, cat); err != nil {
		tmp.Close()
		return err
	}
	if err := w.Flush(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), c.path(key))
}

// readEntry reads a whole entry, allocating once, refusing one over maxCacheEntry.
func readEntry(f *os.File) ([]byte, error) {
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() > maxCacheEntry {
		return nil, errors.New("entry larger than the cap")
	}
	data := make([]byte, fi.Size())
	if _, err := io.ReadFull(f, data); err != nil {
		return nil, err
	}
	return data, nil
}

package main

import (
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/askapi/askapi/tools/openapi"
)

// spec is one file to run, and its name in the report (relative to -dir).
type spec struct {
	Path, Name string
	Bytes      int64
}

// specFiles walks dir for spec files, in lexical order; a file is taken as it is.
func specFiles(dir string) ([]spec, error) {
	info, err := os.Stat(dir)
	if err != nil {
		return nil, err
	}
	if !info.IsDir() {
		return []spec{{Path: dir, Name: filepath.Base(dir), Bytes: info.Size()}}, nil
	}
	var out []spec
	err = filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && path != dir && (strings.HasPrefix(d.Name(), ".") || d.Name() == "node_modules") {
			return filepath.SkipDir
		}
		if d.IsDir() || !openapi.LooksLikeSpec(path) {
			return nil
		}
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			rel = path
		}
		var size int64
		if fi, err := d.Info(); err == nil {
			size = fi.Size()
		}
		out = append(out, spec{Path: path, Name: filepath.ToSlash(rel), Bytes: size})
		return nil
	})
	return out, err
}

// sample draws n specs with a seeded generator, kept in lexical order: the same corpus
// and seed give the same sample. n <= 0 or n >= len(all) keeps all.
func sample(all []spec, n int, seed uint64) []spec {
	if n <= 0 || n >= len(all) {
		return all
	}
	idx := rand.New(rand.NewPCG(seed, 0x61736b617069)).Perm(len(all))[:n]
	sort.Ints(idx)
	out := make([]spec, n)
	for i, j := range idx {
		out[i] = all[j]
	}
	return out
}

package main

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// The English reader's size (issue 28): how many word tables, entries, regular
// expressions and synonym groups the Go files of a package hold, and their lines. A word
// table is a package-level variable or constant whose value lists words: a map literal
// keyed by strings, a call to a helper given string literals (stemSet("a", "b")), or a
// constant of words joined by "|" (a regular expression's alternatives). Test files are
// left out.

// readerSize is one count.
type readerSize struct {
	tables, entries, regexps, groups, lines int
	names                                   []string
}

// measureReader counts the tables of the non-test Go files of dir, plus the synonym groups
// of its synonyms.txt; files, when given, limits the count to those base names.
func measureReader(dir string, files map[string]bool) (readerSize, error) {
	var s readerSize
	paths, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return s, err
	}
	fset := token.NewFileSet()
	for _, p := range paths {
		base := filepath.Base(p)
		if strings.HasSuffix(base, "_test.go") || files != nil && !files[base] {
			continue
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return s, err
		}
		s.lines += strings.Count(string(src), "\n")
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			return s, fmt.Errorf("parse %s: %w", p, err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			if call, ok := n.(*ast.CallExpr); ok {
				if sel, ok := call.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "MustCompile" {
					s.regexps++
				}
			}
			return true
		})
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || (gen.Tok != token.VAR && gen.Tok != token.CONST) {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, v := range vs.Values {
					if n := wordEntries(v); n > 0 && i < len(vs.Names) {
						s.tables++
						s.entries += n
						s.names = append(s.names, fmt.Sprintf("%s:%s(%d)", base, vs.Names[i].Name, n))
					}
				}
			}
		}
	}
	if files == nil || files["synonyms.txt"] {
		if data, err := os.ReadFile(filepath.Join(dir, "synonyms.txt")); err == nil {
			s.lines += strings.Count(string(data), "\n")
			for _, line := range strings.Split(string(data), "\n") {
				if line = strings.TrimSpace(line); line != "" && !strings.HasPrefix(line, "#") {
					s.groups++
				}
			}
		}
	}
	sort.Strings(s.names)
	return s, nil
}

// wordEntries is how many words a table's value lists, 0 when it is no word table.
func wordEntries(v ast.Expr) int {
	switch x := v.(type) {
	case *ast.CompositeLit:
		if m, ok := x.Type.(*ast.MapType); ok {
			if id, ok := m.Key.(*ast.Ident); ok && id.Name == "string" && len(x.Elts) > 0 {
				if kv, ok := x.Elts[0].(*ast.KeyValueExpr); ok {
					if lit, ok := kv.Key.(*ast.BasicLit); ok && lit.Kind == token.STRING {
						return mapEntries(x.Elts)
					}
				}
			}
		}
	case *ast.CallExpr:
		n := 0
		for _, a := range x.Args {
			lit, ok := a.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return 0
			}
			n++
		}
		if n >= 3 {
			return n
		}
	case *ast.BasicLit:
		if x.Kind == token.STRING {
			if s, err := strconv.Unquote(x.Value); err == nil && strings.Count(s, "|") >= 2 &&
				!strings.ContainsAny(s, `()[]\^$*+`) {
				return strings.Count(s, "|") + 1
			}
		}
	}
	return 0
}

// mapEntries counts a map's keys, or, where a value is words separated by spaces
// ("POST": "create add new"), those words.
func mapEntries(elts []ast.Expr) int {
	n := 0
	for _, e := range elts {
		kv, _ := e.(*ast.KeyValueExpr)
		lit, ok := kv.Value.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			n++
			continue
		}
		v, err := strconv.Unquote(lit.Value)
		if err != nil || !strings.Contains(v, " ") {
			n++
			continue
		}
		n += len(strings.Fields(v))
	}
	return n
}

// findSide are the files of find_operations' reading of words (reverse/).
var findSide = map[string]bool{"search.go": true, "support.go": true, "phrasing.go": true, "synonyms.go": true,
	"synonyms.txt": true, "irregular.go": true, "runs.go": true, "compound.go": true, "termsets.go": true,
	"bm25f.go": true, "reading.go": true, "lists.go": true, "generic.go": true}

// printReaderSize prints the counts for the whole package and for its find side.
func printReaderSize(dir string, list bool) error {
	for _, scope := range []struct {
		name  string
		files map[string]bool
	}{{"whole package", nil}, {"find side", findSide}} {
		s, err := measureReader(dir, scope.files)
		if err != nil {
			return err
		}
		fmt.Printf("%s (%s): %d word tables, %d entries, %d regular expressions, %d synonym groups, %d lines\n",
			dir, scope.name, s.tables, s.entries, s.regexps, s.groups, s.lines)
		if list {
			for _, n := range s.names {
				fmt.Println("  ", n)
			}
		}
	}
	return nil
}

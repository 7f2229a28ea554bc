package openapi

import (
	"maps"
	"sort"
	"strings"

	"github.com/askapi/askapi/tools"
	"github.com/go-openapi/jsonpointer"
)

// bindPathQueries rewrites, on the normalised tree, the parameters of every path key with
// a query text: the parameter a "name={var}" pair names becomes (or, when nothing declares
// it, is added as) the optional query parameter "name"; a pair whose key is a variable
// cannot be sent, so its parameter is dropped; a query parameter named like a constant pair
// is dropped too, the pair being always sent (obs's "?view=status" beside a declared view).
// Each change is a warning.
func bindPathQueries(n *normaliser) {
	paths, _ := n.root["paths"].(map[string]any)
	keys := make([]string, 0)
	for k := range paths {
		if strings.Contains(k, "?") {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, p := range keys {
		item, ok := n.deref(paths[p])
		if !ok {
			continue
		}
		if ref, isRef := paths[p].(map[string]any)["$ref"]; isRef && ref != nil {
			item = maps.Clone(item) // a shared path item stays as the other key uses it
			paths[p] = item
		}
		n.path = append(n.path[:0], "paths", jsonpointer.Escape(p))
		_, query := tools.SplitRoute(p)
		pairs := tools.TemplatePairs(query)
		for _, method := range checkMethods {
			op, ok := item[method].(map[string]any)
			if !ok {
				continue
			}
			n.push(method)
			n.bindOperationQuery(item, op, pairs)
			n.pop()
		}
		// The path item's own parameters now live in each operation (bindOperationQuery
		// copied them there, rewritten).
		delete(item, "parameters")
	}
	n.path = n.path[:0]
}

// bindOperationQuery gives op its own copy of the parameters it inherits, rewritten for
// the pairs of its path key's query text.
func (n *normaliser) bindOperationQuery(item, op map[string]any, pairs []tools.TemplatePair) {
	own, _ := op["parameters"].([]any)
	shared, _ := item["parameters"].([]any)
	type slot struct{ name, in string }
	var list []map[string]any
	seen := map[slot]bool{}
	for _, src := range [][]any{own, shared} { // an operation's own parameter wins
		for _, e := range src {
			prm, ok := n.deref(e)
			if !ok {
				continue
			}
			name, _ := prm["name"].(string)
			in, _ := prm["in"].(string)
			if seen[slot{name, in}] {
				continue
			}
			seen[slot{name, in}] = true
			list = append(list, maps.Clone(prm))
		}
	}
	find := func(name string) (map[string]any, int) {
		for i, prm := range list {
			if prm["name"] == name && (prm["in"] == "path" || prm["in"] == "query") {
				return prm, i
			}
		}
		return nil, -1
	}
	drop := map[int]bool{}
	for _, pr := range pairs {
		switch {
		case pr.Constant():
			for i, prm := range list {
				if prm["in"] == "query" && prm["name"] == pr.Key && !drop[i] {
					drop[i] = true
					n.warnf("left out the query parameter %q: the path key always sends %q", pr.Key, pr.Key+"="+pr.Value)
				}
			}
		case pr.Variable != "" && !strings.ContainsAny(pr.Key, "{}") && pr.Key != "":
			prm, _ := find(pr.Variable)
			if prm == nil {
				prm = map[string]any{"name": pr.Key, "in": "query"}
				if n.g == grammarV2 {
					prm["type"] = "string"
				} else {
					prm["schema"] = map[string]any{"type": "string"}
				}
				list = append(list, prm)
				n.warnf("query variable {%s} of the path key to the query parameter %q", pr.Variable, pr.Key)
				continue
			}
			if prm["in"] == "path" {
				delete(prm, "required") // forced true for a path parameter: no word of the author's
			}
			prm["in"], prm["name"] = "query", pr.Key
			n.warnf("query variable {%s} of the path key to the query parameter %q", pr.Variable, pr.Key)
		default:
			// "{search}=1": a parameter whose name varies cannot be sent.
			for _, v := range templateVars(pr.Key + "=" + pr.Value) {
				if prm, i := find(v); prm != nil && prm["in"] == "path" {
					drop[i] = true
				}
			}
			n.warnf("left out %q of the path key: a query parameter whose name is a variable cannot be sent", pr.Key+"="+pr.Value)
		}
	}
	out := make([]any, 0, len(list))
	for i, prm := range list {
		if !drop[i] {
			out = append(out, prm)
		}
	}
	op["parameters"] = out
	n.changed = true
}

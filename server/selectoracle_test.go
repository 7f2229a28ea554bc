package server

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/mark3labs/mcp-go/client"

	"github.com/askapi/askapi/tools"
	"github.com/askapi/askapi/tools/secret"
	"github.com/askapi/askapi/tools/upstream"
)

const oracleSecret = "sk-live-SECRET123456"

// oracleAnswer is what GET /me answers: the configured key as a value, inside longer
// strings, as an object key, in a list, in JSON held in a string, beside values that are
// not secret.
func oracleAnswer(key string) []byte {
	v := map[string]any{
		"id": 1, "name": "me", "api_key": key, "header": "Bearer " + key,
		"list":   []any{"a", key, "b", 3},
		"nested": map[string]any{"token": key, "json": `{"k":"` + key + `"}`, "depth": map[string]any{"k2": key}},
		"byKey":  map[string]any{key: 1, "other": 2},
		"users": []any{
			map[string]any{"id": 1, "api_key": key, "plan": "pro"},
			map[string]any{"id": 2, "api_key": "pk-other-0001", "plan": "free"},
		},
		"count": 12,
	}
	data, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return data
}

// oracleQueries are 200 _select paths of every GJSON form: matching and not, @this,
// modifiers, wildcards, comparisons, multipaths, and a prefix probe for each character
// of the key (the attack: whether "#(api_key%\"sk-l*\")" matched read the key).
func oracleQueries() []string {
	q := []string{
		"api_key", "header", "list", "list.1", "list.#", "nested.token", "nested.json", "nested.depth.k2", "byKey", "byKey.other",
		"users", "users.#.api_key", "users.0.api_key", "count", "id", "name", "missing", "list.9", "nested.none", "users.5.id",
		"@this", "[@this]", "@this|api_key", "[@this]|#.api_key", "@this|@keys", "@this|@values", "@reverse", "list|@reverse",
		"@ugly", "@pretty", "nested|@pretty", "@valid", "list|@flatten", "users|@flatten", "nested|@join", "users|@join", "@keys", "@values",
		"api_key|@tostr", "api_key|@tostr|@tostr", "api_key|@tostr|@tostr|@tostr", "nested.json|@fromstr", "nested.json|@fromstr|k",
		"@this|@tostr", "users|@group", "@dig:api_key", "@dig:k2", "@dig:token", "nested.@reverse", "header|@tostr",
		"api_*", "*.token", "nes?ed.token", "nested.*", "byKey.*", "*", "us*.#.api_key", "list.#(%\"sk*\")", "list.#(%\"*SECRET*\")#", "list.#(!%\"sk*\")#",
		"users.#(api_key==\"" + oracleSecret + "\").id", "users.#(api_key!=\"x\")#.id", "users.#(api_key>\"s\")#.id", "users.#(api_key<\"t\")#.id",
		"users.#(api_key>=\"sk-live-S\")#.id", "users.#(api_key<=\"sk-live-S\")#.id", "users.#(api_key%\"sk-*\")#.id", "users.#(api_key!%\"sk-*\")#.id",
		"users.#(plan==\"pro\").api_key", "users.#(id==1).api_key", "users.#(id>0)#.api_key", "[@this]|#(api_key==\"" + oracleSecret + "\").id",
		"[@this]|#(api_key%\"sk-l*\").id", "[@this]|#(api_key%\"x*\").id", "[@this]|#(header%\"Bearer sk*\").id", "[@this]|#(nested.token>\"s\").id",
		"{api_key,id}", "[api_key,nested.token]", "{a:api_key,b:header,c:list.1}", "[list.#,users.#]", "{\"k\":byKey}", "byKey.@keys", "byKey|@keys",
		"byKey." + upstream.GJSONKey(oracleSecret), "byKey.sk-live-*", "byKey.[redacted]", "byKey.\\[redacted\\]", "sk-live-*", "*SECRET*", "list.#(==\"" + oracleSecret + "\")",
		"list.#(==\"[redacted]\")", "list.#(%\"[red*\")", "nested.json|@fromstr|k|@tostr", "header|@reverse", "@this|@ugly|@tostr", "count|@tostr",
		"!true", "!\"x\"", "users.#.plan|@reverse", "users|@reverse|0.api_key", "list|@join", "users.1", "nested.depth", "nested.depth.*",
	}
	// A prefix probe per character of the key, a true one and a false one.
	for k := 1; k <= len(oracleSecret); k++ {
		q = append(q, fmt.Sprintf(`[@this]|#(api_key%%"%s*").id`, oracleSecret[:k]))
		q = append(q, fmt.Sprintf(`users.#(api_key%%"%s*")#.id`, oracleSecret[:k-1]+"#"))
		q = append(q, fmt.Sprintf(`list.#(>"%s")#`, oracleSecret[:k]))
	}
	for len(q) < 200 {
		q = append(q, fmt.Sprintf("users.#(id==%d).api_key", len(q)))
	}
	return q[:200]
}

// What _select and _compact read is the answer with its secrets hidden: none of 200
// queries answers differently for an answer holding the key than for one holding
// "[redacted]" where the key was. (They did: a 20-character key was read in 49 calls.)
func TestSelectIsNoOracleForASecret(t *testing.T) {
	connect := func(answer []byte) *client.Client {
		up := newStubUpstream(t, probeRoutes(map[string]http.HandlerFunc{
			"/me": func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write(answer)
			},
		}))
		return connectInProcess(t, probePipeline(t, probeOptions(up.URL, "ASKAPI_API_KEY="+oracleSecret)), nil, "")
	}
	// The same bytes, the mark written where the key was: key order and all.
	answer := oracleAnswer(oracleSecret)
	withKey := connect(answer)
	withMark := connect(bytes.ReplaceAll(answer, []byte(oracleSecret), []byte(secret.RedactedMark)))
	queries := oracleQueries()
	if len(queries) != 200 {
		t.Fatalf("%d queries", len(queries))
	}
	seen := func(c *client.Client, args map[string]any) map[string]any {
		_, res := mcpCall(t, c, "getMe", args)
		data, _ := json.Marshal(res.StructuredContent)
		var v map[string]any
		_ = json.Unmarshal(data, &v)
		delete(v, "calls") // the stubs' ports differ
		return v
	}
	differ := 0
	for from := 0; from < len(queries); from += tools.MaxSelectPaths {
		batch := queries[from:min(from+tools.MaxSelectPaths, len(queries))]
		for _, compact := range []bool{false, true} {
			args := map[string]any{"_select": batch, "_compact": compact}
			a, b := seen(withKey, args), seen(withMark, args)
			ja, _ := json.Marshal(a)
			jb, _ := json.Marshal(b)
			if string(ja) == string(jb) {
				continue
			}
			bodyA, _ := a["body"].(map[string]any)
			bodyB, _ := b["body"].(map[string]any)
			for _, path := range batch {
				va, _ := json.Marshal(bodyA[path])
				vb, _ := json.Marshal(bodyB[path])
				if string(va) != string(vb) {
					differ++
					t.Errorf("_select %q (compact %v): %s with the key, %s with the mark", path, compact, va, vb)
				}
			}
			if differ == 0 {
				t.Errorf("answers differ beyond the body (compact %v):\nkey:  %s\nmark: %s", compact, ja, jb)
			}
		}
		if t.Failed() && differ > 20 {
			t.Fatalf("%d queries tell the key from the mark; stopping", differ)
		}
	}
	// Whole answers too: _compact alone, and no shaping.
	for _, args := range []map[string]any{{"_compact": true}, {}} {
		ja, _ := json.Marshal(seen(withKey, args))
		jb, _ := json.Marshal(seen(withMark, args))
		if string(ja) != string(jb) {
			t.Errorf("%v: answers differ:\nkey:  %s\nmark: %s", args, ja, jb)
		}
	}
}

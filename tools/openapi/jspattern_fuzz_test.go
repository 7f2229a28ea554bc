package openapi

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"
	"unicode/utf8"
)

// jsRegExp runs JavaScript's RegExp in "u" mode (Ajv's mode) in one long-lived node
// process, one JSON line per question: does the pattern compile, and does it match each
// subject. A match runs under vm's timeout, so a pattern that backtracks for ever gives
// no answer rather than a hung fuzzer.
type jsRegExp struct {
	mu    sync.Mutex
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string
}

const jsRegExpScript = `
const vm = require("vm");
const ctx = vm.createContext({});
const run = new vm.Script("s.map(x => r.test(x))");
require("readline").createInterface({input: process.stdin}).on("line", line => {
  const q = JSON.parse(line);
  let out;
  try {
    ctx.r = new RegExp(q.p, "u");
  } catch (e) {
    out = {ok: false};
  }
  if (!out) {
    ctx.s = q.s;
    try {
      out = {ok: true, m: run.runInContext(ctx, {timeout: 250})};
    } catch (e) {
      out = {ok: true, timeout: true};
    }
  }
  process.stdout.write(JSON.stringify(out) + "\n");
});`

type jsAnswer struct {
	OK      bool   `json:"ok"`
	M       []bool `json:"m"`
	Timeout bool   `json:"timeout"`
}

var (
	jsOnce   sync.Once
	jsShared *jsRegExp
)

// nodeRegExp returns the shared node process, nil (after skipping nothing) when node is
// not installed; under CI it must be.
func nodeRegExp(t testing.TB) *jsRegExp {
	jsOnce.Do(func() {
		node, err := exec.LookPath("node")
		if err != nil {
			return
		}
		js := &jsRegExp{}
		if js.start(node) == nil {
			jsShared = js
		}
	})
	if jsShared == nil && os.Getenv("CI") == "true" {
		t.Fatal("node is needed to check patterns against JavaScript's RegExp (CI=true)")
	}
	return jsShared
}

func (js *jsRegExp) start(node string) error {
	cmd := exec.Command(node, "-e", jsRegExpScript)
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		return err
	}
	lines := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	js.cmd, js.in, js.lines = cmd, in, lines
	return nil
}

// ask returns node's answer; ok is false when node gave none in time (it is restarted).
func (js *jsRegExp) ask(pattern string, subjects []string) (jsAnswer, bool) {
	js.mu.Lock()
	defer js.mu.Unlock()
	q, _ := json.Marshal(map[string]any{"p": pattern, "s": subjects})
	var a jsAnswer
	if _, err := js.in.Write(append(q, '\n')); err == nil {
		select {
		case line, open := <-js.lines:
			if open && json.Unmarshal([]byte(line), &a) == nil {
				return a, true
			}
		case <-time.After(10 * time.Second):
		}
	}
	// No answer: start again, and give none for this pattern.
	js.in.Close()
	js.cmd.Process.Kill()
	js.cmd.Wait()
	js.start(js.cmd.Path)
	return a, false
}

// witnesses are strings Go's reading of a pattern should match: built from its syntax
// tree (a literal's text, a class's first and last character, each alternative, a
// repeat's least count...), a few of each. Where JavaScript reads the pattern otherwise
// ("[][]0": two empty classes, where Go's first class holds ']' and '['), one of them
// shows it. Those holding a character the two engines read apart on purpose are left out.
func witnesses(pattern string) []string {
	re, err := syntax.Parse(pattern, syntax.Perl)
	if err != nil {
		return nil
	}
	var out []string
	for _, w := range witnessesOf(re) {
		if sameToBoth(w) {
			out = append(out, w)
		}
	}
	return out
}

const maxWitnesses, maxWitnessLen = 8, 32

func witnessesOf(re *syntax.Regexp) []string {
	switch re.Op {
	case syntax.OpNoMatch:
		return nil
	case syntax.OpLiteral:
		return []string{string(re.Rune)}
	case syntax.OpCharClass:
		var out []string
		for i := 0; i+1 < len(re.Rune) && len(out) < 3; i += 2 {
			out = append(out, string(re.Rune[i]))
		}
		if n := len(re.Rune); n >= 2 {
			out = append(out, string(re.Rune[n-1]))
		}
		return out
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		return []string{"a"}
	case syntax.OpCapture:
		return witnessesOf(re.Sub[0])
	case syntax.OpStar, syntax.OpQuest:
		return capWitnesses(append([]string{""}, witnessesOf(re.Sub[0])...))
	case syntax.OpPlus:
		return witnessesOf(re.Sub[0])
	case syntax.OpRepeat:
		sub := witnessesOf(re.Sub[0])
		if re.Min == 0 {
			return capWitnesses(append([]string{""}, sub...))
		}
		var out []string
		for _, w := range sub {
			out = append(out, strings.Repeat(w, min(re.Min, maxWitnessLen)))
		}
		return capWitnesses(out)
	case syntax.OpConcat:
		out := []string{""}
		for _, sub := range re.Sub {
			var next []string
			for _, a := range out {
				for _, b := range witnessesOf(sub) {
					next = append(next, a+b)
				}
			}
			out = capWitnesses(next)
		}
		return out
	case syntax.OpAlternate:
		var out []string
		for _, sub := range re.Sub {
			out = append(out, witnessesOf(sub)...)
		}
		return capWitnesses(out)
	}
	return []string{""} // empty matches and assertions
}

func capWitnesses(ws []string) []string {
	var out []string
	for _, w := range ws {
		if len(w) <= maxWitnessLen && !slices.Contains(out, w) {
			out = append(out, w)
		}
		if len(out) == maxWitnesses {
			break
		}
	}
	return out
}

// sameToBoth reports a subject free of what JavaScript and Go read apart whatever the
// pattern: \r (JavaScript's "." stops there), \v and Unicode spaces (JavaScript's \s),
// line and paragraph separators, and invalid UTF-8.
func sameToBoth(s string) bool {
	if !utf8.ValidString(s) {
		return false
	}
	for _, r := range s {
		if r == '\r' || r == '\v' || r == 0x85 || r == 0x2028 || r == 0x2029 || (r > 0x7f && unicode.IsSpace(r)) || r == 0xfeff {
			return false
		}
	}
	return true
}

// fuzzSubjects are the strings both engines match a pattern against: fixed ones, and the
// fuzzer's own, kept to characters both engines read alike (no \r or \v: JavaScript's
// "." stops at \r and its \s takes \v; short, so a backtracking match ends).
func fuzzSubjects(s string) []string {
	out := []string{"", "a", "Z9_", " ", "\n", "é日😀", "-]", "abcabc", "2024-01-31", "a.b@c"}
	var b strings.Builder
	for _, r := range s {
		if (r >= 0x20 && r < 0x7f) || r == '\t' || r == '\n' || r == '\f' {
			b.WriteRune(r)
		}
		if b.Len() >= 8 {
			break
		}
	}
	return append(out, b.String())
}

// FuzzJSCompatiblePattern checks the JS-pattern checker on any pattern. Invariants:
//   - it never panics, and is total (it answers for patterns Go refuses too, unread);
//   - on a pattern Go's regexp accepts (its domain): a pattern it accepts compiles in
//     JavaScript (node's RegExp in "u" mode), and is accepted as a group and (without
//     named groups, whose names may not repeat) as an alternative of itself;
//   - on a pattern Go and JavaScript both compile: if the checker keeps it, both engines
//     match the same subjects (fixed ones, the fuzzer's, and witnesses built from Go's
//     reading of the pattern) (a kept pattern means to the client what it means to
//     askapi's validation); if it refuses it, the engines differ on some subject, or the
//     pattern holds what they read apart (a count with a leading zero, a class opening
//     with ], a POSIX class), so no constraint is dropped for nothing.
//
// Without node only the first invariants are checked; CI has node.
func FuzzJSCompatiblePattern(f *testing.F) {
	for _, p := range []string{`^[a-z]+$`, `^v\-[0-9]+$`, `(?i)abc`, `\p{L}+`, `[\d-z]`, `a{2,}`, `a{,2}`, `[[:alpha:]]`, `(?<year>\d{4})`, `\x41\u0041`} {
		f.Add(p, "abc")
	}
	f.Fuzz(func(t *testing.T, pattern, subject string) {
		verdict := JSCompatiblePattern(pattern)
		re, err := regexp.Compile(pattern)
		if err != nil {
			return // outside the checker's domain: keepPattern never asks
		}
		if verdict {
			qs := []string{"(?:" + pattern + ")"}
			// A named group twice is a duplicate name, which JavaScript refuses even
			// in two alternatives (node 20's V8), so only an unnamed pattern is doubled.
			if !strings.Contains(pattern, "(?<") {
				qs = append(qs, pattern+"|"+pattern)
			}
			for _, q := range qs {
				if _, err := regexp.Compile(q); err == nil && !JSCompatiblePattern(q) {
					t.Fatalf("%q is accepted, but not %q", pattern, q)
				}
			}
		}
		js := nodeRegExp(t)
		if js == nil {
			return
		}
		subjects := append(fuzzSubjects(subject), witnesses(pattern)...)
		a, answered := js.ask(pattern, subjects)
		if !answered {
			t.Logf("node gave no answer for %q", pattern)
			return
		}
		if verdict && !a.OK {
			t.Fatalf("JSCompatiblePattern(%q) = true, but JavaScript's RegExp in u mode refuses it", pattern)
		}
		if !a.OK || a.Timeout {
			return
		}
		differs := ""
		for i, s := range subjects {
			if got := re.MatchString(s); got != a.M[i] {
				differs = fmt.Sprintf("on %q Go's regexp says %v and JavaScript's %v", s, got, a.M[i])
				break
			}
		}
		switch {
		case verdict && differs != "":
			t.Fatalf("pattern %q kept, but %s", pattern, differs)
		case !verdict && differs == "" && !readApart.MatchString(pattern):
			// Refused although both engines read it alike: a constraint lost for nothing.
			// (What readApart finds is refused on purpose, even where no subject shows it:
			// "$[][]" matches nothing in either engine.)
			t.Fatalf("JSCompatiblePattern(%q) = false, but JavaScript's RegExp in u mode compiles it and matches as Go does", pattern)
		}
	})
}

// readApart finds what the two engines read differently, which the checker refuses on
// purpose: a brace count with a leading zero (JavaScript's quantifier, Go's text), a
// class opening with ] (JavaScript's empty class, Go's ']' member), a POSIX class.
var readApart = regexp.MustCompile(`\{0[0-9]|\{[0-9]+,0[0-9]|\[\^?\]|\[:.*:\]`)

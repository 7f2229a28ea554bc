package demo

import (
	"context"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/askapi/askapi/e2e"
)

// TestDemo runs `askapi demo` from a freshly built binary and checks that every scene
// ends the way the script says: statuses, the options offered and the final values.
func TestDemo(t *testing.T) {
	bin := e2e.BuildAskapi(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	start := time.Now()
	out, err := exec.CommandContext(ctx, bin, "demo").CombinedOutput()
	if err != nil {
		t.Fatalf("askapi demo: %v\n%s", err, out)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("askapi demo took %v; it must run in a few seconds", d)
	}
	text := string(out)
	scenes := strings.Split(text, "\n── ")
	if len(scenes) != 5 {
		t.Fatalf("want an introduction and 4 scenes, got %d parts:\n%s", len(scenes), text)
	}
	checks := []struct {
		scene int
		want  []string // in order
	}{
		{0, []string{"sample team directory API runs on http://127.0.0.1:", "Tools offered:", "getPerson", "listPersonProjects"}},
		{1, []string{
			"A call answered",
			"user:      Who is Ada Lovelace?",
			`calls getPerson(person_id: "Ada Lovelace")`,
			"askapi:    ok (HTTP 200)",
			`resolved person_id: "Ada Lovelace" → 101 via GET /people`,
			"GET /people?q=Ada Lovelace, GET /people/101",
			"Ada Lovelace is a staff engineer on the platform team (id 101).",
		}},
		{2, []string{
			"A missing argument asked for",
			`calls createProject(name: "Atlas")`,
			"askapi:    needs_clarification",
			"question on team (missing)",
			`option "platform"`, `option "design"`, `option "mobile"`,
			"continuation:",
			`calls createProject(name: "Atlas", team: "platform") again, passing back the continuation`,
			"askapi:    ok (HTTP 201)",
			"upstream calls: POST /projects",
			`project #5 "Atlas" was created for the platform team.`,
		}},
		{3, []string{
			"An ambiguous name",
			`calls listPersonProjects(person_id: "Sam")`,
			"askapi:    needs_clarification",
			"looked up: GET /people?q=Sam",
			"question on person_id (ambiguous)",
			"option 102: Sam Carter",
			"option 103: Sam Okafor",
			"calls listPersonProjects(person_id: 103) again",
			"askapi:    ok (HTTP 200)",
			"upstream calls: GET /people/103/projects",
			"works on Design system (design).",
		}},
		{4, []string{
			"A typo caught",
			`calls listPersonProjects(person_id: "Grace Hoper")`,
			"askapi:    needs_clarification",
			"question on person_id (not_found)",
			`calls listPersonProjects(person_id: "Grace Hopper") again`,
			"askapi:    ok (HTTP 200)",
			`resolved person_id: "Grace Hopper" → 104`,
			"works on Design system (design), Offline mode (mobile).",
			"askapi serve --spec /path/to/your/openapi.yaml --base-url https://api.example.com",
		}},
	}
	for _, c := range checks {
		rest := scenes[c.scene]
		for _, w := range c.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("scene %d: %q missing (or out of order) in:\n%s", c.scene, w, scenes[c.scene])
				break
			}
			rest = rest[i+len(w):]
		}
	}
	// The ambiguous scene must not have sent anything for Sam before the choice.
	if strings.Contains(scenes[3], "GET /people/102") {
		t.Errorf("scene 3 called the API for the Sam the user did not choose:\n%s", scenes[3])
	}
}

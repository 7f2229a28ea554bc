package eval

import (
	"encoding/json"
	"strings"
	"testing"
)

func ptr[T any](v T) *T { return &v }

// turn builds a TurnResult as the runner would from an envelope.
func turn(n int, op, status string, qs ...Question) TurnResult {
	structured := map[string]any{"status": status}
	if len(qs) > 0 {
		var list []any
		for _, q := range qs {
			list = append(list, map[string]any{"field": q.Field, "kind": q.Kind})
		}
		structured["questions"] = list
	}
	return TurnResult{Turn: n, op: op, Status: status, Questions: qs, Structured: structured}
}

func jennifer() *Case {
	return &Case{
		ID: "c", Category: "IMR",
		Turns: []Turn{
			{Tool: "GET /person/{person_id}/movie_credits", Expect: Expect{Status: statusNeeds, Questions: []WantQuestion{{Field: "person_id", Kind: "ambiguous"}}}},
			{Answers: map[string]any{"person_id": 72129}, Expect: Expect{Status: "ok", Body: json.RawMessage(`{"id":72129}`)}},
		},
		GoldCalls: []Call{
			{Method: "GET", Path: "/search/person", Query: map[string]any{"query": "Jennifer"}},
			{Method: "GET", Path: "/person/72129/movie_credits"},
		},
	}
}

func goodRequests() []Request {
	return []Request{
		{Turn: 0, Method: "GET", Path: "/search/person", RawPath: "/search/person", Query: map[string][]string{"query": {"Jennifer"}}},
		{Turn: 1, Method: "GET", Path: "/person/72129/movie_credits", RawPath: "/person/72129/movie_credits"},
	}
}

func TestScore(t *testing.T) {
	op := "GET /person/{person_id}/movie_credits"
	okTurn := func() TurnResult {
		tr := turn(2, op, "ok")
		tr.Structured["body"] = map[string]any{"id": 72129.0}
		return tr
	}
	tests := []struct {
		name       string
		turns      []TurnResult
		requests   []Request
		env        map[string]string
		a1, a2, a3 bool
		re, steps  int
		violations int
	}{
		{
			name:     "asks the expected question, then answers",
			turns:    []TurnResult{turn(1, op, statusNeeds, Question{Field: "person_id", Kind: "ambiguous"}), okTurn()},
			requests: goodRequests(),
			a1:       true, a2: true, a3: true, steps: 3,
		},
		{
			name:     "an extra question counts in Re, the first one decides A1",
			turns:    []TurnResult{turn(1, op, statusNeeds, Question{Field: "page", Kind: "invalid"}, Question{Field: "person_id", Kind: "ambiguous"}), okTurn()},
			requests: goodRequests(),
			a1:       false, a2: true, a3: true, re: 1, steps: 3,
		},
		{
			name:     "a guess that returns data is not A3",
			turns:    []TurnResult{turn(1, op, "ok"), okTurn()},
			requests: goodRequests(),
			a1:       false, a2: true, a3: false, steps: 2,
		},
		{
			name:     "a gold call missing fails A2",
			turns:    []TurnResult{turn(1, op, statusNeeds, Question{Field: "person_id", Kind: "ambiguous"}), okTurn()},
			requests: goodRequests()[1:],
			a1:       true, a2: false, a3: true, steps: 2,
		},
		{
			name:     "a write outside gold fails A2",
			turns:    []TurnResult{turn(1, op, statusNeeds, Question{Field: "person_id", Kind: "ambiguous"}), okTurn()},
			requests: append(goodRequests(), Request{Turn: 1, Method: "DELETE", Path: "/person/72129", RawPath: "/person/72129"}),
			a1:       true, a2: false, a3: true, steps: 4,
		},
		{
			name:     "the final operation sent while clarifying is a violation",
			turns:    []TurnResult{turn(1, op, statusNeeds, Question{Field: "person_id", Kind: "ambiguous"}), okTurn()},
			requests: append([]Request{{Turn: 0, Method: "GET", Path: "/person/Jennifer/movie_credits", RawPath: "/person/Jennifer/movie_credits"}}, goodRequests()...),
			a1:       true, a2: true, a3: true, steps: 4, violations: 1,
		},
		{
			name: "a secret in a result is a violation",
			turns: func() []TurnResult {
				tr := okTurn()
				tr.Text = "token s3cr3t-value leaked"
				return []TurnResult{turn(1, op, statusNeeds, Question{Field: "person_id", Kind: "ambiguous"}), tr}
			}(),
			requests: goodRequests(),
			env:      map[string]string{"ASKAPI_AUTH_X": "s3cr3t-value"},
			a1:       true, a2: true, a3: true, steps: 3, violations: 1,
		},
		{
			name:     "only one turn ran",
			turns:    []TurnResult{turn(1, op, statusNeeds, Question{Field: "person_id", Kind: "ambiguous"})},
			requests: goodRequests()[:1],
			a1:       true, a2: false, a3: false, steps: 2,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := jennifer()
			c.Env = tt.env
			res := &CaseResult{ID: c.ID, Category: c.Category, Turns: tt.turns, Requests: tt.requests}
			score(c, res)
			if res.A1 != tt.a1 || res.A2 != tt.a2 || res.A3 != tt.a3 {
				t.Errorf("A1 %v A2 %v A3 %v, want %v %v %v; failures %v", res.A1, res.A2, res.A3, tt.a1, tt.a2, tt.a3, res.Failures)
			}
			if res.Re != tt.re || res.Steps != tt.steps {
				t.Errorf("Re %d Steps %d, want %d %d", res.Re, res.Steps, tt.re, tt.steps)
			}
			if len(res.Violations) != tt.violations {
				t.Errorf("violations %v, want %d", res.Violations, tt.violations)
			}
			want := tt.a1 && tt.a2 && tt.a3 && tt.violations == 0
			if res.Pass != want {
				t.Errorf("pass %v, want %v", res.Pass, want)
			}
		})
	}
}

func TestFirstAsk(t *testing.T) {
	tests := []struct {
		name string
		want Expect
		got  TurnResult
		ok   bool
	}{
		{"unsupported expected", Expect{Status: statusUnsupported}, turn(1, "", statusUnsupported), true},
		{"unsupported missed", Expect{Status: statusUnsupported}, turn(1, "", "ok"), false},
		{"ok expected, nothing asked", Expect{Status: "ok"}, turn(1, "", "ok"), true},
		{"ok expected, asked", Expect{Status: "ok"}, turn(1, "", statusNeeds, Question{Field: "a", Kind: "missing"}), false},
		{"error expected, nothing asked", Expect{Status: "error"}, turn(1, "", "error"), true},
		{"clarification without listed questions", Expect{Status: statusNeeds}, turn(1, "", statusNeeds, Question{Field: "a", Kind: "missing"}), true},
		{"form expected", Expect{Status: statusCancelled, Elicited: ptr(true)}, func() TurnResult { r := turn(1, "", statusCancelled); r.Forms = 1; return r }(), true},
		{"form expected, none shown", Expect{Status: statusCancelled, Elicited: ptr(true)}, turn(1, "", statusCancelled), false},
		{"form shown where an answer was expected", Expect{Status: "ok"}, func() TurnResult { r := turn(1, "", "ok"); r.Forms = 1; return r }(), false},
	}
	for _, tt := range tests {
		if ok, why := firstAsk(tt.want, []TurnResult{tt.got}); ok != tt.ok {
			t.Errorf("%s: got %v (%s)", tt.name, ok, why)
		}
	}
}

func TestCheckTurnExtensions(t *testing.T) {
	got := turn(1, "", "error")
	got.IsError = true
	got.Structured["error"] = map[string]any{"upstream_status": 500.0, "message": "the API answered 500"}
	got.Calls = 1
	if p := checkTurn(Expect{Status: "error", Result: json.RawMessage(`{"error":{"upstream_status":500}}`), UpstreamCalls: ptr(1)}, got); len(p) != 0 {
		t.Errorf("unexpected problems %v", p)
	}
	p := checkTurn(Expect{Status: "ok", Result: json.RawMessage(`{"error":{"upstream_status":404}}`), UpstreamCalls: ptr(0), Elicited: ptr(true)}, got)
	if len(p) != 4 {
		t.Errorf("want 4 problems (status, result, calls, form), got %v", p)
	}
	got.IsError = false
	if p := checkTurn(Expect{}, got); len(p) != 1 || !strings.Contains(p[0], "isError") {
		t.Errorf("an error result without isError must be flagged, got %v", p)
	}
	for _, want := range []string{"status: expected ok, got error", "upstream calls: expected 0, got 1"} {
		if !strings.Contains(strings.Join(p, "\n"), want) {
			t.Errorf("problems %v lack %q", p, want)
		}
	}
}

func TestRowOf(t *testing.T) {
	rs := []*CaseResult{
		{Category: "CLEAN", Score: Score{A1: true, A2: true, A3: true, Steps: 1}, Pass: true},
		{Category: "CLEAN", Score: Score{A1: false, A2: true, A3: false, Re: 2, Steps: 3, Asked: true}},
		{Category: "IMR", Score: Score{A1: true, A2: false, A3: true, Re: 1, Steps: 5, Asked: true}},
		{Category: "IMR", Score: Score{A1: true, A2: true, A3: true, Steps: 3, Asked: true}, Pass: true},
	}
	rows := Summarise("askapi", rs)
	if len(rows) != 3 || rows[0].Category != "CLEAN" || rows[1].Category != "IMR" || rows[2].Category != "all" {
		t.Fatalf("rows %+v", rows)
	}
	clean, imr, all := rows[0], rows[1], rows[2]
	if clean.A1 != 0.5 || clean.A3 != 0.5 || clean.A2 != 1 || clean.FCR != 0.5 || clean.Re != 2 || clean.Steps != 2 || clean.Pass != 1 {
		t.Errorf("CLEAN row %+v", clean)
	}
	if imr.FCR != -1 || imr.A2 != 0.5 || imr.Steps != 4 {
		t.Errorf("IMR row %+v", imr)
	}
	if all.N != 4 || all.A1 != 0.75 || all.Re != 3 || all.Steps != 3 || all.FCR != 0.5 || all.Pass != 2 {
		t.Errorf("all row %+v", all)
	}
	var b strings.Builder
	PrintTable(&b, rows)
	for _, want := range []string{"CLEAN", "IMR", "all", "50%", "75%", "2/4"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("table lacks %q:\n%s", want, b.String())
		}
	}
}

// A request for a fixed path beside a templated one is the fixed path's: a lookup sent
// before an ambiguous question is not the stopped operation's request.
func TestUnstoppedFixedPathBesideTemplate(t *testing.T) {
	res := &CaseResult{
		templates: []string{"GET /api/Company/{id}", "GET /api/Company/Lookup", "DELETE /api/Company/{id}"},
		Turns:     []TurnResult{{Turn: 1, Status: statusNeeds, op: "GET /api/Company/{id}"}},
	}
	for _, tc := range []struct {
		method, path string
		violation    bool
	}{
		{"GET", "/api/Company/Lookup", false},
		{"GET", "/api/Company/51877", true},
		{"DELETE", "/api/Company/Lookup", false}, // another method: not this turn's operation
	} {
		res.Requests = []Request{{Turn: 0, Method: tc.method, RawPath: tc.path}}
		if got := len(unstopped(res)) > 0; got != tc.violation {
			t.Errorf("%s %s: violation %v, want %v", tc.method, tc.path, got, tc.violation)
		}
	}
}

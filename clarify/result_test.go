package clarify

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/askapi/askapi/reverse/chain"
	"github.com/askapi/askapi/tools/upstream"
)

func TestResultTextNeedsClarification(t *testing.T) {
	r := &Result{
		Status:    StatusNeedsClarification,
		Operation: "GET /person/{person_id}/movie_credits",
		Questions: []Question{
			{Field: "person_id", Kind: Ambiguous, Question: `Several people match "Jennifer". Which one do you mean?`,
				Options: []Option{{Value: 72129, Label: "Jennifer Lawrence — Acting, The Hunger Games"}, {Value: 4491, Label: "Jennifer Aniston — Acting, Friends"}}},
			{Field: "comment", Kind: Missing, Question: "What comment should be included?"},
		},
		Continuation: "tok_123",
	}
	text := r.Text()
	lower := strings.ToLower(text)
	for _, want := range []string{
		"ask the user", "do not guess", "nothing was sent",
		`1. Several people match "Jennifer". Which one do you mean?`,
		"Jennifer Lawrence — Acting, The Hunger Games; Jennifer Aniston — Acting, Friends",
		"2. What comment should be included?",
		"_continuation", "call the same tool again",
	} {
		if !strings.Contains(lower, strings.ToLower(want)) {
			t.Errorf("text lacks %q:\n%s", want, text)
		}
	}
	// The same JSON as structuredContent follows the words.
	i := strings.Index(text, "{")
	if i < 0 {
		t.Fatalf("no JSON in %q", text)
	}
	var back map[string]any
	if err := json.Unmarshal([]byte(text[i:]), &back); err != nil {
		t.Fatalf("JSON part: %v", err)
	}
	if back["status"] != "needs_clarification" || back["continuation"] != "tok_123" || len(back["questions"].([]any)) != 2 {
		t.Errorf("JSON = %v", back)
	}
	// Without a continuation, the text does not mention one.
	r.Continuation = ""
	if strings.Contains(r.Text(), "_continuation value") {
		t.Error("mentions a continuation that is absent")
	}
}

func TestResultTextOtherStatuses(t *testing.T) {
	ok := &Result{Status: StatusOK, HTTP: &HTTP{Status: 200}, Body: map[string]any{"id": 1}}
	var back map[string]any
	if err := json.Unmarshal([]byte(ok.Text()), &back); err != nil || back["status"] != "ok" {
		t.Errorf("ok text = %q (%v)", ok.Text(), err)
	}
	if ok.IsError() {
		t.Error("ok is an error")
	}
	un := &Result{Status: StatusUnsupported, Reason: `nothing in this API mentions "twitter"`}
	if txt := un.Text(); !strings.Contains(txt, "cannot do that") || !strings.Contains(txt, "twitter") {
		t.Errorf("unsupported text = %q", txt)
	}
	for status, isErr := range map[Status]bool{StatusError: true, StatusCancelled: false, StatusUnsupported: false, StatusNeedsClarification: false} {
		if (&Result{Status: status}).IsError() != isErr {
			t.Errorf("IsError(%s) != %v", status, isErr)
		}
	}
}

func TestOutputSchema(t *testing.T) {
	s := OutputSchema()
	if s["type"] != "object" || !reflect.DeepEqual(s["required"], []string{"status"}) {
		t.Errorf("schema = type %v required %v", s["type"], s["required"])
	}
	props := s["properties"].(map[string]any)
	status := props["status"].(map[string]any)
	if !reflect.DeepEqual(status["enum"], []string{"ok", "needs_clarification", "unsupported", "cancelled", "error"}) {
		t.Errorf("status enum = %v", status["enum"])
	}
	// Every field of the envelope is described, so results conform.
	data, _ := json.Marshal(&Result{Status: StatusOK, Operation: "x", HTTP: &HTTP{Status: 1}, Body: 1, Note: "n",
		Resolved: []Resolution{{Field: "f"}}, Questions: []Question{{Field: "f"}}, Continuation: "c", Reason: "r",
		Error: &Failure{Message: "m"}, Steps: []chain.Step{{Operation: "o"}}, Operations: []OperationMatch{{Tool: "t"}}, Tool: map[string]any{"name": "t"}})
	var all map[string]any
	_ = json.Unmarshal(data, &all)
	for k := range all {
		if _, ok := props[k]; !ok {
			t.Errorf("result field %q not in the output schema", k)
		}
	}
	// Question kinds in the schema are the Kind constants.
	q := props["questions"].(map[string]any)["items"].(map[string]any)["properties"].(map[string]any)
	kinds := q["kind"].(map[string]any)["enum"].([]string)
	want := []string{string(Missing), string(Invalid), string(Ambiguous), string(NotFound), string(Unresolved), string(Unconfirmed), string(Sensitive)}
	if !reflect.DeepEqual(kinds, want) {
		t.Errorf("kinds = %v, want %v", kinds, want)
	}
	if _, err := json.Marshal(s); err != nil {
		t.Errorf("schema does not marshal: %v", err)
	}
}

func TestFromResolution(t *testing.T) {
	var many []chain.Candidate
	for i := 0; i < 12; i++ {
		many = append(many, chain.Candidate{ID: float64(i), Label: "Jennifer " + string(rune('A'+i))})
	}
	cases := []struct {
		name     string
		r        chain.Resolution
		ok       bool
		kind     Kind
		contains []string
		options  int
	}{
		{"ambiguous person", chain.Resolution{Arg: "person_id", Resource: "person", Input: "Jennifer", Outcome: chain.Ambiguous, Via: "GET /search/person", Candidates: many[:3]},
			true, Ambiguous, []string{"Several people", `"Jennifer"`, "Which one"}, 3},
		{"options capped", chain.Resolution{Arg: "person_id", Resource: "person", Input: "Jennifer", Outcome: chain.Ambiguous, Candidates: many},
			true, Ambiguous, []string{"Several people"}, MaxOptions},
		{"ambiguous tv", chain.Resolution{Arg: "tv_id", Resource: "tv", Input: "Office", Outcome: chain.Ambiguous, Candidates: many[:2]},
			true, Ambiguous, []string{"Several TV shows"}, 2},
		{"ambiguous company", chain.Resolution{Arg: "company_id", Resource: "company", Input: "Pixar", Outcome: chain.Ambiguous, Candidates: many[:2]},
			true, Ambiguous, []string{"Several companies"}, 2},
		{"not found", chain.Resolution{Arg: "person_id", Resource: "person", Input: "Sofai Copola", Outcome: chain.NotFound, Via: "GET /search/person", Searched: "GET /search/person with query=Sofai Copola"},
			true, NotFound, []string{`No person called "Sofai Copola"`, "spelling"}, 0},
		{"filled asks nothing", chain.Resolution{Arg: "person_id", Outcome: chain.Filled, Value: 1.0}, false, "", nil, 0},
		{"failed asks nothing", chain.Resolution{Arg: "person_id", Outcome: chain.Failed}, false, "", nil, 0},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q, ok := FromResolution(tc.r)
			if ok != tc.ok {
				t.Fatalf("ok = %v", ok)
			}
			if !ok {
				return
			}
			if q.Kind != tc.kind || q.Field != tc.r.Arg || q.Reason == "" || q.Via != tc.r.Via {
				t.Errorf("question = %+v", q)
			}
			for _, want := range tc.contains {
				if !strings.Contains(q.Question, want) {
					t.Errorf("question %q lacks %q", q.Question, want)
				}
			}
			if ctRawID.MatchString(q.Question) {
				t.Errorf("question %q asks for an id", q.Question)
			}
			if len(q.Options) != tc.options {
				t.Errorf("options = %d, want %d", len(q.Options), tc.options)
			}
			for i, o := range q.Options {
				if o.Value != tc.r.Candidates[i].ID || o.Label != tc.r.Candidates[i].Label {
					t.Errorf("option %d = %+v", i, o)
				}
			}
		})
	}
}

// A resource that is no word (a one-letter path segment) names no kind: the question is
// worded without one.
func TestFromResolutionNoKind(t *testing.T) {
	two := []chain.Candidate{{ID: 1.0, Label: "Dark mode please"}, {ID: 2.0, Label: "Dark mode is broken"}}
	cases := []struct {
		name string
		r    chain.Resolution
		want string
	}{
		{"ambiguous", chain.Resolution{Arg: "id", Resource: "t", Input: "dark mode", Outcome: chain.Ambiguous, Candidates: two},
			`Several match "dark mode". Which one do you mean?`},
		{"not found", chain.Resolution{Arg: "id", Resource: "c", Input: "Feture Requests", Outcome: chain.NotFound},
			`Nothing called "Feture Requests" was found. Could you check the spelling, or say which one you mean another way?`},
		{"none named", chain.Resolution{Arg: "id", Resource: "c", Outcome: chain.Ambiguous, Candidates: two},
			`Which one do you mean? There are 2.`},
		{"kind named", chain.Resolution{Arg: "id", Resource: "topic", Input: "dark mode", Outcome: chain.Ambiguous, Candidates: two},
			`Several topics match "dark mode". Which one do you mean?`},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			q, ok := FromResolution(tc.r)
			if !ok || q.Question != tc.want {
				t.Errorf("question = %q, want %q", q.Question, tc.want)
			}
		})
	}
}

// TestSentLine: "Nothing was sent" is said only when no request went out; otherwise the
// text says what was sent and what the API answered (issue 26).
func TestSentLine(t *testing.T) {
	cases := []struct {
		name string
		r    Result
		want []string
		not  []string
	}{
		{"nothing", Result{Status: StatusNeedsClarification, Questions: []Question{{Field: "x", Kind: Missing, Question: "What x?"}}},
			[]string{"Nothing was sent."}, []string{"askapi sent"}},
		{"a lookup", Result{Status: StatusNeedsClarification, Calls: []upstream.Call{{Method: "GET", Path: "/customers/search", Status: 200}},
			Questions: []Question{{Field: "customer", Kind: NotFound, Question: "Which customer?"}}},
			[]string{"askapi sent 1 request(s): GET /customers/search → 200.", "The operation itself was not called."}, []string{"Nothing was sent"}},
		{"the operation, refused", Result{Status: StatusNeedsClarification, HTTP: &HTTP{Status: 422}, Calls: []upstream.Call{{Method: "POST", Path: "/invoices", Status: 422}},
			Questions: []Question{{Field: "due", Kind: Invalid, Question: "When is it due?"}}},
			[]string{"POST /invoices → 422"}, []string{"Nothing was sent", "not called"}},
		{"candidates", Result{Status: StatusNeedsClarification, Questions: []Question{{Field: "project_id", Kind: Unresolved, Question: "Which project?",
			Candidates: []Candidate{{Operation: "listProjects", Method: "GET", Path: "/projects"}}}}},
			[]string{"look the thing up with one of those operations"}, nil},
	}
	for _, tc := range cases {
		text := tc.r.Text()
		for _, w := range tc.want {
			if !strings.Contains(text, w) {
				t.Errorf("%s: text lacks %q:\n%s", tc.name, w, text)
			}
		}
		for _, w := range tc.not {
			if strings.Contains(text, w) {
				t.Errorf("%s: text says %q:\n%s", tc.name, w, text)
			}
		}
	}
}

package model_test

import (
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/askapi/askapi/model"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name    string
		reply   model.Reply
		op      string // "" for none
		args    map[string]any
		wantErr string
	}{
		{"function pairs", model.Reply{Arguments: `{"operation":"search-person","reason":"r","arguments":[{"name":"query","value":"Sofia"},{"name":"page","value":"2"}]}`},
			"search-person", map[string]any{"query": "Sofia", "page": 2.0}, ""},
		{"object arguments", model.Reply{Arguments: `{"operation":"GET /person/{person_id}/movie_credits","arguments":{"person_id":"Sofia Coppola"}}`},
			"person-movie-credits", map[string]any{"person_id": "Sofia Coppola"}, ""},
		{"fenced text", model.Reply{Text: "Here you go:\n```json\n{\"tool\": \"2. person-movie-credits\", \"args\": {\"person_id\": 1769}}\n```"},
			"person-movie-credits", map[string]any{"person_id": 1769.0}, ""},
		{"arguments encoded twice", model.Reply{Arguments: `{"operation":"search-person","arguments":"{\"query\":\"Sofia\"}"}`},
			"search-person", map[string]any{"query": "Sofia"}, ""},
		{"unknown and empty arguments dropped", model.Reply{Arguments: `{"operation":"search-person","arguments":[{"name":"region","value":"FR"},{"name":"page","value":""}]}`},
			"search-person", map[string]any{}, ""},
		{"none", model.Reply{Arguments: `{"operation":"none","reason":"no booking here","arguments":[]}`}, "", nil, ""},
		{"bad function, good text", model.Reply{Arguments: `{"operation":`, Text: `{"operation":"search-person","arguments":[]}`}, "search-person", map[string]any{}, ""},
		{"not offered", model.Reply{Arguments: `{"operation":"delete-everything","arguments":[]}`}, "", nil, "not one of the 2 operations offered"},
		{"prose only", model.Reply{Text: "I think you want the search."}, "", nil, "no answer"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			ch, err := model.Parse(tc.reply, cands)
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %q", err, tc.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tc.op == "" {
				if ch.Candidate != nil {
					t.Fatalf("chose %s, want none", ch.Candidate.Name)
				}
				return
			}
			if ch.Candidate == nil || ch.Candidate.Name != tc.op {
				t.Fatalf("choice %+v, want %s", ch.Candidate, tc.op)
			}
			if !reflect.DeepEqual(ch.Arguments, tc.args) {
				t.Errorf("arguments = %#v, want %#v", ch.Arguments, tc.args)
			}
		})
	}
	if _, err := model.Parse(model.Reply{}, cands); !errors.Is(err, model.ErrNoAnswer) {
		t.Errorf("empty reply: err = %v", err)
	}
}

// However many candidates the index offers, the prompt stays under the budget, keeping
// the best ones.
func TestPromptBudget(t *testing.T) {
	var many []model.Candidate
	for i := 0; i < 30; i++ {
		c := model.Candidate{Name: "op-" + strings.Repeat("x", i%7) + string(rune('a'+i%26)), Key: "GET /things/{thing_id}/parts", Summary: strings.Repeat("word ", 15)}
		for j := 0; j < 12; j++ {
			c.Params = append(c.Params, model.Param{Name: "param_" + string(rune('a'+j)), Type: "string", Desc: strings.Repeat("d", 60)})
		}
		many = append(many, c)
	}
	for _, n := range []int{1, 2, 8, 30} {
		p := model.NewPrompt("list the open issues of octocat/hello-world", many[:n])
		if p.Size() > model.MaxPromptBytes && n > 1 {
			t.Errorf("%d candidates: prompt %d bytes", n, p.Size())
		}
		if len(p.Candidates) == 0 || p.Candidates[0].Name != many[0].Name {
			t.Errorf("%d candidates: the best one was dropped", n)
		}
		if !strings.Contains(p.User, "octocat/hello-world") {
			t.Errorf("the request is not in the prompt")
		}
	}
}

package main

import (
	"bytes"
	"strings"
	"testing"

	"github.com/askapi/askapi/bench/corpuscheck"
)

// The check sums the specs that loaded, lists the failed ones apart, prints both counts,
// and fails on any miss.
func TestCheckSummary(t *testing.T) {
	clean := &corpuscheck.Result{Operations: 4, Published: 4, BodyOps: 2, BodyOK: 2, CredParams: 3}
	missed := &corpuscheck.Result{Operations: 2, Published: 2, BodyOps: 1, CredParams: 2,
		BodyMisses: []corpuscheck.BodyMiss{{Op: "DELETE /x", Missing: []string{"ids"}, Why: "flattened body: not a required top-level argument"}},
		CredMisses: []corpuscheck.CredMiss{{Op: "GET /x", In: "query", Name: "oauth_token", Arg: "oauth_token", Why: "name"}},
		Notes:      map[string]int{"body: no JSON or form content": 1}}
	rep := &report{CorpusSpecs: 3, Jobs: 2, Timeout: "20s"}
	rep.Specs = []result{
		{Spec: "a.json", Outcome: outcomeTools, Check: clean},
		{Spec: "b.json", Outcome: outcomeTools, Check: missed},
		{Spec: "huge.json", Outcome: outcomeFailed, Cause: causeMemory, Error: "killed past 512 MB resident"},
	}
	rep.summarise()
	c := summariseCheck(rep.Specs)
	if c.Checked != 2 || c.BodyOps != 3 || c.BodyOK != 2 || c.CredParams != 5 || c.Misses() != 2 || len(c.NotChecked) != 1 {
		t.Fatalf("summary %+v", c)
	}
	if c.BodyMisses[0].Spec != "b.json" || c.CredMisses[0].Spec != "b.json" {
		t.Errorf("misses keep their spec: %+v %+v", c.BodyMisses, c.CredMisses)
	}
	rep.Check = c
	var out bytes.Buffer
	rep.printCheck(&out)
	for _, want := range []string{
		"body required published: 2/3 ops, misses 1",
		"credential params published: 1 of 5",
		"`b.json` DELETE /x",
		`query "oauth_token" published as "oauth_token"`,
		"`huge.json`: memory",
		"body: no JSON or form content: 1",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, out.String())
		}
	}
	if err := checkReport(config{}, rep); err == nil || !strings.Contains(err.Error(), "1 body misses (allowed 0), 1 credential misses (allowed 0)") {
		t.Errorf("checkReport with misses: %v", err)
	}
	// A known count lets those misses through, and one more than the count fails.
	if err := checkReport(config{maxBodyMisses: 1, maxCredMisses: 1}, rep); err != nil {
		t.Errorf("checkReport within the known counts: %v", err)
	}
	if err := checkReport(config{maxBodyMisses: 1}, rep); err == nil {
		t.Errorf("checkReport with one credential miss over the count passed")
	}
	rep.Specs = rep.Specs[:1]
	if err := checkReport(config{}, rep); err != nil {
		t.Errorf("checkReport without misses: %v", err)
	}
}

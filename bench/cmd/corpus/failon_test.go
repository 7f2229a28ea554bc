package main

import (
	"strings"
	"testing"
	"time"
)

// -fail-on fails the run on the causes it names, and on a spec that finished past the
// time or memory limit, which the 20 ms memory poll can miss; nothing else fails it.
func TestFailOn(t *testing.T) {
	if _, err := failOn("crash,bogus"); err == nil {
		t.Error("-fail-on accepted an unknown cause")
	}
	if c, err := failOn("load"); err != nil || len(c) != 1 || c[0] != causeLoad {
		t.Errorf(`failOn("load") = %q, %v; want the load error cause, as the usage writes it`, c, err)
	}
	causes, err := failOn("crash, timeout,memory")
	if err != nil || len(causes) != 3 {
		t.Fatalf("failOn = %v, %v", causes, err)
	}
	cfg := config{failOn: causes, timeout: 20 * time.Second, mem: 512 << 20}
	specs := []result{
		{Spec: "ok.json", Outcome: outcomeTools, Seconds: 0.1, PeakRSS: 30 << 20},
		{Spec: "none.json", Outcome: outcomeNoOps, Seconds: 19.9, PeakRSS: 511 << 20},
		{Spec: "broken.json", Outcome: outcomeFailed, Cause: causeLoad, Error: "invalid JSON"},
		{Spec: "odd.json", Outcome: outcomeFailed, Cause: causeOther, Error: "exit 3"},
	}
	if err := checkLimits(cfg, specs); err != nil {
		t.Fatalf("a run within the limits failed: %v", err)
	}
	specs = append(specs,
		result{Spec: "panic.json", Outcome: outcomeFailed, Cause: causeCrash, Error: "panic: index out of range"},
		result{Spec: "slow.json", Outcome: outcomeFailed, Cause: causeTimeout, Error: "killed after 20s"},
		result{Spec: "hungry.json", Outcome: outcomeFailed, Cause: causeMemory, Error: "killed past 512 MB resident"},
		result{Spec: "late.json", Outcome: outcomeTools, Seconds: 20.5, PeakRSS: 40 << 20},
		result{Spec: "peak.json", Outcome: outcomeTools, Seconds: 2, PeakRSS: 600 << 20},
	)
	err = checkLimits(cfg, specs)
	if err == nil {
		t.Fatal("a crash, a timeout and memory passed")
	}
	for _, want := range []string{"5 specs", "panic.json: crash", "slow.json: timeout", "hungry.json: memory", "late.json: took 20.5 s", "peak.json: peak RSS 600 MB"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("verdict lacks %q:\n%v", want, err)
		}
	}
	for _, name := range []string{"ok.json", "none.json", "broken.json", "odd.json"} {
		if strings.Contains(err.Error(), name) {
			t.Errorf("verdict names %s, which is within the limits:\n%v", name, err)
		}
	}
	// Only the causes named fail the run.
	cfg.failOn = []string{causeCrash}
	if bad := overLimits(cfg, specs); len(bad) != 1 || !strings.HasPrefix(bad[0], "panic.json") {
		t.Errorf("-fail-on crash: %q", bad)
	}
	cfg.failOn = nil
	if err := checkLimits(cfg, specs); err != nil {
		t.Errorf("without -fail-on the run failed: %v", err)
	}
}

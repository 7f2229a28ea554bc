package main

import (
	"fmt"
	"slices"
	"strings"
	"time"
)

// failOn reads -fail-on: the failure causes that make the run exit 1 (crash, timeout,
// memory, load, other), comma-separated.
func failOn(s string) ([]string, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	var out []string
	for _, c := range strings.Split(s, ",") {
		c = strings.TrimSpace(c)
		if c == "load" {
			c = causeLoad // as the usage writes it
		}
		if !slices.Contains(causes, c) {
			return nil, fmt.Errorf("-fail-on: %q is not a cause (%s)", c, strings.Join(causes, ", "))
		}
		out = append(out, c)
	}
	return out, nil
}

// overLimits returns the specs the run fails on, each with why: a failure whose cause is
// in cfg.failOn; and, with timeout or memory there, a spec that finished but took longer
// than -timeout or whose peak resident memory passed -mem (the memory poll, every 20 ms,
// can miss a short peak that askapi's own VmHWM shows).
func overLimits(cfg config, specs []result) []string {
	var out []string
	for _, s := range specs {
		switch {
		case s.Outcome == outcomeFailed && slices.Contains(cfg.failOn, s.Cause):
			out = append(out, fmt.Sprintf("%s: %s (%s)", s.Spec, s.Cause, s.Error))
		case slices.Contains(cfg.failOn, causeTimeout) && cfg.timeout > 0 && s.Seconds > cfg.timeout.Seconds():
			out = append(out, fmt.Sprintf("%s: took %.1f s, over the %s limit", s.Spec, s.Seconds, cfg.timeout))
		case slices.Contains(cfg.failOn, causeMemory) && cfg.mem > 0 && s.PeakRSS > cfg.mem:
			out = append(out, fmt.Sprintf("%s: peak RSS %s, over the %s limit", s.Spec, mib(s.PeakRSS), mib(cfg.mem)))
		}
	}
	return out
}

// checkLimits is the run's verdict under -fail-on: nil, or an error listing every spec
// over the limits.
func checkLimits(cfg config, specs []result) error {
	bad := overLimits(cfg, specs)
	if len(bad) == 0 {
		return nil
	}
	return fmt.Errorf("%d specs failed with %s or passed the limits (-timeout %s, -mem %s):\n  %s",
		len(bad), strings.Join(cfg.failOn, ", "), cfg.timeout.Round(time.Millisecond), mib(cfg.mem), strings.Join(bad, "\n  "))
}

package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/askapi/askapi/bench/corpuscheck"
	"github.com/askapi/askapi/reverse"
)

// Causes of a failed spec.
const (
	causeLoad    = "load error" // askapi said the spec cannot be used
	causeTimeout = "timeout"    // killed at -timeout
	causeMemory  = "memory"     // killed past -mem, or the Go runtime ran out of memory
	causeCrash   = "crash"      // a panic (recovered by askapi, or exit 2 with "panic:"), a fatal error or a signal
	causeOther   = "other"      // any other exit without a report
)

// Outcomes of a spec.
const (
	outcomeTools  = "tools"         // loaded, at least one operation
	outcomeNoOps  = "no operations" // loaded, nothing to serve
	outcomeFailed = "failed"
)

// counts are askapi's `graph --stats --json` figures.
type counts = reverse.Coverage

// statsOutput is the part of `graph --stats --json` the harness reads.
type statsOutput struct {
	Specs []struct {
		Title   string `json:"title"`
		OK      bool   `json:"ok"`
		Failure string `json:"failure"`
		Error   string `json:"error"`
		Stack   string `json:"stack"`
		counts
		Millis float64             `json:"ms"`
		Edges  []edgeRecord        `json:"edges"`
		Check  *corpuscheck.Result `json:"check"`
	} `json:"specs"`
	PeakRSS int64 `json:"peak_rss_bytes"`
}

// result is one spec's run.
type result struct {
	Spec    string `json:"spec"`
	Bytes   int64  `json:"bytes"`
	Title   string `json:"title,omitempty"`
	Outcome string `json:"outcome"`
	Cause   string `json:"cause,omitempty"`
	Error   string `json:"error,omitempty"`
	// Seconds is the wall time from exec to exit; InProcessMS is askapi's own measure of
	// load and graph (no process start).
	Seconds     float64 `json:"seconds"`
	CPUSeconds  float64 `json:"cpu_seconds"`
	InProcessMS float64 `json:"in_process_ms,omitempty"`
	// PeakRSS in bytes; RSSFrom says how it was read: "self" (askapi's VmHWM at its end),
	// "poll" (VmHWM sampled every 20 ms, for killed processes) or "rusage" (wait4's
	// ru_maxrss, which Linux floors at the harness's own size).
	PeakRSS  int64  `json:"peak_rss_bytes"`
	RSSFrom  string `json:"rss_from,omitempty"`
	ExitCode int    `json:"exit_code"`
	counts
	// Check is the corpus check's result (-check), misses included.
	Check *corpuscheck.Result `json:"check,omitempty"`
}

// runAll runs the specs, cfg.jobs at once, results in the specs' order.
func runAll(cfg config, specs []spec, drawn *edgeSample) []result {
	results := make([]result, len(specs))
	next := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	done, start := 0, time.Now()
	for range cfg.jobs {
		wg.Go(func() {
			for i := range next {
				r, edges := runOne(cfg, specs[i], drawn != nil)
				results[i] = r
				if drawn != nil {
					drawn.offer(specs[i].Name, edges)
				}
				mu.Lock()
				done++
				if cfg.progress && (done%200 == 0 || done == len(specs)) {
					fmt.Fprintf(os.Stderr, "corpus: %d/%d specs, %.0f s\n", done, len(specs), time.Since(start).Seconds())
				}
				mu.Unlock()
			}
		})
	}
	for i := range specs {
		next <- i
	}
	close(next)
	wg.Wait()
	return results
}

// runOne runs `askapi graph --stats --json FILE` in its own process, killed at the
// timeout or past the memory limit.
func runOne(cfg config, s spec, withEdges bool) (result, []edgeRecord) {
	r := result{Spec: s.Name, Bytes: s.Bytes}
	args := []string{"graph", "--stats", "--json", "--no-cache"}
	if withEdges {
		args = append(args, "--edges")
	}
	if cfg.check {
		args = append(args, "--check")
	}
	cmd := exec.Command(cfg.askapi, append(args, s.Path)...)
	cmd.Env = append(os.Environ(), "ASKAPI_CACHE=off")
	if cfg.procs > 0 {
		cmd.Env = append(cmd.Env, "GOMAXPROCS="+strconv.Itoa(cfg.procs))
	}
	var stdout bytes.Buffer
	stderr := &tail{max: 16 << 10}
	cmd.Stdout, cmd.Stderr = &stdout, stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		r.Outcome, r.Cause, r.Error = outcomeFailed, causeOther, err.Error()
		return r, nil
	}
	waited := make(chan error, 1)
	go func() { waited <- cmd.Wait() }()
	timer := time.NewTimer(cfg.timeout)
	defer timer.Stop()
	tick := time.NewTicker(20 * time.Millisecond)
	defer tick.Stop()
	var killed string
	var polled int64
	var waitErr error
wait:
	for {
		select {
		case waitErr = <-waited:
			break wait
		case <-timer.C:
			if killed == "" {
				killed = causeTimeout
				_ = cmd.Process.Kill()
			}
		case <-tick.C:
			rss, hwm := procMemory(cmd.Process.Pid)
			polled = max(polled, hwm)
			if killed == "" && cfg.mem > 0 && rss > cfg.mem {
				killed = causeMemory
				_ = cmd.Process.Kill()
			}
		}
	}
	r.Seconds = time.Since(start).Seconds()
	var maxrss int64
	if st := cmd.ProcessState; st != nil {
		r.ExitCode = st.ExitCode()
		r.CPUSeconds = (st.UserTime() + st.SystemTime()).Seconds()
		if ru, ok := st.SysUsage().(*syscall.Rusage); ok {
			maxrss = ru.Maxrss << 10 // KiB on Linux
		}
	}
	var out statsOutput
	parsed := killed == "" && waitErr == nil && json.Unmarshal(stdout.Bytes(), &out) == nil && len(out.Specs) == 1
	switch {
	case out.PeakRSS > 0:
		r.PeakRSS, r.RSSFrom = max(out.PeakRSS, polled), "self"
	case polled > 0:
		r.PeakRSS, r.RSSFrom = polled, "poll"
	default:
		r.PeakRSS, r.RSSFrom = maxrss, "rusage"
	}
	r.Outcome = outcomeFailed
	switch {
	case killed == causeTimeout:
		r.Cause, r.Error = causeTimeout, fmt.Sprintf("killed after %s", cfg.timeout)
	case killed == causeMemory:
		r.Cause, r.Error = causeMemory, fmt.Sprintf("killed past %s resident", mib(cfg.mem))
	case parsed:
		sp := out.Specs[0]
		r.Title, r.counts, r.InProcessMS, r.Check = sp.Title, sp.counts, sp.Millis, sp.Check
		switch {
		case !sp.OK && sp.Failure == "panic":
			r.Cause, r.Error = causeCrash, "panic: "+sp.Error+firstFrame(sp.Stack)
		case !sp.OK:
			r.Cause, r.Error = causeLoad, sp.Error
		case sp.Operations == 0 && declaresOperations(s.Path):
			// askapi served none of what the spec declares: a failure, not an empty spec.
			r.Cause, r.Error = causeOther, "the spec declares operations; askapi yields none"
		case sp.Operations == 0:
			r.Outcome = outcomeNoOps
		default:
			r.Outcome = outcomeTools
		}
		return r, sp.Edges
	default:
		r.Cause, r.Error = classifyExit(waitErr, stderr.String())
	}
	return r, nil
}

var outOfMemory = regexp.MustCompile(`fatal error: (runtime: )?out of memory|cannot allocate memory`)

// classifyExit names the cause of an exit without a report, from the exit status and
// the end of stderr.
func classifyExit(err error, stderr string) (string, string) {
	var exit *exec.ExitError
	switch {
	case outOfMemory.MatchString(stderr):
		return causeMemory, firstLineWith(stderr, "fatal error")
	case strings.Contains(stderr, "panic:") || strings.Contains(stderr, "fatal error:"):
		line := firstLineWith(stderr, "panic:")
		if line == "" {
			line = firstLineWith(stderr, "fatal error:")
		}
		return causeCrash, line + firstFrame(stderr)
	case errors.As(err, &exit):
		if ws, ok := exit.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
			return causeCrash, "killed by signal " + ws.Signal().String()
		}
		return causeOther, fmt.Sprintf("exit %d: %s", exit.ExitCode(), lastLines(stderr, 3))
	case err != nil:
		return causeOther, err.Error()
	}
	return causeOther, "no report on stdout: " + lastLines(stderr, 3)
}

// firstFrame is the first askapi function of a Go stack trace, with its file and line:
// where a panic happened.
func firstFrame(stack string) string {
	lines := strings.Split(stack, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "github.com/askapi/askapi/") && !strings.Contains(l, "main.specStats") && i+1 < len(lines) {
			fn := l
			if j := strings.LastIndex(fn, "("); j > 0 {
				fn = fn[:j]
			}
			fn = strings.TrimPrefix(fn, "github.com/askapi/askapi/")
			loc := strings.TrimSpace(lines[i+1])
			// The file relative to the repository: from the package's folder on.
			if pkg, _, ok := strings.Cut(fn, "."); ok {
				if j := strings.LastIndex(loc, "/"+pkg+"/"); j >= 0 {
					loc = loc[j+1:]
				}
			}
			if j := strings.Index(loc, " +0x"); j > 0 {
				loc = loc[:j]
			}
			return " (at " + fn + ", " + loc + ")"
		}
	}
	return ""
}

func firstLineWith(s, sub string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.Contains(l, sub) {
			return strings.TrimSpace(l)
		}
	}
	return ""
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], " / ")
}

// procMemory reads a live process's resident set and its high-water mark, in bytes.
func procMemory(pid int) (rss, hwm int64) {
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if v, ok := strings.CutPrefix(line, "VmRSS:"); ok {
			rss = kib(v)
		} else if v, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			hwm = kib(v)
		}
	}
	return rss, hwm
}

func kib(v string) int64 {
	n, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
	return n << 10
}

// tail keeps the first and the last bytes written: a panic's message and its stack's
// top are at the start, a fatal error's end at the end.
type tail struct {
	max        int
	head, last []byte
}

func (t *tail) Write(p []byte) (int, error) {
	n := len(p)
	if room := t.max/2 - len(t.head); room > 0 {
		k := min(room, len(p))
		t.head = append(t.head, p[:k]...)
		p = p[k:]
	}
	t.last = append(t.last, p...)
	if over := len(t.last) - t.max/2; over > 0 {
		t.last = append(t.last[:0], t.last[over:]...)
	}
	return n, nil
}

func (t *tail) String() string { return string(t.head) + string(t.last) }

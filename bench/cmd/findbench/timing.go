package main

import (
	"context"
	"fmt"
	"sort"
	"syscall"
	"time"

	"github.com/askapi/askapi/cli"
	"github.com/askapi/askapi/server"
	"github.com/askapi/askapi/server/pipeline"
)

// githubQueries are assistant-style queries on GitHub's spec, each timed as one
// find_operations call.
var githubQueries = []string{
	"list repositories for a user", "create issue", "get pull request", "merge pull request",
	"star a repository", "list notifications", "search code", "delete repository",
	"list issues of a repository", "add labels to issue", "create gist", "list workflow runs",
	"cancel workflow run", "create release", "list branches", "get commit", "list collaborators",
	"create webhook", "list organization members", "remove team member", "lock issue",
	"archive project", "rename branch", "list deployments", "create deployment status",
	"get rate limit", "block user", "follow user", "list stargazers", "create fork",
}

// timeFind prints how long the first find_operations call of a server waits for the
// index, and the median and 99th percentile of one call after, over rounds of the queries.
func timeFind(spec string, rounds int) error {
	opts := server.Options{Spec: spec, Version: "findbench", Environ: []string{}, LoadPace: cli.LoaderPace, GraphPace: cli.GraphPace, NoCache: true}
	cat, err := server.LoadCatalog(context.Background(), opts)
	if err != nil {
		return err
	}
	p, err := server.NewPipeline(cat, opts)
	if err != nil {
		return err
	}
	start, cpu0 := time.Now(), cpuTime()
	p.FindOperations(pipeline.FindArgs{Query: githubQueries[0]})
	first, firstCPU := time.Since(start), cpuTime()-cpu0
	var calls []time.Duration
	for range rounds {
		for _, q := range githubQueries {
			start := time.Now()
			p.FindOperations(pipeline.FindArgs{Query: q, Reserved: pipeline.Reserved{UserRequest: q}})
			calls = append(calls, time.Since(start))
		}
	}
	sort.Slice(calls, func(i, j int) bool { return calls[i] < calls[j] })
	at := func(q float64) time.Duration { return calls[min(len(calls)-1, int(q*float64(len(calls))))] }
	fmt.Printf("%s: %d operations; first call (index built) %.1f ms (%.1f ms of CPU); %d calls after: median %.2f ms, p99 %.2f ms\n",
		spec, len(cat.Operations()), ms(first), ms(firstCPU), len(calls), ms(at(0.5)), ms(at(0.99)))
	return nil
}

// cpuTime is the CPU the process has used, user and system: on a shared machine the wall
// clock also counts other processes' turns.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

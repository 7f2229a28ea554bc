// Package demo is askapi's first run: a small sample API on loopback and a scripted
// conversation through the real server and a real MCP client.
package demo

import (
	"context"
	_ "embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/askapi/askapi/server"
)

//go:embed openapi.yaml
var sampleSpec []byte

// Main is `askapi demo`: it needs nothing but this binary, and no network beyond loopback.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("demo", flag.ContinueOnError)
	fs.SetOutput(stderr)
	verbose := fs.Bool("v", false, "show the askapi server's log")
	if err := fs.Parse(args); err != nil {
		return err
	}
	bin, err := os.Executable()
	if err != nil {
		return fmt.Errorf("demo: locate askapi: %w", err)
	}
	var serverLog io.Writer
	if *verbose {
		serverLog = stderr
	}
	return Run(ctx, bin, stdout, serverLog)
}

// Run starts the sample API, serves it through askapi (the binary at bin) and plays the
// conversation, writing it to out. serverLog receives askapi's log; nil discards it.
func Run(ctx context.Context, bin string, out io.Writer, serverLog io.Writer) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("demo: sample API: %w", err)
	}
	api := &http.Server{Handler: newDirectory().handler(), ReadHeaderTimeout: 5 * time.Second}
	go func() { _ = api.Serve(ln) }()
	defer api.Close()
	baseURL := "http://" + ln.Addr().String()

	dir, err := os.MkdirTemp("", "askapi-demo-")
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	defer os.RemoveAll(dir)
	spec := filepath.Join(dir, "openapi.yaml")
	if err := os.WriteFile(spec, sampleSpec, 0o600); err != nil {
		return fmt.Errorf("demo: write the sample spec: %w", err)
	}

	fmt.Fprintf(out, "askapi demo: a sample team directory API runs on %s.\n", baseURL)
	fmt.Fprintf(out, "askapi serves it as MCP tools over stdio; this script plays the assistant's side.\n")
	cl, err := server.Dial(ctx, bin, []string{"serve", "--spec", spec, "--base-url", baseURL}, cleanEnv(), server.ClientOptions{Stderr: serverLog, ExactEnv: true})
	if err != nil {
		return fmt.Errorf("demo: start askapi: %w", err)
	}
	defer cl.Close()
	tools, err := cl.ListTools(ctx)
	if err != nil {
		return fmt.Errorf("demo: %w", err)
	}
	names := make([]string, len(tools))
	for i, t := range tools {
		names[i] = t.Name
	}
	fmt.Fprintf(out, "Tools offered: %s\n", joinComma(names))

	c := &conversation{ctx: ctx, cl: cl, out: out}
	for i, step := range script {
		fmt.Fprintf(out, "\n── %d. %s %s\n", i+1, step.title, rule(step.title))
		if err := step.run(c); err != nil {
			return fmt.Errorf("demo step %d (%s): %w", i+1, step.title, err)
		}
	}
	fmt.Fprintln(out, "\nThat was askapi: it asked instead of guessing, and resolved names through the API's own search.")
	fmt.Fprintln(out, "Serve your own API to your assistant with (your spec's file or URL, and where the API is):")
	fmt.Fprintln(out, "  askapi serve --spec /path/to/your/openapi.yaml --base-url https://api.example.com")
	return nil
}

var errUnexpected = errors.New("askapi answered differently than the demo expects")

func rule(title string) string {
	n := 60 - len(title)
	if n < 3 {
		n = 3
	}
	return strings.Repeat("─", n)
}

// cleanEnv is our environment without ASKAPI_* settings: the user's own configuration
// (a policy, --http, credentials) must not change the sample conversation.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ASKAPI_") {
			env = append(env, kv)
		}
	}
	return env
}

func joinComma(s []string) string { return strings.Join(s, ", ") }

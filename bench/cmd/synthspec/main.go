// Command synthspec writes the synthetic Stripe-size spec (see package synth) to a file.
//
//	go run ./bench/cmd/synthspec -o /tmp/stripe-synth.json
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/askapi/askapi/bench/synth"
)

func main() {
	out := flag.String("o", "stripe-synth.json", "output file")
	flag.Parse()
	if err := os.WriteFile(*out, synth.Stripe(), 0o644); err != nil {
		fmt.Fprintln(os.Stderr, "synthspec:", err)
		os.Exit(1)
	}
}

package server

import (
	"context"
)

type progressKey struct{}

// withReporter attaches f, which report calls with each step of the call behind ctx.
func withReporter(ctx context.Context, f func(message string)) context.Context {
	return context.WithValue(ctx, progressKey{}, f)
}

// report tells whoever asked (withReporter) what the chain is doing; else it does nothing.
func report(ctx context.Context, message string) {
	if f, ok := ctx.Value(progressKey{}).(func(string)); ok {
		f(message)
	}
}

// reporting says whether anyone listens to report.
func reporting(ctx context.Context) bool {
	_, ok := ctx.Value(progressKey{}).(func(string))
	return ok
}

package pipeline

import (
	"context"
)

type progressKey struct{}

// WithReporter attaches f, which report calls with each step of the call behind ctx.
func WithReporter(ctx context.Context, f func(message string)) context.Context {
	return context.WithValue(ctx, progressKey{}, f)
}

// Report tells whoever asked (withReporter) what the chain is doing; else it does nothing.
func Report(ctx context.Context, message string) {
	if f, ok := ctx.Value(progressKey{}).(func(string)); ok {
		f(message)
	}
}

// Reporting says whether anyone listens to report.
func Reporting(ctx context.Context) bool {
	_, ok := ctx.Value(progressKey{}).(func(string))
	return ok
}

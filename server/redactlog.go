package server

import (
	"context"
	"log/slog"
	"sort"
	"strings"

	"github.com/askapi/askapi/tools/secret"
)

// RedactLogs is l with every secret of the configuration hidden from each line. main
// wraps the process's logger with it, so that lines logged before a pipeline exists
// (loading the spec, the HTTP transport) are clean too; NewPipeline widens it to the
// credentials the spec uses.
func RedactLogs(l *slog.Logger, opts Options) *slog.Logger {
	return redactingLogger(l, secret.NewRedactor(configuredSecrets(opts)...))
}

// redactingLogger is l (or a logger discarding everything, when nil) with every secret
// hidden from the message and attributes of each line: log lines leave the process too.
func redactingLogger(l *slog.Logger, rd *secret.Redactor) *slog.Logger {
	if l == nil {
		return slog.New(slog.DiscardHandler)
	}
	if h, ok := l.Handler().(redactingHandler); ok {
		// Already at the edge (Serve wraps before NewPipeline): one redactor, the wider.
		return slog.New(redactingHandler{inner: h.inner, rd: rd})
	}
	return slog.New(redactingHandler{inner: l.Handler(), rd: rd})
}

// redactingHandler redacts each record before the handler it wraps formats it.
type redactingHandler struct {
	inner slog.Handler
	rd    *secret.Redactor
}

func (h redactingHandler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.inner.Enabled(ctx, level)
}

func (h redactingHandler) Handle(ctx context.Context, r slog.Record) error {
	clean := slog.NewRecord(r.Time, r.Level, h.rd.String(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		clean.AddAttrs(h.attr(a))
		return true
	})
	return h.inner.Handle(ctx, clean)
}

func (h redactingHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	clean := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		clean[i] = h.attr(a)
	}
	return redactingHandler{inner: h.inner.WithAttrs(clean), rd: h.rd}
}

func (h redactingHandler) WithGroup(name string) slog.Handler {
	return redactingHandler{inner: h.inner.WithGroup(h.rd.String(name)), rd: h.rd}
}

// attr is a with no secret in its key or value. A value of any kind that prints a secret
// (an error, a URL, a number equal to a numeric key) is replaced by its redacted text.
func (h redactingHandler) attr(a slog.Attr) slog.Attr {
	key := h.rd.String(a.Key)
	v := a.Value.Resolve()
	if v.Kind() == slog.KindGroup {
		group := v.Group()
		clean := make([]any, len(group))
		for i, g := range group {
			clean[i] = h.attr(g)
		}
		return slog.Group(key, clean...)
	}
	if text := v.String(); h.rd.String(text) != text {
		return slog.String(key, h.rd.String(text))
	}
	return slog.Attr{Key: key, Value: v}
}

// warnShortSecrets names, never shows, each configured credential too short to be
// redacted from text (tools.MinSecretLen): an API that echoes it would show it. --header
// values are left out: most short ones are not secrets (Accept-Language: en).
func warnShortSecrets(logger *slog.Logger, opts Options) {
	var short []string
	for _, kv := range opts.Environ {
		k, v, ok := strings.Cut(kv, "=")
		if ok && (k == secret.GenericAuthEnvVar || strings.HasPrefix(k, secret.AuthEnvVar(""))) && secret.ShortSecret(v) {
			short = append(short, k)
		}
	}
	sort.Strings(short)
	for _, s := range short {
		logger.Warn("secret shorter than the redaction floor: an API echoing it would show it", "variable", s, "floor", secret.MinSecretLen)
	}
}

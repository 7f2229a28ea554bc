package tools

import (
	"strconv"
	"unicode/utf8"
)

// A value the caller gave is quoted back in questions, reasons, errors and calls[], and
// each quote is bounded: a 4 MB argument once came back as a 34 MB answer, the value
// repeated in the question, the reason, the error and the call record. EchoLimit is
// enough to recognise a name, a title or a sentence; what is cut is counted.

// EchoLimit is the most bytes of one value quoted back.
const EchoLimit = 200

// EchoText is s as it may be quoted back: whole when it fits EchoLimit, else its first
// EchoLimit bytes (cut on a character boundary) followed by "…" and its size in bytes.
func EchoText(s string) string {
	if len(s) <= EchoLimit {
		return s
	}
	return EchoCut(s, EchoLimit)
}

// EchoCut is s cut to at most n bytes on a character boundary, "…" and its full size.
func EchoCut(s string, n int) string {
	cut := min(n, len(s))
	for cut > 0 && cut < len(s) && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

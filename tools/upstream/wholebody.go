package upstream

import (
	"bytes"
	"io"

	"github.com/tidwall/gjson"
)

// WholeBodyFactor and WholeBodyFloor bound how far past --max-body an answer is read so
// that _select can reach, and a cut can name, what lies beyond the cap: this many times
// the cap, and at least the floor (a small cap still lets a few MB be picked from). An
// answer longer still is cut as text, as before.
const (
	WholeBodyFactor       = 8
	WholeBodyFloor  int64 = 4 << 20
)

// WholeBodyLimit is how much of an answer is read whole under the cap max.
func WholeBodyLimit(max int64) int64 { return maxInt64(max*WholeBodyFactor, WholeBodyFloor) }

func maxInt64(a, b int64) int64 {
	if a > b {
		return a
	}
	return b
}

// readWhole reads the rest of a body whose first bytes (head, already past max) were
// read, and returns the whole of it when it is valid JSON within WholeBodyLimit(max);
// else nil. head is not changed.
func readWhole(r io.Reader, head []byte, max int64) []byte {
	limit := WholeBodyLimit(max)
	if int64(len(head)) > limit {
		return nil
	}
	rest, err := io.ReadAll(io.LimitReader(r, limit-int64(len(head))+1))
	if err != nil || int64(len(head)+len(rest)) > limit {
		return nil
	}
	whole := make([]byte, 0, len(head)+len(rest))
	whole = append(append(whole, head...), rest...)
	return jsonRaw(whole)
}

// jsonRaw is data without a byte order mark when it is one JSON object or array; else nil.
func jsonRaw(data []byte) []byte {
	data = bytes.TrimSpace(bytes.TrimPrefix(data, utf8BOM))
	if len(data) == 0 || (data[0] != '{' && data[0] != '[') || !gjson.ValidBytes(data) {
		return nil
	}
	return data
}

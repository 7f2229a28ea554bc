package clarify

import (
	"encoding/json"
	"fmt"
	"strconv"
)

// ValueText renders a scalar for a person: numbers as they are written, never in
// exponent form. JSON decodes every number to a float64, which fmt prints from a million
// up as "1.822041e+06": "the API found no movie 9.9999999e+07". A record or a list is
// written as JSON, never in Go's notation (map[description:…]).
func ValueText(v any) string {
	switch x := v.(type) {
	case map[string]any, []any:
		if b, err := json.Marshal(x); err == nil {
			return string(b)
		}
	case float64:
		return strconv.FormatFloat(x, 'f', -1, 64)
	case float32:
		return strconv.FormatFloat(float64(x), 'f', -1, 32)
	}
	return fmt.Sprint(v)
}

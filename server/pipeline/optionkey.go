package pipeline

import (
	"encoding/json"
	"fmt"
)

func OptionKey(v any) string {
	if s, ok := v.(string); ok {
		return s
	}
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(data)
}

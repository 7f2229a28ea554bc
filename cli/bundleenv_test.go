package cli

import (
	"os"
	"testing"
)

func TestClearUnfilledFields(t *testing.T) {
	t.Setenv("ASKAPI_HEADERS", "${user_config.headers}")
	t.Setenv("ASKAPI_BASE_URL", "https://api.example.com")
	t.Setenv("OTHER_VAR", "${user_config.x}")
	clearUnfilledFields()
	if _, set := os.LookupEnv("ASKAPI_HEADERS"); set {
		t.Error("an unfilled field stayed set")
	}
	if os.Getenv("ASKAPI_BASE_URL") != "https://api.example.com" || os.Getenv("OTHER_VAR") == "" {
		t.Error("a filled field, or another program's variable, was cleared")
	}
}

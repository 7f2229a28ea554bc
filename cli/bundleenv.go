package cli

import (
	"os"
	"regexp"
	"strings"
)

// unfilledField is a bundle's "${user_config.NAME}" left as it was: a host that does not
// substitute an optional field the person left empty passes it on verbatim.
var unfilledField = regexp.MustCompile(`^\$\{user_config\.[A-Za-z0-9_]+\}$`)

// clearUnfilledFields unsets every ASKAPI_ variable that holds such a placeholder, so an
// empty form field reads as unset, never as a header, a key or a file named "${…}".
func clearUnfilledFields() {
	for _, kv := range os.Environ() {
		k, v, _ := strings.Cut(kv, "=")
		if strings.HasPrefix(k, "ASKAPI_") && unfilledField.MatchString(strings.TrimSpace(v)) {
			os.Unsetenv(k)
		}
	}
}

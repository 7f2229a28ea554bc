package cli

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// serve -h groups every flag and lists every credential variable; a secret given as a
// flag's environment form is never printed as its default.
func TestServeUsageGroupsEveryFlag(t *testing.T) {
	t.Setenv("ASKAPI_HTTP_TOKEN", "tok-never-printed-9f")
	var stdout, stderr bytes.Buffer
	if code := run(context.Background(), []string{"serve", "-h"}, &stdout, &stderr); code != 0 {
		t.Fatalf("serve -h exited %d: %s", code, stderr.String())
	}
	help := stderr.String()
	if strings.Contains(help, "\nOther:\n") {
		t.Errorf("serve -h lists flags under Other; add them to serveGroups:\n%s", help[strings.Index(help, "\nOther:\n"):]) //nolint:gocritic // offBy1: the list from its heading on; Contains said it is there
	}
	for _, g := range serveGroups {
		if !strings.Contains(help, "\n"+g.title+":\n") {
			t.Errorf("group %q missing", g.title)
		}
	}
	for _, v := range append(credentialVars, [2]string{"ASKAPI_API_KEY"}, [2]string{"ASKAPI_AUTH_<SCHEME>"}) {
		name, _, _ := strings.Cut(v[0], "=")
		if !strings.Contains(help, "\n  "+name) {
			t.Errorf("credential variable %s not listed", name)
		}
	}
	if strings.Contains(help, "tok-never-printed-9f") {
		t.Error("serve -h printed the HTTP token read from the environment")
	}
	// Every flag named in a group exists: a renamed flag would silently drop out.
	for _, g := range serveGroups {
		for _, name := range g.flags {
			if !strings.Contains(help, "\n  -"+name+"\n") && !strings.Contains(help, "\n  -"+name+" ") {
				t.Errorf("group %q names flag %s, which serve does not have", g.title, name)
			}
		}
	}
}

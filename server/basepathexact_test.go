package server

import "testing"

// --base-url-exact uses --base-url as given: Swagger's basePath is not added.
func TestBaseURLExact(t *testing.T) {
	testBasePath(t, func(o *Options) { o.BaseURLExact = true })
}

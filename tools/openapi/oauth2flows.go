package openapi

// oauth2TokenURL is where an oauth2 scheme's tokens come from: the client-credentials
// flow's token URL, else the authorization-code flow's refresh or token URL, else the
// password flow's; "" when the scheme names none (an implicit flow only).
func (c *compiler) oauth2TokenURL(flows []byte) string {
	if !isObject(flows) {
		return ""
	}
	f := c.fields(flows)
	// Read as written: a flow is never worth failing a spec over (no $ref followed).
	url := func(flow, key string) string {
		if v := f[flow]; isObject(v) {
			return rawStr(c.fields(v)[key])
		}
		return ""
	}
	for _, u := range []string{
		url("clientCredentials", "tokenUrl"),
		url("authorizationCode", "refreshUrl"),
		url("authorizationCode", "tokenUrl"),
		url("password", "tokenUrl"),
		url("clientCredentials", "refreshUrl"),
	} {
		if u != "" {
			return u
		}
	}
	return ""
}

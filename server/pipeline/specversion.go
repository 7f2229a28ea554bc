package pipeline

import "github.com/askapi/askapi/tools"

// specVersion fills each argument that carries the API's own version (tools.VersionParam)
// with the version the spec declares, when the call leaves it out: a person cannot know
// it and is never asked. It returns those arguments whose value is that version.
func (p *Pipeline) specVersion(c *call) map[string]bool {
	version := p.Catalog.Version()
	var set map[string]bool
	for _, prm := range c.op.Params {
		if !tools.VersionNamed(prm) || version == "" {
			continue
		}
		if v, given := c.args[prm.Arg]; tools.VersionParam(prm, version) && (!given || v == nil || v == "") {
			c.args[prm.Arg] = version
		}
		if c.args[prm.Arg] == version {
			if set == nil {
				set = map[string]bool{}
			}
			set[prm.Arg] = true
		}
	}
	return set
}

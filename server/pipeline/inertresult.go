package pipeline

import (
	"strings"

	"github.com/askapi/askapi/clarify"
	"github.com/askapi/askapi/tools"
)

// InertResult returns r with its upstream text made inert; r itself when nothing changes.
func InertResult(r *clarify.Result) *clarify.Result {
	if r == nil {
		return r
	}
	out := *r
	changed := false
	line := func(s *string) {
		if clean := tools.InertLine(*s); clean != *s {
			*s, changed = clean, true
		}
	}
	line(&out.Reason)
	line(&out.Note)
	if r.Error != nil {
		e := *r.Error
		line(&e.Message)
		line(&e.BodyExcerpt)
		out.Error = &e
	}
	if r.Selected != nil {
		sel := *r.Selected
		line(&sel.Reason)
		out.Selected = &sel
	}
	if len(r.Questions) > 0 {
		out.Questions = make([]clarify.Question, len(r.Questions))
		for i, q := range r.Questions {
			if len(q.Options) > 0 {
				opts := make([]clarify.Option, len(q.Options))
				for j, o := range q.Options {
					if clean := tools.InertLine(o.Label); clean != o.Label {
						if o.Label != "" {
							q.Question = strings.ReplaceAll(q.Question, o.Label, clean)
						}
						o.Label, changed = clean, true
					}
					opts[j] = o
				}
				q.Options = opts
			}
			if clean := tools.Visible(q.Question); clean != q.Question {
				q.Question, changed = clean, true
			}
			line(&q.Reason)
			out.Questions[i] = q
		}
	}
	if len(r.Resolved) > 0 {
		out.Resolved = make([]clarify.Resolution, len(r.Resolved))
		for i, res := range r.Resolved {
			line(&res.Label)
			out.Resolved[i] = res
		}
	}
	if !changed {
		return r
	}
	return &out
}

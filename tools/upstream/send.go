package upstream

import (
	"context"
	"errors"
	"fmt"
	"github.com/askapi/askapi/tools/secret"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"
)

// DefaultMaxBody caps a response body when the Sender does not say otherwise.
const DefaultMaxBody int64 = 1 << 20

// maxRedirects matches net/http's own limit for same-host redirects.
const maxRedirects = 10

// ErrCrossHostRedirect marks a redirect that would leave the server the request was sent
// to: askapi calls only the configured server, so it stops there.
var ErrCrossHostRedirect = errors.New("redirect to another host refused")

// Sender sends requests with a timeout, a response cap, base-URL pinning and no
// cross-host redirects. The request's own URL is the pin: BuildRequest only builds URLs
// under the chosen base URL, and redirects may not leave its scheme, host and port.
type Sender struct {
	Client  *http.Client
	Timeout time.Duration
	MaxBody int64 // default 1 MiB
}

// NewSender returns a Sender whose client refuses cross-host redirects.
func NewSender(timeout time.Duration, maxBody int64) *Sender {
	if maxBody <= 0 {
		maxBody = DefaultMaxBody
	}
	return &Sender{
		Client:  &http.Client{Timeout: timeout, CheckRedirect: sameOriginRedirect},
		Timeout: timeout,
		MaxBody: maxBody,
	}
}

// sameOriginRedirect follows a redirect only to the original request's scheme, host and port.
func sameOriginRedirect(req *http.Request, via []*http.Request) error {
	if len(via) == 0 {
		return nil
	}
	if len(via) >= maxRedirects {
		return fmt.Errorf("stopped after %d redirects", maxRedirects)
	}
	from, to := originOf(via[0].URL), originOf(req.URL)
	if from != to {
		return fmt.Errorf("%w: %s is not %s", ErrCrossHostRedirect, to, from)
	}
	return nil
}

// originOf is scheme://host:port with the default port made explicit, so
// "https://a" and "https://a:443" are the same server.
func originOf(u *url.URL) string {
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		switch scheme {
		case "http":
			port = "80"
		case "https":
			port = "443"
		}
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}

// Send performs the request and returns a Response (never a stack trace); transport
// failures are errors wrapped with context and with secrets redacted. A refused
// cross-host redirect comes back as the 3xx it was, with a Note and a Problem: no data,
// an answer the caller reports as an error.
func (s *Sender) Send(req *http.Request, secrets []string) (*Response, error) {
	client := s.client()
	if s.Timeout > 0 {
		// The context covers reading the body too, whatever client the Sender holds.
		ctx, cancel := context.WithTimeout(req.Context(), s.Timeout)
		defer cancel()
		req = req.WithContext(ctx)
	}
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		if resp != nil && errors.Is(err, ErrCrossHostRedirect) {
			// net/http has closed this body already; status and Location are what matter.
			out := &Response{Status: resp.StatusCode, ContentType: resp.Header.Get("Content-Type"), Header: resp.Header}
			out.Note = secret.Redact(fmt.Sprintf("redirect to %s refused: askapi only calls the configured server", redirectTarget(resp, secrets)), secrets)
			// Not the answer the call asked for: the caller reports it as an error.
			out.Problem = &BodyProblem{Message: fmt.Sprintf("the API answered %d, a %s", resp.StatusCode, out.Note)}
			out.Duration = time.Since(start)
			return out, nil
		}
		return nil, s.sendError(req, err, secrets)
	}
	defer resp.Body.Close()
	out, err := readResponse(resp, s.maxBody(), secret.RedactorFor(secrets))
	if err != nil {
		return nil, s.sendError(req, err, secrets)
	}
	out.Duration = time.Since(start)
	out.Note = secret.Redact(out.Note, secrets)
	return out, nil
}

func (s *Sender) maxBody() int64 {
	if s.MaxBody > 0 {
		return s.MaxBody
	}
	return DefaultMaxBody
}

// client returns a copy of the configured client with the redirect pin always in force,
// even when a caller supplied its own client.
func (s *Sender) client() *http.Client {
	var c http.Client
	if s.Client != nil {
		c = *s.Client
	} else if s.Timeout > 0 {
		c.Timeout = s.Timeout
	}
	own := c.CheckRedirect
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if err := sameOriginRedirect(req, via); err != nil {
			return err
		}
		if own != nil {
			return own(req, via)
		}
		return nil
	}
	return &c
}

// redirectTarget is where the refused redirect pointed, with secret query values hidden
// (a key of any length, as askapi itself would have placed it there).
func redirectTarget(resp *http.Response, secrets []string) string {
	loc := resp.Header.Get("Location")
	if resp.Request != nil {
		if u, err := resp.Request.URL.Parse(loc); err == nil {
			return redactURL(u, secret.RedactorFor(secrets))
		}
	}
	return loc
}

// SendError is a transport failure, its text free of secrets.
type SendError struct {
	// Timeout is true when no complete response came within the time limit.
	Timeout bool
	msg     string
	cause   error
}

func (e *SendError) Error() string { return e.msg }

// Unwrap exposes the cause without *url.Error, whose text would repeat the raw URL.
func (e *SendError) Unwrap() error { return e.cause }

func (s *Sender) sendError(req *http.Request, err error, secrets []string) error {
	cause := err
	var ue *url.Error
	if errors.As(err, &ue) {
		cause = ue.Err
	}
	var ne net.Error
	timeout := errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout())
	reason := tlsReason(cause, req.URL.Host)
	if timeout {
		reason = "no response in time"
		if s.Timeout > 0 {
			reason = fmt.Sprintf("no response within %s", s.Timeout)
		}
	}
	rd := secret.RedactorFor(secrets)
	msg := fmt.Sprintf("calling %s %s: %s", req.Method, redactURL(req.URL, rd), reason)
	return &SendError{Timeout: timeout, msg: rd.String(msg), cause: cause}
}

package cache

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

// fileIdentity returns what identifies a file's bytes without reading them, and the time
// they last changed.
func fileIdentity(fi os.FileInfo) (id string, changed time.Time, ok bool) {
	st, ok := fi.Sys().(*syscall.Stat_t)
	if !ok {
		return "", time.Time{}, false
	}
	changed = time.Unix(st.Ctimespec.Unix())
	return fmt.Sprintf("%d\x00%d\x00%d\x00%d\x00%d", st.Dev, st.Ino, st.Size, fi.ModTime().UnixNano(), changed.UnixNano()), changed, true
}

//go:build !linux

package openapi

import (
	"errors"
	"os"
)

// Elsewhere a large spec is read as any other.
func mapFile(*os.File, int64) ([]byte, error) { return nil, errors.ErrUnsupported }

func dropPages([]byte) {}

func unmapFile([]byte) {}

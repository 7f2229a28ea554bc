//go:build linux

package openapi

import (
	"os"
	"syscall"
)

func mapFile(f *os.File, size int64) ([]byte, error) {
	return syscall.Mmap(int(f.Fd()), 0, int(size), syscall.PROT_READ, syscall.MAP_PRIVATE)
}

func dropPages(b []byte) { _ = syscall.Madvise(b, syscall.MADV_DONTNEED) }

func unmapFile(b []byte) { _ = syscall.Munmap(b) }

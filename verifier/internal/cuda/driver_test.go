//go:build linux

package cuda

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestOpenMissing: no library is an error with advice, not a crash
// (purego.Dlopen fails with a Go error).
func TestOpenMissing(t *testing.T) {
	path := filepath.Join(t.TempDir(), "libcuda.so.1")
	_, err := openDriver(path)
	if err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "install the NVIDIA driver") {
		t.Errorf("error %v", err)
	}
	r, err := Bench(context.Background(), Config{Duration: 5 * time.Second, Library: path})
	if err != nil || r.Skipped == "" || len(r.GPUs) != 0 || r.Ran() {
		t.Errorf("run %+v, %v", r, err)
	}
}

// TestOpenWrongLibrary: a library without the CUDA functions (here the C
// library) is refused before anything is called, naming what is missing.
func TestOpenWrongLibrary(t *testing.T) {
	_, err := openDriver("libc.so.6")
	if err == nil || !strings.Contains(err.Error(), "has no cuInit, cuDriverGetVersion") {
		t.Errorf("error %v", err)
	}
}

func TestLibraryPath(t *testing.T) {
	t.Setenv(LibraryEnv, "")
	if p := libraryPath(Config{}); p != "libcuda.so.1" {
		t.Errorf("default %q", p)
	}
	t.Setenv(LibraryEnv, "/usr/lib/wsl/lib/libcuda.so.1")
	if p := libraryPath(Config{}); p != "/usr/lib/wsl/lib/libcuda.so.1" {
		t.Errorf("from %s: %q", LibraryEnv, p)
	}
	if p := libraryPath(Config{Library: "/x/libcuda.so.1"}); p != "/x/libcuda.so.1" {
		t.Errorf("from the config: %q", p)
	}
}

func TestInitAdvice(t *testing.T) {
	for code, want := range map[int]string{100: "sees no CUDA GPU", 34: "toolkit's stub", 804: "do not match", 999: "could not start"} {
		if got := initAdvice(&Error{Call: "cuInit", Code: code, Name: "X"}); !strings.Contains(got, want) || !strings.HasPrefix(got, "cuInit: X (") {
			t.Errorf("%d: %q", code, got)
		}
	}
}

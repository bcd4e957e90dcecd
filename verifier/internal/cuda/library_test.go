package cuda

import (
	"os"
	"path/filepath"
	"testing"
)

func TestLoadedLibrary(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "libcuda.so.535.104.05")
	os.WriteFile(lib, []byte("abc"), 0o644)
	maps := filepath.Join(dir, "maps")
	os.WriteFile(maps, []byte("55d0c2a00000-55d0c2a01000 r--p 00000000 08:01 1 /usr/local/bin/gpuverify\n"+
		"7f1c2a000000-7f1c2a100000 r-xp 00000000 08:01 2 "+lib+"\n"), 0o644)
	l := loadedLibrary(maps, "")
	// SHA-256("abc"), FIPS 180-2 appendix B.1.
	if l == nil || l.Path != lib || l.SHA256 != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" || l.Override != "" {
		t.Errorf("%+v", l)
	}
	os.WriteFile(maps, []byte("7f1c2b000000-7f1c2b100000 r-xp 00000000 08:01 3 /usr/lib/x86_64-linux-gnu/libc.so.6\n"), 0o644)
	if l := loadedLibrary(maps, ""); l != nil {
		t.Errorf("no libcuda mapped: %+v", l)
	}
}

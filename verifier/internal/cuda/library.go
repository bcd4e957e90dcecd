package cuda

import (
	"crypto/sha256"
	"encoding/hex"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/gpuplan/gpuplan/shared/bench"
)

// maxLibraryBytes bounds the library file hashed: libcuda is about 100 MB.
const maxLibraryBytes = 1 << 30

// loadedLibrary is what the run records of the libcuda it loaded: the
// file /proc/self/maps shows (the driver's libcuda.so.<version>, links
// resolved), its SHA-256, and the override that named it, if any. It
// reads maps, the file named there. nil when no libcuda is mapped.
func loadedLibrary(maps string, override string) *bench.Library {
	data, err := os.ReadFile(maps)
	if err != nil {
		return nil
	}
	p, addr := mapped(string(data), "libcuda")
	if p == "" {
		return nil
	}
	// The inode the process mapped, even if the name was replaced since;
	// the file at the name where map_files cannot be read.
	sum := sha256File(filepath.Join(filepath.Dir(maps), "map_files", addr))
	if sum == "" {
		sum = sha256File(p)
	}
	return &bench.Library{Path: p, SHA256: sum, Override: override}
}

// mapped is the first file of a /proc/self/maps text whose name starts
// with prefix, and the address range of that mapping.
func mapped(maps, prefix string) (file, addr string) {
	for _, line := range strings.Split(maps, "\n") {
		f := strings.Fields(line)
		if len(f) < 6 || !strings.HasPrefix(f[5], "/") {
			continue
		}
		if p := strings.Join(f[5:], " "); strings.HasPrefix(path.Base(p), prefix) {
			return p, f[0]
		}
	}
	return "", ""
}

// sha256File is the hex SHA-256 of the file, or "" when it cannot be read.
func sha256File(p string) string {
	f, err := os.Open(p)
	if err != nil {
		return ""
	}
	defer f.Close()
	h := sha256.New()
	if n, err := io.Copy(h, io.LimitReader(f, maxLibraryBytes+1)); err != nil || n > maxLibraryBytes {
		return ""
	}
	return hex.EncodeToString(h.Sum(nil))
}

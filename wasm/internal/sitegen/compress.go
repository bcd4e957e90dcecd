package sitegen

import (
	"bytes"
	"cmp"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"sync"

	"github.com/andybalholm/brotli"
)

// compressible lists the extensions worth precompressing; images such as PNG
// are compressed already.
var compressible = map[string]bool{
	".html": true, ".js": true, ".css": true, ".wasm": true, ".svg": true,
	".webmanifest": true, ".json": true, ".txt": true, ".xml": true,
}

// Compressible reports whether the generator writes a compressed copy of
// files named like path (when they are large enough to gain).
func Compressible(path string) bool { return compressible[filepath.Ext(path)] }

// minCompressSize skips files too small to gain from compression.
const minCompressSize = 512

// encoding is one precompressed variant written next to the file.
type encoding struct {
	ext      string // ".br" or ".gz"
	compress func(data []byte, quality int) ([]byte, error)
}

var encodings = []encoding{
	{".br", compressBrotli},
	{".gz", compressGzip},
}

// compressed reports the variants written for one file.
type compressed struct {
	Path  string // relative to the site root
	Raw   int
	Sizes map[string]int // ".br" → bytes, ".gz" → bytes; absent when not smaller
}

// precompress writes NAME.br and NAME.gz next to every compressible file
// under dir, when the result is smaller. Brotli at quality 11 takes ~20 s for
// app.wasm, so every result is cached in cacheDir by the SHA-256 of its input
// and the quality; an unchanged file costs one hash. An empty cacheDir
// disables the cache. Files are compressed in parallel.
// gzLevel is the gzip level (1–9; 0 means 9, the smallest).
func precompress(dir, cacheDir string, brQuality, gzLevel int) ([]compressed, error) {
	if gzLevel == 0 {
		gzLevel = gzip.BestCompression
	}
	var paths []string
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !compressible[filepath.Ext(p)] {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		if info.Size() >= minCompressSize {
			paths = append(paths, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if cacheDir != "" {
		if err := os.MkdirAll(cacheDir, 0o755); err != nil {
			return nil, err
		}
	}

	results := make([]compressed, len(paths))
	for i, p := range paths {
		info, err := os.Stat(p)
		if err != nil {
			return nil, err
		}
		rel, _ := filepath.Rel(dir, p)
		results[i] = compressed{Path: filepath.ToSlash(rel), Raw: int(info.Size()), Sizes: map[string]int{}}
	}
	// The largest file first: app.wasm's brotli dominates the wall time.
	order := make([]int, len(paths))
	for i := range order {
		order[i] = i
	}
	slices.SortFunc(order, func(a, b int) int { return cmp.Compare(results[b].Raw, results[a].Raw) })

	type job struct {
		i   int
		enc encoding
	}
	jobs := make(chan job)
	errs := make(chan error, len(paths)*len(encodings))
	var mu sync.Mutex
	var wg sync.WaitGroup
	for range runtime.NumCPU() {
		wg.Go(func() {
			for j := range jobs {
				level := brQuality
				if j.enc.ext == ".gz" {
					level = gzLevel
				}
				n, err := compressFile(paths[j.i], j.enc, cacheDir, level)
				if err != nil {
					errs <- err
					continue
				}
				if n > 0 {
					mu.Lock()
					results[j.i].Sizes[j.enc.ext] = n
					mu.Unlock()
				}
			}
		})
	}
	for _, i := range order {
		for _, enc := range encodings {
			jobs <- job{i, enc}
		}
	}
	close(jobs)
	wg.Wait()
	close(errs)
	if err := <-errs; err != nil {
		return nil, err
	}
	return results, nil
}

// compressFile writes one variant of path and returns its size, or 0 when
// the variant would not be smaller than the file (nothing is written then).
func compressFile(path string, enc encoding, cacheDir string, quality int) (int, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	sum := sha256.Sum256(data)
	cached := ""
	if cacheDir != "" {
		cached = filepath.Join(cacheDir, hex.EncodeToString(sum[:])+"-q"+strconv.Itoa(quality)+enc.ext)
	}
	out, err := os.ReadFile(cached)
	if cached == "" || err != nil {
		out, err = enc.compress(data, quality)
		if err != nil {
			return 0, fmt.Errorf("compressing %s as %s: %w", path, enc.ext, err)
		}
		if cached != "" {
			if err := writeFileAtomic(cached, out); err != nil {
				return 0, err
			}
		}
	}
	if len(out) >= len(data) {
		return 0, nil
	}
	return len(out), os.WriteFile(path+enc.ext, out, 0o644)
}

// writeFileAtomic writes through a temporary file, so an interrupted build
// never leaves a truncated cache entry.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tmp-*")
	if err != nil {
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		os.Remove(tmp.Name())
		return err
	}
	if err := tmp.Close(); err != nil {
		os.Remove(tmp.Name())
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func compressBrotli(data []byte, quality int) ([]byte, error) {
	var buf bytes.Buffer
	w := brotli.NewWriterOptions(&buf, brotli.WriterOptions{Quality: quality, LGWin: 24})
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func compressGzip(data []byte, level int) ([]byte, error) {
	var buf bytes.Buffer
	w, err := gzip.NewWriterLevel(&buf, level)
	if err != nil {
		return nil, err
	}
	if _, err := w.Write(data); err != nil {
		return nil, err
	}
	if err := w.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

package host

import (
	"bufio"
	"crypto/md5"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Bounds of what the loader record reads.
const (
	maxArgs      = 64
	maxArgLen    = 256
	maxLibBytes  = 1 << 30 // libcuda.so is about 100 MB
	maxDpkgLists = 4096
)

// atBaseType is AT_BASE in the auxiliary vector (elf.h): the address the
// program's interpreter was loaded at.
const atBaseType = 7

// exe is where /proc/self/exe points.
func exe(root string) facts.Value[string] {
	p, err := os.Readlink(filepath.Join(root, "proc/self/exe"))
	if err != nil {
		return facts.Unavailable[string](cannotRead("/proc/self/exe", err))
	}
	return facts.Known(p)
}

// cmdline is /proc/self/cmdline's arguments, bounded.
func cmdline(root string) []string {
	data, why := read(root, "proc/self/cmdline")
	if !why.IsZero() {
		return nil
	}
	args := strings.Split(strings.TrimRight(string(data), "\x00"), "\x00")
	if len(args) > maxArgs {
		args = args[:maxArgs]
	}
	for i, a := range args {
		if len(a) > maxArgLen {
			args[i] = a[:maxArgLen] + "…"
		}
	}
	return args
}

// atBase reads AT_BASE from /proc/self/auxv: pairs of 64-bit words in the
// machine's byte order (little-endian on x86-64 and arm64).
func atBase(root string) facts.Value[string] {
	data, why := read(root, "proc/self/auxv")
	if !why.IsZero() {
		return facts.Unavailable[string](why)
	}
	for i := 0; i+16 <= len(data); i += 16 {
		typ, val := binary.LittleEndian.Uint64(data[i:]), binary.LittleEndian.Uint64(data[i+8:])
		if typ == 0 {
			break
		}
		if typ == atBaseType {
			return facts.Known(fmt.Sprintf("0x%x", val))
		}
	}
	return facts.Unavailable[string](msg.New("facts.reason.host.no_at_base"))
}

// mappedSHA256 hashes the library the process mapped at path: through
// /proc/self/map_files/<range> (the mapped inode) when it can be read,
// and the file now at path too; differs is true when the two differ.
// Without map_files it is the file at path.
func mappedSHA256(root, maps, path string) (sum facts.Value[string], differs bool) {
	onDisk := fileSHA256(root, path)
	r := mappedRange(maps, path)
	if r == "" {
		return onDisk, false
	}
	mapped, why := hashFile(filepath.Join(root, "proc/self/map_files", r), sha256.New())
	if !why.IsZero() {
		return onDisk, false
	}
	d, ok := onDisk.Get()
	return facts.Known(mapped), !ok || d != mapped
}

// mappedRange is the address range ("7f1c2a000000-7f1c2a100000") of the
// first mapping of path in a /proc/self/maps text, or "".
func mappedRange(maps, path string) string {
	for _, line := range strings.Split(maps, "\n") {
		f := strings.Fields(line)
		if len(f) >= 6 && strings.Join(f[5:], " ") == path {
			return f[0]
		}
	}
	return ""
}

// fileSHA256 is the hex SHA-256 of the file at path under root.
func fileSHA256(root, path string) facts.Value[string] {
	sum, why := hashFile(filepath.Join(root, path), sha256.New())
	if !why.IsZero() {
		return facts.Unavailable[string](msg.New("facts.reason.host.cannot_hash", msg.Text(path), msg.Sub(why)))
	}
	return facts.Known(sum)
}

// hashFile is the hex digest of the file at path, or the reason it could
// not be read (the zero message when it was).
func hashFile(path string, h interface {
	io.Writer
	Sum([]byte) []byte
}) (string, msg.M) {
	f, err := os.Open(path)
	if err != nil {
		return "", errText(err)
	}
	defer f.Close()
	n, err := io.Copy(h, io.LimitReader(f, maxLibBytes+1))
	if err != nil {
		return "", msg.Verbatim(err.Error())
	}
	if n > maxLibBytes {
		return "", msg.New("facts.reason.host.too_large", msg.Text(strconv.Itoa(maxLibBytes)))
	}
	return hex.EncodeToString(h.Sum(nil)), msg.M{}
}

// dpkgOwner finds the dpkg package that installed path (a package of the
// NVIDIA driver lists it in /var/lib/dpkg/info/<package>.list) and
// whether the file's MD5 differs from the one in <package>.md5sums.
func dpkgOwner(root, path string) (facts.Value[string], bool) {
	info := filepath.Join(root, "var/lib/dpkg/info")
	lists, err := filepath.Glob(filepath.Join(info, "*nvidia*.list"))
	if err != nil || len(lists) == 0 {
		if _, serr := os.Stat(info); serr != nil {
			return facts.Unavailable[string](msg.New("facts.reason.host.no_dpkg", msg.Text("/var/lib/dpkg/info"), msg.Sub(errText(serr)))), false
		}
		return facts.Unavailable[string](msg.New("facts.reason.host.no_nvidia_package")), false
	}
	if len(lists) > maxDpkgLists {
		lists = lists[:maxDpkgLists]
	}
	names := []string{path}
	if rest, ok := strings.CutPrefix(path, "/usr"); ok {
		names = append(names, rest) // merged /usr: dpkg may list /lib/…
	}
	for _, list := range lists {
		listed := listedAs(list, names)
		if listed == "" {
			continue
		}
		pkg := strings.TrimSuffix(filepath.Base(list), ".list")
		want := md5Of(strings.TrimSuffix(list, ".list")+".md5sums", strings.TrimPrefix(listed, "/"))
		if want == "" {
			return facts.Known(pkg), false
		}
		got, why := hashFile(filepath.Join(root, path), md5.New())
		return facts.Known(pkg), !why.IsZero() || got != want
	}
	return facts.Unavailable[string](msg.New("facts.reason.host.not_packaged", msg.Text(path))), false
}

// listedAs is the name of names that the .list file holds, or "".
func listedAs(list string, names []string) string {
	f, err := os.Open(list)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		for _, n := range names {
			if sc.Text() == n {
				return n
			}
		}
	}
	return ""
}

// md5Of is the MD5 a .md5sums file records for rel, or "".
func md5Of(sums, rel string) string {
	f, err := os.Open(sums)
	if err != nil {
		return ""
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		sum, name, ok := strings.Cut(sc.Text(), "  ")
		if ok && name == rel {
			return sum
		}
	}
	return ""
}

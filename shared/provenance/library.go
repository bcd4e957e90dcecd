package provenance

import (
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// library checks which libnvidia-ml was loaded: one file, the driver's
// own, named for the kernel module's version.
func library(k *Kernel) acceptance.Result {
	l := k.Library
	res := acceptance.Result{ID: "kernel_library", Rule: "A4", Expected: "one libnvidia-ml.so.<kernel driver version> in a system library directory, as its package installed it, not chosen by hand",
		Measured: libraryMeasured(l)}
	p, ok := l.Path.Get()
	if !ok {
		res.Say(acceptance.Skip, msg.New("prov.library.skip"))
		return res
	}
	var bad []string
	if l.Override != "" {
		bad = append(bad, fmt.Sprintf("GPUVERIFY_NVML_LIBRARY=%s chose the library by hand", l.Override))
	}
	if len(l.Mapped) > 1 {
		bad = append(bad, fmt.Sprintf("%d NVML libraries are mapped: %s", len(l.Mapped), strings.Join(l.Mapped, ", ")))
	}
	if !SystemLibDir(path.Dir(p)) {
		bad = append(bad, fmt.Sprintf("%s is outside the system library directories (%s), where no driver installs it", p, strings.Join(systemLibDirs, ", ")))
	}
	if l.OnDiskDiffers {
		bad = append(bad, "the library the process mapped is not the file now at its path: it was replaced or deleted after gpuverify loaded it")
	}
	if pkg, ok := l.Package.Get(); ok && l.PackageModified {
		bad = append(bad, fmt.Sprintf("the file is not the one package %s installed (its MD5 differs from the package's)", pkg))
	}
	libVer, hasVer := strings.CutPrefix(path.Base(p), "libnvidia-ml.so.")
	kv, okK := k.DriverVersion.Get()
	switch {
	case !hasVer || strings.Count(libVer, ".") < 1:
		bad = append(bad, fmt.Sprintf("%s is not a driver's libnvidia-ml.so.<version> file", path.Base(p)))
	case okK && libVer != kv:
		bad = append(bad, fmt.Sprintf("the library is version %s but the kernel module is %s", libVer, kv))
	}
	if len(bad) > 0 {
		res.Say(acceptance.Fail, msg.New("prov.library.fail", msg.Text(strings.Join(bad, "; "))))
		return res
	}
	if !okK {
		res.Say(acceptance.Skip, msg.New("prov.library.no_version"))
		return res
	}
	res.Say(acceptance.Pass, msg.New("prov.library.pass", msg.Text(p), msg.Text(kv)))
	return res
}

// libraryMeasured is what the record says of the library: its path, and
// its SHA-256 and package when they were read.
func libraryMeasured(l Library) string {
	m := l.Path.String()
	if h, ok := l.SHA256.Get(); ok {
		m += ", sha256 " + h
	}
	if pkg, ok := l.Package.Get(); ok {
		m += ", from package " + pkg
	}
	return m
}

// loaderOptions are ld.so's options that choose or wrap libraries.
var loaderOptions = []string{"--library-path", "--preload", "--audit", "--inhibit-cache", "--inhibit-rpath", "--glibc-hwcaps-prepend", "--glibc-hwcaps-mask"}

// startedByLoader says how the process was started through the dynamic
// loader run as a program ("ld.so --library-path DIR gpuverify"), which
// chooses libraries no environment variable shows; "" when it was not.
func startedByLoader(l Library) string {
	var why []string
	if exe, ok := l.Exe.Get(); ok && isLoader(path.Base(exe)) {
		why = append(why, "/proc/self/exe is "+exe)
	}
	if base, ok := l.ATBase.Get(); ok && base == "0x0" {
		why = append(why, "AT_BASE is 0 (no interpreter: the loader is the program)")
	}
	if len(l.Cmdline) > 0 && isLoader(path.Base(l.Cmdline[0])) {
		var opts []string
		for _, a := range l.Cmdline {
			for _, o := range loaderOptions {
				if a == o || strings.HasPrefix(a, o+"=") {
					opts = append(opts, a)
				}
			}
		}
		why = append(why, fmt.Sprintf("the command line starts with %s %s", l.Cmdline[0], strings.Join(opts, " ")))
	}
	return strings.Join(why, "; ")
}

// isLoader reports whether a file name is the dynamic loader's:
// ld-linux-x86-64.so.2, ld-linux-aarch64.so.1, ld.so, ld64.so.2,
// ld-musl-x86_64.so.1.
func isLoader(base string) bool {
	return strings.HasPrefix(base, "ld-linux") || strings.HasPrefix(base, "ld.so") || strings.HasPrefix(base, "ld64.so") || strings.HasPrefix(base, "ld-musl")
}

// loader checks what could have made the dynamic loader pick another
// library or wrap it: LD_PRELOAD, /etc/ld.so.preload, LD_AUDIT,
// LD_LIBRARY_PATH, and the loader started as the program.
func loader(l Library) acceptance.Result {
	res := acceptance.Result{ID: "kernel_loader", Rule: "A4", Expected: "no LD_PRELOAD, /etc/ld.so.preload or LD_AUDIT, library not found through LD_LIBRARY_PATH, gpuverify not started through ld.so"}
	pre, preOK := l.PreloadFile.Get()
	res.Measured = fmt.Sprintf("LD_PRELOAD=%q, LD_LIBRARY_PATH=%q, LD_AUDIT=%q, /etc/ld.so.preload %s, exe %s, AT_BASE %s", l.LDPreload, l.LDLibraryPath, l.LDAudit, quoteOr(l.PreloadFile), l.Exe, l.ATBase)
	var bad []string
	if l.LDPreload != "" {
		bad = append(bad, "LD_PRELOAD loads "+l.LDPreload+" before every library")
	}
	if l.LDAudit != "" {
		bad = append(bad, "LD_AUDIT runs "+l.LDAudit+", which can hand the loader another file for any library")
	}
	if how := startedByLoader(l); how != "" {
		bad = append(bad, "gpuverify was started through the dynamic loader, whose options choose libraries ("+how+")")
	}
	if preOK && strings.TrimSpace(pre) != "" {
		bad = append(bad, "/etc/ld.so.preload loads "+strings.Join(strings.Fields(pre), ", ")+" into every program")
	}
	if p, ok := l.Path.Get(); ok && l.LDLibraryPath != "" && !SystemLibDir(path.Dir(p)) {
		dir := path.Dir(p)
		for _, d := range strings.Split(l.LDLibraryPath, ":") {
			if d != "" && path.Clean(d) == dir {
				bad = append(bad, fmt.Sprintf("the library was found through LD_LIBRARY_PATH (%s), outside the system library directories", d))
				break
			}
		}
	}
	if len(bad) > 0 {
		res.Say(acceptance.Fail, msg.New("prov.loader.fail", msg.Text(strings.Join(bad, "; "))))
		return res
	}
	if !preOK {
		res.Say(acceptance.Skip, msg.New("prov.loader.skip", msg.Text(l.PreloadFile.Reason().String())))
		return res
	}
	res.Say(acceptance.Pass, msg.New("prov.loader.pass"))
	return res
}

// systemLibDirs are where driver installs and the NVIDIA container toolkit
// put libnvidia-ml: a CUDA container's LD_LIBRARY_PATH names some of them.
var systemLibDirs = []string{"/usr/lib", "/usr/lib64", "/lib", "/lib64", "/usr/local/nvidia/lib", "/usr/local/nvidia/lib64"}

// SystemLibDir reports whether dir is a system library directory or one of
// its multiarch subdirectories (/usr/lib/x86_64-linux-gnu).
func SystemLibDir(dir string) bool {
	dir = path.Clean(dir)
	for _, d := range systemLibDirs {
		if dir == d || (path.Dir(dir) == d && strings.HasSuffix(dir, "-linux-gnu")) {
			return true
		}
	}
	return false
}

func quoteOr(v facts.Value[string]) string {
	if s, ok := v.Get(); ok {
		return strconv.Quote(strings.TrimSpace(s))
	}
	return v.String()
}

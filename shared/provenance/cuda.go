package provenance

import (
	"fmt"
	"path"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// CUDALibrary checks the libcuda a bench run loaded against the driver
// the kernel runs (rule A4): the driver's own file in a system library
// directory, not chosen by hand, of the kernel module's version, beside
// the libnvidia-ml the facts came from. A libcuda of another origin can
// make every figure up. lib is nil when the run did not record one.
func CUDALibrary(o Origin, lib *bench.Library) acceptance.Result {
	res := acceptance.Result{ID: "kernel_cuda_library", Rule: "A4", Expected: "the driver's libcuda.so.<kernel driver version>, beside its libnvidia-ml, not chosen by hand"}
	if lib == nil {
		res.Measured = "not recorded"
		res.Say(acceptance.Skip, msg.New("prov.cuda.none"))
		return res
	}
	res.Measured = lib.Path
	if lib.SHA256 != "" {
		res.Measured += ", sha256 " + lib.SHA256
	}
	var bad []string
	if lib.Override != "" {
		bad = append(bad, fmt.Sprintf("GPUVERIFY_CUDA_LIBRARY=%s chose the library by hand", lib.Override))
	}
	dir := path.Dir(lib.Path)
	if !SystemLibDir(dir) {
		bad = append(bad, fmt.Sprintf("%s is outside the system library directories", lib.Path))
	}
	ver, hasVer := strings.CutPrefix(path.Base(lib.Path), "libcuda.so.")
	if !hasVer || strings.Count(ver, ".") < 1 {
		bad = append(bad, fmt.Sprintf("%s is not a driver's libcuda.so.<version> file", path.Base(lib.Path)))
	}
	k := o.Kernel
	if k != nil {
		if kv, ok := k.DriverVersion.Get(); ok && hasVer && ver != kv {
			bad = append(bad, fmt.Sprintf("libcuda is version %s but the kernel module is %s", ver, kv))
		}
		if p, ok := k.Library.Path.Get(); ok && path.Dir(p) != dir {
			bad = append(bad, fmt.Sprintf("libcuda (%s) and libnvidia-ml (%s) are not from one driver install", dir, path.Dir(p)))
		}
	}
	switch {
	case len(bad) > 0:
		res.Say(acceptance.Fail, msg.New("prov.cuda.fail", msg.Text(strings.Join(bad, "; "))))
	case k == nil:
		res.Say(acceptance.Skip, msg.New("prov.cuda.no_kernel"))
	default:
		res.Say(acceptance.Pass, msg.New("prov.cuda.pass", msg.Text(lib.Path)))
	}
	return res
}

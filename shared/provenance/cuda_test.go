package provenance

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
)

// TestCUDALibrary: the bench's libcuda must be the driver's own (rule
// A4): a fake chosen with GPUVERIFY_CUDA_LIBRARY, one outside the system
// directories, another version or another install than NVML's all fail.
func TestCUDALibrary(t *testing.T) {
	live := Origin{Kind: Live, Kernel: agreeing()}
	good := "/usr/lib/x86_64-linux-gnu/libcuda.so.470.82.01"
	for _, c := range []struct {
		name string
		o    Origin
		lib  *bench.Library
		want acceptance.Status
		text string
	}{
		{"the driver's", live, &bench.Library{Path: good, SHA256: strings.Repeat("a", 64)}, acceptance.Pass, "the driver's own libcuda"},
		{"chosen by hand", live, &bench.Library{Path: good, Override: "/tmp/fake/libcuda.so.1"}, acceptance.Fail, "GPUVERIFY_CUDA_LIBRARY=/tmp/fake/libcuda.so.1 chose the library by hand"},
		{"outside the system directories", live, &bench.Library{Path: "/tmp/fake/libcuda.so.470.82.01"}, acceptance.Fail, "outside the system library directories"},
		{"another version", live, &bench.Library{Path: "/usr/lib/x86_64-linux-gnu/libcuda.so.535.104.05"}, acceptance.Fail, "libcuda is version 535.104.05 but the kernel module is 470.82.01"},
		{"another install than NVML's", live, &bench.Library{Path: "/usr/local/nvidia/lib64/libcuda.so.470.82.01"}, acceptance.Fail, "not from one driver install"},
		{"not recorded", live, nil, acceptance.Skip, "did not record"},
		{"from a saved file", Origin{Kind: File}, &bench.Library{Path: good}, acceptance.Skip, "saved file"},
	} {
		r := CUDALibrary(c.o, c.lib)
		if r.Status != c.want || !strings.Contains(r.Message, c.text) || r.ID != "kernel_cuda_library" {
			t.Errorf("%s: %s %q, want %s %q", c.name, r.Status, r.Message, c.want, c.text)
		}
	}
}

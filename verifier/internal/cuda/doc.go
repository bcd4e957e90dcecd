// Package cuda runs gpuverify bench: short CUDA kernels on every GPU at
// once, through the CUDA driver API of libcuda.so.1 (which the NVIDIA
// driver installs), loaded at run time with github.com/ebitengine/purego.
// No CUDA toolkit is needed to build or run: the kernels are CUDA C sources
// in kernels/, compiled to PTX with clang (make ptx) and embedded in the
// binary; the driver JIT-compiles the PTX for the GPU it finds.
//
// What it measures on each GPU (shared/bench judges it):
//
//   - fp32: an FMA loop on the CUDA cores (kernels/basic.cu fp32_fma).
//   - bf16, fp16: mma.sync m16n8k16 with FP32 accumulate on the tensor
//     cores (kernels/tensor.cu), on compute capability 8.0 and newer.
//   - memory: a streaming copy through device memory (copy_v4).
//   - h2d, d2h: copy-engine copies between pinned host memory
//     (cuMemAllocHost) and the GPU, one GPU at a time so that each link is
//     measured alone.
//   - memtest: nearly all free memory written with an address-dependent
//     pattern and its inverse and read back (memtest_fill, memtest_check):
//     it proves the memory the card reports exists.
//
// Rules it keeps (the NVML layer's model):
//
//   - Every driver function is looked up with purego.Dlsym before it is
//     registered; a library without a needed function, or no library, makes
//     the whole run Skipped with the reason, never a crash.
//   - Nothing is called after a failed cuInit.
//   - A CUDA context is bound to an OS thread: each GPU runs on its own
//     goroutine locked to its thread (runtime.LockOSThread).
//   - The run ends within the duration (plus at most one sample of about
//     half a second and the cleanup); a cancelled context (Ctrl-C) stops it
//     after the current sample, and what did not run says so.
//
// Builds for other systems than Linux get a stub whose Bench says so.
package cuda

import (
	"errors"
	"time"
)

// LibraryEnv is the environment variable that names the CUDA driver
// library to load instead of libcuda.so.1 from the loader's path (WSL's
// /usr/lib/wsl/lib/libcuda.so.1, a driver in an unusual place).
const LibraryEnv = "GPUVERIFY_CUDA_LIBRARY"

// Duration limits of a run.
const (
	MinDuration = 5 * time.Second
	MaxDuration = time.Hour
)

// ErrNotBuilt means this gpuverify was built for a system where the bench
// cannot run (not Linux).
var ErrNotBuilt = errors.New("gpuverify bench runs on Linux only: this build has no CUDA support")

// Config is what to run.
type Config struct {
	// Duration is the time budget of the whole run, in [MinDuration,
	// MaxDuration].
	Duration time.Duration
	// GPUs are the CUDA ordinals to benchmark; nil means all.
	GPUs []int
	// Library is the path of libcuda.so.1; empty means LibraryEnv, then
	// the loader's path.
	Library string
}

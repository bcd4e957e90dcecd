// Package nvml reads GPU facts and monitoring samples through NVML
// (libnvidia-ml.so.1, which the NVIDIA driver installs). It is the only
// package of gpuverify that imports github.com/NVIDIA/go-nvml.
//
// Rules it keeps (learnt from go-nvml v0.13.4-1's code and a fake
// libnvidia-ml.so.1):
//
//   - Nothing is called after a failed Init: calling into a library that did
//     not load kills the process (exit 127, "symbol lookup error").
//   - Every NVML function is looked up in the loaded library before it is
//     called (ExtendedInterface.LookupSymbol). The oldest driver supported is
//     R470; functions newer than that (the _v2 memory info and the GPU-only
//     max PCIe generation from R510, the clocks-event reasons from R535) fall
//     back to the older call or become unavailable, never a crash. The
//     others are looked up too: the lookup is cheap, and a stripped or
//     partial library (a container's stub) must not crash gpuverify either.
//   - ERROR_NOT_SUPPORTED makes the fact unavailable with that reason.
//   - ERROR_GPU_IS_LOST makes the GPU's facts unavailable with a reason that
//     says so; acceptance.Check fails such a GPU.
//   - No setter is ever called: gpuverify reads and changes nothing (a test
//     scans the source for Set*, Reset* and Clear* NVML calls).
//
// Builds without cgo, or for other systems than Linux, get a stub whose Open
// says to use --nvidia-smi FILE instead.
package nvml

import "errors"

// ErrNoLibrary means libnvidia-ml.so.1 could not be loaded: no NVIDIA driver
// is installed, or the library is not on the loader's path.
var ErrNoLibrary = errors.New("NVML library libnvidia-ml.so.1 not found: install the NVIDIA driver, " +
	"or run \"nvidia-smi -q -x > smi.xml\" where the driver works and pass --nvidia-smi smi.xml")

// ErrNotBuilt means this gpuverify was built without NVML support (no cgo,
// or not Linux).
var ErrNotBuilt = errors.New("this gpuverify was built without NVML (cgo off or not Linux): " +
	"run \"nvidia-smi -q -x > smi.xml\" and pass --nvidia-smi smi.xml")

// LibraryEnv is the environment variable that names the NVML library to load
// instead of libnvidia-ml.so.1 from the loader's path (a driver installed
// in an unusual place, or WSL's /usr/lib/wsl/lib/libnvidia-ml.so.1).
const LibraryEnv = "GPUVERIFY_NVML_LIBRARY"

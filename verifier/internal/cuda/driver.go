//go:build linux

package cuda

import (
	"fmt"
	"os"
	"strings"
	"unsafe"

	"github.com/ebitengine/purego"
)

// result is a CUresult.
type result int32

const cudaSuccess result = 0

// Names of the CUresult values gpuverify may meet, for drivers without
// cuGetErrorName (it exists since CUDA 6.0, but a stub library may lack it).
var resultNames = map[result]string{
	1: "CUDA_ERROR_INVALID_VALUE", 2: "CUDA_ERROR_OUT_OF_MEMORY", 3: "CUDA_ERROR_NOT_INITIALIZED",
	4: "CUDA_ERROR_DEINITIALIZED", 34: "CUDA_ERROR_STUB_LIBRARY", 46: "CUDA_ERROR_DEVICE_UNAVAILABLE",
	100: "CUDA_ERROR_NO_DEVICE", 101: "CUDA_ERROR_INVALID_DEVICE", 200: "CUDA_ERROR_INVALID_IMAGE",
	209: "CUDA_ERROR_NO_BINARY_FOR_GPU", 214: "CUDA_ERROR_ECC_UNCORRECTABLE", 218: "CUDA_ERROR_INVALID_PTX",
	221: "CUDA_ERROR_UNSUPPORTED_PTX_VERSION", 222: "CUDA_ERROR_JIT_COMPILER_NOT_FOUND", 500: "CUDA_ERROR_NOT_FOUND",
	700: "CUDA_ERROR_ILLEGAL_ADDRESS", 701: "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES", 702: "CUDA_ERROR_LAUNCH_TIMEOUT",
	719: "CUDA_ERROR_LAUNCH_FAILED", 802: "CUDA_ERROR_SYSTEM_NOT_READY", 803: "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
	804: "CUDA_ERROR_COMPAT_NOT_SUPPORTED_ON_DEVICE", 999: "CUDA_ERROR_UNKNOWN",
}

// driver is the loaded libcuda.so.1: one Go function per driver API call.
// The _v2 names are the ones cuda.h maps the plain names to since CUDA 3.2
// (64-bit sizes and device pointers); the plain symbols of those calls
// take 32-bit sizes and must not be used.
type driver struct {
	path string

	cuInit                    func(flags uint32) result
	cuDriverGetVersion        func(v *int32) result
	cuDeviceGetCount          func(n *int32) result
	cuDeviceGet               func(dev *int32, ordinal int32) result
	cuDeviceGetName           func(name *byte, n int32, dev int32) result
	cuDeviceGetAttribute      func(v *int32, attr int32, dev int32) result
	cuDeviceTotalMem          func(bytes *uint64, dev int32) result
	cuDevicePrimaryCtxRetain  func(ctx *uintptr, dev int32) result
	cuDevicePrimaryCtxRelease func(dev int32) result
	cuCtxSetCurrent           func(ctx uintptr) result
	cuCtxSynchronize          func() result
	cuMemGetInfo              func(free, total *uint64) result
	cuMemAlloc                func(dptr *uint64, size uint64) result
	cuMemFree                 func(dptr uint64) result
	cuMemAllocHost            func(p *uintptr, size uint64) result
	cuMemFreeHost             func(p uintptr) result
	cuMemcpyHtoD              func(dst uint64, src unsafe.Pointer, n uint64) result
	cuMemcpyDtoH              func(dst unsafe.Pointer, src uint64, n uint64) result
	cuMemcpyHtoDAsync         func(dst uint64, src uintptr, n uint64, stream uintptr) result
	cuMemcpyDtoHAsync         func(dst uintptr, src uint64, n uint64, stream uintptr) result
	cuModuleLoadDataEx        func(mod *uintptr, image *byte, n uint32, opts *int32, vals *uintptr) result
	cuModuleGetFunction       func(f *uintptr, mod uintptr, name string) result
	cuModuleUnload            func(mod uintptr) result
	cuLaunchKernel            func(f uintptr, gx, gy, gz, bx, by, bz, shmem uint32, stream uintptr, params *unsafe.Pointer, extra uintptr) result
	cuEventCreate             func(ev *uintptr, flags uint32) result
	cuEventRecord             func(ev uintptr, stream uintptr) result
	cuEventSynchronize        func(ev uintptr) result
	cuEventElapsedTime        func(ms *float32, start, end uintptr) result
	cuEventDestroy            func(ev uintptr) result

	// Optional: nil when the library lacks them.
	cuGetErrorName       func(r result, s **byte) result
	cuDeviceGetPCIBusId  func(id *byte, n int32, dev int32) result
	cuOccupancyMaxActive func(n *int32, f uintptr, block int32, shmem uint64) result
}

// binding ties a Go function to its C symbols: the first one the library
// has is used.
type binding struct {
	fn       any
	names    []string
	optional bool
}

func (d *driver) bindings() []binding {
	req := func(fn any, names ...string) binding { return binding{fn: fn, names: names} }
	opt := func(fn any, names ...string) binding { return binding{fn: fn, names: names, optional: true} }
	return []binding{
		req(&d.cuInit, "cuInit"),
		req(&d.cuDriverGetVersion, "cuDriverGetVersion"),
		req(&d.cuDeviceGetCount, "cuDeviceGetCount"),
		req(&d.cuDeviceGet, "cuDeviceGet"),
		req(&d.cuDeviceGetName, "cuDeviceGetName"),
		req(&d.cuDeviceGetAttribute, "cuDeviceGetAttribute"),
		req(&d.cuDeviceTotalMem, "cuDeviceTotalMem_v2"),
		req(&d.cuDevicePrimaryCtxRetain, "cuDevicePrimaryCtxRetain"),
		req(&d.cuDevicePrimaryCtxRelease, "cuDevicePrimaryCtxRelease_v2", "cuDevicePrimaryCtxRelease"),
		req(&d.cuCtxSetCurrent, "cuCtxSetCurrent"),
		req(&d.cuCtxSynchronize, "cuCtxSynchronize"),
		req(&d.cuMemGetInfo, "cuMemGetInfo_v2"),
		req(&d.cuMemAlloc, "cuMemAlloc_v2"),
		req(&d.cuMemFree, "cuMemFree_v2"),
		req(&d.cuMemAllocHost, "cuMemAllocHost_v2"),
		req(&d.cuMemFreeHost, "cuMemFreeHost"),
		req(&d.cuMemcpyHtoD, "cuMemcpyHtoD_v2"),
		req(&d.cuMemcpyDtoH, "cuMemcpyDtoH_v2"),
		req(&d.cuMemcpyHtoDAsync, "cuMemcpyHtoDAsync_v2"),
		req(&d.cuMemcpyDtoHAsync, "cuMemcpyDtoHAsync_v2"),
		req(&d.cuModuleLoadDataEx, "cuModuleLoadDataEx"),
		req(&d.cuModuleGetFunction, "cuModuleGetFunction"),
		req(&d.cuModuleUnload, "cuModuleUnload"),
		req(&d.cuLaunchKernel, "cuLaunchKernel"),
		req(&d.cuEventCreate, "cuEventCreate"),
		req(&d.cuEventRecord, "cuEventRecord"),
		req(&d.cuEventSynchronize, "cuEventSynchronize"),
		req(&d.cuEventElapsedTime, "cuEventElapsedTime"),
		req(&d.cuEventDestroy, "cuEventDestroy_v2", "cuEventDestroy"),
		opt(&d.cuGetErrorName, "cuGetErrorName"),
		opt(&d.cuDeviceGetPCIBusId, "cuDeviceGetPCIBusId"),
		opt(&d.cuOccupancyMaxActive, "cuOccupancyMaxActiveBlocksPerMultiprocessor"),
	}
}

// libraryPath is the library to load: cfg's, LibraryEnv's, or
// libcuda.so.1 from the loader's path.
func libraryPath(cfg Config) string {
	if cfg.Library != "" {
		return cfg.Library
	}
	if p := os.Getenv(LibraryEnv); p != "" {
		return p
	}
	return "libcuda.so.1"
}

// openDriver loads the library and binds every call, looking each symbol up
// first: a missing library or a missing required function is an error that
// names it, and nothing has been called.
func openDriver(path string) (*driver, error) {
	lib, err := purego.Dlopen(path, purego.RTLD_NOW|purego.RTLD_GLOBAL)
	if err != nil {
		return nil, fmt.Errorf("CUDA driver library %s could not be loaded (%v): install the NVIDIA driver, which ships it (no CUDA toolkit is needed), or set %s to its path", path, err, LibraryEnv)
	}
	d := &driver{path: path}
	var missing []string
	for _, b := range d.bindings() {
		sym := lookup(lib, b.names)
		if sym == 0 {
			if !b.optional {
				missing = append(missing, b.names[0])
			}
			continue
		}
		purego.RegisterFunc(b.fn, sym)
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("%s has no %s: a very old driver, or not the CUDA driver library", path, strings.Join(missing, ", "))
	}
	return d, nil
}

// lookup returns the address of the first of names the library has, or 0.
func lookup(lib uintptr, names []string) uintptr {
	for _, n := range names {
		if sym, err := purego.Dlsym(lib, n); err == nil && sym != 0 {
			return sym
		}
	}
	return 0
}

// Error is a failed driver call.
type Error struct {
	Call string // the driver function, e.g. "cuLaunchKernel"
	Code int    // the CUresult
	Name string // e.g. "CUDA_ERROR_LAUNCH_FAILED"
}

func (e *Error) Error() string { return fmt.Sprintf("%s: %s (%d)", e.Call, e.Name, e.Code) }

// check turns a CUresult into nil or an *Error.
func (d *driver) check(call string, r result) error {
	if r == cudaSuccess {
		return nil
	}
	return &Error{Call: call, Code: int(r), Name: d.errorName(r)}
}

// errorName names a CUresult.
func (d *driver) errorName(r result) string {
	if d.cuGetErrorName != nil {
		var s *byte
		if d.cuGetErrorName(r, &s) == cudaSuccess && s != nil {
			if name := goString(s, 128); name != "" {
				return name
			}
		}
	}
	if n, ok := resultNames[r]; ok {
		return n
	}
	return "CUDA error"
}

// goString copies a NUL-terminated C string of at most limit bytes.
func goString(p *byte, limit int) string {
	n := 0
	for n < limit && *(*byte)(unsafe.Add(unsafe.Pointer(p), n)) != 0 {
		n++
	}
	return string(unsafe.Slice(p, n))
}

// cBuffer returns the text of a buffer a C call filled, up to its NUL.
func cBuffer(b []byte) string {
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}

//go:build linux

package cuda

import (
	"fmt"
	"runtime"
	"strings"
	"time"
	"unsafe"

	"github.com/gpuplan/gpuplan/shared/bench"
)

// Device attributes (CUdevice_attribute in cuda.h).
const (
	attrMultiprocessorCount = 16
	attrMaxThreadsPerSM     = 39
	attrCCMajor             = 75
	attrCCMinor             = 76
)

// JIT options (CUjit_option in cuda.h).
const (
	jitErrorLogBuffer     = 5
	jitErrorLogBufferSize = 6
)

// minMajor is the oldest compute capability the basic kernels' PTX (sm_60)
// can be compiled for; tensorMajor the oldest with mma.sync m16n8k16.
const (
	minMajor    = 6
	tensorMajor = 8
)

// gpu is the CUDA context of one GPU, current on the calling goroutine's
// locked OS thread. Its methods must be called from that goroutine.
type gpu struct {
	d        *driver
	dev      int32
	ctx      uintptr
	sms      int
	threads  int // resident threads per SM
	major    int
	basic    uintptr // module of kernels/basic.ptx
	tensor   uintptr // module of kernels/tensor.ptx; 0 when not loaded
	tensorNo string  // why tensor is 0
	events   [2]uintptr
	total    uint64
}

// openGPU makes the primary context of CUDA device ordinal current on this
// thread, fills the identity fields of info and loads the kernels.
func openGPU(d *driver, ordinal int, info *bench.GPU) (*gpu, error) {
	g := &gpu{d: d}
	if err := d.check("cuDeviceGet", d.cuDeviceGet(&g.dev, int32(ordinal))); err != nil {
		return nil, err
	}
	name := make([]byte, 256)
	if err := d.check("cuDeviceGetName", d.cuDeviceGetName(&name[0], int32(len(name)), g.dev)); err != nil {
		return nil, err
	}
	info.Name = strings.TrimSpace(cBuffer(name))
	if d.cuDeviceGetPCIBusId != nil {
		bus := make([]byte, 64)
		if d.cuDeviceGetPCIBusId(&bus[0], int32(len(bus)), g.dev) == cudaSuccess {
			info.BusID = strings.ToLower(cBuffer(bus))
		}
	}
	var minor int
	for _, a := range []struct {
		attr int32
		v    *int
	}{{attrMultiprocessorCount, &g.sms}, {attrMaxThreadsPerSM, &g.threads}, {attrCCMajor, &g.major}, {attrCCMinor, &minor}} {
		var v int32
		if err := d.check("cuDeviceGetAttribute", d.cuDeviceGetAttribute(&v, a.attr, g.dev)); err != nil {
			return nil, err
		}
		*a.v = int(v)
	}
	info.SMs = g.sms
	info.ComputeCapability = fmt.Sprintf("%d.%d", g.major, minor)
	if err := d.check("cuDeviceTotalMem_v2", d.cuDeviceTotalMem(&g.total, g.dev)); err != nil {
		return nil, err
	}
	if g.major < minMajor {
		return nil, fmt.Errorf("compute capability %s: gpuverify bench needs %d.0 or newer", info.ComputeCapability, minMajor)
	}
	if err := d.check("cuDevicePrimaryCtxRetain", d.cuDevicePrimaryCtxRetain(&g.ctx, g.dev)); err != nil {
		return nil, err
	}
	if err := g.start(); err != nil {
		g.close()
		return nil, err
	}
	return g, nil
}

// start makes the context current, creates the timing events and loads the
// modules.
func (g *gpu) start() error {
	d := g.d
	if err := d.check("cuCtxSetCurrent", d.cuCtxSetCurrent(g.ctx)); err != nil {
		return err
	}
	for i := range g.events {
		if err := d.check("cuEventCreate", d.cuEventCreate(&g.events[i], 0)); err != nil {
			return err
		}
	}
	var err error
	if g.basic, err = g.load(basicPTX); err != nil {
		return fmt.Errorf("loading the bench kernels: %w", err)
	}
	switch {
	case g.major < tensorMajor:
		g.tensorNo = fmt.Sprintf("the tensor kernels use mma.sync m16n8k16, which needs compute capability %d.0; this GPU has %d.x", tensorMajor, g.major)
	default:
		if g.tensor, err = g.load(tensorPTX); err != nil {
			g.tensorNo = "the tensor kernels could not be loaded: " + err.Error()
		}
	}
	return nil
}

// close frees what start made and releases the primary context.
func (g *gpu) close() {
	d := g.d
	if g.tensor != 0 {
		d.cuModuleUnload(g.tensor)
	}
	if g.basic != 0 {
		d.cuModuleUnload(g.basic)
	}
	for _, e := range g.events {
		if e != 0 {
			d.cuEventDestroy(e)
		}
	}
	d.cuCtxSetCurrent(0)
	d.cuDevicePrimaryCtxRelease(g.dev)
}

// load JIT-compiles a PTX module; a failure carries the JIT's error log.
func (g *gpu) load(ptx []byte) (uintptr, error) {
	image := append(append([]byte(nil), ptx...), 0)
	log := make([]byte, 4096)
	var pin runtime.Pinner
	pin.Pin(&log[0])
	defer pin.Unpin()
	opts := []int32{jitErrorLogBuffer, jitErrorLogBufferSize}
	vals := []uintptr{uintptr(unsafe.Pointer(&log[0])), uintptr(len(log))}
	var mod uintptr
	r := g.d.cuModuleLoadDataEx(&mod, &image[0], uint32(len(opts)), &opts[0], &vals[0])
	runtime.KeepAlive(image)
	if err := g.d.check("cuModuleLoadDataEx", r); err != nil {
		if msg := strings.TrimSpace(cBuffer(log)); msg != "" {
			return 0, fmt.Errorf("%w: %s", err, firstLine(msg))
		}
		return 0, err
	}
	return mod, nil
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// function finds a kernel in a module.
func (g *gpu) function(mod uintptr, name string) (uintptr, error) {
	var f uintptr
	if err := g.d.check("cuModuleGetFunction "+name, g.d.cuModuleGetFunction(&f, mod, name)); err != nil {
		return 0, err
	}
	return f, nil
}

// blocks is the grid that fills every SM once with blocks of blockThreads:
// SMs times the resident blocks per SM (the occupancy the driver computes,
// else the thread limit).
func (g *gpu) blocks(f uintptr) int {
	per := 0
	if g.d.cuOccupancyMaxActive != nil {
		var n int32
		if g.d.cuOccupancyMaxActive(&n, f, blockThreads, 0) == cudaSuccess {
			per = int(n)
		}
	}
	if per <= 0 {
		per = max(1, g.threads/blockThreads)
	}
	return max(1, g.sms) * per
}

// alloc allocates device memory.
func (g *gpu) alloc(size uint64) (uint64, error) {
	var p uint64
	if err := g.d.check("cuMemAlloc_v2", g.d.cuMemAlloc(&p, size)); err != nil {
		return 0, err
	}
	return p, nil
}

// memInfo returns the free and total device memory.
func (g *gpu) memInfo() (free, total uint64, err error) {
	err = g.d.check("cuMemGetInfo_v2", g.d.cuMemGetInfo(&free, &total))
	return free, total, err
}

// sync waits for the GPU; an error means the context is broken.
func (g *gpu) sync() error { return g.d.check("cuCtxSynchronize", g.d.cuCtxSynchronize()) }

// timed enqueues units of work between two events on the default stream
// and returns the GPU time between them.
func (g *gpu) timed(units int, enqueue func() error) (time.Duration, error) {
	d := g.d
	if err := d.check("cuEventRecord", d.cuEventRecord(g.events[0], 0)); err != nil {
		return 0, err
	}
	for range units {
		if err := enqueue(); err != nil {
			return 0, err
		}
	}
	if err := d.check("cuEventRecord", d.cuEventRecord(g.events[1], 0)); err != nil {
		return 0, err
	}
	if err := d.check("cuEventSynchronize", d.cuEventSynchronize(g.events[1])); err != nil {
		return 0, err
	}
	var ms float32
	if err := d.check("cuEventElapsedTime", d.cuEventElapsedTime(&ms, g.events[0], g.events[1])); err != nil {
		return 0, err
	}
	return time.Duration(float64(ms) * float64(time.Millisecond)), nil
}

// kernel is a kernel with its arguments, ready to launch again and again.
// The arguments are pinned Go values the launch reads (cuLaunchKernel
// copies them); change them between launches through the pointers given.
type kernel struct {
	g      *gpu
	f      uintptr
	blocks uint32
	params []unsafe.Pointer
	pin    runtime.Pinner
}

// newKernel prepares f with args, each a *uint64, *int32 or *float32.
func (g *gpu) newKernel(f uintptr, blocks int, args ...any) *kernel {
	k := &kernel{g: g, f: f, blocks: uint32(blocks), params: make([]unsafe.Pointer, len(args))}
	for i, a := range args {
		var p unsafe.Pointer
		switch v := a.(type) {
		case *uint64:
			p = unsafe.Pointer(v)
		case *int32:
			p = unsafe.Pointer(v)
		case *float32:
			p = unsafe.Pointer(v)
		default:
			panic(fmt.Sprintf("cuda: kernel argument of type %T", a))
		}
		k.pin.Pin(p)
		k.params[i] = p
	}
	if len(k.params) > 0 {
		k.pin.Pin(&k.params[0])
	}
	return k
}

// launch enqueues the kernel on the default stream.
func (k *kernel) launch() error {
	var params *unsafe.Pointer
	if len(k.params) > 0 {
		params = &k.params[0]
	}
	return k.g.d.check("cuLaunchKernel", k.g.d.cuLaunchKernel(k.f, k.blocks, 1, 1, blockThreads, 1, 1, 0, 0, params, 0))
}

// close unpins the arguments.
func (k *kernel) close() { k.pin.Unpin() }

//go:build linux

package cuda

import (
	"context"
	"fmt"
	"math"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/catalog"
)

// Bench runs the benchmarks on the GPUs cfg names, all at once, within
// cfg.Duration. A missing driver, library or function, a failed cuInit or
// no GPU gives a run whose Skipped says why; it is not an error. The error
// is for a cfg that asks for GPUs CUDA does not see (a usage error).
// Cancelling ctx stops the run after the current sample; Interrupted is
// then set and what did not run says so.
func Bench(ctx context.Context, cfg Config) (*bench.Run, error) {
	start := time.Now()
	r := &bench.Run{Schema: bench.Schema, DurationS: cfg.Duration.Seconds()}
	defer func() {
		r.ElapsedS = math.Round(time.Since(start).Seconds()*10) / 10
		r.Interrupted = ctx.Err() != nil
	}()
	// Number GPUs as NVML does (PCI bus order) rather than fastest first.
	// It takes effect where Go's environment reaches the C library (cgo
	// builds, as gpuverify's releases are); the run also records bus ids.
	if os.Getenv("CUDA_DEVICE_ORDER") == "" {
		os.Setenv("CUDA_DEVICE_ORDER", "PCI_BUS_ID")
	}
	d, err := openDriver(libraryPath(cfg))
	if err != nil {
		r.Skipped = err.Error()
		return r, nil
	}
	override := cfg.Library
	if override == "" {
		override = os.Getenv(LibraryEnv)
	}
	r.CUDALibrary = loadedLibrary("/proc/self/maps", override)
	if res := d.cuInit(0); res != cudaSuccess {
		r.Skipped = initAdvice(d.check("cuInit", res).(*Error))
		return r, nil
	}
	var v, n int32
	if d.cuDriverGetVersion(&v) == cudaSuccess {
		r.CUDADriver = fmt.Sprintf("%d.%d", v/1000, v%1000/10)
	}
	if err := d.check("cuDeviceGetCount", d.cuDeviceGetCount(&n)); err != nil {
		r.Skipped = err.Error()
		return r, nil
	}
	if n == 0 {
		r.Skipped = "CUDA sees no GPU (check CUDA_VISIBLE_DEVICES, and nvidia-smi)"
		return r, nil
	}
	ordinals, err := pick(cfg.GPUs, int(n))
	if err != nil {
		return nil, err
	}
	s := schedule{start: start, total: cfg.Duration, gpus: len(ordinals)}
	r.GPUs = make([]bench.GPU, len(ordinals))
	var wg sync.WaitGroup
	for slot, ord := range ordinals {
		wg.Go(func() { r.GPUs[slot] = benchGPU(ctx, d, ord, slot, s) })
	}
	wg.Wait()
	return r, nil
}

// initAdvice explains a failed cuInit.
func initAdvice(e *Error) string {
	switch e.Code {
	case 100:
		return e.Error() + ": the driver sees no CUDA GPU (is the kernel module loaded? nvidia-smi should list the GPUs)"
	case 34:
		return e.Error() + ": this libcuda.so.1 is the toolkit's stub, not the driver's; install the NVIDIA driver or set " + LibraryEnv
	case 803, 804:
		return e.Error() + ": libcuda.so.1 and the kernel driver do not match; reboot after a driver upgrade"
	}
	return e.Error() + ": the CUDA driver could not start (nvidia-smi should say why)"
}

// benchGPU runs every measurement on one GPU, on a locked OS thread.
func benchGPU(ctx context.Context, d *driver, ordinal, slot int, s schedule) (g bench.GPU) {
	g.Index = ordinal
	defer func() {
		if p := recover(); p != nil {
			g.Skipped = fmt.Sprintf("internal error in gpuverify bench: %v", p)
		}
	}()
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	c, err := openGPU(d, ordinal, &g)
	if err != nil {
		g.Skipped = err.Error()
		return g
	}
	defer c.close()
	if card, ok := catalog.ByProductName(g.Name); ok {
		g.CardID = card.ID
	}
	var broken error
	for _, k := range bench.Kinds {
		if why := notStarting(ctx, s, phaseOf(k), broken); why != "" {
			g.Measurements = append(g.Measurements, bench.Measurement{Kind: k, Skipped: why})
			continue
		}
		m := c.measure(ctx, k, slot, s)
		g.Measurements = append(g.Measurements, m)
		if m.Failed != "" {
			broken = c.sync()
		}
	}
	if why := notStarting(ctx, s, "memtest", broken); why != "" {
		g.Memtest = &bench.Memtest{TotalBytes: c.total, Skipped: why}
	} else {
		g.Memtest = c.memtest(ctx, s.deadline())
	}
	return g
}

// phaseOf is the schedule phase of a kind.
func phaseOf(k bench.Kind) string {
	if k == bench.H2D || k == bench.D2H {
		return "pcie"
	}
	return string(k)
}

// notStarting says why a measurement must not start: Ctrl-C, a broken
// context, or its phase already over.
func notStarting(ctx context.Context, s schedule, phase string, broken error) string {
	switch {
	case ctx.Err() != nil:
		return "interrupted (Ctrl-C) before it ran"
	case broken != nil:
		return "not run: an earlier failure left the GPU's CUDA context unusable (" + broken.Error() + ")"
	case phase != "pcie" && time.Until(s.end(phase)) < minLeft:
		return "no time was left in --duration (raise it)"
	}
	return ""
}

// measure runs one kind in its phase; the host links in this GPU's slot.
func (c *gpu) measure(ctx context.Context, k bench.Kind, slot int, s schedule) bench.Measurement {
	switch k {
	case bench.FP32:
		return c.measureFP32(ctx, s.end(string(k)))
	case bench.BF16, bench.FP16:
		return c.measureMMA(ctx, k, s.end(string(k)))
	case bench.Memory:
		return c.measureCopy(ctx, s.end(string(k)))
	}
	from, to := s.pcieSlot(slot)
	mid := from.Add(to.Sub(from) / 2)
	begin, end := from, mid
	if k == bench.D2H {
		begin, end = mid, to
	}
	if !sleepUntil(ctx, begin) {
		return bench.Measurement{Kind: k, Skipped: "interrupted (Ctrl-C) before it ran"}
	}
	if time.Until(end) < minLeft {
		return bench.Measurement{Kind: k, Skipped: "no time was left in --duration (raise it)"}
	}
	return c.measurePCIe(ctx, k, end)
}

// sleepUntil waits for t; false when ctx ended first.
func sleepUntil(ctx context.Context, t time.Time) bool {
	wait := time.Until(t)
	if wait <= 0 {
		return ctx.Err() == nil
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	select {
	case <-timer.C:
		return true
	case <-ctx.Done():
		return false
	}
}

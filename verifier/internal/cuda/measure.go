//go:build linux

package cuda

import (
	"context"
	"errors"
	"math"
	"time"
	"unsafe"

	"github.com/gpuplan/gpuplan/shared/bench"
)

// Sizes of the buffers the measurements use.
const (
	copyMin     = 64 << 20 // each of source and destination of the copy
	copyMax     = 1 << 30
	hostBuffer  = 64 << 20 // pinned host buffer of the PCIe copies
	launchShare = 20 * time.Millisecond
)

// rate times enqueue, whose one call does work (in the kind's unit times
// seconds: TFLOP or GB), until end, and summarises the samples.
func (g *gpu) rate(ctx context.Context, k bench.Kind, end time.Time, work float64, enqueue func() error) bench.Measurement {
	m := bench.Measurement{Kind: k}
	began := time.Now()
	rates, err := sampleRates(ctx, end, time.Now, work, func(units int) (time.Duration, error) {
		return g.timed(units, enqueue)
	})
	summarize(&m, rates)
	m.Seconds = math.Round(time.Since(began).Seconds()*10) / 10
	switch {
	case errors.Is(err, errInterrupted):
		if len(rates) == 0 {
			m.Skipped = "interrupted (Ctrl-C) before a sample was timed"
		}
	case err != nil:
		m.Failed = err.Error()
	case len(rates) == 0:
		m.Skipped = "no time was left in --duration for a timed sample"
	}
	return m
}

// failed is a measurement that could not start because of err.
func failed(k bench.Kind, err error) bench.Measurement {
	return bench.Measurement{Kind: k, Failed: err.Error()}
}

// calibrateIters picks the loop count of a compute kernel so that one
// launch takes about launchShare: it times one launch with *iters as set.
func (g *gpu) calibrateIters(k *kernel, iters *int32) error {
	t, err := g.timed(1, k.launch)
	if err != nil {
		return err
	}
	scale := 64.0
	if t > 0 {
		scale = float64(launchShare) / float64(t)
	}
	*iters = int32(min(max(float64(*iters)*scale, 256), 1<<24))
	return nil
}

// measureFP32 runs fp32_fma until end.
func (g *gpu) measureFP32(ctx context.Context, end time.Time) bench.Measurement {
	f, err := g.function(g.basic, "fp32_fma")
	if err != nil {
		return failed(bench.FP32, err)
	}
	blocks := g.blocks(f)
	out, err := g.alloc(uint64(blocks) * blockThreads * 4)
	if err != nil {
		return failed(bench.FP32, err)
	}
	defer g.d.cuMemFree(out)
	iters, a, b := int32(256), float32(0.999), float32(0.001)
	k := g.newKernel(f, blocks, &out, &iters, &a, &b)
	defer k.close()
	if err := g.calibrateIters(k, &iters); err != nil {
		return failed(bench.FP32, err)
	}
	return g.rate(ctx, bench.FP32, end, fp32FLOPs(blocks, int(iters))/1e12, k.launch)
}

// measureMMA runs mma_bf16 or mma_fp16 until end.
func (g *gpu) measureMMA(ctx context.Context, kind bench.Kind, end time.Time) bench.Measurement {
	if g.tensor == 0 {
		return bench.Measurement{Kind: kind, Skipped: g.tensorNo}
	}
	f, err := g.function(g.tensor, "mma_"+string(kind))
	if err != nil {
		return failed(kind, err)
	}
	blocks := g.blocks(f)
	out, err := g.alloc(uint64(blocks) * blockThreads * 4)
	if err != nil {
		return failed(kind, err)
	}
	defer g.d.cuMemFree(out)
	iters := int32(256)
	k := g.newKernel(f, blocks, &out, &iters)
	defer k.close()
	if err := g.calibrateIters(k, &iters); err != nil {
		return failed(kind, err)
	}
	return g.rate(ctx, kind, end, mmaFLOPsPerLaunch(blocks, int(iters))/1e12, k.launch)
}

// measureCopy runs copy_v4 between two buffers of an eighth of the free
// memory (64 MiB to 1 GiB each, far larger than any L2) until end.
func (g *gpu) measureCopy(ctx context.Context, end time.Time) bench.Measurement {
	f, err := g.function(g.basic, "copy_v4")
	if err != nil {
		return failed(bench.Memory, err)
	}
	free, _, err := g.memInfo()
	if err != nil {
		return failed(bench.Memory, err)
	}
	size := min(max(free/8, copyMin), copyMax) / memtestAlign * memtestAlign
	src, err := g.alloc(size)
	if err != nil {
		return failed(bench.Memory, err)
	}
	defer g.d.cuMemFree(src)
	dst, err := g.alloc(size)
	if err != nil {
		return failed(bench.Memory, err)
	}
	defer g.d.cuMemFree(dst)
	n := size / 16
	k := g.newKernel(f, g.blocks(f), &dst, &src, &n)
	defer k.close()
	return g.rate(ctx, bench.Memory, end, 2*float64(size)/1e9, k.launch)
}

// measurePCIe copies a pinned host buffer to the GPU (H2D) or back (D2H)
// with the copy engines until end.
func (g *gpu) measurePCIe(ctx context.Context, kind bench.Kind, end time.Time) bench.Measurement {
	var host uintptr
	if err := g.d.check("cuMemAllocHost_v2", g.d.cuMemAllocHost(&host, hostBuffer)); err != nil {
		return failed(kind, err)
	}
	defer g.d.cuMemFreeHost(host)
	dev, err := g.alloc(hostBuffer)
	if err != nil {
		return failed(kind, err)
	}
	defer g.d.cuMemFree(dev)
	copyOnce := func() error {
		return g.d.check("cuMemcpyHtoDAsync_v2", g.d.cuMemcpyHtoDAsync(dev, host, hostBuffer, 0))
	}
	if kind == bench.D2H {
		copyOnce = func() error {
			return g.d.check("cuMemcpyDtoHAsync_v2", g.d.cuMemcpyDtoHAsync(host, dev, hostBuffer, 0))
		}
	}
	return g.rate(ctx, kind, end, float64(hostBuffer)/1e9, copyOnce)
}

// chunk is one allocation of the pattern test.
type chunk struct {
	p, size uint64
}

// memtest writes an address-dependent pattern over nearly all free memory,
// reads it back, then does the same with the inverse, until end.
func (g *gpu) memtest(ctx context.Context, end time.Time) *bench.Memtest {
	began := time.Now()
	t := &bench.Memtest{TotalBytes: g.total}
	defer func() { t.Seconds = math.Round(time.Since(began).Seconds()*10) / 10 }()
	fill, err := g.function(g.basic, "memtest_fill")
	if err != nil {
		t.Failed = err.Error()
		return t
	}
	check, err := g.function(g.basic, "memtest_check")
	if err != nil {
		t.Failed = err.Error()
		return t
	}
	result, err := g.alloc(16)
	if err != nil {
		t.Failed = err.Error()
		return t
	}
	defer g.d.cuMemFree(result)
	if t.FreeBytes, _, err = g.memInfo(); err != nil {
		t.Failed = err.Error()
		return t
	}
	chunks := g.allocChunks(memtestTarget(t.FreeBytes), end)
	defer func() {
		for _, c := range chunks {
			g.d.cuMemFree(c.p)
		}
	}()
	for _, c := range chunks {
		t.TestedBytes += c.size
	}
	if t.TestedBytes == 0 {
		t.Failed = "no device memory could be allocated for the pattern test"
		return t
	}
	seed := uint64(began.UnixNano()) | 1
	first := uint64(math.MaxUint64)
	blocks := g.blocks(fill)
	for pass := range 2 {
		switch {
		case ctx.Err() != nil:
			t.Skipped = skipIfNone(t.Passes, "interrupted (Ctrl-C) before the first pass")
			return t
		case time.Now().After(end):
			t.Skipped = skipIfNone(t.Passes, "no time was left in --duration for a pass")
			return t
		}
		invert := uint64(0)
		if pass == 1 {
			invert = math.MaxUint64
		}
		bad, at, err := g.memtestPass(chunks, fill, check, blocks, result, seed, invert)
		if err != nil {
			t.Failed = err.Error()
			return t
		}
		t.Errors += bad
		if bad > 0 {
			first = min(first, at*8)
		}
		t.Passes++
	}
	if t.Errors > 0 {
		t.FirstError = first
	}
	return t
}

// skipIfNone is the reason a pattern test stopped, when no pass finished.
func skipIfNone(passes int, why string) string {
	if passes > 0 {
		return ""
	}
	return why
}

// allocChunks allocates up to target bytes in chunks of 1 GiB, halving the
// chunk when an allocation fails, down to 64 MiB.
func (g *gpu) allocChunks(target uint64, end time.Time) []chunk {
	var chunks []chunk
	var got uint64
	size := uint64(memtestChunk)
	for got < target && size >= memtestMinimum && time.Now().Before(end) {
		want := min(size, target-got)
		p, err := g.alloc(want)
		if err != nil {
			size /= 2
			continue
		}
		chunks = append(chunks, chunk{p, want})
		got += want
	}
	return chunks
}

// memtestPass fills every chunk, checks every chunk and returns the number
// of wrong words and the smallest wrong word number.
func (g *gpu) memtestPass(chunks []chunk, fill, check uintptr, blocks int, result, seed, invert uint64) (bad, first uint64, err error) {
	reset := &[2]uint64{0, math.MaxUint64}
	if err := g.d.check("cuMemcpyHtoD_v2", g.d.cuMemcpyHtoD(result, unsafe.Pointer(reset), 16)); err != nil {
		return 0, 0, err
	}
	for _, f := range []uintptr{fill, check} {
		base := uint64(0)
		for _, c := range chunks {
			p, n, b := c.p, c.size/8, base
			args := []any{&p, &n, &b, &seed, &invert}
			if f == check {
				args = append(args, &result)
			}
			k := g.newKernel(f, blocks, args...)
			err := k.launch()
			k.close()
			if err != nil {
				return 0, 0, err
			}
			base += n
		}
	}
	if err := g.sync(); err != nil {
		return 0, 0, err
	}
	got := new([2]uint64)
	if err := g.d.check("cuMemcpyDtoH_v2", g.d.cuMemcpyDtoH(unsafe.Pointer(got), result, 16)); err != nil {
		return 0, 0, err
	}
	return got[0], got[1], nil
}

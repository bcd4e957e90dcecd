// Package bench holds what gpuverify bench measured on the GPUs of one
// server, and judges it: rule A2 (run a basic benchmark; the card must not
// be clock-limited or down-binned; compare with the official figures), rule
// A1 for the full-memory pattern test (the memory the card reports exists),
// and rule P3 (at least 90% of the figure the POC machine reached).
//
// The measurements come from CUDA kernels the CLI runs (verifier/internal/
// cuda); this package is pure, so the planner site can judge and show a
// saved run as well. Each rate is compared with the catalogue figure of the
// GPU's card as a ratio, and the ratio with the range healthy cards reach
// (catalog.BenchProfileFor, catalog.PCIeCopyEfficiency), and each GPU with
// its siblings in the same server (as huggingface/gpu-fryer does: one card
// far slower than the others is throttled or faulty).
//
// A measurement that could not run is Skip with the reason, never Pass; one
// that failed on the GPU (a launch or memory error under load) is Fail (the
// lesson of wilicc/gpu-burn#12 and #14, which print OK on a GPU that
// failed or never started).
//
// # File layout (schema "gpuplan.bench/v1")
//
//	{
//	  "schema": "gpuplan.bench/v1",
//	  "cuda_driver": "12.4",
//	  "duration_s": 60, "elapsed_s": 58.9, "interrupted": false,
//	  "skipped": "",                        // why nothing ran (no libcuda ...)
//	  "gpus": [{"index": 0, "name": "NVIDIA H100 80GB HBM3", "card_id": "h100-80g-sxm",
//	            "measurements": [{"kind": "fp32", "value": 61.8, ...}, ...],
//	            "memtest": {"tested_bytes": ..., "errors": 0, ...}}],
//	  "checks": [...], "summary": {...}     // the judgement, when written by gpuverify
//	}
package bench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"

	"github.com/gpuplan/gpuplan/shared/acceptance"
)

// Schema is the schema id of a bench file.
const Schema = "gpuplan.bench/v1"

// MaxBytes bounds the bench file Decode reads; an 8-GPU run is about 20 KB.
const MaxBytes = 4 << 20

// Kind names one rate measurement.
type Kind string

// The rate measurements.
const (
	FP32   Kind = "fp32"   // FP32 FMA loop on the CUDA cores, TFLOPS
	BF16   Kind = "bf16"   // mma.sync BF16 with FP32 accumulate, TFLOPS
	FP16   Kind = "fp16"   // mma.sync FP16 with FP32 accumulate, TFLOPS
	Memory Kind = "memory" // device-memory copy, bytes read plus written, GB/s
	H2D    Kind = "h2d"    // pinned host to device copy, GB/s
	D2H    Kind = "d2h"    // device to pinned host copy, GB/s
)

// Kinds are the rate measurements in the order they run and are reported.
var Kinds = []Kind{FP32, BF16, FP16, Memory, H2D, D2H}

// Unit is the unit of the kind's values: "TFLOPS" or "GB/s".
func (k Kind) Unit() string {
	switch k {
	case FP32, BF16, FP16:
		return "TFLOPS"
	}
	return "GB/s"
}

// Title is a short description of the kind for reports.
func (k Kind) Title() string {
	switch k {
	case FP32:
		return "FP32 FMA throughput"
	case BF16:
		return "BF16 tensor throughput"
	case FP16:
		return "FP16 tensor throughput"
	case Memory:
		return "device memory bandwidth"
	case H2D:
		return "host-to-device bandwidth"
	case D2H:
		return "device-to-host bandwidth"
	}
	return string(k)
}

// valid reports whether k is one of Kinds.
func (k Kind) valid() bool {
	for _, v := range Kinds {
		if k == v {
			return true
		}
	}
	return false
}

// Measurement is one rate measured on one GPU.
type Measurement struct {
	Kind Kind `json:"kind"`
	// Value is the median rate of the timed samples, in Kind.Unit(); zero
	// when Skipped or Failed is set.
	Value float64 `json:"value"`
	// Best is the fastest sample.
	Best float64 `json:"best"`
	// Samples is how many timed samples Value is the median of.
	Samples int `json:"samples"`
	// Seconds is the time the measurement took, warm-up included.
	Seconds float64 `json:"seconds"`
	// Skipped says why the measurement did not run (no tensor cores, no
	// time left, interrupted).
	Skipped string `json:"skipped,omitempty"`
	// Failed says what went wrong on the GPU (a CUDA error under load).
	Failed string `json:"failed,omitempty"`
}

// Memtest is the write/read pattern test over nearly all free memory: every
// 64-bit word gets a value that depends on its address, then the inverse,
// and each is read back. Memory that does not exist (a card that reports
// more than it has) or bad cells read back wrong.
type Memtest struct {
	// TotalBytes is the memory the driver reports.
	TotalBytes uint64 `json:"total_bytes"`
	// FreeBytes was free when the test started.
	FreeBytes uint64 `json:"free_bytes"`
	// TestedBytes were allocated, written and read back.
	TestedBytes uint64 `json:"tested_bytes"`
	// Passes counts the completed passes (a pattern, then its inverse).
	Passes int `json:"passes"`
	// Errors counts the words that read back wrong, over all passes.
	Errors uint64 `json:"errors"`
	// FirstError is the byte offset, in the tested memory, of the first
	// wrong word; meaningful only when Errors > 0.
	FirstError uint64 `json:"first_error_offset,omitempty"`
	// Seconds is the time the test took.
	Seconds float64 `json:"seconds"`
	// Skipped says why the test did not run; Failed what went wrong.
	Skipped string `json:"skipped,omitempty"`
	Failed  string `json:"failed,omitempty"`
}

// GPU is what was measured on one GPU.
type GPU struct {
	// Index is the GPU's number: the CUDA ordinal in PCI bus order, which
	// is NVML's index too.
	Index int `json:"index"`
	// Name is what the driver calls the GPU (cuDeviceGetName).
	Name string `json:"name"`
	// BusID is the PCI bus id, "0000:07:00.0"; empty when unknown.
	BusID string `json:"bus_id,omitempty"`
	// CardID is the catalogue card the name matched; empty when none did.
	CardID string `json:"card_id,omitempty"`
	// ComputeCapability is "8.0", "9.0", ...
	ComputeCapability string `json:"compute_capability,omitempty"`
	// SMs is the number of streaming multiprocessors CUDA reports.
	SMs int `json:"sms,omitempty"`
	// Measurements are the rates, in Kinds order.
	Measurements []Measurement `json:"measurements"`
	// Memtest is the pattern test; nil when it was not reached.
	Memtest *Memtest `json:"memtest,omitempty"`
	// Skipped says why nothing ran on this GPU.
	Skipped string `json:"skipped,omitempty"`
}

// Measurement returns the measurement of kind k and whether there is one.
func (g GPU) Measurement(k Kind) (Measurement, bool) {
	for _, m := range g.Measurements {
		if m.Kind == k {
			return m, true
		}
	}
	return Measurement{}, false
}

// Run is one gpuverify bench run on one server.
type Run struct {
	// Schema is the Schema constant.
	Schema string `json:"schema"`
	// CUDADriver is the CUDA version the driver supports, "12.4".
	CUDADriver string `json:"cuda_driver,omitempty"`
	// CUDALibrary is the libcuda the run loaded; nil when none was loaded
	// (or an older gpuverify wrote the run).
	CUDALibrary *Library `json:"cuda_library,omitempty"`
	// DurationS is the time budget, ElapsedS the time the run took.
	DurationS float64 `json:"duration_s"`
	ElapsedS  float64 `json:"elapsed_s"`
	// Interrupted is true when the run was stopped (Ctrl-C) before the end;
	// what did not run says so in its Skipped.
	Interrupted bool `json:"interrupted,omitempty"`
	// Skipped says why no GPU was benchmarked: no driver, no libcuda.so.1,
	// a library without a needed function, no GPU.
	Skipped string `json:"skipped,omitempty"`
	// GPUs are the GPUs benchmarked, in index order.
	GPUs []GPU `json:"gpus"`
	// Checks and Summary are the judgement (Judge), when the file was
	// written by gpuverify; Decode reads them but Judge ignores them.
	Checks  []acceptance.Result `json:"checks,omitempty"`
	Summary *acceptance.Summary `json:"summary,omitempty"`
}

// Library is a shared library a run loaded.
type Library struct {
	// Path is the file mapped into the process (/proc/self/maps, after
	// symbolic links): a driver install shows libcuda.so.<driver version>.
	Path string `json:"path"`
	// SHA256 is the hex SHA-256 of that file; "" when it could not be read.
	SHA256 string `json:"sha256,omitempty"`
	// Override is GPUVERIFY_CUDA_LIBRARY when it named the library.
	Override string `json:"override,omitempty"`
}

// Ran reports whether any measurement produced a value.
func (r *Run) Ran() bool {
	for _, g := range r.GPUs {
		for _, m := range g.Measurements {
			if m.Value > 0 {
				return true
			}
		}
		if g.Memtest != nil && g.Memtest.TestedBytes > 0 {
			return true
		}
	}
	return false
}

// Decode reads a bench file, refusing other schemas, unknown fields,
// trailing data and values outside their ranges (Validate).
func Decode(data []byte) (*Run, error) {
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("bench file: larger than %d bytes", MaxBytes)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var r Run
	if err := dec.Decode(&r); err != nil {
		return nil, fmt.Errorf("bench file: not valid JSON of schema %s: %v", Schema, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, errors.New("bench file: data after the JSON object")
	}
	if err := r.Validate(); err != nil {
		return nil, err
	}
	return &r, nil
}

// Validate reports the first field outside its allowed range, naming it.
func (r *Run) Validate() error {
	if r.Schema != Schema {
		return fmt.Errorf("schema: must be %q, got %q", Schema, r.Schema)
	}
	if err := nonNegative("duration_s", r.DurationS); err != nil {
		return err
	}
	if err := nonNegative("elapsed_s", r.ElapsedS); err != nil {
		return err
	}
	seen := map[int]bool{}
	for i, g := range r.GPUs {
		where := fmt.Sprintf("gpus[%d]", i)
		if g.Index < 0 || g.Index > 1023 {
			return fmt.Errorf("%s.index: must be in [0, 1023], got %d", where, g.Index)
		}
		if seen[g.Index] {
			return fmt.Errorf("%s.index: GPU %d is listed twice", where, g.Index)
		}
		seen[g.Index] = true
		if g.SMs < 0 {
			return fmt.Errorf("%s.sms: must be ≥ 0, got %d", where, g.SMs)
		}
		if err := validateGPU(where, g); err != nil {
			return err
		}
	}
	for i, c := range r.Checks {
		if !c.Status.Valid() {
			return fmt.Errorf("checks[%d].status: must be pass, warn, skip or fail, got %q", i, c.Status)
		}
	}
	return nil
}

func validateGPU(where string, g GPU) error {
	kinds := map[Kind]bool{}
	for j, m := range g.Measurements {
		w := fmt.Sprintf("%s.measurements[%d]", where, j)
		if !m.Kind.valid() {
			return fmt.Errorf("%s.kind: unknown kind %q", w, m.Kind)
		}
		if kinds[m.Kind] {
			return fmt.Errorf("%s.kind: %s is listed twice", w, m.Kind)
		}
		kinds[m.Kind] = true
		for name, v := range map[string]float64{"value": m.Value, "best": m.Best, "seconds": m.Seconds} {
			if err := nonNegative(w+"."+name, v); err != nil {
				return err
			}
		}
		if m.Samples < 0 {
			return fmt.Errorf("%s.samples: must be ≥ 0, got %d", w, m.Samples)
		}
	}
	if t := g.Memtest; t != nil {
		if t.TestedBytes > t.TotalBytes && t.TotalBytes > 0 {
			return fmt.Errorf("%s.memtest.tested_bytes: %d is more than total_bytes %d", where, t.TestedBytes, t.TotalBytes)
		}
		if t.Passes < 0 {
			return fmt.Errorf("%s.memtest.passes: must be ≥ 0, got %d", where, t.Passes)
		}
		if err := nonNegative(where+".memtest.seconds", t.Seconds); err != nil {
			return err
		}
	}
	return nil
}

func nonNegative(field string, v float64) error {
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return fmt.Errorf("%s: must be a number ≥ 0, got %v", field, v)
	}
	return nil
}

package catalog

import "slices"

// What gpuverify bench may expect of a healthy card (rule A2: "the card must
// not be clock-limited or down-binned; compare with the official figures").
//
// A benchmark never reaches the datasheet figure exactly: the FP32 and
// tensor figures assume the boost clock, which GeForce cards exceed and
// power-limited boards fall below; a copy kernel moves less than the memory
// interface's peak; a PCIe copy loses the packet overhead. So each
// measurement is compared with its catalogue figure as a ratio, and the
// ratio with the range public measurements of healthy cards show. Judging
// (shared/bench) fails a ratio under 90% of the range's low end — rule P3's
// 90% — and warns between that and the low end.

// Efficiency is the range of measured / catalogue ratios that healthy cards
// reach in one gpuverify bench measurement, with its source.
type Efficiency struct {
	// Low is the lowest ratio healthy cards showed in the source.
	Low float64 `json:"low"`
	// High is the highest; more than that hints that the card is not the
	// catalogue card or the catalogue figure is off.
	High float64 `json:"high"`
	Ref  Ref     `json:"ref"`
}

// Known reports whether the range is set.
func (e Efficiency) Known() bool { return e.Low > 0 && e.High >= e.Low }

// BenchProfile is what gpuverify bench expects of the cards of one
// architecture, per measurement.
type BenchProfile struct {
	// Architecture is the Card.Architecture it applies to.
	Architecture string `json:"architecture"`
	// FP32 is the FMA loop on the CUDA cores against Card.FP32TFLOPS.
	FP32 Efficiency `json:"fp32"`
	// Tensor is mma.sync BF16 or FP16 with FP32 accumulate against
	// Card.BF16TFLOPS.
	Tensor Efficiency `json:"tensor"`
	// Memory is the device copy kernel, bytes read plus bytes written,
	// against Card.BandwidthGBs.
	Memory Efficiency `json:"memory"`
}

// Sources of the bench ranges, read in 2026-11. Public repositories and
// issue threads, cited by repository and file or issue number.
var (
	gbStream = Ref{
		Source: "gpu-benches results cuda-stream/a100_80.txt, cuda-stream/h100_pcie.txt, gpu-stream/h200.txt, gpu-stream/l40.txt: streaming kernels at full occupancy (https://github.com/te42kyfo/gpu-benches)",
		Date:   "2026-11",
	}
	gbRoofline = Ref{
		Source: "gpu-benches result gpu-roofline/h200.txt: the H200 holds its 1980 MHz max clock at 400–675 W through an FMA sweep (https://github.com/te42kyfo/gpu-benches)",
		Date:   "2026-11",
	}
	klockPeak = Ref{
		Source: "Glenn Lockwood, peak FLOPS: the A100 sustains 1305 MHz of its 1410 MHz max at its power limit under HPL (https://www.glennklockwood.com/garden/peak-FLOPS)",
		Date:   "2026-11",
	}
	fryer = Ref{
		Source: "gpu-fryer README reference results, A100-SXM4-80GB BF16 ~270 TFLOPS under sustained cuBLAS load (https://github.com/huggingface/gpu-fryer)",
		Date:   "2026-11",
	}
	mmapeak = Ref{
		Source: "mmapeak README example output, mma_f16f16f32 176.8 TFLOPS on an Ada card: 1.07 of the RTX 4090's 165.2 (https://github.com/hjc4869/mmapeak); gpuk README, RTX 4090 mma HGEMM 163.5 TFLOPS, 0.99 (https://github.com/xytpai/gpuk); CUDA-Learn-Notes hgemm README, L20 HGEMM 105–113 of 119.5, 0.88–0.95 (https://github.com/DefTruth/CUDA-Learn-Notes)",
		Date:   "2026-11",
	}
	gpukH20 = Ref{
		Source: "gpuk README: H20 mma-based HGEMM 89.5 TFLOPS, against a 95 TFLOPS mma ceiling: 0.60 and 0.64 of the H20's 148 (https://github.com/xytpai/gpuk)",
		Date:   "2026-11",
	}
	nvbw = Ref{
		Source: "nvbandwidth issues #42 (A100 H2D 25.13 GB/s on Gen4 x16: 0.80), #6 (H100 VM H2D 57.06 GB/s on Gen5 x16: 0.91, one GPU at 14.2), #50 (\"almost 80% of full PCIe Gen 4\") (https://github.com/NVIDIA/nvbandwidth/issues/42, /issues/6, /issues/50); gpu-benches README cuda-memcpy, V100 12.35 GB/s on Gen3 x16: 0.78 (https://github.com/te42kyfo/gpu-benches)",
		Date:   "2026-11",
	}
)

// benchProfiles are the ranges by architecture. An architecture missing here
// (Da Vinci, Blackwell) is not judged against the catalogue, only against
// its siblings.
var benchProfiles = []BenchProfile{
	{
		Architecture: "Ampere",
		FP32: Efficiency{0.88, 1.01, unconfirmed(klockPeak,
			"catalog.note.088")},
		Tensor: Efficiency{0.85, 1.01, unconfirmed(fryer,
			"catalog.note.089")},
		Memory: Efficiency{0.80, 0.97, noted(gbStream,
			"catalog.note.090")},
	},
	{
		Architecture: "Ada Lovelace",
		FP32: Efficiency{0.85, 1.15, unconfirmed(mmapeak,
			"catalog.note.091")},
		Tensor: Efficiency{0.85, 1.15, noted(mmapeak, "catalog.note.092")},
		Memory: Efficiency{0.80, 1.00, noted(gbStream,
			"catalog.note.093")},
	},
	{
		Architecture: "Hopper",
		FP32: Efficiency{0.85, 1.02, unconfirmed(gbRoofline,
			"catalog.note.094")},
		Tensor: Efficiency{0.55, 0.75, unconfirmed(gpukH20,
			"catalog.note.095")},
		Memory: Efficiency{0.62, 1.00, noted(gbStream,
			"catalog.note.096")},
	},
}

// BenchProfileFor returns the bench ranges of an architecture (a
// Card.Architecture value).
func BenchProfileFor(architecture string) (BenchProfile, bool) {
	i := slices.IndexFunc(benchProfiles, func(p BenchProfile) bool { return p.Architecture == architecture })
	if i < 0 {
		return BenchProfile{}, false
	}
	return benchProfiles[i], true
}

// PCIeCopyEfficiency is the range of copy-engine host-to-device and
// device-to-host bandwidth (pinned host memory, large copies) as a share of
// the link's one-direction rate (PCIeGBs). It does not depend on the GPU.
func PCIeCopyEfficiency() Efficiency {
	return Efficiency{0.70, 0.95, noted(nvbw,
		"catalog.note.097")}
}

// pcieLaneGBs is the one-direction rate of one lane in GB/s, by generation:
// the transfer rate times the line-code efficiency (8b/10b up to Gen2,
// 128b/130b from Gen3), over 8 bits.
var pcieLaneGBs = map[int]float64{
	1: 2.5 * 8 / 10 / 8,
	2: 5.0 * 8 / 10 / 8,
	3: 8.0 * 128 / 130 / 8,
	4: 16.0 * 128 / 130 / 8,
	5: 32.0 * 128 / 130 / 8,
}

// PCIeGBs returns the one-direction rate of a PCIe link in GB/s (Gen4 x16:
// 31.5). ok is false for a generation outside 1–5 or a width outside 1–32.
func PCIeGBs(gen, width int) (float64, bool) {
	lane, ok := pcieLaneGBs[gen]
	if !ok || width < 1 || width > 32 {
		return 0, false
	}
	return lane * float64(width), true
}

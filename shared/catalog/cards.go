package catalog

// Units used in the data below:
//   - MemoryGB is the marketed size. The nvidia-smi fixtures show that for
//     every card here it is really GiB: an "80GB" H100 reports 81559 MiB and
//     a "24GB" RTX 4090 reports 24564 MiB, more than 24e9 bytes.
//   - NVLinkGBs is NVIDIA's marketed total: both directions over all links
//     (A100: 12 links x 25 GB/s each way = 600 GB/s).
//   - TFLOPS are dense (no 2:4 sparsity); BF16 is tensor-core BF16/FP16
//     with FP32 accumulate; FP32 and FP64 are non-tensor.
//   - Rents are not here: shared/pricebook holds them, by provider.

// Real nvidia-smi outputs in other projects' public test data, collected
// in 2026; each source links the file at the commit read.
var (
	fx4090 = Ref{
		Source: "nvidia-smi -q of 8x RTX 4090, driver 535.154.05, in leptonai/gpud's test data (https://github.com/leptonai/gpud/blob/37ce2cb5c68bb7a260098598eb754d6ce9268eb9/components/accelerator/nvidia/query/testdata/nvidia-smi-query.535.154.05.out.0.valid.4090)",
		Date:   "2026",
	}
	fxH100 = Ref{
		Source: "nvidia-smi -q of 8x H100, driver 535.183.01, in leptonai/gpud's test data (https://github.com/leptonai/gpud/blob/a7cdf53da3fb277bfa0fe21518211a7d9f2befa4/components/accelerator/nvidia/query/testdata/nvidia-smi-query.535.183.01.out.0.valid); the same in nvidia_gpu_exporter's H100 capture, driver 590.48.01 (https://github.com/utkuozdemir/nvidia_gpu_exporter/blob/e656cd81a180e7e0e7862b53c9acd4c2fb0f590b/internal/captures/linux-x86_64__nvidia-h100-80gb-hbm3__590.48.01.txt)",
		Date:   "2026",
	}
	fxH200 = Ref{
		Source: "nvidia-smi -q of an H200, driver 590.48.01, in nvidia_gpu_exporter's captures (https://github.com/utkuozdemir/nvidia_gpu_exporter/blob/e656cd81a180e7e0e7862b53c9acd4c2fb0f590b/internal/captures/linux-x86_64__nvidia-h200-mig__590.48.01.txt)",
		Date:   "2026",
	}
	fxL40S = Ref{
		Source: "nvidia-smi -q of an L40S, driver 595.80, in nvidia_gpu_exporter's captures (https://github.com/utkuozdemir/nvidia_gpu_exporter/blob/e656cd81a180e7e0e7862b53c9acd4c2fb0f590b/internal/captures/linux-x86_64__nvidia-l40s__595.80.txt)",
		Date:   "2026",
	}
	fxA100 = Ref{
		Source: "nvidia-smi -q -x of an A100-SXM4-80GB, driver 535.54.03, in Telegraf's test data (https://github.com/influxdata/telegraf/blob/b27263146617cefe16c0b300107b58b111a7fa57/plugins/inputs/nvidia_smi/testdata/a100-sxm4-v12.xml)",
		Date:   "2026",
	}
	fxA100Link = Ref{
		Source: "nvidia-smi nvlink --status of 8x A100-SXM4-80GB (12 links x 25 GB/s) in leptonai/gpud's test data (https://github.com/leptonai/gpud/blob/80a18e8e78632b5e9a0f4d1c1009621cfaed7355/pkg/nvidia-query/testdata/nvidia-smi.nvlink.status.a100)",
		Date:   "2026",
	}
)

// Public pages, read in 2026-11.
var (
	// derivation is a figure computed from other published figures; the
	// note gives the arithmetic.
	derivation = Ref{Source: "gpuplan derivation from published figures (the note gives the arithmetic)", Date: "2026-11"}
	a800Web    = Ref{Source: "A800 entries of the TechPowerUp GPU database (https://www.techpowerup.com/gpu-specs/) and aiwiki (China SKU; NVLink cut to 400 GB/s)", Date: "2026-11"}
	h800Web    = Ref{Source: "H800 spec pages on philisun.com (https://www.philisun.com) and tumgag, unconfirmed; Reuters via Tom's Hardware (https://www.tomshardware.com) reports about 300 GB/s NVLink", Date: "2026-11"}
	h20Web     = Ref{Source: "leaked H20 figures: willitrunai.com (https://willitrunai.com) and zangshuxian.com (https://zangshuxian.com/new/674733024499207168); NVIDIA publishes no H20 datasheet", Date: "2026-11"}
	l20Web     = Ref{Source: "L20 spec pages on topcpu.net (https://www.topcpu.net) and technical.city (https://technical.city) (China SKU)", Date: "2026-11"}
	ascendWeb  = Ref{Source: "Gitee AI documentation (https://ai.gitee.com/docs: 64 GB, FP16 280 TFLOPS, HCCS); oryoy.com and borimooc.com pages", Date: "2026-11"}

	drvREADME = Ref{
		Source: "NVIDIA open-gpu-kernel-modules README, Compatible GPUs table, driver 550.40.82 (https://github.com/NVIDIA/open-gpu-kernel-modules/blob/550.40.82/README.md)",
		Date:   "2026-11",
	}
	mlperf = Ref{
		Source: "MLPerf Inference v4.0 results, NVIDIA known_hardware.py: PCI ids, max power limits (https://github.com/mlcommons/inference_results_v4.0/blob/main/closed/NVIDIA/code/common/systems/known_hardware.py)",
		Date:   "2026-11",
	}
	smiOutputs = Ref{
		Source: "public nvidia-smi outputs in several GitHub repositories, found by code search (https://github.com/search?q=%22nvidia-smi+-q%22&type=code)",
		Date:   "2026-11",
	}
	klockA100 = Ref{Source: "Glenn Lockwood's A100 page, NVIDIA datasheet figures (https://www.glennklockwood.com/garden/processors/A100)", Date: "2026-11"}
	hpcH100   = Ref{Source: "HPC Tech H100 SXM/PCIe table (https://archive-lib.hpctech.co.jp/gpuproduct/nvidia-h100.html)", Date: "2026-11"}
	lzwH200   = Ref{Source: "H200 specs page (https://lzwjava.github.io/nvidia-h200-gpu-specs-en)", Date: "2026-11"}
	zangH20   = Ref{Source: "leaked H20 figures (https://zangshuxian.com/new/674733024499207168)", Date: "2026-11"}
	sysrqA100 = Ref{Source: "sysrqmts.com A100 PCIe 40GB page: PCIe 4.0 x16, boost 1410 MHz (https://sysrqmts.com)", Date: "2026-11"}
)

// Vendor datasheets and whitepapers (read 2026-12 through the copies cited).
var (
	adaWP  = Ref{Source: "NVIDIA Ada GPU Architecture whitepaper v2.02, appendix A, GeForce RTX 4090 (https://images.nvidia.com/aem-dam/Solutions/geforce/ada/nvidia-ada-gpu-architecture.pdf)", Date: "2023"}
	a100DS = Ref{Source: "NVIDIA A100 Tensor Core GPU datasheet (https://www.nvidia.com/content/dam/en-zz/Solutions/Data-Center/a100/pdf/nvidia-a100-datasheet-us-nvidia-1758950-r4-web.pdf)", Date: "2021-06"}
	h100DS = Ref{Source: "NVIDIA H100 Tensor Core GPU datasheet (https://resources.nvidia.com/en-us-tensor-core/nvidia-tensor-core-gpu-datasheet); H100 PCIe product brief PB-11133", Date: "2023"}
	h200DS = Ref{Source: "NVIDIA H200 Tensor Core GPU datasheet (https://resources.nvidia.com/en-us-data-center-overview-mc/en-us-data-center-overview/hpc-datasheet-sc23-h200)", Date: "2023-11"}
	l40sDS = Ref{Source: "NVIDIA L40S datasheet (https://www.nvidia.com/en-us/data-center/l40s/)", Date: "2023"}
	h800DS = Ref{Source: "NVIDIA H800 GPU datasheet, third-party copy (https://chaoqing-i.com/upload/20231128/NVIDIA%20H800%20GPU%20Datasheet.pdf)", Date: "2023-11"}
	leaked = Ref{Source: "GPU data sheets compiled by ArthurChiao (https://arthurchiao.art/blog/gpu-data-sheets/; source https://github.com/ArthurChiao/arthurchiao.github.io) from partner spec sheets", Date: "2024-02"}
)

// Sources of the China-only variants.
var (
	rtx4090DPage = Ref{Source: "NVIDIA GeForce RTX 4090 D product page (https://www.nvidia.cn/geforce/graphics-cards/40-series/rtx-4090-d/): 14,592 CUDA cores, 2.52 GHz boost clock, 24 GB GDDR6X on 384 bits, 425 W", Date: "2024-01"}
	pciIDs       = Ref{Source: "PCI ID Repository, vendor 10de (https://pci-ids.ucw.cz/read/PC/10de): 2685 AD102 [GeForce RTX 4090 D], 232c GH100 [H20 HBM3e]", Date: "2026-12"}
	h20eWeb      = Ref{Source: "press reports of the H20 with 141 GB HBM3e (H20-3e) in 2024–2025 Chinese server listings; NVIDIA publishes no H20 datasheet", Date: "2026-12"}
)

// spec returns a figure with its source.
func spec(v float64, r Ref) Spec { return Spec{Value: v, Ref: r} }

// noted returns r with a note that explains a caveat.
func noted(r Ref, note string) Ref {
	r.Note = note
	return r
}

// unconfirmed returns r marked unconfirmed, with the reason.
func unconfirmed(r Ref, why string) Ref {
	r.Unconfirmed = true
	r.Note = why
	return r
}

// cards is the catalogue data, in the stable order of IDs().
var cards = []Card{
	{
		ID:            "rtx-4090",
		Name:          "NVIDIA GeForce RTX 4090 24GB",
		Vendor:        "nvidia",
		Architecture:  "Ada Lovelace",
		FormFactor:    "pcie",
		MemoryGB:      spec(24, adaWP),
		MemoryMiB:     spec(24564, fx4090),
		MemoryType:    "GDDR6X",
		BandwidthGBs:  spec(1008, adaWP),
		BF16TFLOPS:    spec(165.2, noted(adaWP, "FP32 accumulate; 330.3 with FP16 accumulate, the figure GeForce spec sheets print.")),
		FP8TFLOPS:     spec(330.3, noted(adaWP, "FP32 accumulate; 660.6 with FP16 accumulate. Whitepaper v2.02 corrected this cell, earlier versions print 660.6.")),
		INT8TOPS:      spec(660.6, adaWP),
		FP32TFLOPS:    spec(82.6, adaWP),
		FP64TFLOPS:    spec(1.29, unconfirmed(derivation, "Derived: GeForce Ada runs FP64 at 1/64 of FP32 (82.6 / 64); no datasheet figure read.")),
		TDPW:          spec(450, adaWP),
		Interconnect:  PCIeOnly,
		PCIeGen:       spec(4, fx4090),
		PCIeWidth:     spec(16, fx4090),
		MaxSMClockMHz: spec(3105, noted(fx4090, "NVML's max clock is the top of the clock table, above the advertised boost clock.")),
		DefaultPowerW: spec(450, fx4090),
		PCIDeviceIDs:  []string{"0x268410DE"},
		ProductNames:  []string{"NVIDIA GeForce RTX 4090"},
		IDRef: Ref{
			Source: fx4090.Source + "; " + drvREADME.Source,
			Date:   "2026",
		},
		Caveats: []string{
			"Consumer GeForce card: ECC is off by default (the 4090 fixture reports ECC Mode Disabled).",
			"No NVLink, and GeForce drivers limit peer-to-peer transfers over PCIe, so tensor parallelism across cards is slow.",
			"The China variant RTX 4090 D (PCI id 0x268510DE, \"NVIDIA GeForce RTX 4090 D\") has fewer cores: it is the catalogue card rtx-4090d, not this one.",
		},
	},
	{
		ID:            "rtx-4090d",
		Name:          "NVIDIA GeForce RTX 4090 D 24GB",
		Vendor:        "nvidia",
		Architecture:  "Ada Lovelace",
		FormFactor:    "pcie",
		MemoryGB:      spec(24, rtx4090DPage),
		MemoryMiB:     spec(24564, unconfirmed(derivation, "Assumed equal to the RTX 4090's 24,564 MiB: the same 24 GB of GDDR6X; no 4090 D nvidia-smi output was read.")),
		MemoryType:    "GDDR6X",
		BandwidthGBs:  spec(1008, noted(rtx4090DPage, "21 Gbps on a 384-bit bus, as on the RTX 4090.")),
		BF16TFLOPS:    spec(147.1, unconfirmed(derivation, "Derived: the RTX 4090's 165.2 (FP32 accumulate) × 114 / 128 SMs, at the same boost clock.")),
		FP8TFLOPS:     spec(294.2, unconfirmed(derivation, "Derived: the RTX 4090's 330.3 (FP32 accumulate) × 114 / 128 SMs.")),
		INT8TOPS:      spec(588.4, unconfirmed(derivation, "Derived: the RTX 4090's 660.6 × 114 / 128 SMs.")),
		FP32TFLOPS:    spec(73.5, noted(derivation, "14,592 CUDA cores × 2 × 2.52 GHz.")),
		FP64TFLOPS:    spec(1.15, unconfirmed(derivation, "Derived: GeForce Ada runs FP64 at 1/64 of FP32 (73.5 / 64).")),
		TDPW:          spec(425, rtx4090DPage),
		Interconnect:  PCIeOnly,
		PCIeGen:       spec(4, unconfirmed(derivation, "As the RTX 4090 (PCIe 4.0 x16).")),
		PCIeWidth:     spec(16, unconfirmed(derivation, "As the RTX 4090 (PCIe 4.0 x16).")),
		DefaultPowerW: spec(425, rtx4090DPage),
		PCIDeviceIDs:  []string{"0x268510DE"},
		ProductNames:  []string{"NVIDIA GeForce RTX 4090 D"},
		IDRef:         pciIDs,
		Caveats: []string{
			"China variant of the RTX 4090 with 114 of 128 SMs: about 11% less compute, the same memory and bandwidth.",
			"Consumer GeForce card: ECC off by default, no NVLink, peer-to-peer over PCIe limited by the driver.",
		},
	},
	{
		ID:              "a100-40g-pcie",
		Name:            "NVIDIA A100 40GB PCIe",
		Vendor:          "nvidia",
		Architecture:    "Ampere",
		FormFactor:      "pcie",
		MemoryGB:        spec(40, a100DS),
		MemoryMiB:       spec(40960, noted(smiOutputs, "Several A100-PCIE-40GB outputs report 40960 MiB with a 250 W cap.")),
		MemoryType:      "HBM2",
		BandwidthGBs:    spec(1555, a100DS),
		BF16TFLOPS:      spec(312, a100DS),
		FP8TFLOPS:       Spec{},
		INT8TOPS:        spec(624, a100DS),
		FP32TFLOPS:      spec(19.5, a100DS),
		FP64TFLOPS:      spec(9.7, klockA100),
		TDPW:            spec(250, a100DS),
		Interconnect:    PCIeOnly,
		NVLinkBridgeGBs: spec(600, noted(a100DS, "NVLink Bridge for 2 GPUs.")),
		PCIeGen:         spec(4, a100DS),
		PCIeWidth:       spec(16, sysrqA100),
		MaxSMClockMHz:   spec(1410, unconfirmed(sysrqA100, "Datasheet boost clock; NVML's max equals the boost clock on the A100-SXM4-80GB fixture, but no 40 GB PCIe output was read.")),
		DefaultPowerW:   spec(250, noted(mlperf, "Also the power cap in several public nvidia-smi outputs of this card.")),
		PCIDeviceIDs:    []string{"0x20B110DE", "0x20F110DE", "0x20BF10DE"},
		ProductNames:    []string{"NVIDIA A100-PCIE-40GB"},
		IDRef: noted(Ref{
			Source: drvREADME.Source + " (20F1); an older driver's README table (20B1); " + mlperf.Source + " (20F1, 20BF)",
			Date:   "2026-11",
		}, "0x20BF is listed by NVIDIA's MLPerf code only; pci.ids names it a GRID (virtualised) A100."),
		Caveats: []string{
			"PCIe card: no NVLink unless the vendor fits an NVLink bridge, which joins only two cards; the catalogue assumes no bridge.",
		},
	},
	{
		ID:            "a100-40g-sxm",
		Name:          "NVIDIA A100 40GB SXM4",
		Vendor:        "nvidia",
		Architecture:  "Ampere",
		FormFactor:    "sxm",
		MemoryGB:      spec(40, a100DS),
		MemoryMiB:     spec(40960, noted(smiOutputs, "Several A100-SXM4-40GB outputs report 40960 MiB with a 400 W cap.")),
		MemoryType:    "HBM2",
		BandwidthGBs:  spec(1555, a100DS),
		BF16TFLOPS:    spec(312, a100DS),
		FP8TFLOPS:     Spec{},
		INT8TOPS:      spec(624, a100DS),
		FP32TFLOPS:    spec(19.5, a100DS),
		FP64TFLOPS:    spec(9.7, klockA100),
		TDPW:          spec(400, a100DS),
		Interconnect:  NVLink,
		NVLinkGBs:     spec(600, noted(a100DS, "NVLink3, 12 links: the A100 NVLink fixture (gpud__nvidia-smi.nvlink.status.a100) shows 12 x 25 GB/s each way.")),
		NVLinkLinks:   12,
		PCIeGen:       spec(4, klockA100),
		PCIeWidth:     spec(16, noted(klockA100, "32+32 GB/s PCIe Gen4 is an x16 link.")),
		MaxSMClockMHz: spec(1410, unconfirmed(klockA100, "Datasheet boost clock (1410 MHz for every A100); NVML's max equals it on the A100-SXM4-80GB fixture, but no 40 GB output was read.")),
		DefaultPowerW: spec(400, noted(mlperf, "Also the power cap in several public nvidia-smi outputs of this card.")),
		PCIDeviceIDs:  []string{"0x20B010DE"},
		ProductNames:  []string{"NVIDIA A100-SXM4-40GB"},
		IDRef:         drvREADME,
	},
	{
		ID:              "a100-80g-pcie",
		Name:            "NVIDIA A100 80GB PCIe",
		Vendor:          "nvidia",
		Architecture:    "Ampere",
		FormFactor:      "pcie",
		MemoryGB:        spec(80, a100DS),
		MemoryMiB:       spec(81920, noted(smiOutputs, "nvidia-smi --query-gpu outputs report memory.total 81920 MiB.")),
		MemoryType:      "HBM2e",
		BandwidthGBs:    spec(1935, a100DS),
		BF16TFLOPS:      spec(312, a100DS),
		FP8TFLOPS:       Spec{},
		INT8TOPS:        spec(624, a100DS),
		FP32TFLOPS:      spec(19.5, a100DS),
		FP64TFLOPS:      spec(9.7, klockA100),
		TDPW:            spec(300, a100DS),
		Interconnect:    PCIeOnly,
		NVLinkBridgeGBs: spec(600, noted(a100DS, "NVLink Bridge for 2 GPUs.")),
		PCIeGen:         spec(4, a100DS),
		PCIeWidth:       spec(16, noted(sysrqA100, "Same PCIe board as the 40 GB card.")),
		MaxSMClockMHz:   spec(1410, unconfirmed(sysrqA100, "Datasheet boost clock (1410 MHz for every A100); no NVML output of this card was read.")),
		DefaultPowerW:   spec(300, mlperf),
		PCIDeviceIDs:    []string{"0x20B510DE"},
		ProductNames:    []string{"NVIDIA A100 80GB PCIe"},
		IDRef:           drvREADME,
		Caveats: []string{
			"PCIe card: no NVLink unless the vendor fits an NVLink bridge, which joins only two cards; the catalogue assumes no bridge.",
		},
	},
	{
		ID:            "a100-80g-sxm",
		Name:          "NVIDIA A100 80GB SXM4",
		Vendor:        "nvidia",
		Architecture:  "Ampere",
		FormFactor:    "sxm",
		MemoryGB:      spec(80, a100DS),
		MemoryMiB:     spec(81920, fxA100),
		MemoryType:    "HBM2e",
		BandwidthGBs:  spec(2039, a100DS),
		BF16TFLOPS:    spec(312, a100DS),
		FP8TFLOPS:     Spec{},
		INT8TOPS:      spec(624, a100DS),
		FP32TFLOPS:    spec(19.5, a100DS),
		FP64TFLOPS:    spec(9.7, klockA100),
		TDPW:          spec(400, a100DS),
		Interconnect:  NVLink,
		NVLinkGBs:     spec(600, noted(fxA100Link, "12 links x 25 GB/s each way = 300 GB/s each way, 600 GB/s in total (NVLink3: 600 GB/s).")),
		NVLinkLinks:   12,
		PCIeGen:       spec(4, fxA100),
		PCIeWidth:     spec(16, fxA100),
		MaxSMClockMHz: spec(1410, fxA100),
		DefaultPowerW: spec(400, noted(mlperf, "A floor, not an exact value: the fixture's board (692-2G506-0212-002) reports a 500 W default; NVIDIA's MLPerf code lists 400 W boards and a reduced 275 W variant.")),
		PCIDeviceIDs:  []string{"0x20B210DE"},
		ProductNames:  []string{"NVIDIA A100-SXM4-80GB"},
		IDRef:         noted(fxA100, "Also the NVIDIA open-gpu-kernel-modules README (driver 550.40.82) and the A100 nvlink --status output."),
		Caveats: []string{
			"Boards ship with a 400 W or a 500 W default power limit; a 275 W board is a reduced variant.",
		},
	},
	{
		ID:            "a800-80g-sxm",
		Name:          "NVIDIA A800 80GB SXM4",
		Vendor:        "nvidia",
		Architecture:  "Ampere",
		FormFactor:    "sxm",
		MemoryGB:      spec(80, noted(a800Web, "As the A100 80GB.")),
		MemoryMiB:     spec(81920, noted(smiOutputs, "Several A800-SXM4-80GB outputs report 81920 MiB with a 400 W cap.")),
		MemoryType:    "HBM2e",
		BandwidthGBs:  spec(2039, noted(a800Web, "As the A100 80GB SXM.")),
		BF16TFLOPS:    spec(312, leaked),
		FP8TFLOPS:     Spec{},
		INT8TOPS:      spec(624, unconfirmed(leaked, "No NVIDIA datasheet: the A800 is the A100 chip with NVLink cut to 400 GB/s.")),
		FP32TFLOPS:    spec(19.5, leaked),
		FP64TFLOPS:    spec(9.7, unconfirmed(klockA100, "The A100 figure; no A800 datasheet was read.")),
		TDPW:          spec(400, noted(a800Web, "As the A100 SXM.")),
		Interconnect:  NVLink,
		NVLinkGBs:     spec(400, noted(a800Web, "Cut from the A100's 600 GB/s; 8 links at the A100's 50 GB/s per link (derived).")),
		NVLinkLinks:   8,
		PCIeGen:       spec(4, unconfirmed(fxA100, "The A100 SXM4 value; no A800 -q output was read.")),
		PCIeWidth:     spec(16, unconfirmed(fxA100, "The A100 SXM4 value; no A800 -q output was read.")),
		MaxSMClockMHz: spec(1410, unconfirmed(fxA100, "The A100 SXM4 value; no A800 -q output was read.")),
		DefaultPowerW: spec(400, noted(smiOutputs, "The power cap in several A800-SXM4-80GB outputs.")),
		PCIDeviceIDs:  []string{"0x20F310DE"},
		ProductNames:  []string{"NVIDIA A800-SXM4-80GB"},
		IDRef:         drvREADME,
		Caveats: []string{
			"China SKU of the A100, made under US export controls: NVLink cut from 600 to 400 GB/s; new sales barred since October 2023.",
		},
	},
	{
		ID:            "h100-80g-sxm",
		Name:          "NVIDIA H100 80GB SXM5",
		Vendor:        "nvidia",
		Architecture:  "Hopper",
		FormFactor:    "sxm",
		MemoryGB:      spec(80, h100DS),
		MemoryMiB:     spec(81559, fxH100),
		MemoryType:    "HBM3",
		BandwidthGBs:  spec(3350, h100DS),
		BF16TFLOPS:    spec(989, h100DS),
		FP8TFLOPS:     spec(1979, h100DS),
		INT8TOPS:      spec(1979, h100DS),
		FP32TFLOPS:    spec(67, h100DS),
		FP64TFLOPS:    spec(34, hpcH100),
		TDPW:          spec(700, h100DS),
		Interconnect:  NVLink,
		NVLinkGBs:     spec(900, noted(h100DS, "NVLink4, 18 links of 50 GB/s (derived).")),
		NVLinkLinks:   18,
		PCIeGen:       spec(5, fxH100),
		PCIeWidth:     spec(16, fxH100),
		MaxSMClockMHz: spec(1980, fxH100),
		DefaultPowerW: spec(700, fxH100),
		PCIDeviceIDs:  []string{"0x233010DE", "0x233F10DE"},
		ProductNames:  []string{"NVIDIA H100 80GB HBM3"},
		IDRef: noted(Ref{
			Source: fxH100.Source + "; " + drvREADME.Source + "; " + mlperf.Source + " (2330, 233F)",
			Date:   "2026",
		}, "0x233F is listed by NVIDIA's MLPerf code only."),
	},
	{
		ID:              "h100-80g-pcie",
		Name:            "NVIDIA H100 80GB PCIe",
		Vendor:          "nvidia",
		Architecture:    "Hopper",
		FormFactor:      "pcie",
		MemoryGB:        spec(80, h100DS),
		MemoryMiB:       spec(81559, noted(smiOutputs, "Most outputs report 81559 MiB; one older output reports 81920 MiB.")),
		MemoryType:      "HBM2e",
		BandwidthGBs:    spec(2000, h100DS),
		BF16TFLOPS:      spec(756, h100DS),
		FP8TFLOPS:       spec(1513, h100DS),
		INT8TOPS:        spec(1513, h100DS),
		FP32TFLOPS:      spec(51, h100DS),
		FP64TFLOPS:      spec(26, hpcH100),
		TDPW:            spec(350, noted(h100DS, "hpctech lists 300–350 W.")),
		Interconnect:    PCIeOnly,
		NVLinkBridgeGBs: spec(600, noted(h100DS, "NVLink bridge for 2 PCIe cards.")),
		PCIeGen:         spec(5, h100DS),
		PCIeWidth:       spec(16, noted(hpcH100, "PCIe Gen5 at 128 GB/s is an x16 link.")),
		MaxSMClockMHz:   spec(1755, unconfirmed(Ref{Source: "cputronic.com H100 PCIe page, boost clock (https://www.cputronic.com/de/gpu/nvidia-h100-pcie)", Date: "2026-11"}, "Boost clock from a spec site; no NVML -q output of this card was read.")),
		DefaultPowerW:   spec(350, noted(mlperf, "Also the power cap in several public nvidia-smi outputs of this card.")),
		PCIDeviceIDs:    []string{"0x233110DE"},
		ProductNames:    []string{"NVIDIA H100 PCIe"},
		IDRef:           drvREADME,
		Caveats: []string{
			"PCIe card: no NVLink unless the vendor fits an NVLink bridge, which joins only two cards; the catalogue assumes no bridge.",
		},
	},
	{
		ID:            "h800-80g-sxm",
		Name:          "NVIDIA H800 80GB SXM5",
		Vendor:        "nvidia",
		Architecture:  "Hopper",
		FormFactor:    "sxm",
		MemoryGB:      spec(80, noted(h800Web, "Confirmed by the 81559 MiB that nvidia-smi reports, as on the H100.")),
		MemoryMiB:     spec(81559, noted(smiOutputs, "Several outputs report 81559 MiB with a 700 W cap; one output under the same name reports 143771 MiB, a different memory configuration.")),
		MemoryType:    "HBM3",
		BandwidthGBs:  spec(3350, unconfirmed(h800DS, "Only a third-party copy of the datasheet was read.")),
		BF16TFLOPS:    spec(989, unconfirmed(h800DS, "Only a third-party copy of the datasheet was read.")),
		FP8TFLOPS:     spec(1979, unconfirmed(h800DS, "Only a third-party copy of the datasheet was read.")),
		INT8TOPS:      spec(1979, unconfirmed(h800DS, "Only a third-party copy of the datasheet was read.")),
		FP32TFLOPS:    spec(67, unconfirmed(h800DS, "Only a third-party copy of the datasheet was read.")),
		FP64TFLOPS:    spec(1, unconfirmed(h800Web, "FP64 of about 1 TFLOPS, from unconfirmed sources.")),
		TDPW:          spec(700, unconfirmed(h800Web, "The spec pages are unconfirmed; the 700 W cap in public nvidia-smi outputs agrees.")),
		Interconnect:  NVLink,
		NVLinkGBs:     spec(400, unconfirmed(h800Web, "Sources conflict: 400 GB/s (philisun, tumgag) against about 300 GB/s (Reuters via Tom's Hardware); 8 links of 50 GB/s (derived).")),
		NVLinkLinks:   8,
		PCIeGen:       spec(5, unconfirmed(fxH100, "The H100 SXM5 value; no H800 -q output was read.")),
		PCIeWidth:     spec(16, unconfirmed(fxH100, "The H100 SXM5 value; no H800 -q output was read.")),
		MaxSMClockMHz: spec(1980, unconfirmed(fxH100, "The H100 SXM5 value; no H800 -q output was read.")),
		DefaultPowerW: spec(700, noted(smiOutputs, "The power cap in several public nvidia-smi outputs of this card.")),
		PCIDeviceIDs:  []string{"0x232410DE"},
		ProductNames:  []string{"NVIDIA H800"},
		IDRef:         noted(drvREADME, "The H800 PCIe (0x232210DE, \"NVIDIA H800 PCIe\") is a different card."),
		Caveats: []string{
			"China SKU of the H100, made under US export controls: NVLink cut to 400 GB/s (about 300 GB/s also reported) and FP64 cut to about 1 TFLOPS.",
		},
	},
	{
		ID:            "h20-96g",
		Name:          "NVIDIA H20 96GB",
		Vendor:        "nvidia",
		Architecture:  "Hopper",
		FormFactor:    "sxm",
		MemoryGB:      spec(96, noted(h20Web, "Confirmed by the 97871 MiB that nvidia-smi reports.")),
		MemoryMiB:     spec(97871, noted(smiOutputs, "Two public outputs report 97871 MiB with a 500 W cap.")),
		MemoryType:    "HBM3",
		BandwidthGBs:  spec(4000, unconfirmed(h20Web, "Leaked figures; no public NVIDIA datasheet.")),
		BF16TFLOPS:    spec(148, unconfirmed(h20Web, "Leaked figures; no public NVIDIA datasheet.")),
		FP8TFLOPS:     spec(296, unconfirmed(leaked, "Leaked figures; no public NVIDIA datasheet.")),
		INT8TOPS:      spec(296, unconfirmed(leaked, "Leaked figures; no public NVIDIA datasheet.")),
		FP32TFLOPS:    spec(44, unconfirmed(h20Web, "Leaked figures; no public NVIDIA datasheet. 78 SMs at the Hopper maximum of 1980 MHz give only 39.5 TFLOPS, so 44 is doubtful.")),
		FP64TFLOPS:    spec(1, unconfirmed(zangH20, "Leaked figures; no public NVIDIA datasheet.")),
		TDPW:          spec(500, unconfirmed(smiOutputs, "Resolved for 500 W: two independent nvidia-smi captures of shipping 8-card H20 servers (driver 535.161.03) show a 500 W power limit and 97,871 MiB; the 400 W comes from early leaked spec sheets, and the one capture showing 400 W also shows 98,304 MiB, which no real H20 reports. Power and cooling budgets use 500 W.")),
		Interconnect:  NVLink,
		NVLinkGBs:     spec(900, unconfirmed(h20Web, "Leaked figures; 18 links of 50 GB/s (derived).")),
		NVLinkLinks:   18,
		PCIeGen:       spec(5, unconfirmed(h20Web, "Leaked figures; no public NVIDIA datasheet.")),
		PCIeWidth:     spec(16, unconfirmed(h20Web, "Assumed x16 as on every Hopper SXM module; not seen in an output.")),
		DefaultPowerW: spec(500, unconfirmed(smiOutputs, "The power limit in two public nvidia-smi captures of 8-card H20 servers; the enforced limit, which equals the default unless someone changed it.")),
		PCIDeviceIDs:  []string{"0x232910DE"},
		ProductNames:  []string{"NVIDIA H20"},
		IDRef:         noted(drvREADME, "The H20-3e (0x232C10DE, \"NVIDIA H20-3e\", 141 GB) is the catalogue card h20-141g."),
		Caveats: []string{
			"China SKU of the Hopper line, made under US export controls: dense BF16 cut to about 148 TFLOPS, some 15% of an H100, while memory (96 GB) and bandwidth (4 TB/s) are larger. Good for decode-heavy inference, slow for training and prefill.",
			"No public NVIDIA datasheet: compute and power figures are leaked numbers.",
		},
	},
	{
		ID:           "h20-141g",
		Name:         "NVIDIA H20 141GB (H20-3e)",
		Vendor:       "nvidia",
		Architecture: "Hopper",
		FormFactor:   "sxm",
		MemoryGB:     spec(141, unconfirmed(h20eWeb, "No NVIDIA datasheet.")),
		MemoryMiB:    spec(143771, unconfirmed(derivation, "Assumed equal to the H200's 143,771 MiB: the same 141 GB of HBM3e; no H20-3e nvidia-smi output was read.")),
		MemoryType:   "HBM3e",
		BandwidthGBs: spec(4800, unconfirmed(h20eWeb, "Reported 4.8 TB/s, as the H200's HBM3e; no NVIDIA datasheet.")),
		BF16TFLOPS:   spec(148, unconfirmed(h20Web, "As the H20 96GB: the same cut-down Hopper die.")),
		FP8TFLOPS:    spec(296, unconfirmed(leaked, "As the H20 96GB.")),
		INT8TOPS:     spec(296, unconfirmed(leaked, "As the H20 96GB.")),
		FP32TFLOPS:   spec(44, unconfirmed(h20Web, "As the H20 96GB.")),
		FP64TFLOPS:   spec(1, unconfirmed(zangH20, "As the H20 96GB.")),
		TDPW:         spec(500, unconfirmed(smiOutputs, "Assumed the H20 96GB's 500 W.")),
		Interconnect: NVLink,
		NVLinkGBs:    spec(900, unconfirmed(h20Web, "As the H20 96GB: 18 links of 50 GB/s.")),
		NVLinkLinks:  18,
		PCIeGen:      spec(5, unconfirmed(h20Web, "As the H20 96GB.")),
		PCIeWidth:    spec(16, unconfirmed(h20Web, "As the H20 96GB.")),
		PCIDeviceIDs: []string{"0x232C10DE"},
		ProductNames: []string{"NVIDIA H20-3e"},
		IDRef:        noted(drvREADME, "0x232C10DE \"NVIDIA H20-3e\"; the PCI ID Repository names 232c \"H20 HBM3e\"."),
		Caveats: []string{
			"The H20 with 141 GB of HBM3e: the 96GB H20's compute with more memory and bandwidth. A delivery of the 96GB card reports 0x232910DE and about 97,871 MiB: refuse it for a 141GB order.",
			"No public NVIDIA datasheet: every figure but the PCI id is reported or derived.",
		},
	},
	{
		ID:            "h200-141g",
		Name:          "NVIDIA H200 141GB SXM",
		Vendor:        "nvidia",
		Architecture:  "Hopper",
		FormFactor:    "sxm",
		MemoryGB:      spec(141, h200DS),
		MemoryMiB:     spec(143771, noted(fxH200, "The fixture has MIG enabled; FB Memory Usage Total is still the whole GPU.")),
		MemoryType:    "HBM3e",
		BandwidthGBs:  spec(4800, h200DS),
		BF16TFLOPS:    spec(989, h200DS),
		FP8TFLOPS:     spec(1979, h200DS),
		INT8TOPS:      spec(1979, h200DS),
		FP32TFLOPS:    spec(67, h200DS),
		FP64TFLOPS:    spec(34, lzwH200),
		TDPW:          spec(700, h200DS),
		Interconnect:  NVLink,
		NVLinkGBs:     spec(900, noted(h200DS, "NVLink4, 18 links of 50 GB/s (derived).")),
		NVLinkLinks:   18,
		PCIeGen:       spec(5, fxH200),
		PCIeWidth:     spec(16, fxH200),
		MaxSMClockMHz: spec(1980, fxH200),
		DefaultPowerW: spec(700, fxH200),
		PCIDeviceIDs:  []string{"0x233510DE"},
		ProductNames:  []string{"NVIDIA H200"},
		IDRef:         noted(fxH200, "Also the NVIDIA open-gpu-kernel-modules README (driver 550.40.82)."),
		Caveats: []string{
			"The H200 NVL (PCIe, up to 600 W) is a different card; this entry is the SXM module.",
		},
	},
	{
		ID:            "l40s-48g",
		Name:          "NVIDIA L40S 48GB",
		Vendor:        "nvidia",
		Architecture:  "Ada Lovelace",
		FormFactor:    "pcie",
		MemoryGB:      spec(48, l40sDS),
		MemoryMiB:     spec(46068, noted(fxL40S, "With ECC enabled, as in the fixture.")),
		MemoryType:    "GDDR6",
		BandwidthGBs:  spec(864, l40sDS),
		BF16TFLOPS:    spec(362, l40sDS),
		FP8TFLOPS:     spec(733, l40sDS),
		INT8TOPS:      spec(733, l40sDS),
		FP32TFLOPS:    spec(91.6, l40sDS),
		FP64TFLOPS:    spec(1.43, unconfirmed(derivation, "Derived: Ada runs FP64 at 1/64 of FP32 (91.6 / 64); NVIDIA publishes no figure.")),
		TDPW:          spec(350, l40sDS),
		Interconnect:  PCIeOnly,
		PCIeGen:       spec(4, noted(fxL40S, "Settles a conflict between spec pages: the nvidia-smi output reports PCIe generation max 4.")),
		PCIeWidth:     spec(16, fxL40S),
		MaxSMClockMHz: spec(2520, fxL40S),
		DefaultPowerW: spec(350, fxL40S),
		PCIDeviceIDs:  []string{"0x26B910DE"},
		ProductNames:  []string{"NVIDIA L40S"},
		IDRef:         noted(fxL40S, "Also the NVIDIA open-gpu-kernel-modules README (driver 550.40.82)."),
		Caveats: []string{
			"No NVLink: tensor parallelism runs over PCIe.",
			"Little memory bandwidth for its compute (864 GB/s): suits prefill-heavy or batch inference more than long-context decode.",
		},
	},
	{
		ID:            "l20-48g",
		Name:          "NVIDIA L20 48GB",
		Vendor:        "nvidia",
		Architecture:  "Ada Lovelace",
		FormFactor:    "pcie",
		MemoryGB:      spec(48, leaked),
		MemoryMiB:     spec(46068, noted(smiOutputs, "Three public outputs report 46068 MiB with a 350 W cap.")),
		MemoryType:    "GDDR6",
		BandwidthGBs:  spec(864, leaked),
		BF16TFLOPS:    spec(119.5, unconfirmed(l20Web, "Unconfirmed; a public HGEMM benchmark repository quotes the same 119.5 TFLOPS FP16 tensor peak.")),
		FP8TFLOPS:     spec(239, unconfirmed(leaked, "Leaked figures give INT8 239 TOPS; FP8 is taken at the same rate, as on every other Ada card.")),
		INT8TOPS:      spec(239, unconfirmed(leaked, "Leaked figures; no public NVIDIA datasheet.")),
		FP32TFLOPS:    spec(59.4, leaked),
		FP64TFLOPS:    spec(0.93, unconfirmed(derivation, "Derived: Ada runs FP64 at 1/64 of FP32 (59.4 / 64); NVIDIA publishes no figure.")),
		TDPW:          spec(275, unconfirmed(l20Web, "Sources conflict: the spec pages give 275 W; three public nvidia-smi outputs show a 350 W power cap.")),
		Interconnect:  PCIeOnly,
		PCIeGen:       spec(4, leaked),
		PCIeWidth:     spec(16, leaked),
		MaxSMClockMHz: spec(2520, unconfirmed(derivation, "Derived: 59.4 TFLOPS FP32 / (92 SMs x 128 lanes x 2) = 2.52 GHz, with the SM count from a public course note; not seen in an NVML output.")),
		DefaultPowerW: spec(350, noted(smiOutputs, "The power cap in three public nvidia-smi outputs of this card.")),
		PCIDeviceIDs:  []string{"0x26BA10DE"},
		ProductNames:  []string{"NVIDIA L20"},
		IDRef:         drvREADME,
		Caveats: []string{
			"China SKU of the Ada data-centre line, made under US export controls: compute cut to about a third of an L40S.",
			"No NVLink: tensor parallelism runs over PCIe.",
		},
	},
	{
		ID:           "ascend-910b",
		Name:         "Huawei Ascend 910B 64GB",
		Vendor:       "huawei",
		Architecture: "Da Vinci",
		Domestic:     true,
		FormFactor:   "module",
		MemoryGB:     spec(64, noted(ascendWeb, "32 GB variants exist.")),
		MemoryMiB:    spec(65536, unconfirmed(derivation, "Assumed 64 x 1024 MiB, as npu-smi reports HBM in MB; no npu-smi output was read.")),
		MemoryType:   "HBM2e",
		BandwidthGBs: spec(1600, unconfirmed(ascendWeb, "About 1.6 TB/s, unconfirmed; 1.2 TB/s is also reported.")),
		BF16TFLOPS:   spec(280, unconfirmed(ascendWeb, "FP16 280 TFLOPS (Gitee AI) to 320 (others), varying across the 910B1–910B4 bins; the low figure is kept.")),
		TDPW:         spec(400, unconfirmed(ascendWeb, "About 310–400 W, unconfirmed; the high figure is kept for power budgets.")),
		Interconnect: HCCS,
		NVLinkGBs:    spec(392, unconfirmed(ascendWeb, "HCCS full mesh of 8 chips per Atlas 800T A2 node, so 7 links per chip (derived); 392 GB/s unconfirmed.")),
		NVLinkLinks:  7,
		PCIDeviceIDs: []string{"0xD80219E5"},
		ProductNames: []string{"910B1", "910B2", "910B3", "910B4"},
		IDRef: unconfirmed(Ref{
			Source: "public code found by code search: two device tables map 0x19e5:0xd802 to Ascend 910B (Atlas A2); HAMi's Ascend 910B support page, 910B2, 910B3, 910B4 (https://github.com/Project-HAMi/HAMi/blob/master/docs/ascend910b-support.md)",
			Date:   "2026-11",
		}, "Sources conflict: a third table maps 0xd801 to the 910B and 0xd802 to the 910. The names are the chip bins npu-smi shows; no npu-smi output was read."),
		Caveats: []string{
			"Needs Huawei's CANN stack with MindIE or vllm-ascend; CUDA software does not run.",
			"The verifier's NVML checks do not apply: check the card with npu-smi instead.",
			"Figures vary across the 910B1–910B4 bins; compute, bandwidth, power and HCCS figures are unconfirmed.",
		},
	},
}

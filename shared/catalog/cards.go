package catalog

import "github.com/gpuplan/gpuplan/shared/msg"

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

// noted returns r with the note of id (a catalog.note.* message) that
// explains a caveat.
func noted(r Ref, id string) Ref {
	r.Note = note(id)
	return r
}

// unconfirmed returns r marked unconfirmed, with the note of id that says
// why.
func unconfirmed(r Ref, id string) Ref {
	r.Unconfirmed = true
	r.Note = note(id)
	return r
}

// note is the message of a figure's note, the catalogue entry id
// (catalogue/notes.txt).
func note(id string) msg.English { return msg.EnglishOf(msg.New(id)) }

// caveats are the messages of a card's caveats, the catalogue entries ids
// (catalogue/catalog.txt).
func caveats(ids ...string) []msg.English {
	out := make([]msg.English, len(ids))
	for i, id := range ids {
		out[i] = msg.EnglishOf(msg.New(id))
	}
	return out
}

// cards is the catalogue data, in the stable order of IDs(). A figure is
// written Spec{value, source}: the compiler lays those out as data, where
// a call per figure compiled into about 13 KB of app.wasm init code.
var cards = []Card{
	{
		ID:            "rtx-4090",
		Name:          "NVIDIA GeForce RTX 4090 24GB",
		Vendor:        "nvidia",
		Architecture:  "Ada Lovelace",
		FormFactor:    "pcie",
		MemoryGB:      Spec{24, adaWP},
		MemoryMiB:     Spec{24564, fx4090},
		MemoryType:    "GDDR6X",
		BandwidthGBs:  Spec{1008, adaWP},
		BF16TFLOPS:    Spec{165.2, noted(adaWP, "catalog.note.001")},
		FP8TFLOPS:     Spec{330.3, noted(adaWP, "catalog.note.002")},
		INT8TOPS:      Spec{660.6, adaWP},
		FP32TFLOPS:    Spec{82.6, adaWP},
		FP64TFLOPS:    Spec{1.29, unconfirmed(derivation, "catalog.note.003")},
		TDPW:          Spec{450, adaWP},
		Interconnect:  PCIeOnly,
		PCIeGen:       Spec{4, fx4090},
		PCIeWidth:     Spec{16, fx4090},
		MaxSMClockMHz: Spec{3105, noted(fx4090, "catalog.note.004")},
		DefaultPowerW: Spec{450, fx4090},
		PCIDeviceIDs:  []string{"0x268410DE"},
		ProductNames:  []string{"NVIDIA GeForce RTX 4090"},
		IDRef: Ref{
			Source: fx4090.Source + "; " + drvREADME.Source,
			Date:   "2026",
		},
		Caveats: caveats(
			"catalog.caveat.geforce_ecc",
			"catalog.caveat.geforce_p2p",
			"catalog.caveat.4090d",
		),
	},
	{
		ID:            "rtx-4090d",
		Name:          "NVIDIA GeForce RTX 4090 D 24GB",
		Vendor:        "nvidia",
		Architecture:  "Ada Lovelace",
		FormFactor:    "pcie",
		MemoryGB:      Spec{24, rtx4090DPage},
		MemoryMiB:     Spec{24564, unconfirmed(derivation, "catalog.note.103")},
		MemoryType:    "GDDR6X",
		BandwidthGBs:  Spec{1008, noted(rtx4090DPage, "catalog.note.104")},
		BF16TFLOPS:    Spec{147.1, unconfirmed(derivation, "catalog.note.105")},
		FP8TFLOPS:     Spec{294.2, unconfirmed(derivation, "catalog.note.106")},
		INT8TOPS:      Spec{588.4, unconfirmed(derivation, "catalog.note.107")},
		FP32TFLOPS:    Spec{73.5, noted(derivation, "catalog.note.108")},
		FP64TFLOPS:    Spec{1.15, unconfirmed(derivation, "catalog.note.109")},
		TDPW:          Spec{425, rtx4090DPage},
		Interconnect:  PCIeOnly,
		PCIeGen:       Spec{4, unconfirmed(derivation, "catalog.note.110")},
		PCIeWidth:     Spec{16, unconfirmed(derivation, "catalog.note.110")},
		DefaultPowerW: Spec{425, rtx4090DPage},
		PCIDeviceIDs:  []string{"0x268510DE"},
		ProductNames:  []string{"NVIDIA GeForce RTX 4090 D"},
		IDRef:         pciIDs,
		Caveats: caveats(
			"catalog.caveat.4090d_cut",
			"catalog.caveat.4090d_consumer",
		),
	},
	{
		ID:              "a100-40g-pcie",
		Name:            "NVIDIA A100 40GB PCIe",
		Vendor:          "nvidia",
		Architecture:    "Ampere",
		FormFactor:      "pcie",
		MemoryGB:        Spec{40, a100DS},
		MemoryMiB:       Spec{40960, noted(smiOutputs, "catalog.note.007")},
		MemoryType:      "HBM2",
		BandwidthGBs:    Spec{1555, a100DS},
		BF16TFLOPS:      Spec{312, a100DS},
		FP8TFLOPS:       Spec{},
		INT8TOPS:        Spec{624, a100DS},
		FP32TFLOPS:      Spec{19.5, a100DS},
		FP64TFLOPS:      Spec{9.7, klockA100},
		TDPW:            Spec{250, a100DS},
		Interconnect:    PCIeOnly,
		NVLinkBridgeGBs: Spec{600, noted(a100DS, "catalog.note.010")},
		PCIeGen:         Spec{4, a100DS},
		PCIeWidth:       Spec{16, sysrqA100},
		MaxSMClockMHz:   Spec{1410, unconfirmed(sysrqA100, "catalog.note.008")},
		DefaultPowerW:   Spec{250, noted(mlperf, "catalog.note.009")},
		PCIDeviceIDs:    []string{"0x20B110DE", "0x20F110DE", "0x20BF10DE"},
		ProductNames:    []string{"NVIDIA A100-PCIE-40GB"},
		IDRef: noted(Ref{
			Source: drvREADME.Source + " (20F1); an older driver's README table (20B1); " + mlperf.Source + " (20F1, 20BF)",
			Date:   "2026-11",
		}, "catalog.note.011"),
		Caveats: caveats(
			"catalog.caveat.pcie_bridge",
		),
	},
	{
		ID:            "a100-40g-sxm",
		Name:          "NVIDIA A100 40GB SXM4",
		Vendor:        "nvidia",
		Architecture:  "Ampere",
		FormFactor:    "sxm",
		MemoryGB:      Spec{40, a100DS},
		MemoryMiB:     Spec{40960, noted(smiOutputs, "catalog.note.014")},
		MemoryType:    "HBM2",
		BandwidthGBs:  Spec{1555, a100DS},
		BF16TFLOPS:    Spec{312, a100DS},
		FP8TFLOPS:     Spec{},
		INT8TOPS:      Spec{624, a100DS},
		FP32TFLOPS:    Spec{19.5, a100DS},
		FP64TFLOPS:    Spec{9.7, klockA100},
		TDPW:          Spec{400, a100DS},
		Interconnect:  NVLink,
		NVLinkGBs:     Spec{600, noted(a100DS, "catalog.note.015")},
		NVLinkLinks:   12,
		PCIeGen:       Spec{4, klockA100},
		PCIeWidth:     Spec{16, noted(klockA100, "catalog.note.016")},
		MaxSMClockMHz: Spec{1410, unconfirmed(klockA100, "catalog.note.017")},
		DefaultPowerW: Spec{400, noted(mlperf, "catalog.note.009")},
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
		MemoryGB:        Spec{80, a100DS},
		MemoryMiB:       Spec{81920, noted(smiOutputs, "catalog.note.018")},
		MemoryType:      "HBM2e",
		BandwidthGBs:    Spec{1935, a100DS},
		BF16TFLOPS:      Spec{312, a100DS},
		FP8TFLOPS:       Spec{},
		INT8TOPS:        Spec{624, a100DS},
		FP32TFLOPS:      Spec{19.5, a100DS},
		FP64TFLOPS:      Spec{9.7, klockA100},
		TDPW:            Spec{300, a100DS},
		Interconnect:    PCIeOnly,
		NVLinkBridgeGBs: Spec{600, noted(a100DS, "catalog.note.010")},
		PCIeGen:         Spec{4, a100DS},
		PCIeWidth:       Spec{16, noted(sysrqA100, "catalog.note.019")},
		MaxSMClockMHz:   Spec{1410, unconfirmed(sysrqA100, "catalog.note.020")},
		DefaultPowerW:   Spec{300, mlperf},
		PCIDeviceIDs:    []string{"0x20B510DE"},
		ProductNames:    []string{"NVIDIA A100 80GB PCIe"},
		IDRef:           drvREADME,
		Caveats: caveats(
			"catalog.caveat.pcie_bridge",
		),
	},
	{
		ID:            "a100-80g-sxm",
		Name:          "NVIDIA A100 80GB SXM4",
		Vendor:        "nvidia",
		Architecture:  "Ampere",
		FormFactor:    "sxm",
		MemoryGB:      Spec{80, a100DS},
		MemoryMiB:     Spec{81920, fxA100},
		MemoryType:    "HBM2e",
		BandwidthGBs:  Spec{2039, a100DS},
		BF16TFLOPS:    Spec{312, a100DS},
		FP8TFLOPS:     Spec{},
		INT8TOPS:      Spec{624, a100DS},
		FP32TFLOPS:    Spec{19.5, a100DS},
		FP64TFLOPS:    Spec{9.7, klockA100},
		TDPW:          Spec{400, a100DS},
		Interconnect:  NVLink,
		NVLinkGBs:     Spec{600, noted(fxA100Link, "catalog.note.022")},
		NVLinkLinks:   12,
		PCIeGen:       Spec{4, fxA100},
		PCIeWidth:     Spec{16, fxA100},
		MaxSMClockMHz: Spec{1410, fxA100},
		DefaultPowerW: Spec{400, noted(mlperf, "catalog.note.023")},
		PCIDeviceIDs:  []string{"0x20B210DE"},
		ProductNames:  []string{"NVIDIA A100-SXM4-80GB"},
		IDRef:         noted(fxA100, "catalog.note.024"),
		Caveats: caveats(
			"catalog.caveat.a100_power",
		),
	},
	{
		ID:            "a800-80g-sxm",
		Name:          "NVIDIA A800 80GB SXM4",
		Vendor:        "nvidia",
		Architecture:  "Ampere",
		FormFactor:    "sxm",
		MemoryGB:      Spec{80, noted(a800Web, "catalog.note.026")},
		MemoryMiB:     Spec{81920, noted(smiOutputs, "catalog.note.027")},
		MemoryType:    "HBM2e",
		BandwidthGBs:  Spec{2039, noted(a800Web, "catalog.note.028")},
		BF16TFLOPS:    Spec{312, leaked},
		FP8TFLOPS:     Spec{},
		INT8TOPS:      Spec{624, unconfirmed(leaked, "catalog.note.029")},
		FP32TFLOPS:    Spec{19.5, leaked},
		FP64TFLOPS:    Spec{9.7, unconfirmed(klockA100, "catalog.note.030")},
		TDPW:          Spec{400, noted(a800Web, "catalog.note.031")},
		Interconnect:  NVLink,
		NVLinkGBs:     Spec{400, noted(a800Web, "catalog.note.032")},
		NVLinkLinks:   8,
		PCIeGen:       Spec{4, unconfirmed(fxA100, "catalog.note.033")},
		PCIeWidth:     Spec{16, unconfirmed(fxA100, "catalog.note.033")},
		MaxSMClockMHz: Spec{1410, unconfirmed(fxA100, "catalog.note.033")},
		DefaultPowerW: Spec{400, noted(smiOutputs, "catalog.note.034")},
		PCIDeviceIDs:  []string{"0x20F310DE"},
		ProductNames:  []string{"NVIDIA A800-SXM4-80GB"},
		IDRef:         drvREADME,
		Caveats: caveats(
			"catalog.caveat.a800",
		),
	},
	{
		ID:            "h100-80g-sxm",
		Name:          "NVIDIA H100 80GB SXM5",
		Vendor:        "nvidia",
		Architecture:  "Hopper",
		FormFactor:    "sxm",
		MemoryGB:      Spec{80, h100DS},
		MemoryMiB:     Spec{81559, fxH100},
		MemoryType:    "HBM3",
		BandwidthGBs:  Spec{3350, h100DS},
		BF16TFLOPS:    Spec{989, h100DS},
		FP8TFLOPS:     Spec{1979, h100DS},
		INT8TOPS:      Spec{1979, h100DS},
		FP32TFLOPS:    Spec{67, h100DS},
		FP64TFLOPS:    Spec{34, hpcH100},
		TDPW:          Spec{700, h100DS},
		Interconnect:  NVLink,
		NVLinkGBs:     Spec{900, noted(h100DS, "catalog.note.036")},
		NVLinkLinks:   18,
		PCIeGen:       Spec{5, fxH100},
		PCIeWidth:     Spec{16, fxH100},
		MaxSMClockMHz: Spec{1980, fxH100},
		DefaultPowerW: Spec{700, fxH100},
		PCIDeviceIDs:  []string{"0x233010DE", "0x233F10DE"},
		ProductNames:  []string{"NVIDIA H100 80GB HBM3"},
		IDRef: noted(Ref{
			Source: fxH100.Source + "; " + drvREADME.Source + "; " + mlperf.Source + " (2330, 233F)",
			Date:   "2026",
		}, "catalog.note.037"),
	},
	{
		ID:              "h100-80g-pcie",
		Name:            "NVIDIA H100 80GB PCIe",
		Vendor:          "nvidia",
		Architecture:    "Hopper",
		FormFactor:      "pcie",
		MemoryGB:        Spec{80, h100DS},
		MemoryMiB:       Spec{81559, noted(smiOutputs, "catalog.note.039")},
		MemoryType:      "HBM2e",
		BandwidthGBs:    Spec{2000, h100DS},
		BF16TFLOPS:      Spec{756, h100DS},
		FP8TFLOPS:       Spec{1513, h100DS},
		INT8TOPS:        Spec{1513, h100DS},
		FP32TFLOPS:      Spec{51, h100DS},
		FP64TFLOPS:      Spec{26, hpcH100},
		TDPW:            Spec{350, noted(h100DS, "catalog.note.040")},
		Interconnect:    PCIeOnly,
		NVLinkBridgeGBs: Spec{600, noted(h100DS, "catalog.note.043")},
		PCIeGen:         Spec{5, h100DS},
		PCIeWidth:       Spec{16, noted(hpcH100, "catalog.note.041")},
		MaxSMClockMHz:   Spec{1755, unconfirmed(Ref{Source: "cputronic.com H100 PCIe page, boost clock (https://www.cputronic.com/de/gpu/nvidia-h100-pcie)", Date: "2026-11"}, "catalog.note.042")},
		DefaultPowerW:   Spec{350, noted(mlperf, "catalog.note.009")},
		PCIDeviceIDs:    []string{"0x233110DE"},
		ProductNames:    []string{"NVIDIA H100 PCIe"},
		IDRef:           drvREADME,
		Caveats: caveats(
			"catalog.caveat.pcie_bridge",
		),
	},
	{
		ID:            "h800-80g-sxm",
		Name:          "NVIDIA H800 80GB SXM5",
		Vendor:        "nvidia",
		Architecture:  "Hopper",
		FormFactor:    "sxm",
		MemoryGB:      Spec{80, noted(h800Web, "catalog.note.045")},
		MemoryMiB:     Spec{81559, noted(smiOutputs, "catalog.note.046")},
		MemoryType:    "HBM3",
		BandwidthGBs:  Spec{3350, unconfirmed(h800DS, "catalog.note.047")},
		BF16TFLOPS:    Spec{989, unconfirmed(h800DS, "catalog.note.047")},
		FP8TFLOPS:     Spec{1979, unconfirmed(h800DS, "catalog.note.047")},
		INT8TOPS:      Spec{1979, unconfirmed(h800DS, "catalog.note.047")},
		FP32TFLOPS:    Spec{67, unconfirmed(h800DS, "catalog.note.047")},
		FP64TFLOPS:    Spec{1, unconfirmed(h800Web, "catalog.note.048")},
		TDPW:          Spec{700, unconfirmed(h800Web, "catalog.note.049")},
		Interconnect:  NVLink,
		NVLinkGBs:     Spec{400, unconfirmed(h800Web, "catalog.note.050")},
		NVLinkLinks:   8,
		PCIeGen:       Spec{5, unconfirmed(fxH100, "catalog.note.051")},
		PCIeWidth:     Spec{16, unconfirmed(fxH100, "catalog.note.051")},
		MaxSMClockMHz: Spec{1980, unconfirmed(fxH100, "catalog.note.051")},
		DefaultPowerW: Spec{700, noted(smiOutputs, "catalog.note.052")},
		PCIDeviceIDs:  []string{"0x232410DE"},
		ProductNames:  []string{"NVIDIA H800"},
		IDRef:         noted(drvREADME, "catalog.note.053"),
		Caveats: caveats(
			"catalog.caveat.h800",
		),
	},
	{
		ID:            "h20-96g",
		Name:          "NVIDIA H20 96GB",
		Vendor:        "nvidia",
		Architecture:  "Hopper",
		FormFactor:    "sxm",
		MemoryGB:      Spec{96, noted(h20Web, "catalog.note.056")},
		MemoryMiB:     Spec{97871, noted(smiOutputs, "catalog.note.057")},
		MemoryType:    "HBM3",
		BandwidthGBs:  Spec{4000, unconfirmed(h20Web, "catalog.note.058")},
		BF16TFLOPS:    Spec{148, unconfirmed(h20Web, "catalog.note.058")},
		FP8TFLOPS:     Spec{296, unconfirmed(leaked, "catalog.note.058")},
		INT8TOPS:      Spec{296, unconfirmed(leaked, "catalog.note.058")},
		FP32TFLOPS:    Spec{44, unconfirmed(h20Web, "catalog.note.059")},
		FP64TFLOPS:    Spec{1, unconfirmed(zangH20, "catalog.note.058")},
		TDPW:          Spec{500, unconfirmed(smiOutputs, "catalog.note.060")},
		Interconnect:  NVLink,
		NVLinkGBs:     Spec{900, unconfirmed(h20Web, "catalog.note.061")},
		NVLinkLinks:   18,
		PCIeGen:       Spec{5, unconfirmed(h20Web, "catalog.note.058")},
		PCIeWidth:     Spec{16, unconfirmed(h20Web, "catalog.note.062")},
		DefaultPowerW: Spec{500, unconfirmed(smiOutputs, "catalog.note.063")},
		PCIDeviceIDs:  []string{"0x232910DE"},
		ProductNames:  []string{"NVIDIA H20"},
		IDRef:         noted(drvREADME, "catalog.note.064"),
		Caveats: caveats(
			"catalog.caveat.h20",
			"catalog.caveat.h20_leaked",
		),
	},
	{
		ID:           "h20-141g",
		Name:         "NVIDIA H20 141GB (H20-3e)",
		Vendor:       "nvidia",
		Architecture: "Hopper",
		FormFactor:   "sxm",
		MemoryGB:     Spec{141, unconfirmed(h20eWeb, "catalog.note.111")},
		MemoryMiB:    Spec{143771, unconfirmed(derivation, "catalog.note.112")},
		MemoryType:   "HBM3e",
		BandwidthGBs: Spec{4800, unconfirmed(h20eWeb, "catalog.note.113")},
		BF16TFLOPS:   Spec{148, unconfirmed(h20Web, "catalog.note.114")},
		FP8TFLOPS:    Spec{296, unconfirmed(leaked, "catalog.note.115")},
		INT8TOPS:     Spec{296, unconfirmed(leaked, "catalog.note.115")},
		FP32TFLOPS:   Spec{44, unconfirmed(h20Web, "catalog.note.115")},
		FP64TFLOPS:   Spec{1, unconfirmed(zangH20, "catalog.note.115")},
		TDPW:         Spec{500, unconfirmed(smiOutputs, "catalog.note.116")},
		Interconnect: NVLink,
		NVLinkGBs:    Spec{900, unconfirmed(h20Web, "catalog.note.117")},
		NVLinkLinks:  18,
		PCIeGen:      Spec{5, unconfirmed(h20Web, "catalog.note.115")},
		PCIeWidth:    Spec{16, unconfirmed(h20Web, "catalog.note.115")},
		PCIDeviceIDs: []string{"0x232C10DE"},
		ProductNames: []string{"NVIDIA H20-3e"},
		IDRef:        noted(drvREADME, "catalog.note.118"),
		Caveats: caveats(
			"catalog.caveat.h20e_variant",
			"catalog.caveat.h20e_datasheet",
		),
	},
	{
		ID:            "h200-141g",
		Name:          "NVIDIA H200 141GB SXM",
		Vendor:        "nvidia",
		Architecture:  "Hopper",
		FormFactor:    "sxm",
		MemoryGB:      Spec{141, h200DS},
		MemoryMiB:     Spec{143771, noted(fxH200, "catalog.note.066")},
		MemoryType:    "HBM3e",
		BandwidthGBs:  Spec{4800, h200DS},
		BF16TFLOPS:    Spec{989, h200DS},
		FP8TFLOPS:     Spec{1979, h200DS},
		INT8TOPS:      Spec{1979, h200DS},
		FP32TFLOPS:    Spec{67, h200DS},
		FP64TFLOPS:    Spec{34, lzwH200},
		TDPW:          Spec{700, h200DS},
		Interconnect:  NVLink,
		NVLinkGBs:     Spec{900, noted(h200DS, "catalog.note.036")},
		NVLinkLinks:   18,
		PCIeGen:       Spec{5, fxH200},
		PCIeWidth:     Spec{16, fxH200},
		MaxSMClockMHz: Spec{1980, fxH200},
		DefaultPowerW: Spec{700, fxH200},
		PCIDeviceIDs:  []string{"0x233510DE"},
		ProductNames:  []string{"NVIDIA H200"},
		IDRef:         noted(fxH200, "catalog.note.067"),
		Caveats: caveats(
			"catalog.caveat.h200_nvl",
		),
	},
	{
		ID:            "l40s-48g",
		Name:          "NVIDIA L40S 48GB",
		Vendor:        "nvidia",
		Architecture:  "Ada Lovelace",
		FormFactor:    "pcie",
		MemoryGB:      Spec{48, l40sDS},
		MemoryMiB:     Spec{46068, noted(fxL40S, "catalog.note.069")},
		MemoryType:    "GDDR6",
		BandwidthGBs:  Spec{864, l40sDS},
		BF16TFLOPS:    Spec{362, l40sDS},
		FP8TFLOPS:     Spec{733, l40sDS},
		INT8TOPS:      Spec{733, l40sDS},
		FP32TFLOPS:    Spec{91.6, l40sDS},
		FP64TFLOPS:    Spec{1.43, unconfirmed(derivation, "catalog.note.070")},
		TDPW:          Spec{350, l40sDS},
		Interconnect:  PCIeOnly,
		PCIeGen:       Spec{4, noted(fxL40S, "catalog.note.071")},
		PCIeWidth:     Spec{16, fxL40S},
		MaxSMClockMHz: Spec{2520, fxL40S},
		DefaultPowerW: Spec{350, fxL40S},
		PCIDeviceIDs:  []string{"0x26B910DE"},
		ProductNames:  []string{"NVIDIA L40S"},
		IDRef:         noted(fxL40S, "catalog.note.067"),
		Caveats: caveats(
			"catalog.caveat.no_nvlink",
			"catalog.caveat.l40s_bandwidth",
		),
	},
	{
		ID:            "l20-48g",
		Name:          "NVIDIA L20 48GB",
		Vendor:        "nvidia",
		Architecture:  "Ada Lovelace",
		FormFactor:    "pcie",
		MemoryGB:      Spec{48, leaked},
		MemoryMiB:     Spec{46068, noted(smiOutputs, "catalog.note.073")},
		MemoryType:    "GDDR6",
		BandwidthGBs:  Spec{864, leaked},
		BF16TFLOPS:    Spec{119.5, unconfirmed(l20Web, "catalog.note.074")},
		FP8TFLOPS:     Spec{239, unconfirmed(leaked, "catalog.note.075")},
		INT8TOPS:      Spec{239, unconfirmed(leaked, "catalog.note.058")},
		FP32TFLOPS:    Spec{59.4, leaked},
		FP64TFLOPS:    Spec{0.93, unconfirmed(derivation, "catalog.note.076")},
		TDPW:          Spec{275, unconfirmed(l20Web, "catalog.note.077")},
		Interconnect:  PCIeOnly,
		PCIeGen:       Spec{4, leaked},
		PCIeWidth:     Spec{16, leaked},
		MaxSMClockMHz: Spec{2520, unconfirmed(derivation, "catalog.note.078")},
		DefaultPowerW: Spec{350, noted(smiOutputs, "catalog.note.079")},
		PCIDeviceIDs:  []string{"0x26BA10DE"},
		ProductNames:  []string{"NVIDIA L20"},
		IDRef:         drvREADME,
		Caveats: caveats(
			"catalog.caveat.l20",
			"catalog.caveat.no_nvlink",
		),
	},
	{
		ID:           "ascend-910b",
		Name:         "Huawei Ascend 910B 64GB",
		Vendor:       "huawei",
		Architecture: "Da Vinci",
		Domestic:     true,
		FormFactor:   "module",
		MemoryGB:     Spec{64, noted(ascendWeb, "catalog.note.081")},
		MemoryMiB:    Spec{65536, unconfirmed(derivation, "catalog.note.082")},
		MemoryType:   "HBM2e",
		BandwidthGBs: Spec{1600, unconfirmed(ascendWeb, "catalog.note.083")},
		BF16TFLOPS:   Spec{280, unconfirmed(ascendWeb, "catalog.note.084")},
		TDPW:         Spec{400, unconfirmed(ascendWeb, "catalog.note.085")},
		Interconnect: HCCS,
		NVLinkGBs:    Spec{392, unconfirmed(ascendWeb, "catalog.note.086")},
		NVLinkLinks:  7,
		PCIDeviceIDs: []string{"0xD80219E5"},
		ProductNames: []string{"910B1", "910B2", "910B3", "910B4"},
		IDRef: unconfirmed(Ref{
			Source: "public code found by code search: two device tables map 0x19e5:0xd802 to Ascend 910B (Atlas A2); HAMi's Ascend 910B support page, 910B2, 910B3, 910B4 (https://github.com/Project-HAMi/HAMi/blob/master/docs/ascend910b-support.md)",
			Date:   "2026-11",
		}, "catalog.note.087"),
		Caveats: caveats(
			"catalog.caveat.cann",
			"catalog.caveat.npu_smi",
			"catalog.caveat.910b_bins",
		),
	},
}

package msg

// The catalogue cards' caveats (shared/catalog). The English text is the
// card's Caveats entry word for word: catalog.CaveatText finds the message
// by it, and a catalog test fails when a caveat has no message here.
func init() {
	add(map[string]Entry{
		"catalog.caveat.geforce_ecc": {
			En: "Consumer GeForce card: ECC is off by default (the 4090 fixture reports ECC Mode Disabled).",
			Zh: "消费级 GeForce 卡：ECC 默认关闭（4090 的样例输出显示 ECC Mode Disabled）。",
		},
		"catalog.caveat.geforce_p2p": {
			En: "No NVLink, and GeForce drivers limit peer-to-peer transfers over PCIe, so tensor parallelism across cards is slow.",
			Zh: "没有 NVLink，且 GeForce 驱动限制 PCIe 点对点传输，所以跨卡张量并行很慢。",
		},
		"catalog.caveat.4090d": {
			En: "The China variant RTX 4090 D (PCI id 0x268510DE, \"NVIDIA GeForce RTX 4090 D\") has fewer cores: it is not this card.",
			Zh: "中国特供版 RTX 4090 D（PCI id 0x268510DE，“NVIDIA GeForce RTX 4090 D”）核心更少：不是这张卡。",
		},
		"catalog.caveat.pcie_bridge": {
			En: "PCIe card: no NVLink unless the vendor fits an NVLink bridge, which joins only two cards; the catalogue assumes no bridge.",
			Zh: "PCIe 卡：除非供应商加装 NVLink 桥（只能连接两张卡），否则没有 NVLink；目录按没有桥接计算。",
		},
		"catalog.caveat.a100_power": {
			En: "Boards ship with a 400 W or a 500 W default power limit; a 275 W board is a reduced variant.",
			Zh: "板卡出厂默认功耗上限为 400 W 或 500 W；275 W 的板卡是降配版本。",
		},
		"catalog.caveat.a800": {
			En: "China SKU of the A100, made under US export controls: NVLink cut from 600 to 400 GB/s; new sales barred since October 2023.",
			Zh: "A100 的中国特供版，受美国出口管制：NVLink 从 600 GB/s 降到 400 GB/s；2023 年 10 月起禁止新销售。",
		},
		"catalog.caveat.h800": {
			En: "China SKU of the H100, made under US export controls: NVLink cut to 400 GB/s (about 300 GB/s also reported) and FP64 cut to about 1 TFLOPS.",
			Zh: "H100 的中国特供版，受美国出口管制：NVLink 降到 400 GB/s（也有约 300 GB/s 的报告），FP64 降到约 1 TFLOPS。",
		},
		"catalog.caveat.h20": {
			En: "China SKU of the Hopper line, made under US export controls: dense BF16 cut to about 148 TFLOPS, some 15% of an H100, while memory (96 GB) and bandwidth (4 TB/s) are larger. Good for decode-heavy inference, slow for training and prefill.",
			Zh: "Hopper 系列的中国特供版，受美国出口管制：稠密 BF16 降到约 148 TFLOPS，约为 H100 的 15%，而显存（96 GB）和带宽（4 TB/s）更大。适合以解码为主的推理，训练和预填充很慢。",
		},
		"catalog.caveat.h20_leaked": {
			En: "No public NVIDIA datasheet: compute and power figures are leaked numbers.",
			Zh: "没有公开的 NVIDIA 数据手册：算力和功耗数字来自泄露信息。",
		},
		"catalog.caveat.h200_nvl": {
			En: "The H200 NVL (PCIe, up to 600 W) is a different card; this entry is the SXM module.",
			Zh: "H200 NVL（PCIe，最高 600 W）是另一张卡；本条目是 SXM 模组。",
		},
		"catalog.caveat.no_nvlink": {
			En: "No NVLink: tensor parallelism runs over PCIe.",
			Zh: "没有 NVLink：张量并行走 PCIe。",
		},
		"catalog.caveat.l40s_bandwidth": {
			En: "Little memory bandwidth for its compute (864 GB/s): suits prefill-heavy or batch inference more than long-context decode.",
			Zh: "相对算力而言显存带宽偏低（864 GB/s）：更适合以预填充为主或批量推理，不太适合长上下文解码。",
		},
		"catalog.caveat.l20": {
			En: "China SKU of the Ada data-centre line, made under US export controls: compute cut to about a third of an L40S.",
			Zh: "Ada 数据中心系列的中国特供版，受美国出口管制：算力降到 L40S 的约三分之一。",
		},
		"catalog.caveat.cann": {
			En: "Needs Huawei's CANN stack with MindIE or vllm-ascend; CUDA software does not run.",
			Zh: "需要华为 CANN 软件栈配合 MindIE 或 vllm-ascend；CUDA 软件不能运行。",
		},
		"catalog.caveat.npu_smi": {
			En: "The verifier's NVML checks do not apply: check the card with npu-smi instead.",
			Zh: "验证工具的 NVML 检查不适用：请改用 npu-smi 检查这张卡。",
		},
		"catalog.caveat.910b_bins": {
			En: "Figures vary across the 910B1–910B4 bins; compute, bandwidth, power and HCCS figures are unconfirmed.",
			Zh: "910B1–910B4 各档位的数字不同；算力、带宽、功耗和 HCCS 数字未经证实。",
		},
	})
}

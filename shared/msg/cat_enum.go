package msg

// Labels of the values shared/ uses as identifiers (workloads, cost items,
// decisions, check statuses, ...): "enum.<kind>.<value>". Lang.Enum
// looks them up; an identifier without a label is shown as it is.
func init() {
	add([]Entry{

		{ID: "enum.workload.pretrain", En: "Pre-training", Zh: "预训练"},
		{ID: "enum.workload.full-finetune", En: "Full fine-tune", Zh: "全参数微调"},
		{ID: "enum.workload.lora", En: "LoRA fine-tune", Zh: "LoRA 微调"},
		{ID: "enum.workload.qlora", En: "QLoRA fine-tune", Zh: "QLoRA 微调"},
		{ID: "enum.workload.inference", En: "Inference / API serving", Zh: "推理 / API 服务"},
		{ID: "enum.workload.image-gen", En: "Image generation", Zh: "图像生成"},
		{ID: "enum.workload.video-gen", En: "Video generation", Zh: "视频生成"},
		{ID: "enum.workload.hpc", En: "CV / scientific computing", Zh: "CV / 科学计算"},

		{ID: "enum.precision.", En: "Automatic (bf16; int4 for QLoRA)", Zh: "自动（bf16；QLoRA 为 int4）"},
		{ID: "enum.precision.fp32", En: "fp32", Zh: "fp32"},
		{ID: "enum.precision.bf16", En: "bf16", Zh: "bf16"},
		{ID: "enum.precision.fp16", En: "fp16", Zh: "fp16"},
		{ID: "enum.precision.fp8", En: "fp8", Zh: "fp8"},
		{ID: "enum.precision.int8", En: "int8", Zh: "int8"},
		{ID: "enum.precision.int4", En: "int4 (GGUF Q4_K_M)", Zh: "int4（GGUF Q4_K_M）"},

		{ID: "enum.preset.", En: "Other model: give its size", Zh: "其他模型：填写参数量"},

		{ID: "enum.demand.steady", En: "Steady load", Zh: "负载稳定"},
		{ID: "enum.demand.volatile", En: "Peaks and troughs", Zh: "有波峰波谷"},
		{ID: "enum.data_class.commercial", En: "Commercial", Zh: "一般商业数据"},
		{ID: "enum.data_class.classified", En: "Classified / strict compliance", Zh: "涉密 / 强合规"},

		{ID: "enum.billing.hourly", En: "Pay by the hour", Zh: "按小时计费"},
		{ID: "enum.billing.monthly", En: "Pay by the month", Zh: "按月计费"},
		{ID: "enum.billing.annual", En: "Annual contract", Zh: "包年合同"},

		{ID: "enum.decision.rent", En: "Rent", Zh: "租用"},
		{ID: "enum.decision.build", En: "Build", Zh: "自建"},
		{ID: "enum.decision.hybrid", En: "Hybrid: own the base, rent the peaks", Zh: "混合：自有基础算力，租用峰值"},

		{ID: "enum.side.rent", En: "rent", Zh: "租"},
		{ID: "enum.side.build", En: "build", Zh: "建"},
		{ID: "enum.side.neutral", En: "either", Zh: "均可"},

		{ID: "enum.procurement.quotes", En: "quotes", Zh: "报价"},
		{ID: "enum.procurement.vendors", En: "vendors", Zh: "供应商"},
		{ID: "enum.procurement.contract", En: "contract", Zh: "合同"},
		{ID: "enum.procurement.poc", En: "POC", Zh: "POC 测试"},
		{ID: "enum.procurement.operations", En: "operations", Zh: "运营记录"},
		{ID: "enum.procurement.exit", En: "exit", Zh: "退租"},
		{ID: "enum.procurement.checklists", En: "checklists", Zh: "检查清单"},

		{ID: "enum.d1.daily_use", En: "Daily use", Zh: "每日使用"},
		{ID: "enum.d1.project_length", En: "Project length", Zh: "项目周期"},
		{ID: "enum.d1.operations_team", En: "Operations team", Zh: "运维团队"},
		{ID: "enum.d1.demand", En: "Demand", Zh: "需求形态"},
		{ID: "enum.d1.data", En: "Data", Zh: "数据"},

		{ID: "enum.link.none", En: "single card", Zh: "单卡"},
		{ID: "enum.link.pcie", En: "PCIe", Zh: "PCIe"},
		{ID: "enum.link.nvlink", En: "NVLink", Zh: "NVLink"},
		{ID: "enum.link.hccs", En: "HCCS", Zh: "HCCS"},
		{ID: "enum.link.pcie+ib", En: "PCIe, nodes over InfiniBand", Zh: "PCIe，节点间 InfiniBand"},
		{ID: "enum.link.nvlink+ib", En: "NVLink, nodes over InfiniBand", Zh: "NVLink，节点间 InfiniBand"},
		{ID: "enum.link.hccs+roce", En: "HCCS, nodes over RoCE", Zh: "HCCS，节点间 RoCE"},

		{ID: "enum.item.gpu_rent", En: "GPU rent", Zh: "GPU 租金"},
		{ID: "enum.item.egress", En: "Egress beyond the free quota", Zh: "超出免费额度的出网流量"},
		{ID: "enum.item.storage", En: "Storage expansion", Zh: "存储扩容"},
		{ID: "enum.item.extra_ips", En: "Extra public IPs", Zh: "额外公网 IP"},
		{ID: "enum.item.support_tier", En: "Support-tier upgrade", Zh: "技术支持升级"},
		{ID: "enum.item.after_hours_support", En: "After-hours support", Zh: "非工作时间支持"},
		{ID: "enum.item.data_migration", En: "Data migration (spread over the project)", Zh: "数据迁移（按项目分摊）"},

		{ID: "enum.mem.weights", En: "Weights", Zh: "权重"},
		{ID: "enum.mem.kv_cache", En: "KV cache", Zh: "KV 缓存"},
		{ID: "enum.mem.activations", En: "Activations", Zh: "激活"},
		{ID: "enum.mem.training_states", En: "Gradients and optimizer", Zh: "梯度与优化器"},
		{ID: "enum.mem.overhead", En: "Runtime overhead", Zh: "运行时开销"},

		{ID: "enum.status.pass", En: "pass", Zh: "通过"},
		{ID: "enum.status.fail", En: "FAIL", Zh: "不通过"},
		{ID: "enum.status.warn", En: "warn", Zh: "警告"},
		{ID: "enum.status.skip", En: "skip", Zh: "跳过"},

		{ID: "enum.spec.memory", En: "Memory (marketed)", Zh: "显存（标称）"},
		{ID: "enum.spec.memory_mib", En: "Memory as NVML reports it", Zh: "显存（NVML 报告）"},
		{ID: "enum.spec.bandwidth", En: "Memory bandwidth", Zh: "显存带宽"},
		{ID: "enum.spec.bf16", En: "BF16 dense", Zh: "BF16 稠密算力"},
		{ID: "enum.spec.fp32", En: "FP32", Zh: "FP32 算力"},
		{ID: "enum.spec.fp64", En: "FP64", Zh: "FP64 算力"},
		{ID: "enum.spec.tdp", En: "Board power (TDP)", Zh: "板卡功耗（TDP）"},
		{ID: "enum.spec.nvlink", En: "NVLink bandwidth", Zh: "NVLink 带宽"},
		{ID: "enum.spec.nvlink_bridge", En: "NVLink bridge", Zh: "NVLink 桥接"},
		{ID: "enum.spec.pcie_gen", En: "PCIe generation", Zh: "PCIe 代数"},
		{ID: "enum.spec.pcie_width", En: "PCIe lanes", Zh: "PCIe 通道数"},
		{ID: "enum.spec.sm_clock", En: "Max SM clock", Zh: "最高 SM 频率"},
		{ID: "enum.spec.power", En: "Default power limit", Zh: "默认功耗上限"},

		{ID: "enum.series.rent", En: "Rent", Zh: "租用"},
		{ID: "enum.series.build", En: "Build", Zh: "自建"},
		{ID: "enum.series.hybrid", En: "Hybrid 40/60", Zh: "混合 40/60"},
	})
}

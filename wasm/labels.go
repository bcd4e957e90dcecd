package main

// Labels of the values shared/ uses as identifiers (workloads, cost items,
// decisions, check statuses, ...). The plan keeps the identifiers; the page
// shows these labels. An identifier without a label is shown as it is.

// enumLabels maps "kind:value" to its English and Chinese labels.
var enumLabels = map[string][2]string{
	"workload:pretrain":      {"Pre-training", "预训练"},
	"workload:full-finetune": {"Full fine-tune", "全参数微调"},
	"workload:lora":          {"LoRA fine-tune", "LoRA 微调"},
	"workload:qlora":         {"QLoRA fine-tune", "QLoRA 微调"},
	"workload:inference":     {"Inference / API serving", "推理 / API 服务"},
	"workload:image-gen":     {"Image generation", "图像生成"},
	"workload:video-gen":     {"Video generation", "视频生成"},
	"workload:hpc":           {"CV / scientific computing", "CV / 科学计算"},

	"precision:":     {"Automatic (bf16; int4 for QLoRA)", "自动（bf16；QLoRA 为 int4）"},
	"precision:fp32": {"fp32", "fp32"},
	"precision:bf16": {"bf16", "bf16"},
	"precision:fp16": {"fp16", "fp16"},
	"precision:fp8":  {"fp8", "fp8"},
	"precision:int8": {"int8", "int8"},
	"precision:int4": {"int4 (GGUF Q4_K_M)", "int4（GGUF Q4_K_M）"},

	"preset:": {"Other model: give its size", "其他模型：填写参数量"},

	"demand:steady":         {"Steady load", "负载稳定"},
	"demand:volatile":       {"Peaks and troughs", "有波峰波谷"},
	"data_class:commercial": {"Commercial", "一般商业数据"},
	"data_class:classified": {"Classified / strict compliance", "涉密 / 强合规"},

	"billing:hourly":  {"Pay by the hour", "按小时计费"},
	"billing:monthly": {"Pay by the month", "按月计费"},
	"billing:annual":  {"Annual contract", "包年合同"},

	"decision:rent":   {"Rent", "租用"},
	"decision:build":  {"Build", "自建"},
	"decision:hybrid": {"Hybrid: own the base, rent the peaks", "混合：自有基础算力，租用峰值"},

	"side:rent":    {"rent", "租"},
	"side:build":   {"build", "建"},
	"side:neutral": {"either", "均可"},

	"procurement:quotes":     {"quotes", "报价"},
	"procurement:vendors":    {"vendors", "供应商"},
	"procurement:contract":   {"contract", "合同"},
	"procurement:poc":        {"POC", "POC 测试"},
	"procurement:operations": {"operations", "运营记录"},
	"procurement:exit":       {"exit", "退租"},
	"procurement:checklists": {"checklists", "检查清单"},

	"d1:daily_use":       {"Daily use", "每日使用"},
	"d1:project_length":  {"Project length", "项目周期"},
	"d1:operations_team": {"Operations team", "运维团队"},
	"d1:demand":          {"Demand", "需求形态"},
	"d1:data":            {"Data", "数据"},

	"link:none":      {"single card", "单卡"},
	"link:pcie":      {"PCIe", "PCIe"},
	"link:nvlink":    {"NVLink", "NVLink"},
	"link:hccs":      {"HCCS", "HCCS"},
	"link:pcie+ib":   {"PCIe, nodes over InfiniBand", "PCIe，节点间 InfiniBand"},
	"link:nvlink+ib": {"NVLink, nodes over InfiniBand", "NVLink，节点间 InfiniBand"},
	"link:hccs+roce": {"HCCS, nodes over RoCE", "HCCS，节点间 RoCE"},

	"item:gpu_rent":            {"GPU rent", "GPU 租金"},
	"item:egress":              {"Egress beyond the free quota", "超出免费额度的出网流量"},
	"item:storage":             {"Storage expansion", "存储扩容"},
	"item:extra_ips":           {"Extra public IPs", "额外公网 IP"},
	"item:support_tier":        {"Support-tier upgrade", "技术支持升级"},
	"item:after_hours_support": {"After-hours support", "非工作时间支持"},
	"item:data_migration":      {"Data migration (spread over the project)", "数据迁移（按项目分摊）"},

	"mem:weights":         {"Weights", "权重"},
	"mem:kv_cache":        {"KV cache", "KV 缓存"},
	"mem:activations":     {"Activations", "激活"},
	"mem:training_states": {"Gradients and optimizer", "梯度与优化器"},
	"mem:overhead":        {"Runtime overhead", "运行时开销"},

	"status:pass": {"pass", "通过"},
	"status:fail": {"FAIL", "不通过"},
	"status:warn": {"warn", "警告"},
	"status:skip": {"skip", "跳过"},

	"spec:memory":        {"Memory (marketed)", "显存（标称）"},
	"spec:memory_mib":    {"Memory as NVML reports it", "显存（NVML 报告）"},
	"spec:bandwidth":     {"Memory bandwidth", "显存带宽"},
	"spec:bf16":          {"BF16 dense", "BF16 稠密算力"},
	"spec:fp32":          {"FP32", "FP32 算力"},
	"spec:fp64":          {"FP64", "FP64 算力"},
	"spec:tdp":           {"Board power (TDP)", "板卡功耗（TDP）"},
	"spec:nvlink":        {"NVLink bandwidth", "NVLink 带宽"},
	"spec:nvlink_bridge": {"NVLink bridge", "NVLink 桥接"},
	"spec:pcie_gen":      {"PCIe generation", "PCIe 代数"},
	"spec:pcie_width":    {"PCIe lanes", "PCIe 通道数"},
	"spec:sm_clock":      {"Max SM clock", "最高 SM 频率"},
	"spec:power":         {"Default power limit", "默认功耗上限"},

	"series:rent":   {"Rent", "租用"},
	"series:build":  {"Build", "自建"},
	"series:hybrid": {"Hybrid 40/60", "混合 40/60"},
}

// Enum returns the label of one identifier of the given kind.
func (l Lang) Enum(kind, value string) string {
	if v, ok := enumLabels[kind+":"+value]; ok {
		if l == Zh {
			return v[1]
		}
		return v[0]
	}
	return value
}

// itemLabel is the label of a C1 cost item.
func itemLabel(m *Messages, name string) string { return m.Code.Enum("item", name) }

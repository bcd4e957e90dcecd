package msg

// The evidence report's words (shared/report): its headline, its keys and
// how to measure what was not measured.
func init() {
	add([]Entry{
		{ID: "cli.check.failed", En: "{0} of {1} checks failed: keep the report and open a ticket with the vendor before running workloads (rule A4)", Zh: "{1} 项检查中有 {0} 项失败：请保留报告，在跑业务之前向供应商提交工单（规则 A4）"},
		{ID: "cli.check.interrupted", En: "the bench was interrupted: the report holds what ran before Ctrl-C", Zh: "基准测试被中断：报告保存了 Ctrl-C 之前已运行的部分"},
		{ID: "cli.check.incomplete", En: "INCOMPLETE: nothing failed, but {0} demanded {0|check was|checks were} not measured, so this is not proof of delivery (see \"Not measured\" above)", Zh: "INCOMPLETE：没有检查失败，但有 {0} 项必查项目未测到，所以这不能作为交付证明（见上文“未测到”一节）"},
		{ID: "report.headline.live", En: "Delivery check", Zh: "交付检查"},
		{ID: "report.headline.file", En: "Check of a saved file", Zh: "保存文件的检查"},
		{ID: "report.not_proof", En: "NOT PROOF OF DELIVERY: the facts were read from a saved file, which anyone can edit. Run gpuverify check on the server itself.", Zh: "不能作为交付证明：这些事实读自保存的文件，任何人都能修改。请在服务器上直接运行 gpuverify check。"},
		{ID: "report.key.origin", En: "origin", Zh: "来源"},
		{ID: "report.key.tool", En: "tool", Zh: "工具"},
		{ID: "report.key.time", En: "time", Zh: "时间"},
		{ID: "report.key.nonce", En: "nonce", Zh: "挑战值"},
		{ID: "report.key.plan", En: "plan", Zh: "计划"},
		{ID: "report.key.digest", En: "digest", Zh: "摘要"},
		{ID: "report.key.source", En: "source", Zh: "数据来源"},
		{ID: "report.key.host", En: "host", Zh: "主机"},
		{ID: "report.key.driver", En: "driver", Zh: "驱动"},
		{ID: "report.key.gpus", En: "gpus", Zh: "GPU 卡"},
		{ID: "report.key.facts", En: "facts", Zh: "事实"},
		{ID: "report.server", En: "Server", Zh: "服务器"},
		{ID: "report.nonce_none", En: "none (gpuverify check --nonce VALUE records the buyer's challenge)", Zh: "无（gpuverify check --nonce 值 可记录买方给出的挑战值）"},
		{ID: "report.none", En: "none", Zh: "无"},
		{ID: "report.not_measured", En: "Not measured, so the verdict cannot be pass ({0})", Zh: "未测到，所以结论不能是通过（{0} 项）"},
		{ID: "report.line", En: "{0}: {1}", Zh: "{0}：{1}"},
		{ID: "report.how.origin", En: "run gpuverify check --plan plan.json --out report.json --sign KEY on the server itself (live NVML)", Zh: "在服务器上直接运行 gpuverify check --plan plan.json --out report.json --sign 私钥（实时读取 NVML）"},
		{ID: "report.how.bench", En: "gpuverify check --plan plan.json --bench on the server (needs the NVIDIA driver's libcuda.so.1)", Zh: "在服务器上运行 gpuverify check --plan plan.json --bench（需要 NVIDIA 驱动的 libcuda.so.1）"},
		{ID: "report.how.infiniband", En: "gpuverify merge of every node's report (InfiniBand ports; NCCL with --nccl from nccl-tests' all_reduce_perf)", Zh: "用 gpuverify merge 合并每个节点的报告（InfiniBand 端口；NCCL 用 --nccl 读取 nccl-tests 的 all_reduce_perf 输出）"},
		{ID: "report.how.kernel", En: "run gpuverify check as root on the server itself, not in a sandbox that hides /proc and /sys", Zh: "以 root 身份在服务器上直接运行 gpuverify check，不要在隐藏 /proc 和 /sys 的沙箱里运行"},
		{ID: "report.how.file", En: "gpuverify check --plan plan.json on the server: NVML reports what a saved nvidia-smi output may lack", Zh: "在服务器上运行 gpuverify check --plan plan.json：NVML 能报告保存的 nvidia-smi 输出可能缺少的项目"},
		{ID: "report.how.driver", En: "the driver did not report it: nvidia-smi -q on the server shows the same gap; a newer driver may report it", Zh: "驱动没有报告这一项：在服务器上运行 nvidia-smi -q 也会缺这一项；更新的驱动可能会报告"},
	})
}

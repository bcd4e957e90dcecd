package msg

// gpuverify's own lines (verifier/): what verify-report, merge, bench and
// check print beside the report; the report's origin and server lines
// (shared/report), the fleet node table's cells (shared/fleet) and the
// exit calendar's events (shared/exit's .ics).
func init() {
	add([]Entry{
		{ID: "cli.verify.unreadable", En: "{0}: not a report gpuverify can read: {1}", Zh: "{0}：不是 gpuverify 能读取的报告：{1}"},
		{ID: "cli.verify.digest_ok", En: "{0}: digest matches (sha256 {1})", Zh: "{0}：摘要相符（sha256 {1}）"},
		{ID: "cli.verify.digest_bad", En: "digest MISMATCH: the content does not hash to the digest the report states: it was changed after gpuverify wrote it", Zh: "摘要不符（MISMATCH）：内容的哈希值不是报告所写的摘要：报告在 gpuverify 写出之后被改过"},
		{ID: "cli.verify.worded", En: "{0}: note: {1} {1|check has|checks have} the same status but other wording than gpuverify {2} gives (the report was written by {3} {4})", Zh: "{0}：注意：有 {1} 项检查状态相同，但措辞与 gpuverify {2} 给出的不同（报告由 {3} {4} 写出）"},
		{ID: "cli.verify.agree", En: "{0}: all {1} checks and the summary agree with what gpuverify {2} derives from the report's facts", Zh: "{0}：全部 {1} 项检查和汇总都与 gpuverify {2} 从报告事实推导出的结果一致"},
		{ID: "cli.verify.nonce_bad", En: "nonce MISMATCH: the report carries {0}, not the challenge {1} given for this delivery: it is an old or another delivery's report", Zh: "挑战值不符（MISMATCH）：报告带的是 {0}，不是为本次交付给出的挑战值 {1}：这是旧的报告，或别的交付的报告"},
		{ID: "cli.verify.origin", En: "origin: {0}", Zh: "来源：{0}"},
		{ID: "cli.verify.checked", En: "checked {0} by {1} {2} against plan sha256 {3}, nonce {4}: {5}", Zh: "检查于 {0}，由 {1} {2} 对照计划 sha256 {3}，挑战值 {4}：{5}"},
		{ID: "cli.verify.verdict", En: "{0} ({1})", Zh: "{0}（{1}）"},
		{ID: "cli.verify.not_verified", En: "{0} does NOT verify, so it gives no verdict:", Zh: "{0} 未通过验证，所以不给出结论："},
		{ID: "cli.verify.failed", En: "{0} is genuine, and its delivery FAILED {1} {1|check|checks}", Zh: "{0} 是真实的报告，其交付有 {1} 项检查不通过（FAILED）"},
		{ID: "cli.verify.incomplete", En: "{0} is genuine, but INCOMPLETE: {1} demanded {1|check was|checks were} not measured", Zh: "{0} 是真实的报告，但不完整（INCOMPLETE）：有 {1} 项必查项目未测到"},
		{ID: "cli.verify.disagree", En: "{0} {0|check DISAGREES|checks DISAGREE} with what the report's facts give (edited, or written by another gpuverify version):", Zh: "有 {0} 项检查与报告事实推导出的结果不一致（报告被改过，或由另一版本的 gpuverify 写出）："},
		{ID: "cli.verify.more", En: "… and {0} more", Zh: "……另有 {0} 项"},
		{ID: "cli.verify.summary_differs", En: "summary DISAGREES: the report says {0} ({1}), its checks give {2} ({3})", Zh: "汇总不一致：报告写的是 {0}（{1}），其检查给出的是 {2}（{3}）"},
		{ID: "cli.verify.fleet_unreadable", En: "{0}: not a fleet report gpuverify can read: {1}", Zh: "{0}：不是 gpuverify 能读取的集群报告：{1}"},
		{ID: "cli.verify.fleet_digest_bad", En: "{0}: digest MISMATCH: the content does not hash to the digest the fleet report states: it was changed after gpuverify wrote it, so it gives no verdict", Zh: "{0}：摘要不符（MISMATCH）：内容的哈希值不是集群报告所写的摘要：它在 gpuverify 写出之后被改过，所以不给出结论"},
		{ID: "cli.verify.merged", En: "merged {0} by {1} {2}: {3} {3|node|nodes}, {4} not merged, against plan sha256 {5}: {6} ({7} fail, {8} warn, {9} skip, {10} pass)", Zh: "合并于 {0}，由 {1} {2}：{3} 个节点，{4} 个未合并，对照计划 sha256 {5}：{6}（{7} 项失败，{8} 项警告，{9} 项未测，{10} 项通过）"},

		{ID: "cli.sig.not_checked", En: "signature {0} NOT checked: pass --allowed-signers FILE to check who signed the report", Zh: "签名 {0} 未检查：用 --allowed-signers 文件 检查是谁签署了报告"},
		{ID: "cli.sig.unsigned", En: "unsigned: nothing ties this report to a person (gpuverify check --out report.json --sign KEY signs it)", Zh: "未签名：没有任何东西把这份报告与某个人联系起来（gpuverify check --out report.json --sign 私钥 可签署它）"},
		{ID: "cli.sig.stdin", En: "the report comes from standard input: give its signature with --signature FILE", Zh: "报告来自标准输入：请用 --signature 文件 给出它的签名"},
		{ID: "cli.sig.missing", En: "signature MISSING: no {0}; the report is unsigned, so nothing ties it to the engineer who ran the check", Zh: "缺少签名：没有 {0}；报告未签名，所以没有任何东西把它与运行检查的工程师联系起来"},
		{ID: "cli.sig.refused", En: "signature REFUSED: {0}", Zh: "签名被拒绝：{0}"},
		{ID: "cli.sig.good", En: "signature GOOD by {0} ({1} {2}, namespace {3})", Zh: "签名有效，签名者 {0}（{1} {2}，命名空间 {3}）"},

		{ID: "cli.check.signed", En: "signed {0} with {1} ({2}); the buyer verifies it with", Zh: "已用 {1}（{2}）签署 {0}；买方这样验证它："},
		{ID: "cli.check.signed_or", En: "or: {0}", Zh: "或：{0}"},

		{ID: "cli.merge.rejected", En: "{0} of {1} files not merged (the fleet report holds the other {2}):", Zh: "{1} 个文件中有 {0} 个未合并（集群报告包含其余 {2} 个）："},
		{ID: "cli.merge.failed", En: "{0} of {1} fleet checks failed: keep the fleet report and the node reports and open a ticket with the vendor (rule A4)", Zh: "{1} 项集群检查中有 {0} 项失败：请保留集群报告和各节点报告，并向供应商提交工单（规则 A4）"},
		{ID: "cli.merge.incomplete", En: "INCOMPLETE: no fleet check failed, but a check the plan demands was not measured on some node (see the fleet report)", Zh: "INCOMPLETE：没有集群检查失败，但有节点未测到计划要求的检查（见集群报告）"},

		{ID: "cli.bench.running", En: "benchmarking {0} for {1} (Ctrl-C stops it and reports what ran)", Zh: "基准测试：{0}，时长 {1}（Ctrl-C 可停止，并报告已运行的部分）"},
		{ID: "cli.bench.every_gpu", En: "every GPU", Zh: "每块 GPU"},
		{ID: "cli.bench.gpus", En: "GPUs {0}", Zh: "GPU {0}"},
		{ID: "cli.bench.failed", En: "{0} of {1} checks failed: keep the output and open a ticket with the vendor (rule A4)", Zh: "{1} 项检查中有 {0} 项失败：请保留输出，并向供应商提交工单（规则 A4）"},
		{ID: "cli.bench.none_ran", En: "no benchmark ran: {0}", Zh: "没有运行任何基准测试：{0}"},
		{ID: "cli.bench.all_skipped", En: "every measurement was skipped", Zh: "每项测量都被跳过"},
		{ID: "cli.bench.interrupted", En: "interrupted: the output holds what ran before Ctrl-C", Zh: "已中断：输出保存了 Ctrl-C 之前已运行的部分"},
		{ID: "cli.bench.incomplete", En: "INCOMPLETE: nothing failed, but {0} {0|measurement was|measurements were} skipped (see above): the bench is not a pass", Zh: "INCOMPLETE：没有检查失败，但有 {0} 项测量被跳过（见上文）：这次基准测试不算通过"},

		{ID: "report.no_verdict", En: "NO VERDICT: the report does not verify, so its checks prove nothing", Zh: "无结论：报告未通过验证，所以其中的检查什么也证明不了"},
		{ID: "report.origin.live", En: "live: read through NVML by gpuverify on this server", Zh: "实时：由 gpuverify 在这台服务器上经 NVML 读取"},
		{ID: "report.origin.file", En: "saved file ({0}): NOT proof of delivery, anyone can edit a file", Zh: "保存的文件（{0}）：不能作为交付证明，任何人都能修改文件"},
		{ID: "report.origin.file_named", En: "saved file {0} ({1}): NOT proof of delivery, anyone can edit a file", Zh: "保存的文件 {0}（{1}）：不能作为交付证明，任何人都能修改文件"},
		{ID: "report.origin.unknown", En: "unknown: the report does not say where its facts came from", Zh: "未知：报告没有说明其事实从何而来"},
		{ID: "report.disagree.missing", En: "{0}: missing from the report (derived: {1})", Zh: "{0}：报告中没有（推导结果：{1}）"},
		{ID: "report.disagree.extra", En: "{0}: in the report ({1}) but not derived from its facts", Zh: "{0}：报告中有（{1}），但从其事实推导不出"},
		{ID: "report.disagree.status", En: "{0}: the report says {1}, its facts give {2}", Zh: "{0}：报告写的是{1}，其事实给出的是{2}"},
		{ID: "report.disagree.text", En: "{0}: same status ({1}), but the expected, measured or message text differs", Zh: "{0}：状态相同（{1}），但期望值、实测值或说明文字不同"},
		{ID: "report.unavailable", En: "unavailable ({0})", Zh: "不可用（{0}）"},
		{ID: "report.driver", En: "{0} (CUDA {1})", Zh: "{0}（CUDA {1}）"},
		{ID: "report.host.kernel", En: "kernel {0}", Zh: "内核 {0}"},
		{ID: "report.host.ram", En: "{0} MiB RAM", Zh: "内存 {0} MiB"},
		{ID: "report.gpus.none", En: "none listed", Zh: "未列出任何 GPU"},
		{ID: "report.gpus.attached", En: " ({0} attached)", Zh: "（连接了 {0} 块）"},

		{ID: "fleet.cell.digest_ok", En: "{0} ok", Zh: "{0} 相符"},
		{ID: "fleet.cell.digest_bad", En: "{0} MISMATCH", Zh: "{0} 不符"},
		{ID: "fleet.cell.ib", En: "{0} active, {1} Gb/s", Zh: "{0} 个端口活动，{1} Gb/s"},
		{ID: "fleet.cell.verdict", En: "{0} ({1} fail, {2} warn)", Zh: "{0}（{1} 项失败，{2} 项警告）"},
		{ID: "fleet.cell.sig_unchecked", En: "not checked", Zh: "未检查"},
		{ID: "fleet.cell.sig_by", En: "{0} ({1})", Zh: "{0}（{1}）"},
		{ID: "enum.sig.verified", En: "verified", Zh: "已验证"},
		{ID: "enum.sig.missing", En: "missing", Zh: "缺少签名"},
		{ID: "enum.sig.invalid", En: "invalid", Zh: "无效"},
		{ID: "enum.sig.unavailable", En: "unavailable", Zh: "无法验证"},

		{ID: "exit.ics.summary", En: "{0}: {1}", Zh: "{0}：{1}"},
		{ID: "exit.ics.due", En: "Rule {0}. Due {1}.", Zh: "规则 {0}。截止 {1}。"},
	})
}

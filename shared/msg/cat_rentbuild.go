package msg

// Rent-or-build reasons (shared/rentbuild, rules D1, D2, F11) and the rent
// side the plan compares (shared/plan).
func init() {
	add(map[string]Entry{
		"rentbuild.never": {
			En: "Owning never breaks even: rent ({0} a month) is not above the running cost of owning ({1}) (F11).",
			Zh: "自建永远无法回本：租金（每月 {0}）不高于自有硬件的运行成本（{1}）（F11）。",
		},
		"rentbuild.breakeven": {
			En: "Owning breaks even after {0} months: {1} capex ÷ ({2} rent − {3} running cost) (F11).",
			Zh: "自建 {0} 个月后回本：购置 {1} ÷（租金 {2} − 运行成本 {3}）（F11）。",
		},
		"rentbuild.breakeven.within": {
			En: "That is within the {0}-month depreciation life and the {1}-month project.",
			Zh: "在 {0} 个月折旧期和 {1} 个月项目期之内。",
		},
		"rentbuild.breakeven.beyond_life": {
			En: "That is beyond the {0}-month depreciation life.",
			Zh: "超出了 {0} 个月的折旧期。",
		},
		"rentbuild.breakeven.beyond_project": {
			En: "That is beyond the {0}-month project.",
			Zh: "超出了 {0} 个月的项目期。",
		},
		"rentbuild.short_life": {
			En: "A {0}-month depreciation life is shorter than the 36 months Chinese tax rules allow for electronic equipment (tco.md F5).",
			Zh: "{0} 个月的折旧期短于中国税法对电子设备规定的 36 个月（tco.md F5）。",
		},
		"rentbuild.classified.build": {
			En: "Classified data, a dedicated team and steady full-time load all point to owning the hardware (D1).",
			Zh: "涉密数据、专职团队和全天稳定负载都指向自有硬件（D1）。",
		},
		"rentbuild.classified.hybrid": {
			En: "Classified data must stay on hardware you control (D1): own the part that handles it and rent the rest (D2).",
			Zh: "涉密数据必须留在你能控制的硬件上（D1）：处理它的部分自建，其余租用（D2）。",
		},
		"rentbuild.classified.no_team": {
			En: "That part needs people to run it; there is no GPU operations team yet.",
			Zh: "这部分需要人来运维，而目前还没有 GPU 运维团队。",
		},
		"rentbuild.no_team": {
			En: "There is no team dedicated to running GPUs, so rent (D1).",
			Zh: "没有专职的 GPU 运维团队，所以租用（D1）。",
		},
		"rentbuild.no_payoff": {
			En: "Owning does not pay for itself in time, so rent (F11, D1).",
			Zh: "自建无法及时回本，所以租用（F11、D1）。",
		},
		"rentbuild.all_build": {
			En: "Full-time steady load for more than 18 months with a dedicated team: every D1 row points to owning.",
			Zh: "超过 18 个月的全天稳定负载，加上专职团队：D1 的每一行都指向自建。",
		},
		"rentbuild.hybrid": {
			En: "Owning pays off, but not every D1 row points to it: own the steady base and rent the peaks and short projects (D2).",
			Zh: "自建能回本，但并非 D1 的每一行都指向自建：稳定的基础负载自建，峰值和短期项目租用（D2）。",
		},
		"rentbuild.hybrid.claim_short": {
			En: "D2's \"30–50% cheaper\" needs rent at most half the self-build cost.",
			Zh: "D2 所说的“便宜 30–50%”要求租金最多为自建成本的一半。",
		},
		"rentbuild.hybrid.claim_met": {
			En: "That is within D2's \"30–50% cheaper\".",
			Zh: "符合 D2 所说的“便宜 30–50%”。",
		},
		"rentbuild.hybrid.cheaper": {
			En: "The hybrid saves {0} against building everything; {1} Renting everything saves {2}, more than the hybrid, as it always does when rent is below self-build: the hybrid is a data or capacity decision, not a cost one.",
			Zh: "混合方案比全部自建省 {0}；{1}全部租用省 {2}，比混合方案更多——租金低于自建成本时总是如此：混合是出于数据或容量的考虑，而不是成本。",
		},
		"rentbuild.hybrid.equal": {
			En: "Rent equals the self-build cost, so all three options cost the same each month.",
			Zh: "租金等于自建成本，三种方案每月花费相同。",
		},
		"rentbuild.hybrid.dearer": {
			En: "Rent is above the self-build cost, so building everything is cheapest and the hybrid costs more than building.",
			Zh: "租金高于自建成本，所以全部自建最便宜，混合方案比自建更贵。",
		},
		"rentbuild.hybrid.share": {
			En: "The 40% owned share is priced as 40% of the self-build cost; staff and colocation minimums do not shrink that far, so the real hybrid costs more.",
			Zh: "40% 的自有部分按自建成本的 40% 计价；但人员和机房托管的最低费用不会同比缩小，所以实际的混合方案会更贵。",
		},
		"rentbuild.input.hours":     {En: "{0} h/day", Zh: "每天 {0} 小时"},
		"rentbuild.input.months":    {En: "{0} {0|month|months}", Zh: "{0} 个月"},
		"rentbuild.team.dedicated":  {En: "dedicated", Zh: "专职团队"},
		"rentbuild.team.none":       {En: "none", Zh: "无"},
		"rentbuild.demand.steady":   {En: "steady", Zh: "稳定"},
		"rentbuild.demand.volatile": {En: "volatile", Zh: "波动"},
		"rentbuild.data.commercial": {En: "commercial", Zh: "一般商业数据"},
		"rentbuild.data.classified": {En: "classified", Zh: "涉密数据"},
		"rentbuild.footing": {
			En: "The rent side is the GPU rent and support, {0} a month at likely prices; egress, storage, public IPs and data migration ({1} a month of the full cost) are left out of both sides, since owned cards need bandwidth, disks, addresses and the move too.",
			Zh: "租用一侧按 GPU 租金和技术支持计算，按可能价格每月 {0}；出网流量、存储、公网 IP 和数据迁移（占全部成本中每月 {1}）两侧都不计入，因为自有硬件同样需要带宽、磁盘、地址和迁移。",
		},
	})
}

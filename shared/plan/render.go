package plan

import (
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

// WriteText renders the plan for a terminal. It is a pure function of the
// plan: the JSON form is canonical.
func WriteText(w io.Writer, p *Plan) error {
	if err := table.WriteText(w, "", sections(p)); err != nil {
		return err
	}
	return writeProcurement(w, p.Requirements.Procurement, false)
}

// WriteMarkdown renders the plan as a Markdown summary.
func WriteMarkdown(w io.Writer, p *Plan) error {
	if err := table.WriteMarkdown(w, "GPU rental plan", sections(p)); err != nil {
		return err
	}
	return writeProcurement(w, p.Requirements.Procurement, true)
}

func sections(p *Plan) []table.Section {
	return []table.Section{
		renderSheet(p),
		renderGpu(p),
		renderAlternatives(p),
		renderBilling(p),
		renderCost(p),
		renderRentBuild(p),
		renderAcceptance(p),
		{Title: "Rules applied", Rows: [][]string{{strings.Join(p.Rules, ", ")}}},
		renderWarnings(p),
	}
}

func renderSheet(p *Plan) table.Section {
	r, m := p.Requirements, p.Sizing.Model
	shape := fmt.Sprintf("%s (%sB parameters", m.Name, trimFloat(m.ParamsB, 2))
	if m.ActiveParamsB > 0 && m.ActiveParamsB != m.ParamsB {
		shape += fmt.Sprintf(", %sB active", trimFloat(m.ActiveParamsB, 2))
	}
	shape += ")"
	if m.Assumed {
		shape += " shape assumed"
	}
	lines := [][]string{
		{"workload", r.Workload},
		{"model", shape},
		{"precision", r.Precision},
		{"context", fmt.Sprintf("%d tokens x %d concurrent", r.ContextTokens, r.Concurrency)},
		{"use", fmt.Sprintf("%s h/day x %d days/month, %d months", r.HoursPerDay, r.DaysPerMonth, r.ProjectMonths)},
	}
	if r.Workload == "inference" {
		lines = append(lines, []string{"serving", fmt.Sprintf("%d output tokens per sequence, KV cache in %s", r.OutputTokens, r.KVCachePrecision)})
	}
	if t := r.Training; t != nil {
		lines = append(lines, []string{"training", trainingText(t)})
	}
	if r.TokensToTrain > 0 {
		lines = append(lines, []string{"tokens to train", strconv.FormatInt(r.TokensToTrain, 10)})
	}
	if len(r.Cards) > 0 {
		lines = append(lines, []string{"cards offered", strings.Join(r.Cards, ", ")})
	}
	lines = append(lines, []string{"storage, egress, IPs", fmt.Sprintf("%s TB, %s TB/month, %d extra IPs", r.StorageTB, r.EgressTBMonth, r.ExtraIPs)})
	if len(p.Defaults) > 0 {
		lines = append(lines, []string{"at gpuplan's defaults", strings.Join(p.Defaults, ", ")})
	}
	return table.Section{Title: "Requirement sheet (R1)", Rows: lines}
}

func renderGpu(p *Plan) table.Section {
	g, mem := p.GPU, p.Sizing.MemoryGiB
	lines := [][]string{
		{"card", fmt.Sprintf("%d x %s (%s)", g.Count, g.Name, g.ID)},
		{"nodes", fmt.Sprintf("%d, interconnect %s", g.Nodes, g.Interconnect)},
		{"memory needed", fmt.Sprintf("%s GiB total: weights %s, KV cache %s, activations %s, training states %s, overhead %s",
			gib(mem.Total), gib(mem.Weights), gib(mem.KVCache), gib(mem.Activations), gib(mem.TrainingStates), gib(mem.Overhead))},
		{"per card", gib(g.PerCardGiB) + " GiB"},
		{"GPU rent", rangeText(g.Monthly) + " CNY/month, " + g.BillingMode + " billing"},
	}
	if mem.PagedStates > 0 {
		lines = append(lines, []string{"paged optimizer", gib(mem.PagedStates) + " GiB of optimizer states in host memory (not counted above)"})
	}
	if e := p.Sizing.DecodeTokensPerSec; e != nil {
		lines = append(lines, []string{"decode speed", estimateText(*e, 0) + " tokens/s per sequence"})
	}
	if e := p.Sizing.TrainingDays; e != nil {
		lines = append(lines, []string{"training time", estimateText(*e, 1) + " days"})
	}
	for _, n := range p.Sizing.Notes {
		lines = append(lines, []string{"note", n})
	}
	return table.Section{Title: "GPU (G1, G2, G4)", Rows: lines}
}

func renderAlternatives(p *Plan) table.Section {
	header := []string{"card", "count", "nodes", "billing", "all-in CNY/month", "why not"}
	var lines [][]string
	for _, a := range p.GPU.Alternatives {
		mode, allIn := "-", "-"
		if a.AllInMonthly != nil {
			mode, allIn = a.BillingMode, money.Format(*a.AllInMonthly)
		}
		lines = append(lines, []string{a.ID, strconv.Itoa(a.Count), strconv.Itoa(a.Nodes), mode, allIn, a.Reason})
	}
	return table.Section{Title: "Alternatives", Header: header, Rows: lines}
}

func renderBilling(p *Plan) table.Section {
	b := p.Billing
	be := "unknown (no hourly price)"
	if b.BreakevenHoursPerDay != nil {
		be = b.BreakevenHoursPerDay.StringFixed(1) + " h/day"
	}
	lines := [][]string{
		{"mode", b.Mode},
		{"break-even", be + " from the prices; rule B1 (10 h/day) says " + b.RuleOfThumbMode},
	}
	for _, r := range b.Reasons {
		lines = append(lines, []string{"why", r})
	}
	return table.Section{Title: "Billing (B1-B3)", Rows: lines}
}

func renderCost(p *Plan) table.Section {
	c := p.Cost
	header := []string{"item", "low", "high", "rule", "basis"}
	var lines [][]string
	for _, it := range c.Items {
		basis := it.Basis
		if it.UserEntered {
			basis = "your figure"
		}
		lines = append(lines, []string{it.Name, money.Format(it.Low), money.Format(it.High), it.Rule, basis})
	}
	lines = append(lines, []string{"total per month", money.Format(c.Monthly.Low), money.Format(c.Monthly.High), "C1", c.Currency})
	lines = append(lines, []string{"hidden-fee share", percent(c.HiddenShare.Low), percent(c.HiddenShare.High), "C3", c.Warning})
	for _, m := range c.OtherModes {
		lines = append(lines, []string{"total if " + m.Mode, money.Format(m.Monthly.Low), money.Format(m.Monthly.High), "B1", "rent " + rangeText(m.Rent) + " in " + m.Mode + " billing"})
	}
	return table.Section{Title: "Full monthly cost, " + c.Currency + ", rent priced " + c.BillingMode + " (C1)", Header: header, Rows: lines}
}

func renderRentBuild(p *Plan) table.Section {
	rb := p.RentVsBuild
	be := "never (rent is not above the own running cost)"
	if rb.BreakevenMonths != nil {
		be = rb.BreakevenMonths.StringFixed(1) + " months"
	}
	lines := [][]string{
		{"decision", rb.Decision},
		{"rent", money.Format(rb.RentMonthly) + " CNY/month"},
		{"self-build", money.Format(rb.SelfBuildMonthly) + " CNY/month"},
		{"break-even", be},
		{"hybrid saving", percent(rb.HybridSaving) + " vs building everything (D2)"},
	}
	for _, r := range rb.D1 {
		lines = append(lines, []string{"D1 " + r.Dimension, r.Value + " -> " + r.Points})
	}
	for _, r := range rb.Reasons {
		lines = append(lines, []string{"why", r})
	}
	return table.Section{Title: "Rent vs build (D1, D2)", Rows: lines}
}

func renderAcceptance(p *Plan) table.Section {
	a := p.Acceptance
	lines := [][]string{
		{"gpu_count", strconv.Itoa(a.GPUCount)},
		{"gpu_ids", strings.Join(a.GPUIDs, ", ")},
		{"min_memory_mib", strconv.Itoa(a.MinMemoryMiB)},
		{"interconnect", a.Interconnect},
		{"mig", a.MIG},
		{"virtualization", a.Virtualization},
		{"min_pcie_width", strconv.Itoa(a.MinPCIeWidth)},
		{"ecc", a.ECC},
	}
	if a.MinDriver != "" {
		lines = append(lines, []string{"min_driver", a.MinDriver})
	}
	return table.Section{Title: "Acceptance on delivery (A1-A4): gpuverify check --plan plan.json", Rows: lines}
}

func renderWarnings(p *Plan) table.Section {
	lines := make([][]string, 0, len(p.Warnings))
	for _, w := range p.Warnings {
		lines = append(lines, []string{"!", w})
	}
	if len(lines) == 0 {
		lines = append(lines, []string{"none"})
	}
	return table.Section{Title: "Warnings", Rows: lines}
}

func gib(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }

func trimFloat(v float64, prec int) string {
	return strconv.FormatFloat(v, 'f', prec, 64)
}

func estimateText(e Estimate, prec int) string {
	return fmt.Sprintf("%s / %s / %s (low / likely / high)", trimFloat(e.Low, prec), trimFloat(e.Likely, prec), trimFloat(e.High, prec))
}

func rangeText(r money.Range) string {
	if r.Low.Equal(r.High) {
		return money.Format(r.Low)
	}
	return money.Format(r.Low) + " - " + money.Format(r.High)
}

func percent(f decimal.Decimal) string {
	return f.Mul(decimal.NewFromInt(100)).StringFixed(1) + "%"
}

func trainingText(t *Training) string {
	parts := []string{"optimizer " + t.Optimizer}
	if t.LoRARank > 0 {
		parts = append(parts, fmt.Sprintf("LoRA rank %d on %s", t.LoRARank, t.LoRATargets))
	}
	if t.GradientCheckpointing != nil {
		parts = append(parts, fmt.Sprintf("gradient checkpointing %v", *t.GradientCheckpointing))
	}
	return strings.Join(parts, ", ")
}

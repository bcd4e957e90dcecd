package plan

import (
	"io"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// WriteMarkdown renders the plan as a Markdown summary in English.
func WriteMarkdown(w io.Writer, p *Plan) error { return WriteMarkdownIn(w, p, msg.En) }

// WriteTextIn renders the plan for a terminal in l, its procurement
// sections too.
func WriteTextIn(w io.Writer, p *Plan, l msg.Lang) error {
	if err := table.WriteText(w, "", sections(p, l)); err != nil {
		return err
	}
	return writeProcurement(w, p.Requirements.Procurement, false, l)
}

// WriteMarkdownIn renders the plan as a Markdown summary in l.
func WriteMarkdownIn(w io.Writer, p *Plan, l msg.Lang) error {
	if err := table.WriteMarkdown(w, l.Text("render.title"), sections(p, l)); err != nil {
		return err
	}
	return writeProcurement(w, p.Requirements.Procurement, true, l)
}

// planWriter writes one plan's sections in one language.
type planWriter struct {
	p *Plan
	l msg.Lang
}

func sections(p *Plan, l msg.Lang) []table.Section {
	r := planWriter{p, l}
	return []table.Section{
		r.sheet(),
		r.gpu(),
		r.alternatives(),
		r.offers(),
		r.billing(),
		r.cost(),
		r.rentBuild(),
		r.acceptance(),
		{Title: r.t("render.rules"), Rows: [][]string{{strings.Join(p.Rules, ", ")}}},
		r.warnings(),
	}
}

// t renders a catalogue entry in the planWriter's language.
func (r planWriter) t(id string, args ...msg.Arg) string { return r.l.Text(id, args...) }

// enum writes an identifier: as it is in English (scripts read it), its
// label in Chinese.
func (r planWriter) enum(kind, v string) string {
	if r.l == msg.En {
		return v
	}
	return r.l.Enum(kind, v)
}

// mode is a billing mode as a label argument.
func (r planWriter) mode(m billing.Mode) msg.Arg {
	if r.l == msg.En || !msg.Known("mode."+string(m)) {
		return msg.Text(string(m))
	}
	return msg.Label("mode." + string(m))
}

// modeText is a billing mode written out.
func (r planWriter) modeText(m billing.Mode) string {
	return msg.New("common.verbatim", r.mode(m)).In(r.l)
}

// amount writes money in the planWriter's language (table.Amount).
func (r planWriter) amount(d decimal.Decimal) string { return table.Amount(d, r.l) }

// span writes a money range: "10,000.00 - 30,000.00", or "1万–3万元".
// spanColumn writes a column of rent ranges as span does, in Chinese in
// one unit (msg.MoneyRangeColumn).
func (r planWriter) spanColumn(lo, hi []decimal.Decimal) []string {
	if r.l != msg.En {
		return r.l.MoneyRangeColumn(lo, hi)
	}
	out := make([]string, len(lo))
	for i := range lo {
		out[i] = r.span(money.Range{Low: lo[i], High: hi[i]})
	}
	return out
}

func (r planWriter) span(m money.Range) string {
	if r.l != msg.En {
		return r.l.MoneyRange(m.Low, m.High)
	}
	if m.Low.Equal(m.High) {
		return money.Format(m.Low)
	}
	return money.Format(m.Low) + " - " + money.Format(m.High)
}

func (r planWriter) sheet() table.Section {
	q, m := r.p.Requirements, r.p.Sizing.Model
	shape := r.t("render.model.shape", msg.Text(m.Name), msg.Text(r.l.Params(m.ParamsB)))
	if m.ActiveParamsB > 0 && m.ActiveParamsB != m.ParamsB {
		shape = r.t("render.model.shape_moe", msg.Text(m.Name), msg.Text(r.l.Params(m.ParamsB)), msg.Text(r.l.Params(m.ActiveParamsB)))
	}
	if m.Assumed {
		shape = r.t("render.model.assumed", msg.Text(shape))
	}
	lines := [][]string{
		{r.t("render.workload"), r.enum("workload", q.Workload)},
		{r.t("render.model"), shape},
		{r.t("render.precision"), q.Precision},
		{r.t("render.context"), r.t("render.context.value", plainInt(q.ContextTokens), plainInt(q.Concurrency))},
		{r.t("render.use"), r.t("render.use.value", msg.Text(q.HoursPerDay.String()), plainInt(q.DaysPerMonth), plainInt(q.ProjectMonths))},
	}
	if q.Workload == "inference" {
		lines = append(lines, []string{r.t("render.serving"), r.t("render.serving.value", plainInt(q.OutputTokens), msg.Text(q.KVCachePrecision))})
	}
	if t := q.ServiceTargets; t != nil {
		lines = append(lines, []string{r.t("render.targets"), r.targetsText(*t)})
	}
	if t := q.Training; t != nil {
		lines = append(lines, []string{r.t("render.training"), r.trainingText(t)})
	}
	if q.TokensToTrain > 0 {
		lines = append(lines, []string{r.t("render.tokens"), strconv.FormatInt(q.TokensToTrain, 10)})
	}
	if len(q.Cards) > 0 {
		lines = append(lines, []string{r.t("render.cards_offered"), strings.Join(q.Cards, ", ")})
	}
	lines = append(lines, []string{r.t("render.storage"), r.t("render.storage.value", msg.Text(q.StorageTB.String()), msg.Text(q.EgressTBMonth.String()), plainInt(q.ExtraIPs))})
	if len(r.p.Defaults) > 0 {
		lines = append(lines, []string{r.t("render.defaults"), strings.Join(r.p.Defaults, ", ")})
	}
	return table.Section{Title: r.t("render.sheet"), Rows: lines}
}

func (r planWriter) gpu() table.Section {
	g, mem := r.p.GPU, r.p.Sizing.MemoryGiB
	lines := [][]string{
		{r.t("render.card"), r.t("render.card.value", plainInt(g.Count), msg.Text(g.Name), msg.Text(g.ID))},
		{r.t("render.nodes"), r.t("render.nodes.value", plainInt(g.Nodes), msg.Text(r.enum("link", string(g.Interconnect))))},
		{r.t("render.memory"), r.t("render.memory.value", gib(mem.Total), gib(mem.Weights), gib(mem.KVCache),
			gib(mem.Activations), gib(mem.TrainingStates), gib(mem.Overhead))},
		{r.t("render.per_card"), r.t("render.gib", gib(g.PerCardGiB))},
		{r.t("render.gpu_rent"), r.t("render.gpu_rent.value", msg.Text(r.span(g.Monthly)), r.mode(g.BillingMode))},
	}
	if g.Offer != nil {
		lines = append(lines, []string{r.t("render.offer"), r.offer(*g.Offer)})
	}
	if mem.PagedStates > 0 {
		lines = append(lines, []string{r.t("render.paged"), r.t("render.paged.value", gib(mem.PagedStates))})
	}
	if e := r.p.Sizing.DecodeTokensPerSec; e != nil {
		lines = append(lines, []string{r.t("render.decode"), r.t("render.decode.value", msg.Text(r.estimate(*e, 0)))})
	}
	if e := r.p.Sizing.TimeToFirstTokenS; e != nil {
		lines = append(lines, []string{r.t("render.ttft"), r.t("render.ttft.value", msg.Text(r.estimate(*e, 2)))})
	}
	if s := r.p.Sizing.Service; s != nil {
		by := make([]msg.M, len(s.SetBy))
		for i, b := range s.SetBy {
			by[i] = msg.New("sizing.service.by." + b)
		}
		lines = append(lines, []string{r.t("render.service"), r.t("render.service.value", plainInt(s.Replicas), plainInt(s.CardsPerReplica),
			plainInt(s.Sequences), msg.Sub(msg.List(by...)))})
		for _, m := range s.Unmet {
			lines = append(lines, []string{r.t("render.service"), r.t("sizing.service.unmet."+m.Target, msg.Num(m.Wanted, 2), msg.Num(m.Best, 2))})
		}
	}
	if e := r.p.Sizing.TrainingDays; e != nil {
		lines = append(lines, []string{r.t("render.train_time"), r.t("render.train_time.value", msg.Text(r.estimate(*e, 1)))})
	}
	for _, n := range msg.Strings(r.l, r.p.Sizing.NoteMessages) {
		lines = append(lines, []string{r.t("render.note"), n})
	}
	return table.Section{Title: r.t("render.gpu"), Rows: lines}
}

// offer is an offer as one line: provider, price per unit and term, date
// and age, source.
func (r planWriter) offer(o OfferRef) string {
	age := r.t("render.offer.age_unknown")
	if o.AgeMonths != nil {
		age = r.t("render.offer.age", plainInt(*o.AgeMonths))
	}
	return r.t("render.offer.value", msg.Text(o.ProviderName), msg.Text(r.span(o.Price)), msg.Label("term."+string(o.Term)),
		msg.Text(o.Unit.String()), msg.Date(o.Date), msg.Text(age), msg.Text(o.Source))
}

// maxOfferRows is how many rows of gpu.offers the text shows: the cheapest;
// the plan file keeps them all.
const maxOfferRows = 12

// offers lists the cheapest card × provider × term rows at the sheet's use.
func (r planWriter) offers() table.Section {
	header := table.Columns(r.l, "render.offers.", "card", "count", "provider", "billing", "unit", "rent", "all_in", "date")
	var lines [][]string
	var rentLo, rentHi, allIn []decimal.Decimal
	for i, o := range r.p.GPU.OffersPickFirst() {
		if i == maxOfferRows {
			lines = append(lines, []string{r.t("render.offers.more", plainInt(len(r.p.GPU.Offers)-maxOfferRows)), "", "", "", "", "", "", ""})
			break
		}
		mode := r.modeText(o.Mode)
		if o.Rule != "" {
			mode += " (" + r.t("render.offers.ruled_out", msg.Text(o.Rule)) + ")"
		}
		lines = append(lines, []string{o.Card, strconv.Itoa(o.Count), o.Offer.ProviderName, mode, o.Offer.Unit.String(),
			"", "", o.Offer.Date})
		rentLo, rentHi, allIn = append(rentLo, o.Rent.Low), append(rentHi, o.Rent.High), append(allIn, o.AllInMonthly)
	}
	rent, all := r.spanColumn(rentLo, rentHi), table.AmountColumn(allIn, r.l)
	for i := range rent {
		lines[i][5], lines[i][6] = rent[i], all[i]
	}
	return table.Section{Title: r.t("render.offers"), Header: header, Rows: lines}
}

func (r planWriter) alternatives() table.Section {
	header := []string{r.t("render.card"), r.t("render.count"), r.t("render.nodes"), r.t("render.billing_col"), r.t("render.all_in"), r.t("render.why_not")}
	var lines [][]string
	var rows []int // the rows with an all-in amount
	var allIn []decimal.Decimal
	for _, a := range r.p.GPU.Alternatives {
		mode := "-"
		if a.AllInMonthly != nil {
			mode = r.modeText(a.BillingMode)
			rows, allIn = append(rows, len(lines)), append(allIn, *a.AllInMonthly)
		}
		lines = append(lines, []string{a.ID, strconv.Itoa(a.Count), strconv.Itoa(a.Nodes), mode, "-", a.ReasonMessage.In(r.l)})
	}
	// The all-in column in one unit (table.AmountColumn).
	for i, text := range table.AmountColumn(allIn, r.l) {
		lines[rows[i]][4] = text
	}
	return table.Section{Title: r.t("render.alternatives"), Header: header, Rows: lines}
}

func (r planWriter) billing() table.Section {
	b := r.p.Billing
	be := r.t("render.breakeven.none")
	if b.BreakevenHoursPerDay != nil {
		be = r.t("render.breakeven.day", msg.Text(b.BreakevenHoursPerDay.StringFixed(1)))
	}
	lines := [][]string{
		{r.t("render.mode"), r.modeText(b.Mode)},
		{r.t("render.breakeven"), r.t("render.breakeven.value", msg.Text(be), r.mode(b.RuleOfThumbMode))},
	}
	for _, why := range msg.Strings(r.l, b.ReasonMessages) {
		lines = append(lines, []string{r.t("render.why"), why})
	}
	return table.Section{Title: r.t("render.billing"), Rows: lines}
}

func (r planWriter) cost() table.Section {
	c := r.p.Cost
	header := []string{r.t("render.item"), r.t("render.low"), r.t("render.high"), r.t("render.rule"), r.t("render.basis")}
	var lines [][]string
	var rows []int // the rows whose low and high cells are amounts
	var low, high []decimal.Decimal
	amounts := func(r money.Range) {
		rows, low, high = append(rows, len(lines)), append(low, r.Low), append(high, r.High)
	}
	for _, it := range c.Items {
		basis := r.basis(it)
		if it.UserEntered {
			basis = r.t("render.your_figure")
		}
		amounts(money.Range{Low: it.Low, High: it.High})
		lines = append(lines, []string{r.enum("item", it.Name), "", "", it.Rule, basis})
	}
	amounts(c.Monthly)
	lines = append(lines, []string{r.t("render.total"), "", "", "C1", c.Currency})
	lines = append(lines, []string{r.t("render.hidden_share"), percent(c.HiddenShare.Low), percent(c.HiddenShare.High), "C3", c.WarningMessage.In(r.l)})
	for _, m := range c.OtherModes {
		amounts(m.Monthly)
		lines = append(lines, []string{r.t("render.total_if", r.mode(m.Mode)), "", "", "B1",
			r.t("render.rent_in", msg.Text(r.span(m.Rent)), r.mode(m.Mode))})
	}
	lowText, highText := table.AmountColumn(low, r.l), table.AmountColumn(high, r.l)
	for i, row := range rows {
		lines[row][1], lines[row][2] = lowText[i], highText[i]
	}
	return table.Section{Title: r.t("render.cost", msg.Text(c.Currency), r.mode(c.BillingMode)), Header: header, Rows: lines}
}

// basis is how a cost item was computed, with the default price's source
// in brackets.
func (r planWriter) basis(it CostItem) string { return it.BasisIn(r.l) }

// BasisIn is how the item's figure was reached, in l, with the default
// price's source in brackets.
func (it CostItem) BasisIn(l msg.Lang) string {
	s := it.BasisMessage.In(l)
	if !it.AssumptionMessage.IsZero() {
		open, closing := " (", ")"
		if l == msg.Zh {
			open, closing = "（", "）"
		}
		s += open + it.AssumptionMessage.In(l) + closing
	}
	return s
}

func (r planWriter) rentBuild() table.Section {
	rb := r.p.RentVsBuild
	be := r.t("render.never")
	if rb.BreakevenMonths != nil {
		be = r.t("render.months", msg.Text(rb.BreakevenMonths.StringFixed(1)))
	}
	lines := [][]string{
		{r.t("render.decision"), r.enum("decision", string(rb.Decision))},
		{r.t("render.rent"), r.t("render.per_month", msg.Text(r.amount(rb.RentMonthly)))},
		{r.t("render.self_build"), r.t("render.per_month", msg.Text(r.amount(rb.SelfBuildMonthly)))},
		{r.t("render.breakeven"), be},
		{r.t("render.hybrid"), r.t("render.hybrid.value", msg.Text(percent(rb.HybridSaving)))},
	}
	for _, d := range rb.D1 {
		lines = append(lines, []string{r.t("render.d1", msg.Text(r.enum("d1", d.Dimension))),
			r.t("render.d1.value", msg.Text(d.ValueMessage.In(r.l)), msg.Text(r.enum("side", string(d.Points))))})
	}
	for _, why := range msg.Strings(r.l, rb.ReasonMessages) {
		lines = append(lines, []string{r.t("render.why"), why})
	}
	return table.Section{Title: r.t("render.rentbuild"), Rows: lines}
}

func (r planWriter) acceptance() table.Section {
	a := r.p.Acceptance
	lines := [][]string{
		{"gpu_count", strconv.Itoa(a.GPUCount)},
		{"gpu_ids", strings.Join(a.GPUIDs, ", ")},
		{"min_memory_mib", strconv.Itoa(a.MinMemoryMiB)},
		{"interconnect", string(a.Interconnect)},
		{"mig", string(a.MIG)},
		{"virtualization", string(a.Virtualization)},
		{"min_pcie_width", strconv.Itoa(a.MinPCIeWidth)},
		{"ecc", string(a.ECC)},
	}
	if a.MinDriver != "" {
		lines = append(lines, []string{"min_driver", a.MinDriver})
	}
	return table.Section{Title: r.t("render.acceptance"), Rows: lines}
}

func (r planWriter) warnings() table.Section {
	ws := msg.Strings(r.l, r.p.WarningMessages)
	lines := make([][]string, 0, len(ws))
	for _, w := range ws {
		lines = append(lines, []string{"!", w})
	}
	if len(lines) == 0 {
		lines = append(lines, []string{r.t("render.warnings.none")})
	}
	return table.Section{Title: r.t("render.warnings"), Rows: lines}
}

func (r planWriter) estimate(e Estimate, prec int) string {
	return r.t("render.estimate", msg.Text(trimFloat(e.Low, prec)), msg.Text(trimFloat(e.Likely, prec)), msg.Text(trimFloat(e.High, prec)))
}

// targetsText lists the service targets the sheet gives.
func (r planWriter) targetsText(t ServiceTargets) string {
	var parts []string
	for _, f := range []struct {
		id string
		v  float64
	}{{"render.targets.speed", t.TokensPerSecPerSequence}, {"render.targets.ttft", t.TimeToFirstTokenS}, {"render.targets.rpm", t.RequestsPerMinute}} {
		if f.v > 0 {
			parts = append(parts, r.t(f.id, msg.Text(trimFloat(f.v, 2))))
		}
	}
	sep := ", "
	if r.l == msg.Zh {
		sep = "，"
	}
	return strings.Join(parts, sep)
}

func (r planWriter) trainingText(t *Training) string {
	parts := []string{r.t("render.training.optimizer", msg.Text(t.Optimizer))}
	if t.Framework != "" {
		parts = append(parts, r.t("render.training.framework", msg.Text(t.Framework)))
	}
	if t.LoRARank > 0 {
		parts = append(parts, r.t("render.training.lora", plainInt(t.LoRARank), msg.Text(t.LoRATargets)))
	}
	if t.GradientCheckpointing != nil {
		id := "render.training.ckpt_off"
		if *t.GradientCheckpointing {
			id = "render.training.ckpt_on"
		}
		parts = append(parts, r.t(id))
	}
	sep := ", "
	if r.l == msg.Zh {
		sep = "，"
	}
	return strings.Join(parts, sep)
}

// plainInt is a whole number without separators, as the plan's tables
// have always written counts.
func plainInt(n int) msg.Arg { return msg.Text(strconv.Itoa(n)) }

func gib(v float64) msg.Arg { return msg.Text(strconv.FormatFloat(v, 'f', 2, 64)) }

func trimFloat(v float64, prec int) string {
	return strconv.FormatFloat(v, 'f', prec, 64)
}

func percent(f decimal.Decimal) string {
	return f.Mul(decimal.NewFromInt(100)).StringFixed(1) + "%"
}

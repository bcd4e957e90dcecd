package bench

import (
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Thresholds of the judgement.
const (
	// P3Share is rule P3: measured performance must reach at least 90% of
	// the expected figure. A rate under P3Share of the low end of the
	// healthy range fails; between that and the low end it is a warning.
	P3Share = 0.90
	// UnconfirmedShare replaces P3Share when the healthy range is marked
	// unconfirmed in the catalogue (no measurement of that kernel on that
	// architecture was read): only a rate under 75% of its low end fails,
	// so that a guessed range cannot fail a good delivery.
	UnconfirmedShare = 0.75
	// FastShare: a rate more than 10% above the high end of the healthy
	// range is a warning: the GPU may not be the catalogue card, or the
	// catalogue figure is off.
	FastShare = 1.10
	// ImpossibleShare: a rate more than 25% above the catalogue's own
	// figure (the vendor's peak for the card, at its boost clock) fails.
	// No card of that model gets there, since boost clocks add a few
	// percent at most: the GPU is another card (an RTX 4090 claiming
	// HBM3 bandwidth), or the figures were made up.
	ImpossibleShare = 1.25
	// SiblingTolerance is how far below the fastest GPU of the same model
	// in the server a GPU may be in a compute or memory measurement:
	// gpu-fryer's default --tflops-tolerance of 10%.
	SiblingTolerance = 0.10
	// PCIeSiblingTolerance is the same for host transfers, wider because
	// a slot behind a PCIe switch or on the far CPU socket is legitimately
	// slower; a link at half width or a quarter of the speed
	// (github.com/NVIDIA/nvbandwidth/issues/6) is still caught.
	PCIeSiblingTolerance = 0.25
	// MinCoverage is the share of the reported memory the pattern test
	// must cover; the CUDA context and the driver hold the rest (a few
	// hundred MiB). Less means memory was not tested.
	MinCoverage = 0.90
)

// Link is a PCIe link: generation and lane count.
type Link struct {
	Gen   int `json:"gen"`
	Width int `json:"width"`
}

func (l Link) String() string { return fmt.Sprintf("Gen%d x%d", l.Gen, l.Width) }

// Options is what Judge knows besides the run.
type Options struct {
	// Cards is the catalogue card of each GPU, by GPU index: what the GPU
	// identified as (its PCI device id or name). A GPU not listed is looked
	// up by its CardID, then by its Name.
	Cards map[int]catalog.Card
	// Links is the PCIe link each GPU's slot allows (NVML's max
	// generation and width, the lower of card and slot). A GPU not listed
	// is judged against its card's catalogue link.
	Links map[int]Link
	// POC is the bench run of the POC machine, for rule P3; nil when none.
	POC *Run
}

// Judge judges a run: for each GPU, each rate against its catalogue figure
// (rule A2) and the pattern test (rule A1), then each rate against the POC
// run (rule P3) when given; then, for the whole server, each rate across the
// GPUs of the same model (rule A2). A run that benchmarked no GPU gives one
// Skip per measurement with the reason.
func Judge(r *Run, opt Options) []acceptance.Result {
	if r == nil {
		return skipAll(msg.New("bench.judge.no_run"))
	}
	if len(r.GPUs) == 0 {
		return skipAll(orReason(r.Skipped, "bench.judge.no_gpu"))
	}
	var out []acceptance.Result
	for _, k := range Kinds {
		if res, ok := siblings(r, k); ok {
			out = append(out, res)
		}
	}
	for _, g := range r.GPUs {
		card, hasCard := cardOf(g, opt)
		for _, k := range Kinds {
			out = append(out, judgeRate(g, k, card, hasCard, opt))
		}
		out = append(out, judgeMemtest(g))
		if opt.POC != nil {
			for _, k := range Kinds {
				out = append(out, judgePOC(g, k, opt.POC))
			}
		}
	}
	return out
}

// skipAll is the result of a run that benchmarked nothing, for reason.
func skipAll(reason msg.M) []acceptance.Result {
	var out []acceptance.Result
	for _, k := range Kinds {
		res := acceptance.Result{ID: "bench_" + string(k), Rule: "A2", Expected: k.Title() + " against the catalogue", Measured: "not measured"}
		res.Say(acceptance.Skip, reason)
		out = append(out, res)
	}
	res := acceptance.Result{ID: "bench_memtest", Rule: "A1", Expected: "every byte of reported memory holds data", Measured: "not measured"}
	res.Say(acceptance.Skip, reason)
	return append(out, res)
}

// orReason is the runner's reason as a message, or the entry id when the
// runner gave none.
func orReason(reason, id string) msg.M {
	if reason == "" {
		return msg.New(id)
	}
	return msg.New("bench.judge.reason", msg.Text(reason))
}

// what is a measurement's description in a message (Kind.Title).
func what(k Kind) msg.Arg {
	if _, ok := msg.Lookup("bench.what." + string(k)); !ok {
		return msg.Text(k.Title())
	}
	return msg.Label("bench.what." + string(k))
}

// pct writes a share as a whole percentage: 0.9 → "90%".
func pct(share float64) msg.Arg { return msg.Text(fmt.Sprintf("%.0f%%", share*100)) }

// two writes a ratio with two decimals.
func two(v float64) msg.Arg { return msg.Text(fmt.Sprintf("%.2f", v)) }

// optional is m as an argument, or nothing when m is zero.
func optional(m msg.M) msg.Arg {
	if m.IsZero() {
		return msg.Text("")
	}
	return msg.Sub(m)
}

// cardOf finds the catalogue card of g.
func cardOf(g GPU, opt Options) (catalog.Card, bool) {
	if c, ok := opt.Cards[g.Index]; ok {
		return c, true
	}
	if c, ok := catalog.ByID(g.CardID); ok {
		return c, true
	}
	return catalog.ByProductName(g.Name)
}

func gpuCheckID(g GPU, check string) string { return fmt.Sprintf("gpu%d/%s", g.Index, check) }

// figure is what a rate is judged against.
type figure struct {
	value float64            // the catalogue figure, in the kind's unit
	what  string             // "19.5 TFLOPS (a100-80g-sxm)"
	eff   catalog.Efficiency // the healthy range
	note  msg.M              // said in the message, e.g. about the link; zero for none
}

// expected returns the catalogue figure and range for kind k on card c, or
// why there is none (a zero message when there is one).
func expected(k Kind, c catalog.Card, g GPU, opt Options) (figure, msg.M) {
	if k == H2D || k == D2H {
		return pcieFigure(c, g, opt)
	}
	prof, ok := catalog.BenchProfileFor(c.Architecture)
	if !ok {
		return figure{}, msg.New("bench.judge.no_ranges", msg.Text(c.Architecture))
	}
	var spec catalog.Spec
	var eff catalog.Efficiency
	switch k {
	case FP32:
		spec, eff = c.FP32TFLOPS, prof.FP32
	case BF16, FP16:
		spec, eff = c.BF16TFLOPS, prof.Tensor
	case Memory:
		spec, eff = c.BandwidthGBs, prof.Memory
	}
	if !spec.Known() || !eff.Known() {
		return figure{}, msg.New("bench.judge.no_figure", what(k), msg.Text(c.ID))
	}
	return figure{value: spec.Value, what: fmt.Sprintf("%s %s (%s)", Figure(spec.Value), k.Unit(), c.ID), eff: eff}, msg.M{}
}

// pcieFigure is the one-direction rate of the link the GPU can use: the
// slot's (Options.Links) when known, else the card's catalogue link.
func pcieFigure(c catalog.Card, g GPU, opt Options) (figure, msg.M) {
	card := Link{Gen: int(c.PCIeGen.Value), Width: int(c.PCIeWidth.Value)}
	link, fromSlot := opt.Links[g.Index]
	if !fromSlot {
		link = card
	}
	gbs, ok := catalog.PCIeGBs(link.Gen, link.Width)
	if !ok {
		return figure{}, msg.New("bench.judge.no_link", msg.Text(link.String()))
	}
	f := figure{value: gbs, what: fmt.Sprintf("%s GB/s (%s)", Figure(gbs), link), eff: catalog.PCIeCopyEfficiency()}
	if fromSlot && card.Gen > 0 && (link.Gen < card.Gen || link.Width < card.Width) {
		f.note = msg.New("bench.judge.slot_note", msg.Text(link.String()), msg.Text(c.ID), msg.Text(card.String()))
	}
	return f, msg.M{}
}

// shareFor is the share of the healthy low end under which a rate fails.
func shareFor(e catalog.Efficiency) float64 {
	if e.Ref.Unconfirmed {
		return UnconfirmedShare
	}
	return P3Share
}

// judgeRate judges one rate of one GPU against the catalogue (rule A2).
func judgeRate(g GPU, k Kind, c catalog.Card, hasCard bool, opt Options) acceptance.Result {
	res := acceptance.Result{ID: gpuCheckID(g, "bench_"+string(k)), Rule: "A2", Expected: k.Title() + " against the catalogue"}
	m, ok := g.Measurement(k)
	if done, stop := unmeasured(&res, g, m, ok, what(k)); stop {
		return done
	}
	res.Measured = rate(m.Value, k)
	if !hasCard {
		res.Say(acceptance.Skip, msg.New("bench.judge.not_card", msg.Text(strconv.Quote(g.Name)), msg.Text(res.Measured)))
		return res
	}
	f, why := expected(k, c, g, opt)
	if !why.IsZero() {
		res.Say(acceptance.Skip, msg.New("bench.judge.not_judged", msg.Sub(why)))
		return res
	}
	ratio := m.Value / f.value
	share := shareFor(f.eff)
	floor := share * f.eff.Low
	res.Expected = fmt.Sprintf("≥ %.2f of %s; healthy cards reach %.2f–%.2f", floor, f.what, f.eff.Low, f.eff.High)
	res.Measured = fmt.Sprintf("%s, %.2f of the catalogue", rate(m.Value, k), ratio)
	src, note := msg.Sub(rangeSource(f.eff)), optional(f.note)
	got := msg.Sub(msg.New("bench.judge.got", what(k), msg.Text(rate(m.Value, k)), two(ratio), msg.Text(f.what)))
	low, high := two(f.eff.Low), two(f.eff.High)
	switch {
	case ratio < floor:
		res.Say(acceptance.Fail, msg.New("bench.judge.rate_fail", msg.Int(g.Index), got, pct(share), low, src, note))
	case ratio < f.eff.Low:
		res.Say(acceptance.Warn, msg.New("bench.judge.rate_low", msg.Int(g.Index), got, low, high, src, note))
	case ratio > ImpossibleShare:
		res.Say(acceptance.Fail, msg.New("bench.judge.rate_impossible", msg.Int(g.Index), got, pct(ImpossibleShare-1), msg.Text(c.Name)))
	case ratio > f.eff.High*FastShare:
		res.Say(acceptance.Warn, msg.New("bench.judge.rate_high", msg.Int(g.Index), got, msg.Text(c.ID), low, high, src, msg.Text(c.Name), note))
	default:
		res.Say(acceptance.Pass, msg.New("bench.judge.rate_ok", got, low, high, src, note))
	}
	return res
}

// rangeSource says where a healthy range comes from, briefly: the first
// word of its source, the repository or site (the catalogue has the rest).
func rangeSource(e catalog.Efficiency) msg.M {
	s := e.Ref.Source
	if i := strings.IndexAny(s, " ("); i > 0 {
		s = s[:i]
	}
	if e.Ref.Unconfirmed {
		return msg.New("bench.judge.unconfirmed", msg.Text(s), pct(UnconfirmedShare))
	}
	return msg.New("bench.judge.reason", msg.Text(s))
}

// unmeasured fills res for a GPU or measurement that has no value: Skip
// with the reason, or Fail when the GPU reported an error; title is what
// was measured. stop is false when there is a value to judge.
func unmeasured(res *acceptance.Result, g GPU, m Measurement, ok bool, title msg.Arg) (acceptance.Result, bool) {
	switch {
	case g.Skipped != "":
		res.Measured = "not measured"
		res.Say(acceptance.Skip, msg.New("bench.judge.gpu_skipped", msg.Int(g.Index), msg.Text(g.Skipped)))
	case !ok:
		res.Measured = "not measured"
		res.Say(acceptance.Skip, msg.New("bench.judge.no_measurement", title))
	case m.Failed != "":
		res.Measured = "failed: " + m.Failed
		res.Say(acceptance.Fail, msg.New("bench.judge.rate_failed", title, msg.Int(g.Index), msg.Text(m.Failed)))
	case m.Skipped != "" || m.Value <= 0:
		res.Measured = "not measured"
		res.Say(acceptance.Skip, orReason(m.Skipped, "bench.judge.no_sample"))
	default:
		return *res, false
	}
	return *res, true
}

// judgeMemtest judges the pattern test (rule A1: the memory size matches
// the contract, and here the memory really holds data).
func judgeMemtest(g GPU) acceptance.Result {
	res := acceptance.Result{ID: gpuCheckID(g, "bench_memtest"), Rule: "A1",
		Expected: fmt.Sprintf("no errors over ≥ %.0f%% of the reported memory, pattern and inverse", MinCoverage*100)}
	t := g.Memtest
	switch {
	case g.Skipped != "":
		res.Measured = "not measured"
		res.Say(acceptance.Skip, msg.New("bench.judge.gpu_skipped", msg.Int(g.Index), msg.Text(g.Skipped)))
		return res
	case t == nil:
		res.Measured = "not measured"
		res.Say(acceptance.Skip, msg.New("bench.judge.memtest_not_reached"))
		return res
	case t.Failed != "":
		res.Measured = "failed: " + t.Failed
		res.Say(acceptance.Fail, msg.New("bench.judge.memtest_failed", msg.Int(g.Index), msg.Text(t.Failed)))
		return res
	case t.Skipped != "" || t.TestedBytes == 0:
		res.Measured = "not measured"
		res.Say(acceptance.Skip, orReason(t.Skipped, "bench.judge.memtest_none"))
		return res
	}
	cover := float64(t.TestedBytes) / float64(max(t.TotalBytes, 1))
	res.Measured = fmt.Sprintf("%s of %s tested (%.1f%%), %d passes, %d wrong words", gib(t.TestedBytes), gib(t.TotalBytes), cover*100, t.Passes, t.Errors)
	covered := msg.Text(fmt.Sprintf("%.1f%%", cover*100))
	switch {
	case t.Errors > 0:
		res.Say(acceptance.Fail, msg.New("bench.judge.memtest_errors", msg.Text(fmt.Sprint(t.Errors)), msg.Int(g.Index), msg.Text(fmt.Sprint(t.FirstError))))
	case cover < MinCoverage:
		res.Say(acceptance.Warn, msg.New("bench.judge.memtest_partial", covered, msg.Text(gib(t.TotalBytes)), msg.Int(g.Index), msg.Text(gib(t.FreeBytes))))
	case t.Passes < 2:
		res.Say(acceptance.Warn, msg.New("bench.judge.memtest_one_pass", msg.Int(t.Passes)))
	default:
		res.Say(acceptance.Pass, msg.New("bench.judge.memtest_ok", covered))
	}
	return res
}

// judgePOC judges one rate of one GPU against the POC run (rule P3): at
// least 90% of the median the POC machine's GPUs reached.
func judgePOC(g GPU, k Kind, poc *Run) acceptance.Result {
	res := acceptance.Result{ID: gpuCheckID(g, "poc_"+string(k)), Rule: "P3"}
	want, n := median(values(poc, k, ""))
	res.Expected = fmt.Sprintf("≥ %.0f%% of the POC run's %s", P3Share*100, k.Title())
	if n > 0 {
		res.Expected = fmt.Sprintf("≥ %s (%.0f%% of the POC median %s over %d GPUs)", rate(want*P3Share, k), P3Share*100, rate(want, k), n)
	}
	m, ok := g.Measurement(k)
	if done, stop := unmeasured(&res, g, m, ok, what(k)); stop {
		return done
	}
	res.Measured = rate(m.Value, k)
	if n == 0 {
		res.Say(acceptance.Skip, msg.New("bench.judge.poc_none", what(k)))
		return res
	}
	ratio := m.Value / want
	res.Measured = fmt.Sprintf("%s, %.2f of the POC", rate(m.Value, k), ratio)
	if ratio < P3Share {
		res.Say(acceptance.Fail, msg.New("bench.judge.poc_fail", msg.Int(g.Index), pct(ratio)))
	} else {
		res.Say(acceptance.Pass, msg.New("bench.judge.poc_ok", pct(ratio), what(k)))
	}
	return res
}

// siblings compares kind k across the GPUs of each model in the run: any
// GPU more than the tolerance below the fastest of its model fails. ok is
// false when no model has two measured GPUs.
func siblings(r *Run, k Kind) (acceptance.Result, bool) {
	tol := Tolerance(k)
	res := acceptance.Result{ID: "bench_siblings_" + string(k), Rule: "A2",
		Expected: fmt.Sprintf("every GPU within %.0f%% of the fastest of its model in this server", tol*100)}
	var names []string
	for _, g := range r.GPUs {
		if !slices.Contains(names, g.Name) {
			names = append(names, g.Name)
		}
	}
	var measured []string
	var slow []msg.M
	groups := 0
	for _, name := range names {
		vals := values(r, k, name)
		if len(vals) < 2 {
			continue
		}
		groups++
		rates := make([]float64, len(vals))
		for i, v := range vals {
			rates[i] = v.v
			measured = append(measured, fmt.Sprintf("gpu%d %s", v.index, Figure(v.v)))
		}
		best, slowIdx := Slow(rates, tol)
		for _, i := range slowIdx {
			slow = append(slow, msg.New("bench.judge.slow", msg.Int(vals[i].index), pct(vals[i].v/best), msg.Text(name)))
		}
	}
	if groups == 0 {
		return res, false
	}
	res.Measured = strings.Join(measured, ", ") + " " + k.Unit()
	if len(slow) > 0 {
		res.Say(acceptance.Fail, msg.New("bench.judge.siblings_fail", what(k), msg.Sub(msg.List(slow...))))
	} else {
		res.Say(acceptance.Pass, msg.New("bench.judge.siblings_ok", what(k), pct(tol)))
	}
	return res, true
}

// Tolerance is how far below the fastest of its siblings a rate of kind k
// may be: SiblingTolerance, or PCIeSiblingTolerance for host transfers.
func Tolerance(k Kind) float64 {
	if k == H2D || k == D2H {
		return PCIeSiblingTolerance
	}
	return SiblingTolerance
}

// Slow is the sibling test (gpu-fryer's relative test): it returns the
// largest of vals and the positions of the values more than tol below it.
// Judge applies it to the GPUs of one server; shared/fleet to the nodes of
// a fleet.
func Slow(vals []float64, tol float64) (best float64, slow []int) {
	for _, v := range vals {
		best = max(best, v)
	}
	for i, v := range vals {
		if v < best*(1-tol) {
			slow = append(slow, i)
		}
	}
	return best, slow
}

// indexed is one GPU's value of one kind.
type indexed struct {
	index int
	v     float64
}

// values returns the measured values of kind k, of GPUs named name (all
// GPUs when name is empty), in run order.
func values(r *Run, k Kind, name string) []indexed {
	var out []indexed
	for _, g := range r.GPUs {
		if name != "" && g.Name != name {
			continue
		}
		if m, ok := g.Measurement(k); ok && m.Failed == "" && m.Skipped == "" && m.Value > 0 {
			out = append(out, indexed{g.Index, m.Value})
		}
	}
	return out
}

// median returns the median of vs and their count.
func median(vs []indexed) (float64, int) {
	if len(vs) == 0 {
		return 0, 0
	}
	f := make([]float64, len(vs))
	for i, v := range vs {
		f[i] = v.v
	}
	sort.Sort(sort.Float64Slice(f)) // not sort.Float64s: its generic slices.Sort costs app.wasm about 10 KB uncompressed
	n := len(f)
	if n%2 == 1 {
		return f[n/2], n
	}
	return (f[n/2-1] + f[n/2]) / 2, n
}

// rate formats a value with its unit.
func rate(v float64, k Kind) string { return Figure(v) + " " + k.Unit() }

// Figure formats a rate with three significant digits or more: 0.85,
// 24.6, 312, 3350. The fleet report writes the nodes' figures with it too.
func Figure(v float64) string {
	switch {
	case v >= 100:
		return fmt.Sprintf("%.0f", v)
	case v >= 10:
		return fmt.Sprintf("%.1f", v)
	}
	return fmt.Sprintf("%.2f", v)
}

// gib formats bytes as GiB.
func gib(b uint64) string { return fmt.Sprintf("%.1f GiB", float64(b)/(1<<30)) }

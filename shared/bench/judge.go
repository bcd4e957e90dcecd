package bench

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/catalog"
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
	// SiblingTolerance is how far below the fastest GPU of the same model
	// in the server a GPU may be in a compute or memory measurement:
	// gpu-fryer's default --tflops-tolerance of 10%.
	SiblingTolerance = 0.10
	// PCIeSiblingTolerance is the same for host transfers, wider because
	// a slot behind a PCIe switch or on the far CPU socket is legitimately
	// slower; a link at half width or a quarter of the speed (nvbandwidth
	// issue #6) is still caught.
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
		r = &Run{Skipped: "no bench run"}
	}
	if len(r.GPUs) == 0 {
		return skipAll(r.Skipped)
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

// skipAll is the result of a run that benchmarked nothing.
func skipAll(reason string) []acceptance.Result {
	if reason == "" {
		reason = "no GPU was benchmarked"
	}
	var out []acceptance.Result
	for _, k := range Kinds {
		out = append(out, acceptance.Result{
			ID: "bench_" + string(k), Status: acceptance.Skip, Rule: "A2",
			Expected: k.Title() + " against the catalogue", Measured: "not measured",
			Message: reason,
		})
	}
	return append(out, acceptance.Result{
		ID: "bench_memtest", Status: acceptance.Skip, Rule: "A1",
		Expected: "every byte of reported memory holds data", Measured: "not measured",
		Message: reason,
	})
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
	note  string             // said in the message, e.g. about the link
}

// expected returns the catalogue figure and range for kind k on card c, or
// why there is none.
func expected(k Kind, c catalog.Card, g GPU, opt Options) (figure, string) {
	if k == H2D || k == D2H {
		return pcieFigure(c, g, opt)
	}
	prof, ok := catalog.BenchProfileFor(c.Architecture)
	if !ok {
		return figure{}, fmt.Sprintf("the catalogue has no bench ranges for %s cards", c.Architecture)
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
		return figure{}, fmt.Sprintf("the catalogue has no %s figure for %s", k.Title(), c.ID)
	}
	return figure{value: spec.Value, what: fmt.Sprintf("%s %s (%s)", Figure(spec.Value), k.Unit(), c.ID), eff: eff}, ""
}

// pcieFigure is the one-direction rate of the link the GPU can use: the
// slot's (Options.Links) when known, else the card's catalogue link.
func pcieFigure(c catalog.Card, g GPU, opt Options) (figure, string) {
	card := Link{Gen: int(c.PCIeGen.Value), Width: int(c.PCIeWidth.Value)}
	link, fromSlot := opt.Links[g.Index]
	if !fromSlot {
		link = card
	}
	gbs, ok := catalog.PCIeGBs(link.Gen, link.Width)
	if !ok {
		return figure{}, fmt.Sprintf("no PCIe link to compare with (%s)", link)
	}
	f := figure{value: gbs, what: fmt.Sprintf("%s GB/s (%s)", Figure(gbs), link), eff: catalog.PCIeCopyEfficiency()}
	if fromSlot && card.Gen > 0 && (link.Gen < card.Gen || link.Width < card.Width) {
		f.note = fmt.Sprintf(" The slot allows %s while %s cards support %s: the bench judges the link as installed; the plan's PCIe checks judge the slot.", link, c.ID, card)
	}
	return f, ""
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
	if done, stop := unmeasured(&res, g, m, ok, k.Title()); stop {
		return done
	}
	res.Measured = rate(m.Value, k)
	if !hasCard {
		res.Status = acceptance.Skip
		res.Message = fmt.Sprintf("%q is not a catalogue card: nothing to compare %s with (the sibling check still applies)", g.Name, res.Measured)
		return res
	}
	f, why := expected(k, c, g, opt)
	if why != "" {
		res.Status = acceptance.Skip
		res.Message = why + ": not judged (the sibling check still applies)"
		return res
	}
	ratio := m.Value / f.value
	share := shareFor(f.eff)
	floor := share * f.eff.Low
	res.Expected = fmt.Sprintf("≥ %.2f of %s; healthy cards reach %.2f–%.2f", floor, f.what, f.eff.Low, f.eff.High)
	res.Measured = fmt.Sprintf("%s, %.2f of the catalogue", rate(m.Value, k), ratio)
	src := rangeSource(f.eff)
	got := fmt.Sprintf("%s of %s is %.2f of %s", k.Title(), rate(m.Value, k), ratio, f.what)
	switch {
	case ratio < floor:
		res.Status = acceptance.Fail
		res.Message = fmt.Sprintf("GPU %d: %s, under %.0f%% of the %.2f healthy cards reach (%s).%s A clock-limited, power-capped, down-binned or faulty card shows this way: record it and open a ticket (rule A4)",
			g.Index, got, share*100, f.eff.Low, src, f.note)
	case ratio < f.eff.Low:
		res.Status = acceptance.Warn
		res.Message = fmt.Sprintf("GPU %d: %s, below the %.2f–%.2f healthy cards reach (%s): watch clocks and power (nvidia-smi -q -d PERFORMANCE) and run the bench again.%s",
			g.Index, got, f.eff.Low, f.eff.High, src, f.note)
	case ratio > f.eff.High*FastShare:
		res.Status = acceptance.Warn
		res.Message = fmt.Sprintf("GPU %d: %s, more than healthy %s cards reach (%.2f–%.2f, %s): the GPU may not be a %s, or the catalogue figure is off.%s",
			g.Index, got, c.ID, f.eff.Low, f.eff.High, src, c.Name, f.note)
	default:
		res.Status = acceptance.Pass
		res.Message = fmt.Sprintf("%s, within the %.2f–%.2f healthy cards reach (%s).%s",
			got, f.eff.Low, f.eff.High, src, f.note)
	}
	res.Message = strings.TrimSpace(res.Message)
	return res
}

// rangeSource says where a healthy range comes from, briefly: the first
// word of its source, the repository or site (the catalogue has the rest).
func rangeSource(e catalog.Efficiency) string {
	s := e.Ref.Source
	if i := strings.IndexAny(s, " ("); i > 0 {
		s = s[:i]
	}
	if e.Ref.Unconfirmed {
		return s + "; range unconfirmed, so only under " + fmt.Sprintf("%.0f%%", UnconfirmedShare*100) + " of it fails"
	}
	return s
}

// unmeasured fills res for a GPU or measurement that has no value: Skip
// with the reason, or Fail when the GPU reported an error. stop is false
// when there is a value to judge.
func unmeasured(res *acceptance.Result, g GPU, m Measurement, ok bool, title string) (acceptance.Result, bool) {
	switch {
	case g.Skipped != "":
		res.Status, res.Measured = acceptance.Skip, "not measured"
		res.Message = fmt.Sprintf("GPU %d was not benchmarked: %s", g.Index, g.Skipped)
	case !ok:
		res.Status, res.Measured = acceptance.Skip, "not measured"
		res.Message = "the run holds no " + title + " measurement for this GPU"
	case m.Failed != "":
		res.Status, res.Measured = acceptance.Fail, "failed: "+m.Failed
		res.Message = fmt.Sprintf("the %s benchmark failed on GPU %d (%s): a GPU that errors under load is faulty, and \"could not run\" is not \"pass\". Record it and open a ticket (rule A4)", title, g.Index, m.Failed)
	case m.Skipped != "" || m.Value <= 0:
		why := m.Skipped
		if why == "" {
			why = "no sample was timed"
		}
		res.Status, res.Measured = acceptance.Skip, "not measured"
		res.Message = why
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
		res.Status, res.Measured = acceptance.Skip, "not measured"
		res.Message = fmt.Sprintf("GPU %d was not benchmarked: %s", g.Index, g.Skipped)
		return res
	case t == nil:
		res.Status, res.Measured = acceptance.Skip, "not measured"
		res.Message = "the pattern test was not reached"
		return res
	case t.Failed != "":
		res.Status, res.Measured = acceptance.Fail, "failed: "+t.Failed
		res.Message = fmt.Sprintf("the memory pattern test failed on GPU %d (%s): \"could not run\" is not \"pass\". Record it and open a ticket (rule A4)", g.Index, t.Failed)
		return res
	case t.Skipped != "" || t.TestedBytes == 0:
		res.Status, res.Measured = acceptance.Skip, "not measured"
		res.Message = cmp.Or(t.Skipped, "no memory was tested")
		return res
	}
	cover := float64(t.TestedBytes) / float64(max(t.TotalBytes, 1))
	res.Measured = fmt.Sprintf("%s of %s tested (%.1f%%), %d passes, %d wrong words", gib(t.TestedBytes), gib(t.TotalBytes), cover*100, t.Passes, t.Errors)
	switch {
	case t.Errors > 0:
		res.Status = acceptance.Fail
		res.Message = fmt.Sprintf("%d words of GPU %d's memory read back wrong (the first at byte %d of the tested memory): bad memory, or memory the card reports but does not have. Record it and open a ticket (rule A4)", t.Errors, g.Index, t.FirstError)
	case cover < MinCoverage:
		res.Status = acceptance.Warn
		res.Message = fmt.Sprintf("only %.1f%% of the %s GPU %d reports could be allocated and tested (%s was free): other processes hold memory, so the rest is not proven to exist; run the bench on an idle GPU", cover*100, gib(t.TotalBytes), g.Index, gib(t.FreeBytes))
	case t.Passes < 2:
		res.Status = acceptance.Warn
		res.Message = fmt.Sprintf("the pattern was written and read back without error, but the inverse pass did not run (%d of 2 passes): every bit was not tested both ways", t.Passes)
	default:
		res.Status = acceptance.Pass
		res.Message = fmt.Sprintf("%.1f%% of the reported memory held an address-dependent pattern and its inverse: the memory exists and holds data", cover*100)
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
	if done, stop := unmeasured(&res, g, m, ok, k.Title()); stop {
		return done
	}
	res.Measured = rate(m.Value, k)
	if n == 0 {
		res.Status = acceptance.Skip
		res.Message = "the POC run has no " + k.Title() + " to compare with"
		return res
	}
	ratio := m.Value / want
	res.Measured = fmt.Sprintf("%s, %.2f of the POC", rate(m.Value, k), ratio)
	if ratio < P3Share {
		res.Status = acceptance.Fail
		res.Message = fmt.Sprintf("GPU %d reaches %.0f%% of what the POC machine reached: the delivered machine is slower than the one tested (rules P3, P4)", g.Index, ratio*100)
	} else {
		res.Status = acceptance.Pass
		res.Message = fmt.Sprintf("%.0f%% of the POC machine's %s", ratio*100, k.Title())
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
	var measured, slow []string
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
			slow = append(slow, fmt.Sprintf("GPU %d at %.0f%% of the fastest %s", vals[i].index, vals[i].v/best*100, name))
		}
	}
	if groups == 0 {
		return res, false
	}
	res.Measured = strings.Join(measured, ", ") + " " + k.Unit()
	if len(slow) > 0 {
		res.Status = acceptance.Fail
		res.Message = fmt.Sprintf("%s: %s. One card far slower than identical siblings is throttled, capped, down-binned or faulty (gpu-fryer's relative test); record it and open a ticket (rule A4)", k.Title(), strings.Join(slow, "; "))
	} else {
		res.Status = acceptance.Pass
		res.Message = fmt.Sprintf("%s is within %.0f%% across the GPUs of each model", k.Title(), tol*100)
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
	sort.Float64s(f)
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

package acceptance

import (
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// wearKind says which memory-repair counters apply to a GPU.
type wearKind int

const (
	wearUnknown     wearKind = iota // architecture unknown: use whichever counter was reported
	wearRetirement                  // before Ampere: page retirement
	wearRemapping                   // Ampere and later data-centre and workstation GPUs: row remapping
	wearUnsupported                 // GeForce from Ampere on: no row remapping, whatever NVML says
)

// wearKindOf decides which counters apply to g. Row remapping replaced page
// retirement with Ampere; GeForce cards do not remap rows, yet NVML reports
// counters for them anyway (an RTX 4090 does not return NOT_SUPPORTED: gpud
// PR #351), so their row-remap counters are not trusted. The architecture
// comes from the GPU, or from the matched catalogue card when the GPU does
// not say (nvidia-smi -q -x before schema v11).
func wearKindOf(g facts.GPU, card catalog.Card, hasCard bool) wearKind {
	arch := g.Architecture.Or("")
	if arch == "" && hasCard {
		arch = card.Architecture
	}
	rank, ok := archRank(arch)
	switch {
	case !ok:
		return wearUnknown
	case rank < rankAmpere:
		return wearRetirement
	case consumer(g):
		return wearUnsupported
	}
	return wearRemapping
}

// wear checks the memory-repair counters (rule A4: a GPU waiting for a
// repair or failing one must be reported before workloads run).
func (r *run) wear(g facts.GPU, card catalog.Card, hasCard bool) Result {
	switch wearKindOf(g, card, hasCard) {
	case wearRetirement:
		return retiredPages(g)
	case wearRemapping:
		return remappedRows(g)
	case wearUnsupported:
		res := Result{ID: gpuID(g, "row_remapping"), Rule: "A4"}
		res.Expect(msg.New("acc.x.rows"))
		res.Measure(msg.New("acc.m.rows.geforce", msg.Text(g.Brand.Or("GeForce"))))
		res.Say(Skip, msg.New("acc.wear.geforce"))
		return res
	}
	if g.RemappedRows.Pending.OK() || g.RemappedRows.Failure.OK() {
		return remappedRows(g)
	}
	return retiredPages(g)
}

// remappedRows checks row remapping (Ampere and later). A failed remap means
// the GPU must be replaced; a pending one needs a GPU reset before the
// memory is safe to use.
func remappedRows(g facts.GPU) Result {
	rr := g.RemappedRows
	res := Result{ID: gpuID(g, "row_remapping"), Rule: "A4"}
	res.Expect(msg.New("acc.x.rows"))
	pending, okP := rr.Pending.Get()
	failed, okF := rr.Failure.Get()
	res.Measure(msg.New("acc.m.rows", val(rr.Pending), val(rr.Failure), val(rr.Uncorrectable), val(rr.Correctable)))
	unc, okU := rr.Uncorrectable.Get()
	switch {
	case okF && failed:
		res.Say(Fail, msg.New("acc.rows.failed", msg.Int(g.Index)))
	case okP && pending:
		res.Say(Fail, msg.New("acc.rows.pending", msg.Int(g.Index)))
	case !okP && !okF:
		var perInstance msg.M
		if g.MIG.Or("") == facts.Enabled {
			perInstance = msg.New("acc.rows.mig")
		}
		res.Say(Skip, msg.New("acc.rows.skip", opt(perInstance)))
	case okU && unc > 0:
		res.Say(Warn, msg.New("acc.rows.used", count(unc)))
	default:
		res.Say(Pass, msg.New("acc.rows.pass"))
	}
	return res
}

// retiredPages checks page retirement (before Ampere). A pending retirement
// needs a reboot; retired pages are repairs: a used card.
func retiredPages(g facts.GPU) Result {
	rp := g.RetiredPages
	res := Result{ID: gpuID(g, "page_retirement"), Rule: "A4"}
	res.Expect(msg.New("acc.x.pages"))
	res.Measure(msg.New("acc.m.pages", val(rp.Pending), val(rp.DoubleBit), val(rp.SingleBit)))
	pending, okP := rp.Pending.Get()
	retired := rp.DoubleBit.Or(0) + rp.SingleBit.Or(0)
	switch {
	case okP && pending:
		res.Say(Fail, msg.New("acc.pages.pending", msg.Int(g.Index), count(retired)))
	case !okP:
		res.Say(Skip, msg.New("acc.pages.skip"))
	case retired > 0:
		res.Say(Warn, msg.New("acc.pages.used", count(retired)))
	default:
		res.Say(Pass, msg.New("acc.pages.pass"))
	}
	return res
}

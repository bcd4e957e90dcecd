package acceptance

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
)

// ReasonGPULost is the text a collector puts in the reason of a fact it
// could not read because the GPU fell off the bus (NVML ERROR_GPU_IS_LOST;
// nvidia-smi prints "GPU is lost"). Check fails such a GPU instead of
// skipping its checks. The match is case-insensitive; "GPU requires reset"
// counts too.
const ReasonGPULost = "GPU is lost"

// run holds what every check of one Check call needs.
type run struct {
	acc     planfile.Acceptance
	f       *facts.Facts
	cards   []catalog.Card // the plan's cards the catalogue knows, in plan order
	unknown []string       // the plan's gpu_ids the catalogue does not know
}

// Check runs every acceptance check the plan asks for, and the health checks
// that apply to every GPU, on the facts of one server. Results come in a
// stable order: the server-wide checks, then each GPU's checks in GPU order.
// A nil f is read as a server that reported nothing.
func Check(acc planfile.Acceptance, f *facts.Facts) []Result {
	if f == nil {
		f = facts.New("")
	}
	r := &run{acc: acc, f: f}
	for _, id := range acc.GPUIDs {
		if c, ok := catalog.ByID(id); ok {
			r.cards = append(r.cards, c)
		} else {
			r.unknown = append(r.unknown, id)
		}
	}
	out := []Result{r.gpuCount()}
	if res, ok := r.listing(); ok {
		out = append(out, res)
	}
	if acc.MinDriver != "" {
		out = append(out, r.driver())
	}
	if r.nvlinkRequired() && r.perNode() >= 2 {
		out = append(out, r.topology())
	}
	if acc.Interconnect.MultiNode() {
		ib := Result{ID: "infiniband", Rule: "A3"}
		ib.Expect(msg.New("acc.x.infiniband"))
		ib.Measure(msg.New("acc.m.infiniband"))
		ib.Say(Skip, msg.New("acc.infiniband.skip"))
		out = append(out, ib)
	}
	if len(f.Problems) > 0 {
		out = append(out, r.problems())
	}
	for _, g := range f.GPUs {
		out = append(out, r.gpu(g)...)
	}
	return out
}

// gpu runs the per-GPU checks of g.
func (r *run) gpu(g facts.GPU) []Result {
	if why, lost := lostReason(g); lost {
		res := Result{ID: gpuID(g, "reachable"), Rule: "A4", Measured: why}
		res.Expect(msg.New("acc.x.reachable"))
		res.Say(Fail, msg.New("acc.reachable.fail", msg.Int(g.Index)))
		return []Result{res}
	}
	card, _, hasCard := bestCard(g, r.cards)
	var out []Result
	out = append(out, r.identity(g))
	if r.acc.MinMemoryMiB > 0 {
		out = append(out, r.memory(g))
	}
	if r.acc.MIG == planfile.MIGOff {
		out = append(out, r.mig(g))
	}
	if r.acc.Virtualization == planfile.BareMetal || r.acc.Virtualization == planfile.VMOK {
		out = append(out, r.virtualization(g))
	}
	if r.nvlinkRequired() {
		out = append(out, r.nvlink(g, card, hasCard))
	}
	out = append(out, r.pcieWidth(g), r.pcieGen(g, card, hasCard))
	if r.acc.ECC == planfile.ECCOn {
		out = append(out, r.eccMode(g))
	}
	out = append(out, r.eccErrors(g), r.wear(g, card, hasCard), r.throttle(g), r.powerLimit(g), r.persistence(g))
	return out
}

// gpuID is the result id of check name on GPU g.
func gpuID(g facts.GPU, name string) string {
	return fmt.Sprintf("gpu%d/%s", g.Index, name)
}

func (r *run) nvlinkRequired() bool {
	return r.acc.Interconnect.NVLinked()
}

func (r *run) cardList() msg.M {
	if len(r.acc.GPUIDs) == 0 {
		return msg.New("acc.x.any_card")
	}
	ids := make([]msg.M, len(r.acc.GPUIDs))
	for i, id := range r.acc.GPUIDs {
		ids[i] = msg.New("acc.text", msg.Text(id))
	}
	return joined("acc.or", ids)
}

func (r *run) unknownIDs() string {
	if len(r.acc.GPUIDs) == 0 {
		return "gpu_ids is empty"
	}
	return "gpu_ids " + strings.Join(r.unknown, ", ")
}

// perNode is the GPU count one server must show.
func (r *run) perNode() int {
	if r.acc.GPUsPerNode > 0 && r.acc.GPUsPerNode < r.acc.GPUCount {
		return r.acc.GPUsPerNode
	}
	return r.acc.GPUCount
}

// gpuCount checks the number of GPUs (rule A1; K4: the contract names the
// card count). The count is the GPUs listed, whose other checks ran: a
// header that announces more (nvidia-smi's "Attached GPUs : 4" over one
// listed GPU) is not a GPU anyone checked; listing reports the difference
// as its own check, so the evidence is shown as it is.
func (r *run) gpuCount() Result {
	want := r.acc.GPUCount
	var scopeMsg, note, announced msg.M
	if r.acc.GPUsPerNode > 0 && r.acc.GPUsPerNode < r.acc.GPUCount {
		want = r.acc.GPUsPerNode
		scopeMsg = msg.New("acc.gpu_count.scope", msg.Int(r.acc.GPUCount))
	}
	n := len(r.f.GPUs)
	res := Result{ID: "gpu_count", Rule: "A1"}
	res.Expect(msg.New("acc.x.gpu_count", msg.Sub(gpus(want)), opt(scopeMsg)))
	if attached, ok := r.f.AttachedGPUs.Get(); ok && attached != n {
		announced = msg.New("acc.m.announces", msg.Int(attached))
		note = msg.New("acc.gpu_count.note")
	}
	res.Measure(msg.New("acc.m.gpu_count", msg.Sub(gpus(n)), opt(announced)))
	args := []msg.Arg{msg.Sub(gpus(n)), msg.Int(want), opt(scopeMsg), opt(note)}
	if n == want {
		res.Say(Pass, msg.New("acc.gpu_count.pass", args...))
		return res
	}
	res.Say(Fail, msg.New("acc.gpu_count.fail", args...))
	return res
}

// gpus is "1 GPU" or "n GPUs".
func gpus(n int) msg.M { return msg.New("acc.gpus", msg.Int(n)) }

// listing is the check of the header's GPU count against the GPUs listed,
// run only when they differ: GPUs announced but not listed were not
// checked (output cut short?); more listed than announced means the
// capture was put together by hand.
func (r *run) listing() (Result, bool) {
	attached, ok := r.f.AttachedGPUs.Get()
	n := len(r.f.GPUs)
	if !ok || attached == n {
		return Result{}, false
	}
	res := Result{ID: "gpu_listing", Rule: "A4"}
	res.Expect(msg.New("acc.x.gpu_listing", msg.Int(attached)))
	res.Measure(msg.New("acc.m.listed", msg.Int(n)))
	id := "acc.gpu_listing.short"
	if n > attached {
		id = "acc.gpu_listing.extra"
	}
	res.Say(Warn, msg.New(id, msg.Int(attached), msg.Int(n)))
	return res, true
}

// driver checks the driver version against min_driver (rule A1).
func (r *run) driver() Result {
	res := Result{ID: "driver", Rule: "A1"}
	res.Expect(msg.New("acc.x.at_least", msg.Text(r.acc.MinDriver)))
	v, ok := r.f.DriverVersion.Get()
	if !ok {
		return res.unknown(r.f.DriverVersion.Reason(), msg.New("acc.driver.skip"))
	}
	res.Measured = v
	cmp, ok := compareVersions(v, r.acc.MinDriver)
	switch {
	case !ok:
		res.Say(Skip, msg.New("acc.driver.bad", msg.Text(strconv.Quote(v))))
	case cmp < 0:
		res.Say(Fail, msg.New("acc.driver.fail", msg.Text(v), msg.Text(r.acc.MinDriver)))
	default:
		res.Say(Pass, msg.New("acc.driver.pass", msg.Text(v), msg.Text(r.acc.MinDriver)))
	}
	return res
}

// topology checks that every GPU pair talks over NVLink when the plan needs
// NVLink (rule A3: the intra-node interconnect matches the contract) and
// puts at least two GPUs on a server; a one-GPU server has no pair.
func (r *run) topology() Result {
	res := Result{ID: "topology", Rule: "A3"}
	res.Expect(msg.New("acc.x.topology"))
	if len(r.f.GPUs) < 2 {
		res.Measure(msg.New("acc.m.gpu_count", msg.Sub(gpus(len(r.f.GPUs))), opt(msg.M{})))
		res.Say(Skip, msg.New("acc.topology.one"))
		return res
	}
	pairs, ok := r.f.Topology.Get()
	if !ok {
		return res.unknown(r.f.Topology.Reason(), msg.New("acc.topology.skip"))
	}
	if len(pairs) == 0 {
		res.Measure(msg.New("acc.m.no_pairs"))
		res.Say(Skip, msg.New("acc.topology.none"))
		return res
	}
	var slow []string
	for _, p := range pairs {
		if !strings.HasPrefix(p.Link, "NV") {
			slow = append(slow, fmt.Sprintf("GPU%d-GPU%d %s", p.A, p.B, p.Link))
		}
	}
	res.Measure(msg.New("acc.m.topology", msg.Int(len(pairs)-len(slow)), msg.Int(len(pairs))))
	if len(slow) > 0 {
		res.Say(Fail, msg.New("acc.topology.fail", msg.Text(strings.Join(slow, ", "))))
		return res
	}
	res.Say(Pass, msg.New("acc.topology.pass", msg.Int(len(pairs))))
	return res
}

// problems reports inconsistencies found while reading the facts.
func (r *run) problems() Result {
	res := Result{ID: "input", Rule: "A4"}
	res.Expect(msg.New("acc.x.input"))
	res.Measure(msg.New("common.problems", msg.Int(len(r.f.Problems))))
	// The parser's findings are written as it gives them (English).
	res.Say(Warn, msg.New("acc.input", msg.Text(strings.Join(r.f.Problems, "; "))))
	return res
}

// lostReason finds a fact of g whose reason says the GPU is lost.
func lostReason(g facts.GPU) (string, bool) {
	for _, v := range []msg.M{g.Name.Reason(), g.UUID.Reason(), g.BusID.Reason(), g.MemoryTotalMiB.Reason(), g.PCIDeviceID.Reason()} {
		reason := v.String()
		low := strings.ToLower(reason)
		if strings.Contains(low, strings.ToLower(ReasonGPULost)) || strings.Contains(low, "gpu requires reset") {
			return reason, true
		}
	}
	return "", false
}

func nameOf(g facts.GPU) msg.M {
	if n, ok := g.Name.Get(); ok {
		return msg.New("acc.text", msg.Text(n))
	}
	return msg.New("acc.x.signal", msg.Label("acc.signal.name"), msg.Sub(unavailable(g.Name.Reason())))
}

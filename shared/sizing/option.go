package sizing

import (
	"math"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/shopspring/decimal"
)

// option sizes one card type.
func (j *job) option(mem Memory, c *catalog.Card, prefs Prefs, b bucket) Option {
	o := Option{CardID: c.ID, CardName: c.Name, card: c, UsableGiB: UsableFraction * cardGiB(*c), InBucket: b.has(*c)}
	minN := j.minCardsForTime(*c)
	if minN > 1 {
		j.smallestFit(1, func(n int) bool {
			o.memCount = n
			_, _, _, per := j.layout(mem, c, n)
			return per <= o.UsableGiB
		})
	}
	o.Fits = j.smallestFit(minN, func(n int) bool {
		o.Count = n
		o.TP, o.PP, o.DP, o.PerCardGiB = j.layout(mem, c, n)
		return o.PerCardGiB <= o.UsableGiB
	})
	// Service targets grow the count of the cards a preference does not
	// rule out (the search is the costly part of a plan).
	if o.Fits && j.Workload == Inference && j.Targets.Set() && c.BandwidthGBs.Value > 0 && prefs.DomesticOnly == c.Domestic &&
		(!prefs.NeedsFP64 || c.FP64TFLOPS.Value >= MinFP64TFLOPS) {
		o.Service = j.fitTargets(mem, c, &o)
	}
	o.Nodes = (o.Count + CardsPerNode - 1) / CardsPerNode
	o.Interconnect = interconnect(*c, o.Count)
	o.headroom = o.UsableGiB - o.PerCardGiB
	o.Eligible = true
	switch {
	case !o.Fits:
		o.Reason = j.noFitReason(o, minN)
	case prefs.DomesticOnly && !c.Domestic:
		o.Eligible, o.Reason = false, msg.New("sizing.not_domestic")
	case !prefs.DomesticOnly && c.Domestic:
		o.Eligible, o.Reason = false, msg.New("sizing.domestic")
	case prefs.NeedsFP64 && c.FP64TFLOPS.Value < MinFP64TFLOPS:
		o.Eligible, o.Reason = false, msg.New("sizing.no_fp64", msg.Fig(c.FP64TFLOPS.Value), msg.Int(MinFP64TFLOPS))
	case j.Workload.Training() && o.Count > 1 && !c.HasNVLink() && !prefs.AllowPCIeTraining:
		why := msg.New("sizing.pcie.one_card", msg.Num(j.perCard(mem, 1, 1, 1), 1), msg.Num(o.UsableGiB, 1))
		if o.memCount == 1 {
			why = msg.New("sizing.pcie.target", msg.Fig(j.TargetDays), msg.Int(o.Count))
		}
		o.Eligible, o.Reason = false, msg.New("sizing.pcie.training", msg.Sub(why), msg.Int(o.Count))
	}
	j.price(&o)
	return o
}

func (j *job) noFitReason(o Option, minN int) msg.M {
	switch {
	case o.UsableGiB <= 0:
		return msg.New("sizing.no_fit.unknown")
	case j.Workload.Diffusion():
		return msg.New("sizing.no_fit.diffusion", msg.Num(o.PerCardGiB, 1), msg.Num(o.UsableGiB, 1))
	case minN > MaxCards:
		return msg.New("sizing.no_fit.time", msg.Fig(j.TargetDays), msg.Int(MaxCards))
	}
	return msg.New("sizing.no_fit", msg.Num(o.PerCardGiB, 1), msg.Int(o.Count), msg.Num(o.UsableGiB, 1))
}

// smallestFit finds the smallest card count of at least minN for which
// fits holds, trying 1, 2, 4, 8 and then whole nodes of 8 (one count only
// for diffusion, whose pipelines are not split). The last call to fits is
// for the count returned; when nothing fits it is for the largest count.
// Past one node the need per card only falls as nodes are added, so whole
// nodes are searched by bisection.
func (j *job) smallestFit(minN int, fits func(n int) bool) bool {
	if j.Workload.Diffusion() {
		return fits(1)
	}
	for _, n := range []int{1, 2, 4, 8} {
		if n >= minN && fits(n) {
			return true
		}
	}
	lo, hi := max(2, (minN+CardsPerNode-1)/CardsPerNode), MaxCards/CardsPerNode
	if !fits(hi*CardsPerNode) || lo > hi {
		return false
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if fits(mid * CardsPerNode) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return fits(lo * CardsPerNode)
}

// layout splits the job over n cards and returns the tensor-, pipeline-
// and data-parallel sizes with the memory each card then holds.
//   - Inference: the largest TP of 8, 4, 2 that divides n and the heads
//     (splitting or replicating the KV heads whole), pipeline stages for
//     the rest (vLLM's TP inside a node, PP across nodes).
//   - Training on NVLink or HCCS: the smallest such TP that fits, data
//     parallel for the rest, with weights and states sharded over all
//     cards (ZeRO-3 / FSDP).
//   - Training without NVLink, HPC and diffusion: data parallel only.
func (j *job) layout(mem Memory, c *catalog.Card, n int) (tp, pp, dp int, per float64) {
	dataParallel := n == 1 || j.Workload == HPC || j.Workload.Diffusion() || (j.Workload.Training() && !c.HasNVLink())
	if dataParallel {
		return 1, 1, n, j.perCard(mem, n, 1, 1)
	}
	var valid []int
	for _, t := range []int{1, 2, 4, 8} {
		if t <= n && n%t == 0 && j.model.validTP(t) {
			valid = append(valid, t)
		}
	}
	if j.Workload.Training() {
		for _, t := range valid {
			if per = j.perCard(mem, n, t, 1); per <= UsableFraction*cardGiB(*c) {
				return t, 1, n / t, per
			}
		}
		t := valid[len(valid)-1]
		return t, 1, n / t, j.perCard(mem, n, t, 1)
	}
	t := valid[len(valid)-1]
	return t, n / t, 1, j.perCard(mem, n, t, n/t)
}

// perCard is the memory one of n cards holds: an even share of weights and
// training states (TP × PP, or ZeRO-3 shards), its rank's share of the KV
// cache (replicated heads included), activations split by TP, and the
// per-card overhead.
func (j *job) perCard(mem Memory, n, tp, pp int) float64 {
	if j.Workload == HPC {
		return mem.ActivationsGiB/float64(n) + mem.OverheadGiB
	}
	shards := (mem.WeightsGiB + mem.TrainingStatesGiB) / float64(n)
	kv := mem.KVCacheGiB * j.model.kvShare(tp) / float64(pp)
	return shards + kv + mem.ActivationsGiB/float64(tp) + mem.OverheadGiB
}

// minCardsForTime is the card count that trains TokensToTrain in
// TargetDays at the job's likely MFU on c (1 when no target is set).
func (j *job) minCardsForTime(c catalog.Card) int {
	peak := c.BF16TFLOPS.Value * 1e12
	if !j.Workload.Training() || j.TokensToTrain <= 0 || j.TargetDays <= 0 || peak <= 0 {
		return 1
	}
	k := 6.0
	if j.Workload.Adapters() {
		k = 4
	}
	need := k * j.model.ActiveParams * j.TokensToTrain / (peak * j.trainMFU(c).Likely * j.TargetDays * 86400)
	return int(math.Min(math.Ceil(need), MaxCards+1))
}

// cardGiB is a card's memory in GiB: the size NVML reports when known,
// else the marketed size read as GB.
func cardGiB(c catalog.Card) float64 {
	if c.MemoryMiB.Known() && c.MemoryMiB.Value > 0 {
		return c.MemoryMiB.Value / 1024
	}
	return math.Max(0, c.MemoryGB.Value) * GB / GiB
}

// interconnect is the link a plan of n cards of type c needs.
func interconnect(c catalog.Card, n int) planfile.Interconnect {
	multi := n > CardsPerNode
	switch {
	case n <= 1:
		return planfile.NoLink
	case c.Interconnect == catalog.HCCS && multi:
		return planfile.HCCSRoCE
	case c.Interconnect == catalog.HCCS:
		return planfile.HCCS
	case c.Interconnect == catalog.NVLink && multi:
		return planfile.NVLinkIB
	case c.Interconnect == catalog.NVLink:
		return planfile.NVLink
	case multi:
		return planfile.PCIeIB
	}
	return planfile.PCIe
}

// listPrice is the low monthly rent of one card that ranks an option
// before SetCost prices it. The plan prices every option from the price
// book with SetCost, so only this package's tests set it, to rank their
// fixture cards; nil leaves options unpriced.
var listPrice func(cardID string) (decimal.Decimal, bool)

// price sets the default ranking cost from listPrice: the low rent × count
// per month, or for the whole run (× likely training hours over a 730-hour
// month) when TokensToTrain is known. Cards without a price rank after
// priced ones.
func (j *job) price(o *Option) {
	if listPrice == nil {
		return
	}
	low, ok := listPrice(o.CardID)
	if !ok || !low.IsPositive() || o.Count < 1 {
		return
	}
	o.priced = true
	o.cost = low.Mul(decimal.NewFromInt(int64(o.Count)))
	o.costLabel = msg.New("sizing.cost.month_low")
	if peak := o.card.BF16TFLOPS.Value; j.Workload.Training() && j.TokensToTrain > 0 && peak > 0 {
		var e Estimates
		j.trainTime(&e, *o.card, o.Count)
		// The run's rent is the monthly rent for its whole hours over a
		// 730-hour month: the float is the time estimate, the
		// money stays decimal.
		hours := math.Ceil(e.TrainHours.Likely)
		if !finite(hours) || hours > math.MaxInt64/2 {
			return
		}
		o.cost = o.cost.Mul(decimal.NewFromInt(int64(hours))).DivRound(decimal.NewFromInt(730), 16)
		o.costLabel = msg.New("sizing.cost.run_low")
	}
}

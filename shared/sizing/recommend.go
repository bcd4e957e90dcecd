package sizing

import (
	"math"
	"sort"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Card-count limits.
const (
	// CardsPerNode is the size of one bare-metal node (rule G1: 8 cards
	// per node with NVLink). More cards means several nodes.
	CardsPerNode = 8
	// MaxCards is the largest plan considered: 2048 nodes, the size of
	// the 16,384-H100 cluster Llama 3.1 405B trained on (recalled).
	MaxCards = 16384
	// MinFP64TFLOPS is the non-tensor FP64 throughput a card needs to
	// count as FP64-capable (A100 9.7, H100 34; the H800, H20 and the
	// consumer and L-series cards are near 1).
	MinFP64TFLOPS = 5
	// tightShare is the free share of a card's usable memory below which
	// a plan is called tight (Llama-2-70B bf16 on two 80 GB cards at 90%
	// leaves only 6–17 GB for KV and activations).
	tightShare = 0.10
)

// Interconnect is what a plan needs between its cards.
type Interconnect string

// Plan interconnects.
const (
	NoLink   Interconnect = "none"      // a single card
	PCIe     Interconnect = "pcie"      // one node, cards without NVLink
	NVLink   Interconnect = "nvlink"    // one node, NVLink / NVSwitch
	HCCS     Interconnect = "hccs"      // one Ascend node, HCCS mesh
	PCIeIB   Interconnect = "pcie+ib"   // several nodes of PCIe cards
	NVLinkIB Interconnect = "nvlink+ib" // several NVLink nodes over InfiniBand / RoCE
	HCCSRoCE Interconnect = "hccs+roce" // several Ascend nodes over RoCE
)

// Prefs are the buyer's constraints on the card choice.
type Prefs struct {
	// DomesticOnly allows only domestic (信创) hardware (rule G2).
	DomesticOnly bool `json:"domestic_only,omitempty"`
	// NeedsFP64 allows only cards with MinFP64TFLOPS of FP64 (rule G2,
	// CV / scientific row).
	NeedsFP64 bool `json:"needs_fp64,omitempty"`
	// AllowPCIeTraining accepts multi-card training on cards without
	// NVLink (RTX 4090, L40S, L20, PCIe A100/H100), which is otherwise
	// ruled out: tensor-parallel and sharded-optimizer traffic over PCIe
	// is slow.
	AllowPCIeTraining bool `json:"allow_pcie_training,omitempty"`
}

// Option is one card type at the smallest count that holds the job.
type Option struct {
	CardID   string `json:"card_id"`
	CardName string `json:"card_name"`
	// Count is the number of cards; when Fits is false it is the largest
	// count tried.
	Count int `json:"count"`
	// Nodes is ceil(Count / CardsPerNode).
	Nodes int `json:"nodes"`
	// TP, PP and DP are the tensor-, pipeline- and data-parallel sizes;
	// TP × PP × DP = Count. Training shards weights and optimizer states
	// over all cards (ZeRO-3 / FSDP); see layout.
	TP int `json:"tp"`
	PP int `json:"pp"`
	DP int `json:"dp"`
	// Interconnect is what the cards must be linked by.
	Interconnect Interconnect `json:"interconnect"`
	// PerCardGiB is the memory each card must hold, overhead included.
	PerCardGiB float64 `json:"per_card_gib"`
	// UsableGiB is UsableFraction of one card's memory.
	UsableGiB float64 `json:"usable_gib"`
	// Fits is true when PerCardGiB <= UsableGiB at Count.
	Fits bool `json:"fits"`
	// Eligible is false when a preference or the NVLink rule excludes it.
	Eligible bool `json:"eligible"`
	// InBucket is true when rules G1/G2 name this card for the job.
	InBucket bool `json:"in_bucket"`
	// Reason says why an alternative lost, or what the pick is.
	Reason msg.M `json:"reason"`
	// Service is how the card meets the service targets (inference with
	// targets only): replicas, the figures they reach, what set the count.
	Service *ServiceFit `json:"service,omitempty"`

	card      catalog.Card
	cost      decimal.Decimal // ranking cost: a month, or the whole run
	costLabel msg.M           // what cost is, quoted after the amount
	priced    bool
	headroom  float64
	memCount  int // cards memory alone needs, when a time target raised Count
}

// Recommendation is the card choice with everything behind it.
type Recommendation struct {
	Memory Memory `json:"memory"`
	// Pick is the recommended option; zero when nothing qualifies.
	Pick Option `json:"pick"`
	// Alternatives are the other cards, best first, each with its Reason.
	Alternatives []Option `json:"alternatives"`
	// Estimates are the speed and time estimates of the pick.
	Estimates Estimates `json:"estimates"`
	// Notes say where the pick departs from rules G1/G2 and why, and what
	// a buyer must know about it.
	Notes []msg.M `json:"notes"`
	// Rules are the ids of the rules applied (docs/rules.md).
	Rules []string `json:"rules"`
}

// Candidates is a job sized on every card, each option unpriced until
// SetCost prices it (the plan prices options from the price book).
type Candidates struct {
	// Options are the cards in the order given, each at the smallest count
	// that holds the job.
	Options []Option

	j   job
	mem Memory
	b   bucket
}

// Size sizes the job on every card.
func Size(in Input, cards []catalog.Card, prefs Prefs) (*Candidates, error) {
	j, err := prepare(in)
	if err != nil {
		return nil, err
	}
	if len(cards) == 0 {
		return nil, fieldErr("cards", "no card to choose from")
	}
	c := &Candidates{j: j, mem: j.memory(), b: j.bucket(prefs), Options: make([]Option, len(cards))}
	for i, card := range cards {
		c.Options[i] = j.option(c.mem, card, prefs, c.b)
	}
	if j.Targets.Set() {
		applyTargets(c.Options)
	}
	return c, nil
}

// Memory is the memory the job needs, all cards together.
func (c *Candidates) Memory() Memory { return c.mem }

// TrainHours is the likely wall-clock training time of option i in hours,
// 0 when the job does not train or tokens_to_train is unknown.
func (c *Candidates) TrainHours(i int) float64 {
	o := c.Options[i]
	if !c.j.Workload.Training() || c.j.TokensToTrain <= 0 || o.Count < 1 {
		return 0
	}
	var e Estimates
	c.j.trainTime(&e, o.card, o.Count)
	return e.TrainHours.Likely
}

// SetCost replaces the ranking cost of option i: cost in CNY, described by
// label ("a month all-in, hourly billing"), which the reasons quote after
// the amount.
func (c *Candidates) SetCost(i int, cost decimal.Decimal, label msg.M) {
	o := &c.Options[i]
	o.cost, o.priced, o.costLabel = cost, true, label
}

// Recommend ranks the options by cost and picks one, as the package-level
// Recommend describes.
func (c *Candidates) Recommend() (Recommendation, error) {
	j, b, opts := c.j, c.b, c.Options
	rec := Recommendation{Memory: c.mem, Rules: append([]string{"G4"}, b.rules...)}
	order := rank(opts)
	pickAt := choose(opts, order)
	if pickAt < 0 {
		rec.Alternatives = make([]Option, 0, len(opts))
		for _, i := range order {
			rec.Alternatives = append(rec.Alternatives, opts[i])
		}
		rec.Notes = append(rec.Notes, b.text)
		return rec, &NoCardError{Options: rec.Alternatives}
	}
	rec.Pick = opts[pickAt]
	rec.Pick.Reason = pickReason(rec.Pick)
	rec.Alternatives = make([]Option, 0, len(order)-1)
	l := newLoser(rec.Pick, b)
	for _, i := range order {
		if i != pickAt {
			o := opts[i]
			o.Reason = l.reason(o)
			rec.Alternatives = append(rec.Alternatives, o)
		}
	}
	rec.Estimates = j.pickEstimates(c.mem, rec.Pick)
	rec.Notes = append(j.advice(rec, b), serviceNotes(rec.Pick, opts)...)
	return rec, nil
}

// pickEstimates are the speed and time estimates of an option: of one
// replica serving its share of the sequences when service targets set
// replicas, else of all its cards.
func (j *job) pickEstimates(mem Memory, o Option) Estimates {
	f := o.Service
	if f == nil || (f.Replicas == 1 && f.Sequences == j.Concurrency) {
		return j.speed(mem, o.card, o.Count)
	}
	r := *j
	r.Concurrency = f.PerReplica
	return r.speed(r.memory(), o.card, f.CardsPerReplica)
}

// option sizes one card type.
func (j *job) option(mem Memory, c catalog.Card, prefs Prefs, b bucket) Option {
	o := Option{CardID: c.ID, CardName: c.Name, card: c, UsableGiB: UsableFraction * cardGiB(c), InBucket: b.has(c)}
	minN := j.minCardsForTime(c)
	if minN > 1 {
		j.smallestFit(1, func(n int) bool {
			o.memCount = n
			_, _, _, per := j.layout(mem, &c, n)
			return per <= o.UsableGiB
		})
	}
	o.Fits = j.smallestFit(minN, func(n int) bool {
		o.Count = n
		o.TP, o.PP, o.DP, o.PerCardGiB = j.layout(mem, &c, n)
		return o.PerCardGiB <= o.UsableGiB
	})
	// Service targets grow the count of the cards a preference does not
	// rule out (the search is the costly part of a plan).
	if o.Fits && j.Workload == Inference && j.Targets.Set() && c.BandwidthGBs.Value > 0 && prefs.DomesticOnly == c.Domestic &&
		(!prefs.NeedsFP64 || c.FP64TFLOPS.Value >= MinFP64TFLOPS) {
		o.Service = j.fitTargets(mem, &c, &o)
	}
	o.Nodes = (o.Count + CardsPerNode - 1) / CardsPerNode
	o.Interconnect = interconnect(c, o.Count)
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
func interconnect(c catalog.Card, n int) Interconnect {
	multi := n > CardsPerNode
	switch {
	case n <= 1:
		return NoLink
	case c.Interconnect == catalog.HCCS && multi:
		return HCCSRoCE
	case c.Interconnect == catalog.HCCS:
		return HCCS
	case c.Interconnect == catalog.NVLink && multi:
		return NVLinkIB
	case c.Interconnect == catalog.NVLink:
		return NVLink
	case multi:
		return PCIeIB
	}
	return PCIe
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
		j.trainTime(&e, o.card, o.Count)
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

// rank orders the options: qualifying before not, then by cost, then
// fewer nodes, fewer cards, more headroom, catalogue order.
func rank(opts []Option) []int {
	idx := make([]int, len(opts))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return better(opts[idx[a]], opts[idx[b]]) })
	return idx
}

func better(a, b Option) bool {
	if qa, qb := a.Fits && a.Eligible, b.Fits && b.Eligible; qa != qb {
		return qa
	}
	if a.priced != b.priced {
		return a.priced
	}
	if c := a.cost.Cmp(b.cost); c != 0 {
		return c < 0
	}
	if a.Nodes != b.Nodes {
		return a.Nodes < b.Nodes
	}
	if a.Count != b.Count {
		return a.Count < b.Count
	}
	return a.headroom > b.headroom
}

// choose returns the index of the best qualifying option in the bucket, or
// the best qualifying option of all; -1 when none qualifies.
func choose(opts []Option, order []int) int {
	first := -1
	for _, i := range order {
		if !opts[i].Fits || !opts[i].Eligible || (first >= 0 && !opts[i].priced) {
			break
		}
		if opts[i].InBucket {
			return i
		}
		if first < 0 {
			first = i
		}
	}
	return first
}

func pickReason(p Option) msg.M {
	m := msg.New("sizing.pick", msg.Int(p.Count), msg.Text(p.CardID), msg.Num(p.PerCardGiB, 1), msg.Num(p.UsableGiB, 1))
	if p.priced {
		m = msg.New("sizing.pick.cost", msg.Sub(m), costArg(p))
	}
	return m
}

// costArg is an option's ranking cost with what it covers: "¥58,200 a
// month all-in (hourly)".
func costArg(o Option) msg.Arg {
	return msg.Sub(msg.New("sizing.cost", msg.Money(o.cost.Round(0)), msg.Sub(o.costLabel)))
}

// loser says why options lost to the pick, with the pick's cost and the
// bucket's text written once for all of them.
type loser struct {
	p        Option
	pickCost msg.Arg // costArg(p), when p is priced
	bucket   msg.Arg // the bucket's text
}

func newLoser(p Option, b bucket) loser {
	l := loser{p: p, bucket: msg.Sub(b.text)}
	if p.priced {
		l.pickCost = costArg(p)
	}
	return l
}

// reason says why o lost to the pick.
func (l loser) reason(o Option) msg.M {
	p := l.p
	switch {
	case !o.Fits || !o.Eligible:
		return o.Reason
	case o.Nodes > p.Nodes:
		return msg.New("sizing.loss.nodes", msg.Int(o.Nodes), msg.Int(p.Nodes))
	case p.InBucket && !o.InBucket:
		return l.offBucket(o)
	case o.priced && p.priced && o.cost.GreaterThan(p.cost):
		return msg.New("sizing.loss.costs_more", costArg(o), l.pickCost)
	case !o.priced:
		return msg.New("sizing.loss.no_price")
	}
	return msg.New("sizing.loss.tie")
}

// offBucket says why o lost to an in-bucket pick, with the costs when they
// differ.
func (l loser) offBucket(o Option) msg.M {
	if o.priced && l.p.priced {
		switch o.cost.Cmp(l.p.cost) {
		case -1:
			return msg.New("sizing.loss.off_bucket_cheaper", l.bucket, costArg(o), l.pickCost)
		case 1:
			return msg.New("sizing.loss.off_bucket_dearer", l.bucket, costArg(o), l.pickCost)
		}
	}
	return msg.New("sizing.loss.off_bucket", l.bucket)
}

// NoCardError is Recommend's error when no card qualifies: every option
// with the reason it failed.
type NoCardError struct {
	Options []Option
}

// Error is the English text: "no card qualifies: rtx-4090: does not fit…".
func (e *NoCardError) Error() string { return e.Message().String() }

// Message is the error as a message, for the reader's language.
func (e *NoCardError) Message() msg.M {
	parts := make([]msg.M, len(e.Options))
	for i, o := range e.Options {
		parts[i] = msg.New("sizing.advice.caveat", msg.Text(o.CardID), msg.Sub(o.Reason))
	}
	return msg.New("sizing.no_card", msg.Sub(msg.List(parts...)))
}

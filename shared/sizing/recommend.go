package sizing

import (
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
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
	Interconnect planfile.Interconnect `json:"interconnect"`
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

	card      *catalog.Card   // in the slice Size was given, which it only reads
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
		return nil, fielderr.Sentence("cards", "sizing.err.no_cards")
	}
	c := &Candidates{j: j, mem: j.memory(), b: j.bucket(prefs), Options: make([]Option, len(cards))}
	for i := range cards {
		c.Options[i] = j.option(c.mem, &cards[i], prefs, c.b)
	}
	if j.Targets.Set() {
		applyTargets(c.Options)
	}
	return c, nil
}

// TrainHours is the likely wall-clock training time of option i in hours,
// 0 when the job does not train or tokens_to_train is unknown.
func (c *Candidates) TrainHours(i int) float64 {
	o := c.Options[i]
	if !c.j.Workload.Training() || c.j.TokensToTrain <= 0 || o.Count < 1 {
		return 0
	}
	var e Estimates
	c.j.trainTime(&e, *o.card, o.Count)
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
		return j.speed(mem, *o.card, o.Count)
	}
	r := *j
	r.Concurrency = f.PerReplica
	return r.speed(r.memory(), *o.card, f.CardsPerReplica)
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

package sizing

import (
	"fmt"
	"math"

	"github.com/gpuplan/gpuplan/shared/catalog"
)

// Range is a low / likely / high estimate; Low <= Likely <= High.
type Range struct {
	Low    float64 `json:"low"`
	Likely float64 `json:"likely"`
	High   float64 `json:"high"`
}

// BandwidthEfficiency is the share of a card's memory bandwidth a decode
// step achieves: 0.6 / 0.75 / 0.9. The high end is llm-analysis's HBM
// efficiency (cli99/llm-analysis README), which reproduces Llama-2-70B on
// 2×A100-80GB (sizing.md §3 case 18).
func BandwidthEfficiency() Range { return Range{Low: 0.6, Likely: 0.75, High: 0.9} }

// MFU is the share of dense BF16 peak a training job achieves: 0.30 /
// 0.40 / 0.50. Llama 2 7B took 184,320 A100-hours for 2T tokens (sizing.md
// §3 case 15): 6·6.74e9·2e12 FLOPs over 312 TFLOPS is an MFU of 39%.
func MFU() Range { return Range{Low: 0.30, Likely: 0.40, High: 0.50} }

// Estimates are speed and time estimates for one card choice.
type Estimates struct {
	// DecodeTokensPerSec is the generation speed of one sequence when all
	// Concurrency sequences decode together at full context (inference).
	DecodeTokensPerSec Range `json:"decode_tokens_per_sec"`
	// DecodeTotalTokensPerSec is DecodeTokensPerSec × Concurrency.
	DecodeTotalTokensPerSec Range `json:"decode_total_tokens_per_sec"`
	// DecodeBound is "memory" or "compute": what limits a decode step at
	// the likely efficiencies.
	DecodeBound string `json:"decode_bound,omitempty"`
	// TrainFLOPs is 6·N·D (4·N·D for LoRA) with N the active parameters.
	TrainFLOPs float64 `json:"train_flops,omitempty"`
	// TrainHours is the wall-clock training time.
	TrainHours Range `json:"train_hours"`
	// CardHours is TrainHours × cards.
	CardHours Range `json:"card_hours"`
	// Notes state the formulas and efficiencies used.
	Notes []string `json:"notes,omitempty"`
}

// Speed estimates decode speed (inference) and training time (training
// with TokensToTrain > 0) for count cards of one type.
func Speed(in Input, card catalog.Card, count int) (Estimates, error) {
	j, err := prepare(in)
	if err != nil {
		return Estimates{}, err
	}
	if count < 1 || count > MaxCards {
		return Estimates{}, fieldErr("count", "must be 1..%d, got %d", MaxCards, count)
	}
	return j.speed(j.memory(), card, count), nil
}

func (j job) speed(mem Memory, card catalog.Card, n int) Estimates {
	var e Estimates
	switch {
	case j.Workload == Inference:
		j.decode(&e, mem, card, n)
	case j.Workload.Training() && j.TokensToTrain > 0:
		j.trainTime(&e, card, n)
	case j.Workload.Training():
		e.Notes = append(e.Notes, "no training time: tokens_to_train not given")
	default:
		e.Notes = append(e.Notes, fmt.Sprintf("no speed model for %s", j.Workload))
	}
	return e
}

// decode fills the decode estimates. One step reads the active weights
// once and every sequence's KV cache, split over the tensor-parallel
// ranks (pipeline stages run one after another), at the card's bandwidth
// times the efficiency; it cannot beat 2·N_active FLOPs per token at the
// likely MFU. sizing.md §2.
func (j job) decode(e *Estimates, mem Memory, card catalog.Card, n int) {
	bw := card.BandwidthGBs.Value * GB
	if bw <= 0 {
		e.Notes = append(e.Notes, "no decode estimate: the card's memory bandwidth is unknown")
		return
	}
	tp, _, _, _ := j.layout(mem, card, n)
	weights := j.model.ActiveParams * mem.WeightBits / 8
	kv := mem.KVBytesPerToken * float64(j.ContextTokens) * float64(j.Concurrency) * j.model.kvShare(tp) * float64(tp)
	bytes := (weights + kv) / float64(tp)
	compute := 0.0
	if peak := card.BF16TFLOPS.Value * 1e12; peak > 0 {
		compute = 2 * j.model.ActiveParams * float64(j.Concurrency) / (float64(tp) * peak * MFU().Likely)
	}
	eta := BandwidthEfficiency()
	step := func(eff float64) float64 { return math.Max(bytes/(bw*eff), compute) }
	conc := float64(j.Concurrency)
	e.DecodeTokensPerSec = Range{Low: 1 / step(eta.Low), Likely: 1 / step(eta.Likely), High: 1 / step(eta.High)}
	e.DecodeTotalTokensPerSec = Range{Low: conc / step(eta.Low), Likely: conc / step(eta.Likely), High: conc / step(eta.High)}
	e.DecodeBound = "memory"
	if compute > bytes/(bw*eta.Likely) {
		e.DecodeBound = "compute"
	}
	e.Notes = append(e.Notes, fmt.Sprintf("decode: (%.1f GB active weights + %.2f GB KV read) / (%d × %.0f GB/s × %.2f/%.2f/%.2f efficiency)",
		weights/GB, kv/GB, tp, card.BandwidthGBs.Value, eta.Low, eta.Likely, eta.High))
}

// trainTime fills the training estimates: k·N·D / (cards · peak · MFU),
// k = 6 (forward 2, backward 4) for full training and 4 for LoRA, whose
// frozen weights skip the weight-gradient GEMMs (sizing.md §2, derived).
func (j job) trainTime(e *Estimates, card catalog.Card, n int) {
	k := 6.0
	if j.Workload.Adapters() {
		k = 4
	}
	e.TrainFLOPs = k * j.model.ActiveParams * j.TokensToTrain
	peak := card.BF16TFLOPS.Value * 1e12
	if peak <= 0 {
		e.Notes = append(e.Notes, "no training time: the card's BF16 throughput is unknown")
		return
	}
	mfu := MFU()
	hours := func(u float64) float64 { return e.TrainFLOPs / (float64(n) * peak * u) / 3600 }
	e.TrainHours = Range{Low: hours(mfu.High), Likely: hours(mfu.Likely), High: hours(mfu.Low)}
	e.CardHours = Range{Low: e.TrainHours.Low * float64(n), Likely: e.TrainHours.Likely * float64(n), High: e.TrainHours.High * float64(n)}
	e.Notes = append(e.Notes, fmt.Sprintf("training: %g·N·D = %.3g FLOPs over %d × %.0f TFLOPS dense BF16 at MFU %.2f/%.2f/%.2f", k, e.TrainFLOPs, n, card.BF16TFLOPS.Value, mfu.High, mfu.Likely, mfu.Low))
	if j.Workload == QLoRA {
		e.Notes = append(e.Notes, "qlora dequantises the base weights every step: expect it slower than this")
	}
	if n > 1 && !card.HasNVLink() {
		e.Notes = append(e.Notes, "multi-card training over PCIe reaches a lower MFU than assumed")
	}
}

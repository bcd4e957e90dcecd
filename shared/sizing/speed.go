package sizing

import (
	"fmt"
	"math"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Range is a low / likely / high estimate; Low <= Likely <= High.
type Range struct {
	Low    float64 `json:"low"`
	Likely float64 `json:"likely"`
	High   float64 `json:"high"`
}

// BandwidthEfficiency is the share of a card's datasheet memory bandwidth
// a decode step achieves on most cards: 0.6 / 0.75 / 0.9. The high end is
// llm-analysis's HBM efficiency (cli99/llm-analysis README), which
// reproduces Llama-2-70B on 2×A100-80GB; gpt-fast's A100 runs and
// SGLang's H100 runs land near the likely figure (docs/decode-references.md).
func BandwidthEfficiency() Range { return Range{Low: 0.6, Likely: 0.75, High: 0.9} }

// cardBandwidthShare scales BandwidthEfficiency for the cards whose
// published decode runs reach a different share of their datasheet
// bandwidth. The H20's 4.0 TB/s is a leaked figure; Qwen's own batch-1
// SGLang runs of Qwen3-8B and Qwen3-32B in BF16 on one H20 (Qwen3
// speed_benchmark.md) imply about 1.45 TB/s, 0.36 of it, where the same
// engine reaches 0.75 of an H100's. Cards without published runs that
// show otherwise (RTX 4090, L20, L40S, A100, H100, H200) keep the generic
// range.
var cardBandwidthShare = map[string]float64{
	"h20-96g": 0.48,
}

// bandwidthEfficiencyOf is CardBandwidthEfficiency of the card with id.
func bandwidthEfficiencyOf(id string) Range {
	eta := BandwidthEfficiency()
	if f, ok := cardBandwidthShare[id]; ok {
		eta = Range{Low: eta.Low * f, Likely: eta.Likely * f, High: eta.High * f}
	}
	return eta
}

// MFU is the share of dense BF16 peak a dense BF16 training job of about
// 7B active parameters achieves: 0.30 / 0.40 / 0.50. Llama 2 7B took
// 184,320 A100-hours for 2T tokens (its model card): 6·6.74e9·2e12 FLOPs
// over 312 TFLOPS is an MFU of 39%. trainMFU scales it for the job.
func MFU() Range { return Range{Low: 0.30, Likely: 0.40, High: 0.50} }

// Training MFU factors, each applied to MFU.
const (
	// mfuPerDoubling is the relative MFU gained per doubling of the active
	// parameters: larger GEMMs reach more of the peak. Megatron-LM's
	// weak-scaling table on H100 rises from 41% MFU at 2B to 47–48% at
	// 462B (README), 0.017 a doubling relative; the factor is kept within
	// 0.85..1.15.
	mfuPerDoubling = 0.017
	// fp8TrainSpeedup is what FP8 linear layers (Transformer Engine,
	// torchao Float8) gain over BF16 in a whole training step, attention,
	// norms and communication staying in 16 bits: torchtitan's Llama 3.1
	// 8B on 8 H100 runs at 8,532 tokens/s a GPU with Float8 against 6,667
	// with BF16 (1.28×, benchmarks/llama3_h100_202412_torchtitan.md).
	fp8TrainSpeedup = 1.3
	// moeTrainShare is the MFU an MoE model reaches relative to a dense
	// model of its active size: all-to-all dispatch, grouped GEMMs of a
	// few hundred tokens per expert and the router. Megatron-Core's
	// Qwen3-235B-A22B on 256 H100 in BF16 trains at 17.6 s a step of
	// 2,048 × 4,096 tokens (yanring/Megatron-MoE-ModelZoo), 0.25 of the
	// BF16 peak by 6·N_active·D: 0.7 of the dense figure on Hopper.
	// DeepSeek-V3's 2.664M H800-hours for 14.8T tokens in FP8 check it.
	moeTrainShare = 0.7
	// qloraTrainShare is QLoRA's speed relative to LoRA on the same
	// model: bitsandbytes dequantises every 4-bit matrix before each
	// matmul, forward and backward. ms-swift's A100 benchmark trains
	// Qwen-7B and Qwen-14B with 4-bit (bnb) LoRA at 0.56 and 0.52 of the
	// samples/s of bf16 LoRA (docs/source_en/LLM/Benchmark.md).
	qloraTrainShare = 0.55
	// hopperTrainShare is the share of the A100-calibrated MFU that Hopper
	// cards (H100, H800, H20, H200) reach in training: their dense BF16
	// peak is three times the A100's on 1.6 times the bandwidth, and the
	// non-GEMM work does not speed up with it. torchtitan reports 33–39%
	// MFU for Llama 3.1 8B on 8 H100 and the Llama 3 paper 38–43% for
	// 405B on 16K H100, both counting attention FLOPs, where Llama 2 on
	// A100 reached 39–43% by 6·N·D alone.
	hopperTrainShare = 0.85
)

// trainMFU is the low / likely / high MFU of this job on card, as a share
// of its dense BF16 peak: MFU scaled by the model's size, FP8 linear layers
// where the card has FP8, the card's architecture, MoE routing and QLoRA's
// dequantisation.
func (j *job) trainMFU(card catalog.Card) Range {
	f := 1 + mfuPerDoubling*math.Log2(math.Max(j.model.ActiveParams, 1)/7e9)
	f = math.Max(0.85, math.Min(1.15, f))
	if j.Precision == FP8 && card.FP8TFLOPS.Value > 0 && !j.Workload.Adapters() {
		f *= fp8TrainSpeedup
	}
	if card.Architecture == "Hopper" {
		f *= hopperTrainShare
	}
	if j.model.MoE != nil {
		f *= moeTrainShare
	}
	if j.Workload == QLoRA {
		f *= qloraTrainShare
	}
	if j.Workload.Adapters() {
		f *= j.Framework.adapterSpeedup()
	}
	m := MFU()
	return Range{Low: m.Low * f, Likely: m.Likely * f, High: m.High * f}
}

// Estimates are speed and time estimates for one card choice.
type Estimates struct {
	// DecodeTokensPerSec is the generation speed one sequence sees in
	// steady state when Concurrency sequences are served together at the
	// mean context (inference): each decode step also reads in the prompts
	// of the requests that replace finished ones (continuous batching), so
	// a step carries (Concurrency − 1) · prompt / output prompt tokens of
	// the others on average.
	DecodeTokensPerSec Range `json:"decode_tokens_per_sec"`
	// DecodeTotalTokensPerSec is DecodeTokensPerSec × Concurrency.
	DecodeTotalTokensPerSec Range `json:"decode_total_tokens_per_sec"`
	// DecodeOnlyTokensPerSec is the speed of one sequence of a static
	// batch, with no prompt read in between (a benchmark's decode-only
	// figure).
	DecodeOnlyTokensPerSec Range `json:"decode_only_tokens_per_sec"`
	// PrefillTokensPerSec is how fast prompts are read in, all ranks
	// together: 2·N_active FLOPs a token at the serving MFU.
	PrefillTokensPerSec Range `json:"prefill_tokens_per_sec"`
	// TimeToFirstTokenS is the wait for a request's first token in
	// seconds: its prompt read in at PrefillTokensPerSec, then one decode
	// step (inference).
	TimeToFirstTokenS Range `json:"time_to_first_token_s"`
	// DecodeBound is "memory", "compute" or "latency": what limits a
	// decode step at the likely efficiencies.
	DecodeBound string `json:"decode_bound,omitempty"`
	// TrainFLOPs is 6·N·D (4·N·D for LoRA) with N the active parameters.
	TrainFLOPs float64 `json:"train_flops,omitempty"`
	// TrainHours is the wall-clock training time.
	TrainHours Range `json:"train_hours"`
	// CardHours is TrainHours × cards.
	CardHours Range `json:"card_hours"`
	// DecodeAccuracy and TrainAccuracy are the measured spread of the model
	// on the published runs of the estimate's reference class (the error
	// bar beside the low / likely / high range).
	DecodeAccuracy *Accuracy `json:"decode_accuracy,omitempty"`
	TrainAccuracy  *Accuracy `json:"train_accuracy,omitempty"`
	// Notes state the formulas and efficiencies used.
	Notes []msg.M `json:"notes,omitempty"`
}

func (j *job) speed(mem Memory, card catalog.Card, n int) Estimates {
	var e Estimates
	switch {
	case j.Workload == Inference:
		j.decode(&e, mem, card, n)
	case j.Workload.Training() && j.TokensToTrain > 0:
		j.trainTime(&e, card, n)
	case j.Workload.Training():
		e.Notes = append(e.Notes, msg.New("sizing.speed.no_tokens"))
	default:
		e.Notes = append(e.Notes, msg.New("sizing.speed.no_model", msg.Text(string(j.Workload))))
	}
	return e
}

// ServingMFU is the share of a card's dense tensor peak that serving GEMMs
// reach (decode at large batch, prefill): 0.35 / 0.5 / 0.65. Fitted on
// TensorRT-LLM's max-throughput tables (LLaMA 7B and 70B, Mixtral on A100,
// H100 and H200; see docs/decode-references.md).
func ServingMFU() Range { return Range{Low: 0.35, Likely: 0.5, High: 0.65} }

// Per-layer latency floors of one decode step, in seconds. A step runs a
// chain of small kernels per layer that take microseconds each whatever
// the bandwidth; at batch 1 this floor, not the weight reads, decides the
// speed of large MoE models.
const (
	// layerFloor is a dense layer on one card: about ten kernels of ~1.5
	// µs under CUDA graphs (gpt-fast's Llama-2-7B at 105 tokens/s on an
	// A100 leaves about 0.5 ms over 32 layers).
	layerFloor = 15e-6
	// allReduceNVLink is one small all-reduce over NVLink or HCCS; a
	// tensor-parallel layer runs two. gpt-fast's Llama-2-70B on 2/4/8 A100s
	// (21.3 / 38.0 / 62.5 tokens/s) puts it at 12–18 µs, growing with the
	// ranks.
	allReduceNVLink = 12e-6
	// allReducePCIe is the same over PCIe, with no peer-to-peer fast path.
	allReducePCIe = 40e-6
	// moeLayerFloor is the extra latency of one MoE layer: routing,
	// token alignment and the fused kernels that run all of a layer's
	// experts as one grouped GEMM (vLLM and SGLang fused_moe). Fitted on
	// Qwen3-30B-A3B at batch 1 on one H20 (137 tokens/s, Qwen3
	// speed_benchmark.md); Qwen3-235B-A22B on 4 and 8 H20 and gpt-fast's
	// Mixtral on 2–8 A100s check it.
	moeLayerFloor = 40e-6
	// mlaMoELayerFloor is the latency of a DeepSeek-V3 layer beyond its
	// reads: multi-head latent attention over 128 heads, group-limited
	// routing over 256 experts and block-scaled FP8 GEMMs each with its own
	// activation-quantisation kernel. Published batch-1 runs hold
	// DeepSeek-V3 and R1 near 30 tokens/s on 8 H200, 16 H100 and 8 H20
	// alike (SGLang PR 2643, tenstorrent/tt-inference-server#356,
	// vllm-project/vllm#30832): a latency floor of about 0.4 ms a layer, fitted on
	// those three rows.
	mlaMoELayerFloor = 400e-6
	// pcieGBs is the usable PCIe bandwidth of an all-reduce between cards
	// without NVLink, per direction.
	pcieGBs = 25
)

// decodeCalc is one decode configuration worked out: the step times at the
// low / likely / high efficiencies and what went into them.
type decodeCalc struct {
	weights, kv, peak, floor float64 // bytes a rank reads, FLOP/s, seconds
	eta, mfu                 Range
	only, steady             Range // seconds per step, fastest first: decode only, steady state
	prefill                  Range // prompt tokens/s, all ranks
	others                   float64
	tp                       int
}

// decodeSteps works out a decode step of b sequences on cards split tp
// ways by tensor parallelism (layout gives tp). One step
// of a batch of b sequences reads the weights the batch needs (all of a
// dense model; the shared part and the distinct experts the batch hits of
// an MoE model) and every sequence's KV cache at the mean context, split
// over the tensor-parallel ranks (pipeline stages run one after another);
// the GEMMs overlap the weight reads, attention does not overlap them, and
// each layer adds a latency floor that grows with tensor parallelism and
// MoE routing. In steady state each step also reads in the prompts of the
// requests that replace finished ones.
func (j *job) decodeSteps(mem Memory, card *catalog.Card, tp int, b float64) decodeCalc {
	bw := card.BandwidthGBs.Value * GB
	t := float64(tp)
	ctx := j.meanContext()
	c := decodeCalc{tp: tp, eta: bandwidthEfficiencyOf(card.ID), mfu: ServingMFU()}
	c.weights = j.stepWeightBytes(mem.WeightBits/8, b) / t
	c.kv = b * j.model.KVBytes(ctx, j.kvValueBytes()) * j.model.kvShare(tp)
	c.peak = j.computePeak(card) * 1e12
	gemm := 2 * j.model.ActiveParams * b / t
	attn := b * j.model.attentionFLOPs(ctx) / t
	c.floor = j.stepFloor(card, tp, b)
	step := func(eff, u float64) float64 {
		return math.Max(c.weights/(bw*eff), gemm/(c.peak*u)) + math.Max(c.kv/(bw*eff), attn/(c.peak*u)) + c.floor
	}
	c.only = Range{Low: step(c.eta.High, c.mfu.High), Likely: step(c.eta.Likely, c.mfu.Likely), High: step(c.eta.Low, c.mfu.Low)}
	prefill := func(u float64) float64 { return c.peak * u * t / (2 * j.model.ActiveParams) }
	c.prefill = Range{Low: prefill(c.mfu.Low), Likely: prefill(c.mfu.Likely), High: prefill(c.mfu.High)}
	c.others = (b - 1) * j.prompt() / float64(j.OutputTokens)
	c.steady = Range{Low: c.only.Low + c.others/c.prefill.High, Likely: c.only.Likely + c.others/c.prefill.Likely, High: c.only.High + c.others/c.prefill.Low}
	return c
}

// prompt is the prompt length of a request: the context less the output.
func (j *job) prompt() float64 { return float64(j.ContextTokens - j.OutputTokens) }

// perSequence is the steady-state tokens/s one sequence sees.
func (c decodeCalc) perSequence() Range {
	return Range{Low: 1 / c.steady.High, Likely: 1 / c.steady.Likely, High: 1 / c.steady.Low}
}

// firstToken is the time to a request's first token: its prompt at the
// prefill rate, then one steady step.
func (c decodeCalc) firstToken(prompt float64) Range {
	return Range{Low: prompt/c.prefill.High + c.steady.Low, Likely: prompt/c.prefill.Likely + c.steady.Likely, High: prompt/c.prefill.Low + c.steady.High}
}

// decode fills the decode estimates of n cards serving Concurrency
// sequences (see decodeSteps).
func (j *job) decode(e *Estimates, mem Memory, card catalog.Card, n int) {
	if card.BandwidthGBs.Value <= 0 {
		e.Notes = append(e.Notes, msg.New("sizing.speed.no_bandwidth"))
		return
	}
	b := float64(j.Concurrency)
	tp, _, _, _ := j.layout(mem, &card, n)
	c := j.decodeSteps(mem, &card, tp, b)
	e.DecodeOnlyTokensPerSec = Range{Low: 1 / c.only.High, Likely: 1 / c.only.Likely, High: 1 / c.only.Low}
	e.DecodeTokensPerSec = c.perSequence()
	e.DecodeTotalTokensPerSec = Range{Low: b * e.DecodeTokensPerSec.Low, Likely: b * e.DecodeTokensPerSec.Likely, High: b * e.DecodeTokensPerSec.High}
	e.PrefillTokensPerSec = c.prefill
	e.TimeToFirstTokenS = c.firstToken(j.prompt())
	bw := card.BandwidthGBs.Value * GB
	gemm := 2 * j.model.ActiveParams * b / float64(c.tp)
	e.DecodeBound = decodeBound(c.weights/(bw*c.eta.Likely)+c.kv/(bw*c.eta.Likely), gemm/(c.peak*c.mfu.Likely), c.floor)
	ctx := j.meanContext()
	e.Notes = append(e.Notes, msg.New("sizing.speed.decode", msg.Num(ctx, 0), msg.Num(j.prompt(), 0), msg.Int(j.OutputTokens),
		msg.Int(j.ContextTokens), msg.Num(c.weights/GB, 2), msg.Num(c.kv/GB, 2), msg.Text(string(j.KVPrecision)),
		msg.Num(card.BandwidthGBs.Value, 0), triple(c.eta.Low, c.eta.Likely, c.eta.High), msg.Num(c.peak/1e12, 0),
		triple(c.mfu.Low, c.mfu.Likely, c.mfu.High), msg.Num(c.floor*1e3, 2)))
	e.DecodeAccuracy = accuracyOf(decodeClass(j.model, card), card)
	if a := e.DecodeAccuracy; a != nil {
		e.Notes = append(e.Notes, a.Note("decode"))
	}
	e.Notes = append(e.Notes, msg.New("sizing.accuracy.ttft"))
	if c.others > 0 {
		e.Notes = append(e.Notes, msg.New("sizing.speed.interference", msg.Int(j.Concurrency), msg.Num(c.others, 0),
			msg.Num(100*(1-e.DecodeTokensPerSec.Likely/e.DecodeOnlyTokensPerSec.Likely), 0)))
	}
	if j.model.MoE != nil && b > 1 {
		e.Notes = append(e.Notes, msg.New("sizing.speed.moe", msg.Int(j.Concurrency), msg.Num(j.distinctExperts(b), 1), msg.Int(j.model.MoE.Experts), msg.Int(j.model.MoE.TopK)))
	}
}

// meanContext is the context a sequence decodes against on average: the
// prompt plus half the output.
func (j *job) meanContext() float64 {
	return float64(j.ContextTokens) - float64(j.OutputTokens)/2
}

// distinctExperts is the expected number of routed experts a batch of b
// tokens hits in one MoE layer, E·(1 − (1 − k/E)^b), with uniform routing.
func (j *job) distinctExperts(b float64) float64 {
	e := j.model.MoE
	E, k := float64(e.Experts), float64(e.TopK)
	return E * (1 - math.Pow(1-k/E, b))
}

// stepWeightBytes is what one decode step of a batch of b reads of the
// weights, at bytesPerParam: all of a dense model; for MoE the non-expert
// part, the shared experts and the distinct routed experts of every MoE
// layer.
func (j *job) stepWeightBytes(bytesPerParam, b float64) float64 {
	m := j.model
	if m.MoE == nil {
		return m.ActiveParams * bytesPerParam
	}
	e := m.MoE
	expert := 3 * float64(m.Hidden) * float64(e.ExpertFFN)
	moeLayers := float64(m.Layers - e.DenseLayers)
	routedActive := moeLayers * float64(e.TopK) * expert
	rest := m.ActiveParams - routedActive
	return (rest + moeLayers*j.distinctExperts(b)*expert) * bytesPerParam
}

// stepFloor is the latency floor of one decode step: every layer's
// kernels, two all-reduces per layer under tensor parallelism (their
// latency plus the batch's activations over the link), and one MoE floor
// per MoE layer (its experts run as one grouped GEMM, not one by one).
func (j *job) stepFloor(card *catalog.Card, tp int, b float64) float64 {
	m := j.model
	layers := float64(max(m.Layers, 1))
	floor := layers * layerFloor
	if tp > 1 {
		alpha, link := allReducePCIe, float64(pcieGBs)*GB
		if card.HasNVLink() {
			alpha = allReduceNVLink * (1 + 0.2*math.Log2(float64(tp)))
			if card.NVLinkGBs.Value > 0 {
				link = card.NVLinkGBs.Value * GB / 2
			}
		}
		t := float64(tp)
		msg := b * float64(m.Hidden) * 2
		floor += 2 * layers * (alpha + 2*(t-1)/t*msg/link)
	}
	if e := m.MoE; e != nil {
		per := moeLayerFloor
		if m.MLA != nil {
			per = mlaMoELayerFloor
		}
		floor += float64(m.Layers-e.DenseLayers) * per
	}
	return floor
}

// moeGEMMShare is the share of the BF16 peak an MoE model's grouped expert
// GEMMs reach relative to dense ones: each expert sees B·k/E tokens, and
// tokens are gathered and scattered around the GEMMs. Fitted on
// TensorRT-LLM's Mixtral tables (A100 FP16, H100 and H200 FP8).
const moeGEMMShare = 0.7

// computePeak is the dense tensor throughput the GEMMs run at: FP8 or
// INT8 where the card has it and the weights are in it, else BF16 (4-bit
// weights are dequantised to 16 bits). MoE models run at moeGEMMShare of
// the BF16 rate whatever their weights: their grouped expert GEMMs see a
// few hundred tokens per expert at most, too few to reach the FP8 peak
// (TensorRT-LLM's FP8 Mixtral on H100 and H200 runs below the BF16 rate
// of the same cards).
func (j *job) computePeak(card *catalog.Card) float64 {
	switch {
	case j.model.MoE != nil:
		return card.BF16TFLOPS.Value * moeGEMMShare
	case j.Precision == FP8 && card.FP8TFLOPS.Value > 0:
		return card.FP8TFLOPS.Value
	case j.Precision == INT8 && card.INT8TOPS.Value > 0:
		return card.INT8TOPS.Value
	}
	return card.BF16TFLOPS.Value
}

// decodeBound names what dominates a step at the likely efficiencies.
func decodeBound(memory, compute, floor float64) string {
	switch {
	case floor > memory && floor > compute:
		return "latency"
	case compute > memory:
		return "compute"
	}
	return "memory"
}

// trainTime fills the training estimates: k·N·D / (cards · peak · MFU),
// k = 6 (forward 2, backward 4) for full training and 4 for LoRA, whose
// frozen weights skip the weight-gradient GEMMs (derived, not measured).
func (j *job) trainTime(e *Estimates, card catalog.Card, n int) {
	k := 6.0
	if j.Workload.Adapters() {
		k = 4
	}
	e.TrainFLOPs = k * j.model.ActiveParams * j.TokensToTrain
	peak := card.BF16TFLOPS.Value * 1e12
	if peak <= 0 {
		e.Notes = append(e.Notes, msg.New("sizing.speed.no_bf16"))
		return
	}
	mfu := j.trainMFU(card)
	hours := func(u float64) float64 { return e.TrainFLOPs / (float64(n) * peak * u) / 3600 }
	e.TrainHours = Range{Low: hours(mfu.High), Likely: hours(mfu.Likely), High: hours(mfu.Low)}
	e.CardHours = Range{Low: e.TrainHours.Low * float64(n), Likely: e.TrainHours.Likely * float64(n), High: e.TrainHours.High * float64(n)}
	e.Notes = append(e.Notes, msg.New("sizing.speed.training", msg.Fig(k), msg.Text(fmt.Sprintf("%.3g", e.TrainFLOPs)), msg.Int(n), msg.Num(card.BF16TFLOPS.Value, 0), triple(mfu.High, mfu.Likely, mfu.Low)))
	e.TrainAccuracy = accuracyOf(trainClass(j.model), card)
	if a := e.TrainAccuracy; a != nil {
		e.Notes = append(e.Notes, a.Note("train"))
		if j.Workload.Adapters() {
			e.Notes = append(e.Notes, msg.New("sizing.accuracy.adapters"))
		}
	}
	if j.Workload == QLoRA {
		e.Notes = append(e.Notes, msg.New("sizing.speed.qlora"))
	}
	if s := j.Framework.adapterSpeedup(); j.Workload.Adapters() && s != 1 {
		e.Notes = append(e.Notes, msg.New("sizing.speed.framework", msg.Text(string(j.Framework)), msg.Fig(s)))
	}
	if j.model.MoE != nil {
		e.Notes = append(e.Notes, msg.New("sizing.speed.moe_training"))
	}
	if j.Precision == FP8 && card.FP8TFLOPS.Value > 0 && !j.Workload.Adapters() {
		e.Notes = append(e.Notes, msg.New("sizing.speed.fp8_training"))
	}
	if n > 1 && !card.HasNVLink() {
		e.Notes = append(e.Notes, msg.New("sizing.speed.pcie"))
	}
}

// triple writes three efficiencies as "0.60/0.70/0.80".
func triple(a, b, c float64) msg.Arg {
	return msg.Text(fmt.Sprintf("%.2f/%.2f/%.2f", a, b, c))
}

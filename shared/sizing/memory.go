package sizing

import (
	"math"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// GiB and GB are the two units public tools mix: this
// package reports GiB; catalogue cards are marketed in GB.
const (
	GiB = 1 << 30 // bytes
	GB  = 1e9     // bytes
)

// Runtime constants applied to every card.
const (
	// OverheadGiB is the memory each card loses to the CUDA context,
	// cuBLAS and NCCL workspaces and allocator slack before the job stores
	// anything: 1 GiB, inside the 0.3–2 GiB a CUDA context takes and above
	// gpu_poor's fixed 650 MB (RahulSChand/gpu_poor). The ~5 GiB the EleutherAI cookbook saw under
	// Megatron-DeepSpeed is not used.
	OverheadGiB = 1.0
	// UsableFraction is the share of a card's memory a job may plan to
	// fill, vLLM's default gpu_memory_utilization (vllm/config/cache.py).
	// The rest absorbs fragmentation and peaks the model does not see.
	UsableFraction = 0.9
	// PrefillChunkTokens is how many prompt tokens an inference server
	// pushes through the model at once (chunked prefill); it bounds the
	// inference activations. Assumed, of the order of vLLM's
	// max_num_batched_tokens.
	PrefillChunkTokens = 8192
	// ImageActivationGiB is the working memory of one image at about one
	// megapixel: FLUX.1-dev peaks at 22.63 against 22.17 GiB of weights
	// (from the diffusers benchmarks' FLUX.1-dev bf16 peak, read as GiB).
	ImageActivationGiB = 0.5
)

// Memory is the memory a job needs, all cards together, in GiB (2^30 B).
// OverheadGiB is one card's; Recommend adds it per card.
type Memory struct {
	WeightsGiB        float64 `json:"weights_gib"`
	KVCacheGiB        float64 `json:"kv_cache_gib"`
	ActivationsGiB    float64 `json:"activations_gib"`
	TrainingStatesGiB float64 `json:"training_states_gib"`
	OverheadGiB       float64 `json:"overhead_gib"`
	TotalGiB          float64 `json:"total_gib"`

	// Model is the model as sized, with its derived parameter counts.
	Model Model `json:"model"`
	// Precision is the weight precision used.
	Precision Precision `json:"precision"`
	// WeightBits is the average storage cost of one weight in bits.
	WeightBits float64 `json:"weight_bits"`
	// KVBytesPerToken is the KV cache of one token over all layers.
	KVBytesPerToken float64 `json:"kv_bytes_per_token,omitempty"`
	// TrainableParams is the number of trained parameters (all of them,
	// or the LoRA adapters).
	TrainableParams float64 `json:"trainable_params,omitempty"`
	// StateBytesPerParam is the training state of one trainable parameter
	// in bytes, GPU and paged parts together: gradients, fp32 master weights
	// and the optimizer's moments (and the adapter weights themselves for
	// LoRA).
	StateBytesPerParam float64 `json:"state_bytes_per_param,omitempty"`
	// PagedStatesGiB are the optimizer moments of a paged optimizer: they
	// may live in host memory, so TotalGiB leaves them out and the host
	// needs this much free RAM.
	PagedStatesGiB float64 `json:"paged_states_gib,omitempty"`
	// Notes state every assumption behind the figures.
	Notes []msg.M `json:"notes,omitempty"`
}

func (j *job) memory() Memory {
	m := j.model
	mem := Memory{Model: m, Precision: j.Precision, OverheadGiB: OverheadGiB}
	mem.Notes = append(mem.Notes, j.notes...)
	weights := j.weightBytes()
	mem.WeightsGiB = weights / GiB
	if m.Params > 0 {
		mem.WeightBits = weights * 8 / m.Params
	}
	mem.Notes = append(mem.Notes, j.weightNote())
	switch {
	case j.Workload == HPC:
		mem.ActivationsGiB = j.WorkingSetGiB
		mem.Notes = append(mem.Notes, msg.New("sizing.hpc.activations"))
	case j.Workload.Diffusion():
		mem.ActivationsGiB = ImageActivationGiB * float64(j.Concurrency)
		mem.Notes = append(mem.Notes, msg.New("sizing.diffusion", msg.Num(ImageActivationGiB, 1), msg.Num(m.ActiveParams*j.Precision.BytesPerParam()/GiB, 1)))
		if j.Workload == VideoGen {
			mem.Notes = append(mem.Notes, msg.New("sizing.video.activations"))
		}
	case j.Workload == Inference:
		kvb := j.kvValueBytes()
		ctx := float64(j.ContextTokens)
		perSeq := m.KVBytes(ctx, kvb)
		mem.KVBytesPerToken = perSeq / ctx
		tokens := ctx * float64(j.Concurrency)
		mem.KVCacheGiB = perSeq * float64(j.Concurrency) / GiB
		mem.ActivationsGiB = j.inferenceActivationBytes() / GiB
		mem.Notes = append(mem.Notes, msg.New("sizing.kv", msg.Text(string(j.KVPrecision)), msg.Int(j.Concurrency), msg.Int(j.ContextTokens), msg.Num(tokens, 0), msg.Num(mem.KVBytesPerToken, 0)),
			msg.New("sizing.inference.activations", msg.Int(PrefillChunkTokens)))
		if m.SlidingLayers > 0 {
			mem.Notes = append(mem.Notes, msg.New("sizing.sliding", msg.Int(m.SlidingLayers), msg.Int(m.Layers), msg.Int(m.SlidingWindow)))
		}
	default:
		mem.ActivationsGiB = j.trainingActivationBytes() / GiB
		var paged float64
		mem.TrainableParams, mem.StateBytesPerParam, paged = j.trainable()
		mem.TrainingStatesGiB = mem.TrainableParams * (mem.StateBytesPerParam - paged) / GiB
		mem.PagedStatesGiB = mem.TrainableParams * paged / GiB
		mem.Notes = append(mem.Notes, j.trainingNotes(mem)...)
	}
	if m.MoE != nil {
		mem.Notes = append(mem.Notes, msg.New("sizing.moe.memory", msg.Num(m.Params/1e9, 1), msg.Num(m.ActiveParams/1e9, 1)))
	}
	mem.Notes = append(mem.Notes, msg.New("sizing.overhead", msg.Num(OverheadGiB, 0), msg.Num(UsableFraction*100, 0)))
	mem.TotalGiB = mem.WeightsGiB + mem.KVCacheGiB + mem.ActivationsGiB + mem.TrainingStatesGiB + mem.OverheadGiB
	return mem
}

// weightBytes is the stored size of the (frozen or trained) weights.
func (j *job) weightBytes() float64 {
	m := j.model
	if j.Workload == QLoRA {
		keep, width := m.unquantizedParams(), 2.0
		if j.Framework.upcastsFrozen() {
			width = 4
		}
		return keep*width + (m.Params-keep)*NF4Bits/8
	}
	if j.Workload == Pretrain || j.Workload == FullFinetune {
		// FP8 training (Transformer Engine) keeps bf16 weights and casts
		// per GEMM, so it is sized as bf16.
		return m.Params * math.Max(j.Precision.BytesPerParam(), 2)
	}
	if e := m.MoE; e != nil && m.PublishedExpertBits > 0 && j.Precision == m.Precision {
		experts := float64(m.Layers-e.DenseLayers) * float64(e.Experts) * 3 * float64(m.Hidden) * float64(e.ExpertFFN)
		return experts*m.PublishedExpertBits/8 + (m.Params-experts)*2
	}
	if j.Precision == FP8 || j.Precision == INT8 {
		keep := m.eightBitKeptParams()
		return keep*2 + (m.Params-keep)*j.Precision.BytesPerParam()
	}
	return m.Params * j.Precision.BytesPerParam()
}

func (j *job) weightNote() msg.M {
	switch {
	case j.Workload == HPC:
		return msg.New("sizing.weights.hpc")
	case j.Workload == QLoRA:
		return msg.New("sizing.weights.qlora", msg.Num(NF4Bits, 3))
	case j.Precision == INT4 && j.model.PublishedExpertBits > 0 && j.model.Precision == INT4:
		return msg.New("sizing.weights.published_experts", msg.Text(j.model.ID), msg.Num(j.model.PublishedExpertBits, 2), msg.Num(j.weightBytes()*8/j.model.Params, 2))
	case j.Precision == INT4:
		return msg.New("sizing.weights.int4", msg.Num(Q4KMBits, 2))
	case j.Precision == FP8 && j.Workload.Training() && !j.Workload.Adapters():
		return msg.New("sizing.weights.fp8_training")
	case (j.Precision == FP8 || j.Precision == INT8) && j.model.FP8MLPOnly:
		return msg.New("sizing.weights.8bit_mlp", msg.Text(string(j.Precision)), msg.Num(j.model.eightBitKeptParams()/1e9, 1), msg.Num(j.weightBytes()*8/j.model.Params, 2))
	case j.Precision == FP8 || j.Precision == INT8:
		return msg.New("sizing.weights.8bit", msg.Text(string(j.Precision)), msg.Num(j.model.eightBitKeptParams()/1e9, 2), msg.Num(j.weightBytes()*8/j.model.Params, 2))
	}
	return msg.New("sizing.weights.bits", msg.Text(string(j.Precision)), msg.Fig(j.Precision.BitsPerParam()))
}

// trainable returns the trained parameter count, the training-state bytes
// each one costs and how many of those bytes a paged optimizer may keep in
// host memory. Full training keeps gradients (4 B in fp32, the Megatron and
// HF Transformers convention, or 2 B with BF16Grads, the ZeRO paper's), an
// fp32 master copy (4 B; none for fp32 training) and the optimizer moments
// (Optimizer.MomentBytes); with the 2 B weights mixed-precision AdamW is 18
// B per parameter (Megatron) or 16 (ZeRO). LoRA adapters are trained as the
// QLoRA paper trains them: 16-bit adapter weights and gradients, no master
// copy, plus the moments; Weights holds only the frozen base.
func (j *job) trainable() (params, stateBytes, paged float64) {
	grad, master := 4.0, 4.0
	if j.BF16Grads {
		grad = 2
	}
	moments := j.Optimizer.MomentBytes()
	switch {
	case j.Precision == FP32 && j.Workload.Adapters():
		stateBytes = 4 + 4 + moments
	case j.Precision == FP32:
		stateBytes = 4 + moments
	case j.Workload.Adapters() && j.Framework.upcastsFrozen():
		stateBytes = 4 + 4 + moments
	case j.Workload.Adapters():
		stateBytes = 2 + 2 + moments
	default:
		stateBytes = grad + master + moments
	}
	if j.Optimizer.Paged() {
		paged = moments
	}
	if j.Workload.Adapters() {
		return j.model.LoRAParams(j.LoRARank, j.LoRATargets), stateBytes, paged
	}
	return j.model.Params, stateBytes, paged
}

func (j *job) trainingNotes(mem Memory) []msg.M {
	notes := []msg.M{msg.New("sizing.states", msg.Sub(j.stateConvention(mem.StateBytesPerParam))),
		msg.New("sizing.activations.training", recomputeLabel(j.Recompute), msg.Int(j.ContextTokens), msg.Int(j.Concurrency)),
		msg.New("sizing.framework", msg.Text(string(j.Framework)), msg.Sub(msg.New("sizing.framework."+string(j.Framework))), msg.Fig(j.Framework.logitsBytes()))}
	if j.Workload.Adapters() {
		notes = append(notes, msg.New("sizing.lora", msg.Int(j.LoRARank), msg.Text(strings.Join(j.LoRATargets, ", ")),
			msg.Num(mem.TrainableParams, 0), msg.Num(100*mem.TrainableParams/j.model.Params, 3)))
	}
	if mem.PagedStatesGiB > 0 {
		notes = append(notes, msg.New("sizing.paged", msg.Text(string(j.Optimizer)), msg.Num(mem.PagedStatesGiB, 1)))
	}
	return notes
}

// recomputeLabel names a recomputation mode in the reader's language, or
// as given when the catalogue does not know it.
func recomputeLabel(r Recompute) msg.Arg {
	if id := "sizing.recompute." + string(r); msg.Known(id) {
		return msg.Label(id)
	}
	return msg.Text(string(r))
}

// stateConvention names the bytes-per-parameter convention used.
func (j *job) stateConvention(state float64) msg.M {
	opt := msg.Sub(msg.New("sizing.optimizer", msg.Text(string(j.Optimizer)), msg.Fig(j.Optimizer.MomentBytes())))
	id := "sizing.state.megatron"
	switch {
	case j.Workload.Adapters() && (j.Precision == FP32 || j.Framework.upcastsFrozen()):
		id = "sizing.state.adapter_fp32"
	case j.Workload.Adapters():
		id = "sizing.state.adapter"
	case j.Precision == FP32:
		id = "sizing.state.fp32"
	case j.BF16Grads:
		id = "sizing.state.zero"
	}
	return msg.New(id, msg.Fig(state), opt)
}

// kvValueBytes is the width of one cached KV value: 1 for fp8 and int8,
// else 2: serving stacks cache 16-bit values even for fp32 weights.
func (j *job) kvValueBytes() float64 {
	switch j.KVPrecision {
	case FP8, INT8:
		return 1
	}
	return 2
}

// LayerActivationBytes is the activation memory one transformer layer keeps
// for the backward pass with 16-bit activations (Korthikanti et al. 2022,
// eq. 1 and §4): s·b·h·(34 + 5·a·s/h) bytes with no recomputation, 34·sbh
// with selective recomputation (or FlashAttention), 2·sbh with full
// recomputation. s is the sequence length, b the micro-batch, h the hidden
// size and a the attention heads.
func LayerActivationBytes(seq, batch, hidden, heads int, r Recompute) float64 {
	sbh := float64(seq) * float64(batch) * float64(hidden)
	switch r {
	case RecomputeFull:
		return 2 * sbh
	case RecomputeSelective:
		return 34 * sbh
	}
	return sbh * (34 + 5*float64(heads)*float64(seq)/float64(hidden))
}

// trainingActivationBytes sums the layers' activations and the loss's
// logits. Without full recomputation every layer keeps
// LayerActivationBytes. With it every layer keeps its 16-bit input (on the
// GPU unless the framework offloads checkpoints to host RAM) and one layer
// at a time is rebuilt with all its activations (rebuiltLayerBytes). The
// logits cost b·s·V times the framework's bytes per vocabulary entry
// (Framework.logitsBytes): 16 for the Transformers Trainer's full fp32
// loss, none for Unsloth's fused chunked loss.
func (j *job) trainingActivationBytes() float64 {
	m := j.model
	s, b := j.ContextTokens, j.Concurrency
	scale := j.Precision.valueBytes() / 2
	var total float64
	switch {
	case j.Recompute != RecomputeFull:
		total = float64(m.Layers) * LayerActivationBytes(s, b, m.Hidden, m.Heads, j.Recompute)
	case j.Framework.offloadsCheckpoints():
		// The checkpoints are in host RAM; the GPU still holds the input
		// of the layer being rebuilt, the gradient flowing into it and out
		// of it, and the final hidden state the loss reads: 4 × 2·sbh.
		total = j.rebuiltLayerBytes() + 4*LayerActivationBytes(s, b, m.Hidden, m.Heads, RecomputeFull)
	default:
		total = float64(m.Layers)*LayerActivationBytes(s, b, m.Hidden, m.Heads, RecomputeFull) + j.rebuiltLayerBytes()
	}
	logits := float64(b) * float64(s) * float64(m.Vocab) * j.Framework.logitsBytes()
	return total*scale + logits + j.dequantBytes()
}

// dequantBytes is QLoRA's dequantisation buffer: bitsandbytes expands each
// 4-bit matrix to 16 bits for its matmul, one at a time, so the largest
// linear layer is held once more in bf16.
func (j *job) dequantBytes() float64 {
	if j.Workload != QLoRA {
		return 0
	}
	m := j.model
	h := float64(m.Hidden)
	widest := math.Max(float64(m.FFN), float64(m.Heads*m.HeadDim))
	if e := m.MoE; e != nil {
		widest = math.Max(widest, float64(e.ExpertFFN))
	}
	return 2 * h * widest
}

// rebuiltLayerBytes is the activations of the one layer rebuilt at a time
// under full recomputation, with FlashAttention: Korthikanti et al.'s
// attention (11·sbh) and norm (4·sbh) terms, and a gated MLP (SwiGLU,
// GeGLU: every preset) that keeps its input, the gate and up projections,
// the activated gate and their product, 2·sbh + 8·sb·ffn bytes, where the
// GeLU MLP of the paper keeps 19·sbh. MoE layers count the experts a token
// visits; a model without an FFN width keeps the paper's term.
func (j *job) rebuiltLayerBytes() float64 {
	m := j.model
	sb := float64(j.ContextTokens) * float64(j.Concurrency)
	h := float64(m.Hidden)
	mlp := 19 * h
	if f := m.ffnActive(); f > 0 {
		mlp = 2*h + 8*f
	}
	return sb * (15*h + mlp)
}

// inferenceActivationBytes is one layer's transient buffers for a prefill
// chunk, about (4h + 2·ffn) values a token, plus fp32 logits for the last
// token of every sequence.
func (j *job) inferenceActivationBytes() float64 {
	m := j.model
	tokens := math.Min(float64(j.ContextTokens)*float64(j.Concurrency), PrefillChunkTokens)
	perToken := (4*float64(m.Hidden) + 2*m.ffnActive()) * j.Precision.valueBytes()
	return tokens*perToken + float64(j.Concurrency)*float64(m.Vocab)*4
}

package sizing

import (
	"math"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// Model is a network as the sizing sees it: the architecture constants that
// decide memory and speed, and the parameter counts derived from them.
type Model struct {
	// ID is the preset id ("llama-3.1-70b"), or "custom" for a model given
	// only by its size.
	ID string `json:"id"`
	// Name is the human name.
	Name string `json:"name"`

	Layers  int `json:"layers,omitempty"`
	Hidden  int `json:"hidden,omitempty"`
	Heads   int `json:"heads,omitempty"`    // attention (query) heads
	KVHeads int `json:"kv_heads,omitempty"` // key/value heads (GQA); Heads for MHA
	HeadDim int `json:"head_dim,omitempty"` // from the config, not Hidden/Heads
	FFN     int `json:"ffn,omitempty"`      // SwiGLU intermediate size of dense layers
	Vocab   int `json:"vocab,omitempty"`

	// QKVBias is true when the q, k and v projections carry a bias (Qwen2.5).
	QKVBias bool `json:"qkv_bias,omitempty"`
	// QKNorm is true when q and k have their own RMSNorm (Qwen3).
	QKNorm bool `json:"qk_norm,omitempty"`
	// TiedEmbeddings is true when lm_head shares the embedding matrix.
	TiedEmbeddings bool `json:"tied_embeddings,omitempty"`

	// SlidingWindow is the attention window of the sliding-window layers in
	// tokens; 0 when every layer attends to the whole context.
	SlidingWindow int `json:"sliding_window,omitempty"`
	// SlidingLayers is how many of Layers use the sliding window (Gemma 3:
	// five of every six; gpt-oss: every other one). Their KV cache never
	// holds more than SlidingWindow tokens.
	SlidingLayers int `json:"sliding_layers,omitempty"`
	// Precision is the weight format the model is published in when it is
	// not 16-bit (gpt-oss ships its experts in MXFP4); a sheet without a
	// precision sizes the model in it.
	Precision Precision `json:"precision,omitempty"`

	// PublishedExpertBits is the storage cost of a routed-expert weight in
	// the published 4-bit checkpoint, the rest kept in 16 bits (gpt-oss:
	// MXFP4 experts at 4.25 bits). A job in that precision is sized so.
	PublishedExpertBits float64 `json:"published_expert_bits,omitempty"`
	// FP8MLPOnly is true when the published 8-bit checkpoint quantises
	// only the MLPs of the inner layers and keeps attention and the first
	// and last layers in 16 bits (Meta's FP8 Llama 3.1 405B). Otherwise an
	// 8-bit model stores every linear layer of its blocks in 8 bits.
	FP8MLPOnly bool `json:"fp8_mlp_only,omitempty"`

	// MoE is set for mixture-of-experts models.
	MoE *MoE `json:"moe,omitempty"`
	// MLA is set for multi-head latent attention (DeepSeek-V3).
	MLA *MLA `json:"mla,omitempty"`
	// Components lists the networks of a diffusion pipeline, the denoiser
	// first. Empty for language models.
	Components []Component `json:"components,omitempty"`

	// Params is the total parameter count; memory is sized from it.
	Params float64 `json:"params"`
	// ActiveParams is the count used per token (MoE) or per denoising step
	// (diffusion); speed is estimated from it.
	ActiveParams float64 `json:"active_params"`
	// PublishedB is the total the source publishes, in billions, for
	// comparison with Params.
	PublishedB float64 `json:"published_b,omitempty"`
	// Source cites where the constants come from.
	Source string `json:"source"`
	// Assumed says which parts of the shape were not given and how they
	// were filled in; empty for presets.
	Assumed msg.M `json:"assumed,omitzero"`
}

// MoE holds the mixture-of-experts constants.
type MoE struct {
	Experts     int `json:"experts"`      // routed experts per MoE layer
	Shared      int `json:"shared"`       // shared experts per MoE layer
	TopK        int `json:"top_k"`        // routed experts used per token
	ExpertFFN   int `json:"expert_ffn"`   // intermediate size of one expert
	DenseLayers int `json:"dense_layers"` // leading layers with a dense FFN
}

// MLA holds the multi-head latent attention constants (DeepSeek-V2/V3).
type MLA struct {
	QLoRARank  int `json:"q_lora_rank"`
	KVLoRARank int `json:"kv_lora_rank"`
	RopeDim    int `json:"qk_rope_head_dim"`
	NopeDim    int `json:"qk_nope_head_dim"`
	VHeadDim   int `json:"v_head_dim"`
}

// Component is one network of a diffusion pipeline.
type Component struct {
	Name   string  `json:"name"`
	Params float64 `json:"params"`
}

// clone returns a copy that shares no pointers or slices with m.
func (m Model) clone() Model {
	if m.MoE != nil {
		e := *m.MoE
		m.MoE = &e
	}
	if m.MLA != nil {
		a := *m.MLA
		m.MLA = &a
	}
	m.Components = append([]Component(nil), m.Components...)
	return m
}

// ParamsB is Params in billions.
func (m Model) ParamsB() float64 { return m.Params / 1e9 }

// KVBytesPerToken is the KV cache one token occupies across all layers when
// each cached value takes valueBytes bytes and every layer attends to the
// whole context: 2·layers·kv_heads·head_dim·bytes with grouped-query
// attention, (kv_lora_rank + rope_dim)·layers·bytes with MLA (vLLM's
// MLAAttentionSpec).
// Diffusion models keep no KV cache. Models with sliding-window layers keep
// less: see KVBytes.
func (m Model) KVBytesPerToken(valueBytes float64) float64 {
	return float64(m.Layers) * m.kvLayerBytes(valueBytes)
}

// kvLayerBytes is the KV cache of one token in one layer.
func (m Model) kvLayerBytes(valueBytes float64) float64 {
	if m.MLA != nil {
		return float64(m.MLA.KVLoRARank+m.MLA.RopeDim) * valueBytes
	}
	return 2 * float64(m.KVHeads) * float64(m.HeadDim) * valueBytes
}

// KVBytes is the KV cache of one sequence of tokens tokens: the full
// layers keep every token, the sliding-window layers at most SlidingWindow
// of them (vLLM's sliding-window spec; Gemma 3 and gpt-oss configs). A
// per-token formula over all layers overstates Gemma 3 27B at 128K tokens
// about sixfold.
func (m Model) KVBytes(tokens, valueBytes float64) float64 {
	full := float64(m.Layers - m.SlidingLayers)
	sliding := float64(m.SlidingLayers) * math.Min(tokens, float64(m.SlidingWindow))
	return (full*tokens + sliding) * m.kvLayerBytes(valueBytes)
}

// attentionFLOPs is the attention-score and value work of one new token
// against a context of tokens: 4·heads·head_dim per cached token and layer
// (q·k and p·v), the window capping the sliding layers.
func (m Model) attentionFLOPs(tokens float64) float64 {
	width := float64(m.Heads * m.HeadDim)
	if m.MLA != nil {
		width = float64(m.Heads) * float64(m.MLA.KVLoRARank+m.MLA.RopeDim)
	}
	full := float64(m.Layers - m.SlidingLayers)
	sliding := float64(m.SlidingLayers) * math.Min(tokens, float64(m.SlidingWindow))
	return 4 * width * (full*tokens + sliding)
}

// countParams derives the total and per-token parameter counts from the
// architecture: untied (unless TiedEmbeddings) embedding and lm_head,
// SwiGLU MLPs (three matrices), two RMSNorms per layer plus the final one,
// Qwen2.5's q/k/v bias, Qwen3's q/k norms, MoE routers and experts, MLA's
// low-rank projections and their norms.
func (m Model) countParams() (total, active float64) {
	if len(m.Components) > 0 {
		for _, c := range m.Components {
			total += c.Params
		}
		return total, m.Components[0].Params
	}
	h := float64(m.Hidden)
	perLayer := m.attentionParams() + 2*h
	total = float64(m.Layers)*perLayer + m.embeddingParams() + h
	active = total
	if m.MoE == nil {
		mlp := 3 * h * float64(m.FFN)
		return total + float64(m.Layers)*mlp, active + float64(m.Layers)*mlp
	}
	e := m.MoE
	dense := float64(e.DenseLayers) * 3 * h * float64(m.FFN)
	moeLayers := float64(m.Layers - e.DenseLayers)
	expert := 3 * h * float64(e.ExpertFFN)
	router := h * float64(e.Experts)
	total += dense + moeLayers*(float64(e.Experts+e.Shared)*expert+router)
	active += dense + moeLayers*(float64(e.TopK+e.Shared)*expert+router)
	return total, active
}

// attentionParams counts one layer's attention weights.
func (m Model) attentionParams() float64 {
	h := float64(m.Hidden)
	if a := m.MLA; a != nil {
		heads := float64(m.Heads)
		q := h*float64(a.QLoRARank) + float64(a.QLoRARank) + float64(a.QLoRARank)*heads*float64(a.NopeDim+a.RopeDim)
		kv := h*float64(a.KVLoRARank+a.RopeDim) + float64(a.KVLoRARank) + float64(a.KVLoRARank)*heads*float64(a.NopeDim+a.VHeadDim)
		o := heads * float64(a.VHeadDim) * h
		return q + kv + o
	}
	qDim := float64(m.Heads * m.HeadDim)
	kvDim := float64(m.KVHeads * m.HeadDim)
	p := h*qDim + 2*h*kvDim + qDim*h
	if m.QKVBias {
		p += qDim + 2*kvDim
	}
	if m.QKNorm {
		p += 2 * float64(m.HeadDim)
	}
	return p
}

// embeddingParams counts the input embedding and, when untied, lm_head.
func (m Model) embeddingParams() float64 {
	e := float64(m.Vocab) * float64(m.Hidden)
	if m.TiedEmbeddings {
		return e
	}
	return 2 * e
}

// unquantizedParams counts what QLoRA keeps in 16 bits: embeddings, lm_head
// and norms. Everything else (the linear layers) is stored in NF4.
func (m Model) unquantizedParams() float64 {
	if len(m.Components) > 0 {
		return 0
	}
	return math.Min(m.Params, m.embeddingParams()+float64(2*m.Layers+1)*float64(m.Hidden))
}

// eightBitKeptParams counts what an 8-bit (fp8 or int8) checkpoint keeps in
// 16 bits. FP8 and INT8 methods quantise linear layers only (Neural Magic's
// FP8 checkpoints, DeepSeek-V3's native FP8, Qwen3's FP8 releases,
// bitsandbytes' int8 skip lm_head): the embeddings, lm_head, norms and MoE
// routers stay 16-bit. Meta's FP8 Llama 3.1 405B keeps far more: every
// attention block and layers 0 and 125 whole (FbgemmFp8Config
// modules_to_not_convert in Hugging Face transformers' example), so it
// loads about 20% larger than one byte a weight.
func (m Model) eightBitKeptParams() float64 {
	if len(m.Components) > 0 {
		return 0
	}
	keep := m.unquantizedParams()
	if e := m.MoE; e != nil {
		keep += float64(m.Layers-e.DenseLayers) * float64(m.Hidden) * float64(e.Experts)
	}
	if m.FP8MLPOnly && m.MoE == nil && m.Layers > 2 {
		mlp := 3 * float64(m.Hidden) * float64(m.FFN)
		keep = m.Params - float64(m.Layers-2)*mlp
	}
	return math.Min(m.Params, keep)
}

// ffnActive is the intermediate width a token passes through: the dense FFN,
// or top-k plus shared experts for MoE layers, whichever is wider.
func (m Model) ffnActive() float64 {
	f := float64(m.FFN)
	if e := m.MoE; e != nil {
		f = math.Max(f, float64((e.TopK+e.Shared)*e.ExpertFFN))
	}
	return f
}

// loraTargetNames are the module names a LoRA adapter can target, in the
// Hugging Face PEFT spelling without the "_proj" suffix.
var loraTargetNames = []string{"q", "k", "v", "o", "gate", "up", "down"}

// DefaultLoRATargets are the modules adapted when the sheet names none: all
// four attention projections. PEFT's own default for Llama is q and v only;
// q, k, v, o at rank 16 is the common fine-tuning recipe and costs little
// more (16.8 M parameters on Llama-2-7B).
func DefaultLoRATargets() []string { return []string{"q", "k", "v", "o"} }

// DefaultLoRARank is the adapter rank used when the sheet gives none.
const DefaultLoRARank = 16

// normTarget maps "q_proj", "Q" or "q" to "q"; it returns "" for a name that
// is not a LoRA target.
func normTarget(s string) string {
	t := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(s)), "_proj")
	for _, n := range loraTargetNames {
		if t == n {
			return t
		}
	}
	return ""
}

// LoRAParams is the trainable parameter count of a LoRA adapter: the sum
// over targeted modules and layers of rank·(d_in + d_out).
// MoE expert modules are counted once per expert; MLA's q, k, v map to its
// low-rank projections (q: q_a and q_b; k: kv_a; v: kv_b).
func (m Model) LoRAParams(rank int, targets []string) float64 {
	r := float64(rank)
	var sum float64
	for _, t := range targets {
		for _, d := range m.loraDims(normTarget(t)) {
			sum += d.count * r * (d.in + d.out)
		}
	}
	return sum
}

// loraDim is one adapted matrix shape and how many of it the model holds.
type loraDim struct{ in, out, count float64 }

func (m Model) loraDims(target string) []loraDim {
	h, L := float64(m.Hidden), float64(m.Layers)
	if a := m.MLA; a != nil {
		heads := float64(m.Heads)
		switch target {
		case "q":
			return []loraDim{{h, float64(a.QLoRARank), L}, {float64(a.QLoRARank), heads * float64(a.NopeDim+a.RopeDim), L}}
		case "k":
			return []loraDim{{h, float64(a.KVLoRARank + a.RopeDim), L}}
		case "v":
			return []loraDim{{float64(a.KVLoRARank), heads * float64(a.NopeDim+a.VHeadDim), L}}
		case "o":
			return []loraDim{{heads * float64(a.VHeadDim), h, L}}
		}
	}
	qDim := float64(m.Heads * m.HeadDim)
	kvDim := float64(m.KVHeads * m.HeadDim)
	switch target {
	case "q":
		return []loraDim{{h, qDim, L}}
	case "k", "v":
		return []loraDim{{h, kvDim, L}}
	case "o":
		return []loraDim{{qDim, h, L}}
	case "gate", "up", "down":
		return m.mlpDims()
	}
	return nil
}

// mlpDims is one of gate/up/down in every layer (both directions add the
// same d_in + d_out, so the three share this list).
func (m Model) mlpDims() []loraDim {
	h := float64(m.Hidden)
	if e := m.MoE; e != nil {
		moeLayers := float64(m.Layers - e.DenseLayers)
		return []loraDim{
			{h, float64(m.FFN), float64(e.DenseLayers)},
			{h, float64(e.ExpertFFN), moeLayers * float64(e.Experts+e.Shared)},
		}
	}
	return []loraDim{{h, float64(m.FFN), float64(m.Layers)}}
}

// validTP reports whether tensor parallelism of size tp can split the
// model: tp must divide the attention heads, and the KV heads must split
// evenly or be replicated whole (tp a multiple of kv_heads). Models without
// heads (diffusion, HPC) accept any size.
func (m Model) validTP(tp int) bool {
	if m.Heads == 0 || tp == 1 {
		return true
	}
	if m.Heads%tp != 0 {
		return false
	}
	return m.KVHeads == 0 || m.KVHeads%tp == 0 || tp%m.KVHeads == 0
}

// kvShare is the fraction of the whole KV cache one tensor-parallel rank
// holds. With MLA the latent is shared by all heads and every rank keeps a
// full copy; with GQA a rank keeps ceil(kv_heads/tp) heads, so past
// tp = kv_heads the heads are replicated and the share stops falling.
func (m Model) kvShare(tp int) float64 {
	if m.MLA != nil {
		return 1
	}
	if m.KVHeads == 0 {
		return 1 / float64(tp)
	}
	perRank := (m.KVHeads + tp - 1) / tp
	return float64(perRank) / float64(m.KVHeads)
}

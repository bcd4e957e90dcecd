package sizing

import (
	"fmt"
	"math"
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Shape is the optional architecture of a model given only by its size. A
// zero field is assumed from the nearest Llama preset (see CustomModel).
type Shape struct {
	Layers  int `json:"layers,omitempty"`
	Hidden  int `json:"hidden,omitempty"`
	Heads   int `json:"heads,omitempty"`
	KVHeads int `json:"kv_heads,omitempty"`
	HeadDim int `json:"head_dim,omitempty"`
	FFN     int `json:"ffn,omitempty"`

	// Experts makes the model a mixture of experts: the routed experts of
	// each MoE layer. 0 means dense.
	Experts int `json:"experts,omitempty"`
	// ExpertsPerToken is how many routed experts a token visits (top-k);
	// required with Experts, 1..Experts.
	ExpertsPerToken int `json:"experts_per_token,omitempty"`
	// SharedExperts are experts every token visits (DeepSeek, Qwen2-MoE).
	SharedExperts int `json:"shared_experts,omitempty"`
	// ExpertFFN is one expert's intermediate size; 0 means FFN.
	ExpertFFN int `json:"expert_ffn,omitempty"`
	// MoELayers is how many of the layers are MoE, the rest dense and
	// first; 0 means all of them.
	MoELayers int `json:"moe_layers,omitempty"`
}

// MoE reports whether the shape describes a mixture of experts.
func (s Shape) MoE() bool { return s.Experts > 0 }

// Limits of a model given by its size. They catch typing mistakes, not
// unusual models.
const (
	MinParamsB = 0.001   // one million parameters
	MaxParamsB = 10000   // ten trillion parameters
	MaxShape   = 1 << 20 // largest layers/hidden/heads/head_dim/ffn value
)

// llamaTemplates are the presets a bare parameter count borrows its shape
// from: the dense Llama family, which most open models copy.
var llamaTemplates = []string{"llama-2-7b", "llama-2-13b", "llama-2-70b", "llama-3.1-8b", "llama-3.1-70b", "llama-3.1-405b"}

// CustomModel builds a decoder of paramsB billion parameters, dense or,
// when the shape gives experts, a mixture of experts. Memory is sized from
// paramsB exactly as given; an MoE model's speed from the share of it the
// shape activates per token. The shape, which decides the KV
// cache, activations and the tensor-parallel sizes, takes the given fields
// and fills the rest from the Llama preset nearest in size: hidden, head_dim
// and vocab from the template, heads = hidden/head_dim, kv_heads at the
// template's query-to-KV ratio, ffn scaled with hidden, and the layer count
// chosen so the shape holds about paramsB parameters. Model.Assumed says
// which fields were filled in and from where.
func CustomModel(paramsB float64, s Shape) (Model, error) {
	if !(paramsB >= MinParamsB && paramsB <= MaxParamsB) {
		return Model{}, paramsErr(paramsB)
	}
	if err := s.validate(); err != nil {
		return Model{}, err
	}
	t := nearestTemplate(paramsB * 1e9)
	m := Model{ID: "custom", Name: fmt.Sprintf("custom %gB", paramsB), Vocab: t.Vocab,
		Source: "given parameter count; shape from the " + t.ID + " preset where not given"}
	var assumed []string
	pick := func(name string, given, fallback int) int {
		if given > 0 {
			return given
		}
		assumed = append(assumed, fmt.Sprintf("%s %d", name, fallback))
		return fallback
	}
	m.Hidden = pick("hidden", s.Hidden, t.Hidden)
	hd := t.HeadDim
	if s.Heads > 0 && m.Hidden%s.Heads == 0 {
		hd = m.Hidden / s.Heads
	}
	m.HeadDim = pick("head_dim", s.HeadDim, hd)
	m.Heads = pick("heads", s.Heads, max(1, m.Hidden/m.HeadDim))
	m.KVHeads = pick("kv_heads", s.KVHeads, templateKV(t, m.Heads))
	if m.Heads%m.KVHeads != 0 {
		return Model{}, kvHeadsErr(m.Heads, m.KVHeads)
	}
	m.FFN = pick("ffn", s.FFN, scaledFFN(t, m.Hidden))
	if s.MoE() {
		m.MoE = &MoE{Experts: s.Experts, TopK: s.ExpertsPerToken, Shared: s.SharedExperts, ExpertFFN: s.ExpertFFN}
		if m.MoE.ExpertFFN == 0 {
			m.MoE.ExpertFFN = m.FFN
			assumed = append(assumed, fmt.Sprintf("expert_ffn %d", m.FFN))
		}
		m.Name = fmt.Sprintf("custom %gB MoE", paramsB)
	}
	m.Layers = pick("layers", s.Layers, fitLayers(m, paramsB*1e9))
	if m.MoE != nil && s.MoELayers > 0 {
		if s.MoELayers > m.Layers {
			return Model{}, moeLayersErr(m.Layers, s.MoELayers)
		}
		m.MoE.DenseLayers = m.Layers - s.MoELayers
	}
	shapeB, shapeActive := m.countParams()
	m.Params, m.ActiveParams = paramsB*1e9, paramsB*1e9
	if m.MoE != nil && shapeB > 0 {
		// Memory uses the total given; speed the same share of it the
		// shape activates per token.
		m.ActiveParams = paramsB * 1e9 * shapeActive / shapeB
	}
	m.Assumed = msg.New("sizing.assumed.shape", msg.Text(t.ID), msg.Text(strings.Join(assumed, ", ")),
		msg.Int(t.Vocab), msg.Num(shapeB/1e9, 2), msg.Fig(paramsB))
	if len(assumed) == 0 {
		m.Assumed = msg.New("sizing.assumed.vocab", msg.Int(t.Vocab), msg.Text(t.ID), msg.Num(shapeB/1e9, 2), msg.Fig(paramsB))
	}
	return m, nil
}

func (s Shape) validate() error {
	for _, f := range []struct {
		name string
		v    int
	}{{"layers", s.Layers}, {"hidden", s.Hidden}, {"heads", s.Heads}, {"kv_heads", s.KVHeads}, {"head_dim", s.HeadDim}, {"ffn", s.FFN}} {
		if f.v < 0 || f.v > MaxShape {
			return intErr(f.name, f.v, zeroOr("want.zero.assume", wholeIn(1, MaxShape)))
		}
	}
	if s.Heads > 0 && s.KVHeads > 0 && s.Heads%s.KVHeads != 0 {
		return kvHeadsErr(s.Heads, s.KVHeads)
	}
	return s.ValidateMoE()
}

// ValidateMoE checks the mixture-of-experts fields: all zero for a dense
// model; with experts, a top-k of 1..experts and no more MoE layers than
// layers. The error names the field as the shape spells it.
func (s Shape) ValidateMoE() error {
	for _, f := range []struct {
		name string
		v    int
	}{{"experts", s.Experts}, {"experts_per_token", s.ExpertsPerToken}, {"shared_experts", s.SharedExperts}, {"expert_ffn", s.ExpertFFN}, {"moe_layers", s.MoELayers}} {
		if f.v < 0 || f.v > MaxShape {
			return intErr(f.name, f.v, zeroOr("want.zero.none_or_assume", wholeIn(1, MaxShape)))
		}
		if f.v > 0 && f.name != "experts" && !s.MoE() {
			return fielderr.Sentence(f.name, "sizing.err.moe_without_experts")
		}
	}
	if s.MoE() && (s.ExpertsPerToken < 1 || s.ExpertsPerToken > s.Experts) {
		return intErr("experts_per_token", s.ExpertsPerToken, wholeUpTo("experts", s.Experts))
	}
	if s.Layers > 0 && s.MoELayers > s.Layers {
		return moeLayersErr(s.Layers, s.MoELayers)
	}
	return nil
}

// paramsErr refuses a parameter count outside [MinParamsB, MaxParamsB].
func paramsErr(paramsB float64) error {
	return figErr("params_b", paramsB, wantIn("want.noun.params_b", fmt.Sprintf("[%g, %d]", MinParamsB, MaxParamsB)))
}

// kvHeadsErr refuses a KV head count that does not divide the heads.
func kvHeadsErr(heads, kvHeads int) error {
	return intErr("kv_heads", kvHeads, msg.New("want.divisor", msg.Text("heads"), msg.Int(heads)))
}

// moeLayersErr refuses more MoE layers than layers.
func moeLayersErr(layers, moeLayers int) error {
	return intErr("moe_layers", moeLayers, zeroOr("want.zero.all", wholeUpTo("layers", layers)))
}

// nearestTemplate returns the Llama preset closest to params on a log scale.
func nearestTemplate(params float64) Model {
	best, bestD := presets[llamaTemplates[0]], math.Inf(1)
	for _, id := range llamaTemplates {
		t := presets[id]
		if d := math.Abs(math.Log(params / t.Params)); d < bestD {
			best, bestD = t, d
		}
	}
	return best
}

// templateKV keeps the template's query-to-KV head ratio when it divides
// heads, and falls back to one KV head per query head (MHA) otherwise.
func templateKV(t Model, heads int) int {
	g := t.Heads / t.KVHeads
	if g > 1 && heads%g == 0 {
		return heads / g
	}
	return heads
}

// scaledFFN scales the template's FFN width with hidden, rounded to 256.
func scaledFFN(t Model, hidden int) int {
	if hidden == t.Hidden {
		return t.FFN
	}
	f := math.Round(float64(t.FFN)*float64(hidden)/float64(t.Hidden)/256) * 256
	return max(1, int(f))
}

// fitLayers picks the layer count that brings the shape closest to params.
func fitLayers(m Model, params float64) int {
	m.Layers = 1
	one, _ := m.countParams()
	m.Layers = 2
	two, _ := m.countParams()
	perLayer := two - one
	fixed := one - perLayer
	l := math.Round((params - fixed) / perLayer)
	return int(math.Max(1, math.Min(l, MaxShape)))
}

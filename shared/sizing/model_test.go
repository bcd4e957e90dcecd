package sizing

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/fielderr"
)

// TestPresetParams checks the parameter counts derived from each preset's
// architecture against the totals the model cards publish.
func TestPresetParams(t *testing.T) {
	want := map[string]float64{ // derived exactly from the configs
		"llama-2-7b":     6_738_415_616,
		"llama-2-13b":    13_015_864_320,
		"llama-2-70b":    68_976_648_192,
		"llama-3.1-8b":   8_030_261_248,
		"llama-3.1-70b":  70_553_706_496,
		"llama-3.1-405b": 405_853_388_800,
		"qwen2.5-7b":     7_615_616_512,
		"qwen2.5-14b":    14_770_033_664,
		"qwen2.5-32b":    32_763_876_352,
		"qwen2.5-72b":    72_706_203_648,
		"qwen3-8b":       8_190_735_360,
		"qwen3-32b":      32_762_123_264,
		"mixtral-8x7b":   46_702_792_704,
	}
	for _, m := range Presets() {
		t.Run(m.ID, func(t *testing.T) {
			if m.Source == "" {
				t.Error("preset has no source")
			}
			if len(m.Components) > 0 {
				// A diffusion preset publishes its denoiser, rounded.
				within(t, "denoiser params vs published", m.ActiveParams/1e9, m.PublishedB, 0.01)
			} else {
				// Published totals are rounded to three digits.
				within(t, "params vs published", m.Params/1e9, m.PublishedB, 0.005)
			}
			if w, ok := want[m.ID]; ok && m.Params != w {
				t.Errorf("params = %.0f, want exactly %.0f", m.Params, w)
			}
			if m.ActiveParams <= 0 || m.ActiveParams > m.Params {
				t.Errorf("active params %.4g outside (0, %.4g]", m.ActiveParams, m.Params)
			}
		})
	}
}

func TestMoEActiveParams(t *testing.T) {
	mix, _ := PresetByID("mixtral-8x7b")
	within(t, "Mixtral active", mix.ActiveParams/1e9, 12.9, 0.005)
	ds, _ := PresetByID("deepseek-v3")
	within(t, "DeepSeek-V3 total", ds.Params/1e9, 671, 0.002)
	// 36.6–37B active (the model card). Ours (37.55B) counts the input
	// embedding, a table lookup that 36.6B leaves out (0.93B).
	within(t, "DeepSeek-V3 active", ds.ActiveParams/1e9, 37, 0.02)
	within(t, "DeepSeek-V3 active without the input embedding", (ds.ActiveParams-float64(ds.Vocab*ds.Hidden))/1e9, 36.6, 0.002)
}

func TestPresetIsCopy(t *testing.T) {
	m, _ := PresetByID("deepseek-v3")
	m.MoE.Experts = 1
	again, _ := PresetByID("deepseek-v3")
	if again.MoE.Experts != 256 {
		t.Fatal("PresetByID returned shared MoE data")
	}
}

// TestLoRAParams: LoRA r=8 on q_proj and v_proj of
// Llama-2-7B trains 32·2·8·(4096+4096) = 4,194,304 parameters (0.062%).
func TestLoRAParams(t *testing.T) {
	m, _ := PresetByID("llama-2-7b")
	got := m.LoRAParams(8, []string{"q_proj", "v_proj"})
	if got != 4_194_304 {
		t.Errorf("case 13: LoRA params = %.0f, want 4194304", got)
	}
	within(t, "case 13: share of model (%)", 100*got/m.Params, 0.062, 0.03)
	// Defaults: q, k, v, o at rank 16 on Llama-2-7B = 32·4·16·8192.
	if got := m.LoRAParams(DefaultLoRARank, DefaultLoRATargets()); got != 16_777_216 {
		t.Errorf("default LoRA params = %.0f, want 16777216", got)
	}
	// GQA: k and v project to kv_heads·head_dim = 1024 on Llama-3.1-8B.
	l3, _ := PresetByID("llama-3.1-8b")
	if got := l3.LoRAParams(1, []string{"k"}); got != 32*(4096+1024) {
		t.Errorf("llama-3.1-8b k LoRA r=1 = %.0f, want %d", got, 32*(4096+1024))
	}
	// MoE experts are adapted one by one: 8 experts × 32 layers.
	mix, _ := PresetByID("mixtral-8x7b")
	if got := mix.LoRAParams(1, []string{"down"}); got != 8*32*(4096+14336) {
		t.Errorf("mixtral down LoRA r=1 = %.0f, want %d", got, 8*32*(4096+14336))
	}
}

func TestCustomModel(t *testing.T) {
	tests := []struct {
		name     string
		paramsB  float64
		shape    Shape
		template string
		layers   int
		kv       int
	}{
		{"7B takes llama-2-7b", 7, Shape{}, "llama-2-7b", 33, 32},
		{"8B takes llama-3.1-8b", 8, Shape{}, "llama-3.1-8b", 32, 8},
		{"65B takes llama-2-70b", 65, Shape{}, "llama-2-70b", 75, 8},
		{"given shape wins", 13, Shape{Layers: 40, Hidden: 5120, Heads: 40, KVHeads: 40, HeadDim: 128}, "llama-2-13b", 40, 40},
		{"heads given, kv at template ratio", 70, Shape{Heads: 32, Hidden: 4096}, "llama-3.1-70b", 0, 4},
		{"tiny model keeps one layer", 0.01, Shape{}, "llama-2-7b", 1, 32},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m, err := CustomModel(tt.paramsB, tt.shape)
			if err != nil {
				t.Fatal(err)
			}
			if m.Params != tt.paramsB*1e9 {
				t.Errorf("params = %g, want the %gB given", m.Params, tt.paramsB)
			}
			if !strings.Contains(m.Assumed.String(), tt.template) {
				t.Errorf("assumed %q does not name template %s", m.Assumed, tt.template)
			}
			if tt.layers > 0 && m.Layers != tt.layers {
				t.Errorf("layers = %d, want %d", m.Layers, tt.layers)
			}
			if m.KVHeads != tt.kv {
				t.Errorf("kv_heads = %d, want %d", m.KVHeads, tt.kv)
			}
			if m.Heads%m.KVHeads != 0 {
				t.Errorf("kv_heads %d does not divide heads %d", m.KVHeads, m.Heads)
			}
		})
	}
}

func TestCustomModelErrors(t *testing.T) {
	tests := []struct {
		paramsB float64
		shape   Shape
		want    string
	}{
		{0, Shape{}, `params_b = "0": want billions of parameters in [0.001, 10000]`},
		{-1, Shape{}, `params_b = "-1": want billions`},
		{20000, Shape{}, `params_b = "20000": want billions`},
		{7, Shape{Heads: 32, KVHeads: 5}, `kv_heads = "5": want a divisor of heads (32)`},
		{7, Shape{KVHeads: 5}, `kv_heads = "5": want a divisor of heads (32)`},
		{7, Shape{Layers: -1}, `layers = "-1": want 0 (assume) or a whole number in [1, 1048576]`},
	}
	for _, tt := range tests {
		_, err := CustomModel(tt.paramsB, tt.shape)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("CustomModel(%g, %+v) error = %v, want %q", tt.paramsB, tt.shape, err, tt.want)
		}
	}
}

func TestValidTP(t *testing.T) {
	q7, _ := PresetByID("qwen2.5-7b") // 28 heads, 4 KV heads
	for tp, want := range map[int]bool{1: true, 2: true, 4: true, 8: false} {
		if got := q7.validTP(tp); got != want {
			t.Errorf("qwen2.5-7b validTP(%d) = %v, want %v", tp, got, want)
		}
	}
	l2, _ := PresetByID("llama-2-13b") // 40 heads: 8 divides 40
	if !l2.validTP(8) {
		t.Error("llama-2-13b validTP(8) = false")
	}
}

func TestKVShare(t *testing.T) {
	l70, _ := PresetByID("llama-2-70b") // 8 KV heads
	for tp, want := range map[int]float64{1: 1, 2: 0.5, 8: 0.125} {
		within(t, "kv share", l70.kvShare(tp), want, 1e-9)
	}
	q7, _ := PresetByID("qwen2.5-7b") // 4 KV heads: TP 8 would replicate
	within(t, "kv share past kv_heads", q7.kvShare(8), 0.25, 1e-9)
	ds, _ := PresetByID("deepseek-v3") // MLA latent on every rank
	within(t, "MLA kv share", ds.kvShare(8), 1, 1e-9)
}

// TestCustomMoE: a Mixtral-8x22B-class model described in the sheet. Its
// config (https://huggingface.co/mistralai/Mixtral-8x22B-v0.1: 56 layers,
// hidden 6144, 48 heads, 8 KV heads, 8 experts of width 16384, top-2,
// vocab 32768) holds 141B parameters with 39B active (Mistral's
// announcement); the given total sizes memory, the shape's active share
// the speed.
func TestCustomMoE(t *testing.T) {
	s := Shape{Layers: 56, Hidden: 6144, Heads: 48, KVHeads: 8, HeadDim: 128, FFN: 16384, Experts: 8, ExpertsPerToken: 2}
	m, err := CustomModel(141, s)
	if err != nil {
		t.Fatal(err)
	}
	if m.MoE == nil || m.MoE.Experts != 8 || m.MoE.TopK != 2 || m.MoE.ExpertFFN != 16384 {
		t.Fatalf("MoE %+v, want 8 experts top-2 of width 16384", m.MoE)
	}
	within(t, "params (B)", m.Params/1e9, 141, 1e-12)
	within(t, "active (B), Mistral's 39B", m.ActiveParams/1e9, 39, 0.05)
	mem := mustEstimate(t, Input{Workload: Inference, ParamsB: 141, Shape: s, ContextTokens: 4096, Concurrency: 1})
	within(t, "weights (GB) at bf16", mem.WeightsGiB*GiB/GB, 282, 1e-9)
	for _, tt := range []struct {
		shape Shape
		field string
	}{
		{Shape{Experts: 8}, "experts_per_token"},
		{Shape{Experts: 8, ExpertsPerToken: 9}, "experts_per_token"},
		{Shape{ExpertsPerToken: 2}, "experts_per_token"},
		{Shape{SharedExperts: 1}, "shared_experts"},
		{Shape{Layers: 10, Experts: 8, ExpertsPerToken: 2, MoELayers: 11}, "moe_layers"},
		{Shape{Experts: -1}, "experts"},
	} {
		_, err := CustomModel(141, tt.shape)
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%+v: %v, want a %s error", tt.shape, err, tt.field)
		}
	}
}

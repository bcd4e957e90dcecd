package sizing

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/internal/testkit/msgcheck"
)

// TestFieldErrorsInBothLanguages drives every refusal of the sheet's
// fields, one input per error site, and checks that each is a
// *fielderr.Error at the right field whose problem is a catalogue message,
// never an English sentence shown as written: the Chinese rendering differs
// from the English and has no English word but the identifiers it quotes.
func TestFieldErrorsInBothLanguages(t *testing.T) {
	lora := func(f func(*Input)) Input {
		in := Input{Workload: LoRA, Model: "llama-2-7b", ContextTokens: 1, Concurrency: 1}
		f(&in)
		return in
	}
	custom := func(s Shape) Input {
		return Input{Workload: Inference, ParamsB: 7, Shape: s, ContextTokens: 1, Concurrency: 1}
	}
	moe := func(s Shape) Shape { s.Experts, s.ExpertsPerToken = 8, 2; return s }
	tests := []struct {
		name, field string
		in          Input
	}{
		{"no workload", "workload", Input{Model: "llama-2-7b"}},
		{"preset and size", "params_b", Input{Workload: Inference, Model: "llama-2-7b", ParamsB: 7, ContextTokens: 1, Concurrency: 1}},
		{"unknown preset", "model", infer("llama-9", 1, 1)},
		{"image preset for a language model", "model", infer("flux.1-dev", 1, 1)},
		{"diffusion size", "params_b", Input{Workload: ImageGen, ParamsB: 20000, Concurrency: 1}},
		{"no model (R3)", "model", Input{Workload: Inference, ContextTokens: 1, Concurrency: 1}},
		{"custom size", "params_b", custom(Shape{}).with(func(in *Input) { in.ParamsB = 20000 })},
		{"kv heads of the template", "kv_heads", custom(Shape{KVHeads: 5})},
		{"moe layers past the fitted layers", "moe_layers", custom(moe(Shape{MoELayers: 5000}))},
		{"shape range", "layers", custom(Shape{Layers: -1})},
		{"kv heads given", "kv_heads", custom(Shape{Heads: 32, KVHeads: 5})},
		{"experts range", "experts", custom(Shape{Experts: -1})},
		{"top-k without experts", "experts_per_token", custom(Shape{ExpertsPerToken: 2})},
		{"top-k past experts", "experts_per_token", custom(Shape{Experts: 8, ExpertsPerToken: 9})},
		{"moe layers past layers", "moe_layers", custom(moe(Shape{Layers: 10, MoELayers: 11}))},
		{"precision", "precision", lora(func(in *Input) { in.Precision = "fp4" })},
		{"qlora in bf16", "precision", lora(func(in *Input) { in.Workload, in.Precision = QLoRA, BF16 })},
		{"lora in int4", "precision", lora(func(in *Input) { in.Precision = INT4 })},
		{"full fine-tune in int4", "precision", lora(func(in *Input) { in.Workload, in.Precision = FullFinetune, INT4 })},
		{"working set", "working_set_gib", Input{Workload: HPC, WorkingSetGiB: -2}},
		{"concurrency", "concurrency", infer("llama-2-7b", 1, 0)},
		{"context", "context_tokens", infer("llama-2-7b", 0, 1)},
		{"target range", "service_targets.time_to_first_token_s", infer("llama-2-7b", 1, 1).with(func(in *Input) { in.Targets.TimeToFirstTokenS = -1 })},
		{"targets for training", "service_targets", lora(func(in *Input) { in.Targets.RequestsPerMinute = 10 })},
		{"kv cache precision", "kv_cache_precision", infer("llama-2-7b", 1, 1).with(func(in *Input) { in.KVPrecision = "fp4" })},
		{"output tokens", "output_tokens", infer("llama-2-7b", 8, 1).with(func(in *Input) { in.OutputTokens = 9 })},
		{"tokens to train", "tokens_to_train", lora(func(in *Input) { in.TokensToTrain = -1 })},
		{"target days", "target_days", lora(func(in *Input) { in.TargetDays = -1 })},
		{"recompute", "recompute", lora(func(in *Input) { in.Recompute = "some" })},
		{"optimizer", "optimizer", lora(func(in *Input) { in.Optimizer = "adam" })},
		{"framework", "framework", lora(func(in *Input) { in.Framework = "deepspeed" })},
		{"megatron qlora", "framework", lora(func(in *Input) { in.Workload, in.Precision, in.Framework = QLoRA, INT4, FrameworkMegatron })},
		{"lora rank", "lora_rank", lora(func(in *Input) { in.LoRARank = -1 })},
		{"lora target", "lora_targets", lora(func(in *Input) { in.LoRATargets = []string{"lm_head"} })},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Estimate(tt.in)
			msgcheck.Refusal(t, err, tt.field, identifiers()...)
		})
	}
	t.Run("no cards", func(t *testing.T) {
		_, err := Size(infer("llama-2-7b", 1, 1), nil, Prefs{})
		msgcheck.Refusal(t, err, "cards", identifiers()...)
	})
}

// with returns in changed by f.
func (in Input) with(f func(*Input)) Input { f(&in); return in }

// identifiers are the words a Chinese refusal may quote as the sheet
// spells them: field names, the values the fields take, and "token", which
// Chinese text writes as it is.
func identifiers() []string {
	names := []string{"token", "params_b", "kv_heads", "heads", "layers", "experts", "context_tokens", "workload", "model"}
	names = append(names, PresetIDs()...)
	names = append(names, loraTargetNames...)
	names = append(names, precisionNames(Precisions())...)
	for _, w := range Workloads() {
		names = append(names, string(w))
	}
	for _, f := range Frameworks() {
		names = append(names, string(f))
	}
	for _, o := range Optimizers() {
		names = append(names, string(o))
	}
	names = append(names, string(RecomputeNone), string(RecomputeSelective), string(RecomputeFull))
	return testkit.EnglishWords(strings.Join(names, " "))
}

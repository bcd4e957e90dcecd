package sizing

import (
	"fmt"
	"math"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
)

// memRef is one published memory figure (docs/accuracy.md): what a
// framework or engine measured, matched metric for metric.
type memRef struct {
	name string
	in   Input
	// gpu says what the figure covers: "weights" is the checkpoint alone;
	// "allocated" is PyTorch's
	// max_memory_allocated (no CUDA context), so the plan's per-card
	// overhead is left out; "card" is the memory of the card the run just
	// fitted on, compared with the plan's whole total.
	gpu    string
	figure float64 // GiB
	source string
}

var allLinear = []string{"q", "k", "v", "o", "gate", "up", "down"}

const (
	qwenSpeed    = "Qwen3 docs/source/getting_started/speed_benchmark.md (Transformers 4.51.3 on one H20, batch 1, 2048 generated, max_memory_allocated)"
	unslothHF    = "unslothai/unsloth README.md context length benchmarks (QLoRA rank 32 on all linear layers, batch 1, Hugging Face + FA2 column)"
	unslothOwn   = "unslothai/unsloth README.md context length benchmarks (QLoRA rank 32 on all linear layers, batch 1, Unsloth column)"
	qlora4bitRef = "QLoRA paper (Dettmers et al. 2023) table 1 via artidoro/qlora scripts/finetune_guanaco_65b.sh"
)

func qwenMem(model string, p Precision, prompt int, mib float64) memRef {
	return memRef{fmt.Sprintf("%s %s prompt %d", model, p, prompt),
		Input{Workload: Inference, Model: model, Precision: p, Concurrency: 1, ContextTokens: prompt + 2048, OutputTokens: 2048},
		"allocated", mib / 1024, qwenSpeed}
}

func unslothMem(f Framework, model string, ctx int, gib float64, src string) memRef {
	return memRef{fmt.Sprintf("%s %s QLoRA r32 at %d tokens", f, model, ctx),
		Input{Workload: QLoRA, Model: model, LoRARank: 32, LoRATargets: allLinear, Framework: f, Concurrency: 1, ContextTokens: ctx},
		"card", gib, src}
}

// memRefs are the published memory figures the memory model is held to,
// each within 10%.
var memRefs = []memRef{
	{"gpt-oss-120b checkpoint as published", Input{Workload: Inference, Model: "gpt-oss-120b", Concurrency: 1, ContextTokens: 1},
		"weights", 60.8, "gpt-oss model card (arXiv 2508.10925) table 1: gpt-oss-120b checkpoint 60.8 GiB, MXFP4 experts"},
	qwenMem("qwen3-8b", BF16, 1, 15947),
	qwenMem("qwen3-8b", FP8, 1, 9323),
	qwenMem("qwen3-8b", BF16, 30720, 20267),
	qwenMem("qwen3-8b", FP8, 30720, 13644),
	qwenMem("qwen3-32b", BF16, 1, 62751),
	qwenMem("qwen3-32b", FP8, 1, 33379),
	qwenMem("qwen3-32b", FP8, 30720, 41060),
	qwenMem("qwen3-30b-a3b", BF16, 1, 58462),
	qwenMem("qwen3-30b-a3b", FP8, 1, 30296),
	unslothMem(FrameworkHF, "llama-3.1-8b", 932, 12, unslothHF),
	unslothMem(FrameworkHF, "llama-3.1-8b", 2551, 16, unslothHF),
	unslothMem(FrameworkHF, "llama-3.1-8b", 5789, 24, unslothHF),
	unslothMem(FrameworkHF, "llama-3.1-8b", 12264, 40, unslothHF),
	unslothMem(FrameworkHF, "llama-3.1-8b", 15502, 48, unslothHF),
	unslothMem(FrameworkHF, "llama-3.1-8b", 28454, 80, unslothHF),
	unslothMem(FrameworkHF, "llama-3.1-70b", 6916, 80, unslothHF),
	unslothMem(FrameworkUnsloth, "llama-3.1-8b", 2972, 8, unslothOwn),
	unslothMem(FrameworkUnsloth, "llama-3.1-8b", 21848, 12, unslothOwn),
	unslothMem(FrameworkUnsloth, "llama-3.1-8b", 78475, 24, unslothOwn),
	unslothMem(FrameworkUnsloth, "llama-3.1-8b", 153977, 40, unslothOwn),
	unslothMem(FrameworkUnsloth, "llama-3.1-8b", 342733, 80, unslothOwn),
	unslothMem(FrameworkUnsloth, "llama-3.1-70b", 12106, 48, unslothOwn),
	unslothMem(FrameworkUnsloth, "llama-3.1-70b", 89389, 80, unslothOwn),
	// The qlora repository casts lm_head, the embeddings and the adapters
	// back to bf16 after prepare_model_for_kbit_training (qlora.py), which
	// is llama-factory's setting here.
	{"qlora paper 65B r64 all linear, paged AdamW, seq 512", Input{Workload: QLoRA, Model: "llama-65b", LoRARank: 64, LoRATargets: allLinear, Optimizer: PagedAdamW,
		Framework: FrameworkLLaMAFactory, Recompute: RecomputeFull, ContextTokens: 512, Concurrency: 1}, "card", 41 * GB / GiB, qlora4bitRef},
	{"qlora paper 33B r64 all linear, paged AdamW, seq 512", Input{Workload: QLoRA, Model: "llama-33b", LoRARank: 64, LoRATargets: allLinear, Optimizer: PagedAdamW,
		Framework: FrameworkLLaMAFactory, Recompute: RecomputeFull, ContextTokens: 512, Concurrency: 1}, "card", 21 * GB / GiB, qlora4bitRef},
}

// estimate is the model's figure for r in r's metric, GiB.
func (r memRef) estimate(t *testing.T) float64 {
	t.Helper()
	m, err := Estimate(r.in)
	if err != nil {
		t.Fatal(err)
	}
	switch r.gpu {
	case "allocated":
		return m.TotalGiB - m.OverheadGiB
	case "weights":
		return m.WeightsGiB
	}
	return m.TotalGiB
}

// TestMemoryReferences holds the memory model to published measurements:
// inference in bf16 and fp8 (Qwen's own H20 table), QLoRA under the
// Transformers Trainer and under Unsloth at sequence lengths from 932 to
// 342,733 tokens, and the QLoRA paper. Each within 10%.
func TestMemoryReferences(t *testing.T) {
	var ratios []float64
	for _, r := range memRefs {
		got := r.estimate(t)
		ratio := got / r.figure
		ratios = append(ratios, ratio)
		t.Run(r.name, func(t *testing.T) {
			t.Logf("estimate %.2f GiB, published %.2f GiB, ratio %.3f", got, r.figure, ratio)
			if ratio > 1.1 || ratio < 0.9 {
				t.Errorf("estimate %.2f GiB vs published %.2f (ratio %.3f, want within 10%%); %s", got, r.figure, ratio, r.source)
			}
		})
	}
	t.Log(spread(ratios, 0.1))
}

// TestAccuracyDocumented keeps docs/accuracy.md listing every memory and
// training-time reference with its source.
func TestAccuracyDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/accuracy.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range memRefs {
		if !strings.Contains(string(doc), "| "+r.name+" |") || !strings.Contains(string(doc), r.source) {
			t.Errorf("docs/accuracy.md lacks the row %q from %s", r.name, r.source)
		}
	}
	for _, r := range trainRefs {
		if !strings.Contains(string(doc), "| "+r.name+" |") || !strings.Contains(string(doc), r.source) {
			t.Errorf("docs/accuracy.md lacks the training row %q from %s", r.name, r.source)
		}
	}
}

// trainRef is one published training throughput: tokens a second per card
// in steady state, or a model card's total card-hours over its tokens
// (which include every stop and restart of the run).
type trainRef struct {
	name          string
	in            Input
	card          string
	cards         int
	tokensPerGPUs float64 // published tokens/s per card
	source        string
	// miss says why the row is known to fall outside ×1.5; it is logged
	// and counted, not failed.
	miss string
}

// cardHours turns a model card's card-hours for tokens into tokens/s a card.
func cardHours(tokens, hours float64) float64 { return tokens / (hours * 3600) }

func pretrain(model string, p Precision, seq int) Input {
	return Input{Workload: Pretrain, Model: model, Precision: p, ContextTokens: seq, Concurrency: 1, TokensToTrain: 1e12}
}

const (
	llama2Card  = "meta-llama/llama Llama 2 MODEL_CARD.md (A100-80GB hours for 2.0T tokens, all of pretraining)"
	llama31Card = "meta-llama/llama-models models/llama3_1/MODEL_CARD.md (H100-80GB hours, ~15T tokens, all of pretraining)"
	titan       = "pytorch/torchtitan benchmarks/llama3_h100_202412_torchtitan.md (H100 96GB HBM2e at 500 W, tokens/s a GPU, seq 8192)"
	dsv3        = "DeepSeek-V3 technical report (arXiv 2412.19437): 2.664M H800-hours for 14.8T pretraining tokens, FP8"
	moeZoo      = "yanring/Megatron-MoE-ModelZoo best_practice/qwen3/readme.md (256 H100, BF16, 17.6 s a step of 2048 × 4096 tokens)"
)

// trainRefs are the published training speeds the MFU model is held to,
// each within a factor of 1.5.
var trainRefs = []trainRef{
	{"llama-2-7b bf16 model card", pretrain("llama-2-7b", BF16, 4096), "a100-80g-sxm", 1, cardHours(2e12, 184320), llama2Card, ""},
	{"llama-2-13b bf16 model card", pretrain("llama-2-13b", BF16, 4096), "a100-80g-sxm", 1, cardHours(2e12, 368640), llama2Card, ""},
	{"llama-2-70b bf16 model card", pretrain("llama-2-70b", BF16, 4096), "a100-80g-sxm", 1, cardHours(2e12, 1720320), llama2Card, ""},
	{"llama-3.1-8b bf16 model card", pretrain("llama-3.1-8b", BF16, 8192), "h100-80g-sxm", 1, cardHours(15e12, 1.46e6), llama31Card,
		"the card's hours are the whole project on a 16K-GPU cluster: 14% of the BF16 peak by 6·N·D, where the 70B and 405B of the same card reach 26% and 35%"},
	{"llama-3.1-70b bf16 model card", pretrain("llama-3.1-70b", BF16, 8192), "h100-80g-sxm", 1, cardHours(15e12, 7.0e6), llama31Card, ""},
	{"llama-3.1-405b bf16 model card", pretrain("llama-3.1-405b", BF16, 8192), "h100-80g-sxm", 1, cardHours(15e12, 30.84e6), llama31Card, ""},
	{"llama-3.1-8b bf16 FSDP + compile, 8 GPUs", pretrain("llama-3.1-8b", BF16, 8192), "h100-80g-sxm", 8, 6667, titan, ""},
	{"llama-3.1-8b fp8 FSDP + compile + Float8, 8 GPUs", pretrain("llama-3.1-8b", FP8, 8192), "h100-80g-sxm", 8, 8532, titan, ""},
	{"llama-3.1-70b fp8 2D + AsyncTP, 256 GPUs", pretrain("llama-3.1-70b", FP8, 8192), "h100-80g-sxm", 256, 876, titan, ""},
	{"llama-3.1-405b fp8 3D interleaved 1F1B, 512 GPUs", pretrain("llama-3.1-405b", FP8, 8192), "h100-80g-sxm", 512, 128, titan,
		"eight pipeline stages with local batch 32 leave bubbles the model does not charge, on 500 W H100s"},
	{"deepseek-v3 fp8 pretraining", pretrain("deepseek-v3", FP8, 4096), "h800-80g-sxm", 2048, cardHours(14.8e12, 2.664e6), dsv3, ""},
	{"qwen3-235b-a22b bf16 Megatron-Core", pretrain("qwen3-235b-a22b", BF16, 4096), "h100-80g-sxm", 256, 2048 * 4096 / 17.6 / 256, moeZoo, ""},
}

// estimate is the model's tokens/s a card for r.
func (r trainRef) estimate(t *testing.T) float64 {
	t.Helper()
	card, ok := catalog.ByID(r.card)
	if !ok {
		t.Fatalf("no card %q", r.card)
	}
	e, err := Speed(r.in, card, r.cards)
	if err != nil {
		t.Fatal(err)
	}
	return r.in.TokensToTrain / (e.CardHours.Likely * 3600)
}

// TestTrainingReferences holds the training-time model to published runs:
// model cards' card-hours, torchtitan's and Megatron-Core's steady-state
// throughput, dense and MoE, BF16 and FP8, A100, H100 and H800.
func TestTrainingReferences(t *testing.T) {
	var ratios []float64
	for _, r := range trainRefs {
		got := r.estimate(t)
		ratio := got / r.tokensPerGPUs
		ratios = append(ratios, ratio)
		t.Run(r.name, func(t *testing.T) {
			t.Logf("estimate %.0f tokens/s a card, published %.0f, ratio %.2f", got, r.tokensPerGPUs, ratio)
			outside := ratio > 1.5 || ratio < 1/1.5
			if r.miss != "" {
				if !outside {
					t.Errorf("ratio %.2f is within 1.5× now: drop the known miss (%s)", ratio, r.miss)
				}
				t.Logf("known miss: %s", r.miss)
				return
			}
			if outside {
				t.Errorf("estimate %.0f vs published %.0f tokens/s a card (ratio %.2f, want within 1.5×); %s", got, r.tokensPerGPUs, ratio, r.source)
			}
		})
	}
	t.Log(spread(ratios, 1.5))
}

// classStats is the spread of a class computed from the reference tables.
type classStats struct {
	ratios   []float64
	families map[string]bool
}

func (c *classStats) add(ratio float64, card string) {
	c.ratios = append(c.ratios, ratio)
	if c.families == nil {
		c.families = map[string]bool{}
	}
	c.families[Family(card)] = true
}

// TestAccuracyClasses keeps the spreads the plan quotes (accuracyTable,
// coveredFamilies) equal to what the reference tables give.
func TestAccuracyClasses(t *testing.T) {
	got := map[string]*classStats{}
	at := func(class string) *classStats {
		if got[class] == nil {
			got[class] = &classStats{}
		}
		return got[class]
	}
	for _, r := range decodeRefs {
		m, _ := PresetByID(r.model)
		card, _ := catalog.ByID(r.card)
		at(decodeClass(m, card)).add(r.estimate(t)/r.figure, r.card)
	}
	for _, r := range trainRefs {
		m, _ := PresetByID(r.in.Model)
		at(trainClass(m)).add(r.estimate(t)/r.tokensPerGPUs, r.card)
	}
	for class, s := range got {
		sort.Float64s(s.ratios)
		want := accuracyTable[class]
		within := 0
		for _, r := range s.ratios {
			if r <= want.Tolerance && r >= 1/want.Tolerance {
				within++
			}
		}
		r2 := func(v float64) float64 { return math.Round(v*100) / 100 }
		have := Accuracy{Runs: len(s.ratios), Within: within, Tolerance: want.Tolerance,
			Median: r2(s.ratios[len(s.ratios)/2]), Min: r2(s.ratios[0]), Max: r2(s.ratios[len(s.ratios)-1])}
		if have != want {
			t.Errorf("%s: the references give %+v, accuracyTable says %+v", class, have, want)
		}
		var fams []string
		for f := range s.families {
			fams = append(fams, f)
		}
		sort.Strings(fams)
		cov := append([]string(nil), coveredFamilies[class]...)
		sort.Strings(cov)
		if strings.Join(fams, ",") != strings.Join(cov, ",") {
			t.Errorf("%s: runs on %v, coveredFamilies says %v", class, fams, cov)
		}
	}
	if len(got) != len(accuracyTable) {
		t.Errorf("%d classes in the references, %d in accuracyTable", len(got), len(accuracyTable))
	}
}

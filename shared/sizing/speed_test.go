package sizing

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
)

func mustSpeed(t *testing.T, in Input, card string, n int) Estimates {
	t.Helper()
	e, err := Speed(in, fixtureCard(t, card), n)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func inRange(t *testing.T, what string, r Range, v float64) {
	t.Helper()
	if !(r.Low <= r.Likely && r.Likely <= r.High) {
		t.Errorf("%s: range %+v is not ordered", what, r)
	}
	if v < r.Low || v > r.High {
		t.Errorf("%s: %.6g outside the estimate %.6g..%.6g", what, v, r.Low, r.High)
	}
}

// TestTrainingTime: Llama 2 pretraining (Llama 2 paper §2.2.1) on
// A100-80GB took 184,320 / 368,640 / 1,720,320 GPU-hours for 2T tokens.
func TestTrainingTime(t *testing.T) {
	pre := func(model string) Input {
		return Input{Workload: Pretrain, Model: model, ContextTokens: 4096, Concurrency: 1, TokensToTrain: 2e12}
	}
	e := mustSpeed(t, pre("llama-2-7b"), "a100-80g-sxm", 64)
	within(t, "case 15: 7B A100-hours (likely)", e.CardHours.Likely, 184320, 0.03)
	within(t, "wall clock × cards", e.TrainHours.Likely*64, e.CardHours.Likely, 1e-9)
	inRange(t, "case 15: 13B A100-hours", mustSpeed(t, pre("llama-2-13b"), "a100-80g-sxm", 64).CardHours, 368640)
	inRange(t, "case 15: 70B A100-hours", mustSpeed(t, pre("llama-2-70b"), "a100-80g-sxm", 64).CardHours, 1720320)

	// DeepSeek-V3 technical report (unconfirmed here): 14.8T tokens, 2.788M
	// H800-hours; the H800 has the H100's 989 TFLOPS.
	ds := Input{Workload: Pretrain, Model: "deepseek-v3", ContextTokens: 4096, Concurrency: 1, TokensToTrain: 14.8e12}
	inRange(t, "case 17: DeepSeek-V3 H800-hours", mustSpeed(t, ds, "h100-80g-sxm", 2048).CardHours, 2.788e6)

	lora := Input{Workload: LoRA, Model: "llama-2-7b", ContextTokens: 4096, Concurrency: 1, TokensToTrain: 2e12}
	within(t, "LoRA is 4·N·D", mustSpeed(t, lora, "a100-80g-sxm", 64).TrainFLOPs, 4*6.738415616e9*2e12, 1e-9)
}

// TestDecode covers Llama-2-70B on 2 × A100-80GB (cli99/llm-analysis
// examples/llama2), the bandwidth ceilings of batch-1 decode and the parts of the
// decode model; TestDecodeReferences holds it to published results.
func TestDecode(t *testing.T) {
	t.Run("case 18: Llama-2-70B on 2 × A100-80GB", func(t *testing.T) {
		e := mustSpeed(t, infer("llama-2-70b", 1024, 1), "a100-80g-sxm", 2)
		// The bandwidth bound at η 0.9 is 26.6 tokens/s; the latency floor
		// keeps every estimate under it, and gpt-fast measured 21.3.
		if e.DecodeTokensPerSec.High >= 26.6 {
			t.Errorf("high %.1f: not under the 26.6 tokens/s bandwidth bound", e.DecodeTokensPerSec.High)
		}
		inRange(t, "gpt-fast's 21.3 tokens/s", e.DecodeTokensPerSec, 21.3)
		if e.DecodeBound != "memory" {
			t.Errorf("bound = %q, want memory", e.DecodeBound)
		}
	})
	t.Run("case 19: Llama-3.1-8B bf16 ceilings", func(t *testing.T) {
		ceilings := map[string]float64{"rtx-4090": 62.8, "a100-80g-sxm": 127, "h100-80g-sxm": 209, "h20-96g": 249, "h200-141g": 299}
		for card, want := range ceilings {
			e := mustSpeed(t, infer("llama-3.1-8b", 1, 1), card, 1)
			c, _ := catalog.ByID(card)
			// Under the roofline at the card's high η, and within 15% of
			// it: the floor of a 32-layer dense model is about half a
			// millisecond.
			r := e.DecodeTokensPerSec.High / (want * bandwidthEfficiencyOf(c.ID).High)
			if r >= 1.01 || r < 0.85 {
				t.Errorf("%s: high %.1f is %.2f of the %.1f ceiling × 0.9", card, e.DecodeTokensPerSec.High, r, want)
			}
		}
	})
	t.Run("MoE reads the experts its batch hits", func(t *testing.T) {
		j, err := prepare(infer("mixtral-8x7b", 1, 1))
		if err != nil {
			t.Fatal(err)
		}
		within(t, "batch 1 reads the active parameters", j.stepWeightBytes(2, 1), 2*j.model.ActiveParams, 1e-9)
		// E·(1 − (1 − k/E)^B): 8·(1 − 0.75^16) = 7.92 experts of 8.
		within(t, "distinct experts at batch 16", j.distinctExperts(16), 8*(1-math.Pow(0.75, 16)), 1e-12)
		if j.stepWeightBytes(2, 64) <= 0.99*2*j.model.Params {
			t.Errorf("batch 64 reads %.3g B, want nearly all %.3g B of weights", j.stepWeightBytes(2, 64), 2*j.model.Params)
		}
	})
	t.Run("fp8 KV halves the KV read", func(t *testing.T) {
		long := infer("llama-3.1-70b", 32768, 64)
		bf := mustSpeed(t, long, "h100-80g-sxm", 8)
		long.KVPrecision = FP8
		f8 := mustSpeed(t, long, "h100-80g-sxm", 8)
		if f8.DecodeOnlyTokensPerSec.Likely <= 1.3*bf.DecodeOnlyTokensPerSec.Likely {
			t.Errorf("fp8 KV %.1f vs bf16 %.1f tokens/s: a KV-bound step should be much faster", f8.DecodeOnlyTokensPerSec.Likely, bf.DecodeOnlyTokensPerSec.Likely)
		}
	})
	t.Run("steady state reads the others' prompts inside the steps", func(t *testing.T) {
		// 64 sequences, 31,744-token prompts, 1,024-token answers: each
		// step also reads in 63 · 31,744 / 1,024 = 1,953 prompt tokens.
		e := mustSpeed(t, infer("llama-3.1-70b", 32768, 64), "h100-80g-sxm", 8)
		extra := 63 * 31744.0 / 1024 / e.PrefillTokensPerSec.Likely
		within(t, "steady step (s)", 1/e.DecodeTokensPerSec.Likely, 1/e.DecodeOnlyTokensPerSec.Likely+extra, 1e-9)
		one := mustSpeed(t, infer("llama-3.1-70b", 32768, 1), "h100-80g-sxm", 8)
		within(t, "batch 1 has no one else's prompt", one.DecodeTokensPerSec.Likely, one.DecodeOnlyTokensPerSec.Likely, 1e-12)
	})
	t.Run("fp8 weights use the FP8 peak where the card has one", func(t *testing.T) {
		j, _ := prepare(Input{Workload: Inference, Model: "llama-3.1-8b", Precision: FP8, ContextTokens: 1, Concurrency: 1})
		card := fixtureCardWithFP8(t)
		if got := j.computePeak(&card); got != 1979 {
			t.Errorf("peak %v, want the FP8 1979", got)
		}
	})
	t.Run("a big batch turns compute bound on the H20's thin compute", func(t *testing.T) {
		e := mustSpeed(t, infer("llama-3.1-8b", 16, 512), "h20-96g", 1)
		if e.DecodeBound != "compute" {
			t.Errorf("bound = %q, want compute", e.DecodeBound)
		}
	})
}

// fixtureCardWithFP8 is the H100 fixture with its datasheet FP8 peak.
func fixtureCardWithFP8(t *testing.T) catalog.Card {
	c := fixtureCard(t, "h100-80g-sxm")
	c.FP8TFLOPS = catalog.Spec{Value: 1979, Ref: catalog.Ref{Source: "H100 datasheet", Date: "2023"}}
	return c
}

func TestSpeedNotes(t *testing.T) {
	e := mustSpeed(t, Input{Workload: LoRA, Model: "llama-2-7b", ContextTokens: 1, Concurrency: 1}, "rtx-4090", 1)
	if e.TrainHours != (Range{}) || !strings.Contains(english(e.Notes), "tokens_to_train") {
		t.Errorf("training without tokens: %+v", e)
	}
	if _, err := Speed(infer("llama-2-7b", 1, 1), fixtureCard(t, "rtx-4090"), 0); err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf(`count = "0": want a whole number in [1, %d]`, MaxCards)) {
		t.Errorf("count 0: error %v", err)
	}
}

// TestFrameworkSpeed: Unsloth's adapters train at twice the Transformers
// Trainer's speed (its README's benchmark table); full training does not
// change with the framework.
func TestFrameworkSpeed(t *testing.T) {
	in := Input{Workload: QLoRA, Model: "llama-3.1-8b", ContextTokens: 2048, Concurrency: 1, TokensToTrain: 1e8}
	hf := mustSpeed(t, in, "a100-80g-sxm", 1)
	in.Framework = FrameworkUnsloth
	un := mustSpeed(t, in, "a100-80g-sxm", 1)
	within(t, "hf hours / unsloth hours", hf.TrainHours.Likely/un.TrainHours.Likely, 2, 1e-9)
	full := Input{Workload: FullFinetune, Model: "llama-3.1-8b", ContextTokens: 2048, Concurrency: 1, TokensToTrain: 1e8}
	a := mustSpeed(t, full, "a100-80g-sxm", 8)
	full.Framework = FrameworkUnsloth
	b := mustSpeed(t, full, "a100-80g-sxm", 8)
	within(t, "full training under unsloth", b.TrainHours.Likely, a.TrainHours.Likely, 1e-12)
}

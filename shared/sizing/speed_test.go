package sizing

import (
	"fmt"
	"strings"
	"testing"
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

// TestTrainingTime is sizing.md §3 case 15: Llama 2 pretraining on
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

	// sizing.md §3 case 17 (unconfirmed): DeepSeek-V3, 14.8T tokens, 2.788M
	// H800-hours; the H800 has the H100's 989 TFLOPS.
	ds := Input{Workload: Pretrain, Model: "deepseek-v3", ContextTokens: 4096, Concurrency: 1, TokensToTrain: 14.8e12}
	inRange(t, "case 17: DeepSeek-V3 H800-hours", mustSpeed(t, ds, "h100-80g-sxm", 2048).CardHours, 2.788e6)

	lora := Input{Workload: LoRA, Model: "llama-2-7b", ContextTokens: 4096, Concurrency: 1, TokensToTrain: 2e12}
	within(t, "LoRA is 4·N·D", mustSpeed(t, lora, "a100-80g-sxm", 64).TrainFLOPs, 4*6.738415616e9*2e12, 1e-9)
}

// TestDecode covers sizing.md §3 cases 18 and 19.
func TestDecode(t *testing.T) {
	t.Run("case 18: Llama-2-70B on 2 × A100-80GB", func(t *testing.T) {
		e := mustSpeed(t, infer("llama-2-70b", 1024, 1), "a100-80g-sxm", 2)
		within(t, "high (η 0.9)", e.DecodeTokensPerSec.High, 26.6, 0.03)
		if e.DecodeTokensPerSec.High < 25.2 || e.DecodeTokensPerSec.Likely >= 25.2 {
			t.Errorf("decode %+v: llm-analysis's 25.2–25.6 tok/s should sit at the top of the range", e.DecodeTokensPerSec)
		}
		if e.DecodeBound != "memory" {
			t.Errorf("bound = %q, want memory", e.DecodeBound)
		}
	})
	t.Run("case 19: Llama-3.1-8B bf16 ceilings", func(t *testing.T) {
		ceilings := map[string]float64{"rtx-4090": 62.8, "a100-80g-sxm": 127, "h100-80g-sxm": 209, "h20-96g": 249, "h200-141g": 299}
		for card, want := range ceilings {
			e := mustSpeed(t, infer("llama-3.1-8b", 1, 1), card, 1)
			within(t, card+" bandwidth ceiling", e.DecodeTokensPerSec.High/BandwidthEfficiency().High, want, 0.03)
		}
	})
	t.Run("MoE decodes at the speed of its active parameters", func(t *testing.T) {
		mix := mustSpeed(t, infer("mixtral-8x7b", 1, 1), "h100-80g-sxm", 2)
		l13 := mustSpeed(t, infer("llama-2-13b", 1, 1), "h100-80g-sxm", 2)
		within(t, "Mixtral (12.9B active) vs Llama-2-13B", mix.DecodeTokensPerSec.Likely, l13.DecodeTokensPerSec.Likely, 0.03)
	})
	t.Run("a big batch turns compute bound on the H20's thin compute", func(t *testing.T) {
		e := mustSpeed(t, infer("llama-3.1-8b", 16, 512), "h20-96g", 1)
		if e.DecodeBound != "compute" {
			t.Errorf("bound = %q, want compute", e.DecodeBound)
		}
	})
}

func TestSpeedNotes(t *testing.T) {
	e := mustSpeed(t, Input{Workload: LoRA, Model: "llama-2-7b", ContextTokens: 1, Concurrency: 1}, "rtx-4090", 1)
	if e.TrainHours != (Range{}) || !strings.Contains(strings.Join(e.Notes, " "), "tokens_to_train") {
		t.Errorf("training without tokens: %+v", e)
	}
	if _, err := Speed(infer("llama-2-7b", 1, 1), fixtureCard(t, "rtx-4090"), 0); err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf("count: must be 1..%d", MaxCards)) {
		t.Errorf("count 0: error %v", err)
	}
}

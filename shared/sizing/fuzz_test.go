package sizing

import (
	"math"
	"testing"
)

// FuzzRecommend feeds arbitrary inputs to Estimate, Recommend and Speed:
// none may panic, and every figure of an accepted input must be a finite,
// non-negative number.
func FuzzRecommend(f *testing.F) {
	// Seeds: one per workload, plus the edges of the ranges.
	f.Add("inference", "llama-2-70b", 0.0, "bf16", 4096, 8, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0, 0.0, "", uint8(0), "", "", 0, "", 0, 0, 0.0)
	f.Add("inference", "deepseek-v3", 0.0, "fp8", 1<<20, 4096, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0, 0.0, "", uint8(0), "fp8", "", 1<<20, "", 0, 0, 0.0)
	f.Add("pretrain", "llama-3.1-405b", 0.0, "", 8192, 1, 15e12, 90.0, 0, 0, 0, 0, 0, 0, 0, 0.0, "selective", uint8(0), "", "adamw-8bit", 0, "", 0, 0, 0.0)
	f.Add("full-finetune", "", 7.0, "fp32", 2048, 4, 1e9, 0.0, 0, 0, 0, 0, 0, 0, 0, 0.0, "none", uint8(4), "", "sgd", 0, "", 0, 0, 0.0)
	f.Add("lora", "mixtral-8x7b", 0.0, "int8", 1, 1, 0.0, 0.0, 64, 0, 0, 0, 0, 0, 0, 0.0, "", uint8(0), "", "", 0, "", 0, 0, 0.0)
	f.Add("qlora", "", 65.0, "int4", 512, 1, 0.0, 0.0, 0, 80, 8192, 64, 8, 128, 28672, 0.0, "full", uint8(0), "", "paged-adamw", 0, "", 0, 0, 0.0)
	f.Add("image-gen", "", 0.0, "fp8", 0, 2, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0, 0.0, "", uint8(0), "", "", 0, "", 0, 0, 0.0)
	f.Add("video-gen", "", 200.0, "", 0, 1, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0, 0.0, "", uint8(0), "", "", 0, "", 0, 0, 0.0)
	f.Add("inference", "gpt-oss-120b", 0.0, "", 131072, 64, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0, 0.0, "", uint8(0), "int8", "", 4096, "", 0, 0, 0.0)
	f.Add("inference", "gemma-3-27b", 0.0, "fp8", 131072, 1, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0, 0.0, "", uint8(0), "bf16", "", 0, "", 0, 0, 0.0)
	f.Add("hpc", "", 0.0, "", 0, 0, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0, 1e6, "", uint8(3), "", "", 0, "", 0, 0, 0.0)
	f.Add("inference", "", 0.001, "int4", 1, 1, 0.0, 0.0, 0, 1, 1, 1, 1, 1, 1, 0.0, "", uint8(0), "", "", 0, "", 0, 0, 0.0)
	f.Add("inference", "", 10000.0, "fp32", 1<<20, 4096, 0.0, 0.0, 0, 1<<20, 1<<20, 1<<20, 1, 1<<20, 1<<20, 0.0, "", uint8(0), "", "", 0, "", 0, 0, 0.0)
	f.Add("pretrain", "", math.NaN(), "bf16", 1, 1, math.Inf(1), math.NaN(), 0, 0, 0, 0, 0, 0, 0, math.NaN(), "", uint8(0), "", "", 0, "", 0, 0, 0.0)
	f.Add("qlora", "", 141.0, "", 8192, 1, 1e9, 30.0, 32, 56, 6144, 48, 8, 128, 16384, 0.0, "full", uint8(0), "", "", 0, "unsloth", 8, 2, 0.0)
	f.Add("inference", "", 141.0, "fp8", 4096, 16, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0, 0.0, "", uint8(0), "", "", 0, "", 8, 9, 0.0)
	f.Add("inference", "qwen3-32b", 0.0, "", 4096, 32, 0.0, 0.0, 0, 0, 0, 0, 0, 0, 0, 0.0, "", uint8(0), "", "", 512, "", 0, 0, 20.0)
	cards := fixtureCards()
	f.Fuzz(func(t *testing.T, workload, model string, paramsB float64, precision string, ctx, conc int, tokens, days float64,
		rank, layers, hidden, heads, kv, headDim, ffn int, workingSet float64, recompute string, prefBits uint8,
		kvPrecision, optimizer string, outputTokens int, framework string, experts, topK int, target float64) {
		in := Input{Workload: Workload(workload), Model: model, ParamsB: paramsB, Precision: Precision(precision),
			ContextTokens: ctx, Concurrency: conc, TokensToTrain: tokens, TargetDays: days, LoRARank: rank,
			Shape: Shape{Layers: layers, Hidden: hidden, Heads: heads, KVHeads: kv, HeadDim: headDim, FFN: ffn,
				Experts: experts, ExpertsPerToken: topK},
			Framework: Framework(framework),
			Targets:   ServiceTargets{TokensPerSecPerSequence: target, TimeToFirstTokenS: target / 100, RequestsPerMinute: target * 10},
			Recompute: Recompute(recompute), WorkingSetGiB: workingSet,
			KVPrecision: Precision(kvPrecision), Optimizer: Optimizer(optimizer), OutputTokens: outputTokens}
		prefs := Prefs{DomesticOnly: prefBits&1 != 0, NeedsFP64: prefBits&2 != 0, AllowPCIeTraining: prefBits&4 != 0}
		m, err := Estimate(in)
		if err != nil {
			if _, rerr := Recommend(in, cards, prefs); rerr == nil {
				t.Fatalf("Estimate failed (%v) but Recommend accepted %+v", err, in)
			}
			return
		}
		checkMemory(t, m)
		r, err := Recommend(in, cards, prefs)
		for _, o := range append([]Option{r.Pick}, r.Alternatives...) {
			if err == nil || o.CardID != "" {
				checkOption(t, o)
			}
		}
		if err != nil {
			return
		}
		checkMemory(t, r.Memory)
		checkEstimates(t, r.Estimates)
	})
}

func nonNegative(t *testing.T, what string, v float64) {
	t.Helper()
	if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		t.Fatalf("%s = %g", what, v)
	}
}

func checkMemory(t *testing.T, m Memory) {
	t.Helper()
	for name, v := range map[string]float64{"weights": m.WeightsGiB, "kv": m.KVCacheGiB, "activations": m.ActivationsGiB,
		"states": m.TrainingStatesGiB, "overhead": m.OverheadGiB, "total": m.TotalGiB, "weight bits": m.WeightBits,
		"params": m.Model.Params, "active": m.Model.ActiveParams, "trainable": m.TrainableParams, "paged": m.PagedStatesGiB} {
		nonNegative(t, name, v)
	}
}

func checkOption(t *testing.T, o Option) {
	t.Helper()
	nonNegative(t, o.CardID+" per card", o.PerCardGiB)
	nonNegative(t, o.CardID+" usable", o.UsableGiB)
	if o.Count < 1 || o.Count > MaxCards || o.TP*o.PP*o.DP != o.Count {
		t.Fatalf("%s: %d cards as TP %d × PP %d × DP %d", o.CardID, o.Count, o.TP, o.PP, o.DP)
	}
	if o.Reason.IsZero() {
		t.Fatalf("%s: no reason", o.CardID)
	}
}

func checkEstimates(t *testing.T, e Estimates) {
	t.Helper()
	for _, r := range []Range{e.DecodeTokensPerSec, e.DecodeTotalTokensPerSec, e.PrefillTokensPerSec, e.TrainHours, e.CardHours} {
		nonNegative(t, "low", r.Low)
		nonNegative(t, "likely", r.Likely)
		nonNegative(t, "high", r.High)
		if r.Low > r.Likely || r.Likely > r.High {
			t.Fatalf("range %+v out of order", r)
		}
	}
	nonNegative(t, "train flops", e.TrainFLOPs)
}

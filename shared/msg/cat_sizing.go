package msg

// The memory math, the speed estimates and the card choice (shared/sizing,
// rules G1, G2, G4).
func init() {
	add(map[string]Entry{
		// Model resolution (input.go, custom.go).
		"sizing.hpc.model_ignored": {
			En: "hpc: the model is ignored; memory is the working_set_gib given",
			Zh: "HPC：忽略模型；显存按填写的 working_set_gib 计算",
		},
		"sizing.image.default": {
			En: "image-gen without a model: sized as FLUX.1-dev (sizing.md §3 case 20)",
			Zh: "图像生成未指定模型：按 FLUX.1-dev 估算（sizing.md §3 案例 20）",
		},
		"sizing.video.default": {
			En: "video-gen without a model: sized as a 14B video transformer; text encoder and VAE not counted",
			Zh: "视频生成未指定模型：按 14B 视频 Transformer 估算；未计入文本编码器和 VAE",
		},
		"sizing.published_4bit": {
			En: "{0} is published in 4-bit weights: sized as {1}",
			Zh: "{0} 以 4 位权重发布：按 {1} 估算",
		},
		"sizing.hpc.no_working_set": {
			En: "hpc without working_set_gib: sized as one card; give the data the solver keeps in GPU memory",
			Zh: "HPC 未填写 working_set_gib：按一张卡估算；请填写求解器常驻显存的数据量",
		},
		"sizing.assumed.diffusion": {
			En: "one network of the given size; activations at about one megapixel per image",
			Zh: "按给定大小的单个网络估算；激活按每张图约一百万像素计",
		},
		"sizing.assumed.shape": {
			En: "shape from {0}, the nearest Llama preset by size: {1}, vocab {2}; this shape holds {3}B parameters, memory uses the {4}B given",
			Zh: "结构取自规模最接近的 Llama 预设 {0}：{1}，词表 {2}；该结构含 {3}B 参数，显存按填写的 {4}B 计算",
		},
		"sizing.assumed.vocab": {
			En: "vocab {0} from {1}; this shape holds {2}B parameters, memory uses the {3}B given",
			Zh: "词表 {0} 取自 {1}；该结构含 {2}B 参数，显存按填写的 {3}B 计算",
		},
		// Memory (memory.go).
		"sizing.weights.hpc": {En: "hpc: no model weights", Zh: "HPC：没有模型权重"},
		"sizing.weights.qlora": {
			En: "qlora: linear layers in NF4 with double quantisation ({0} bits), embeddings, lm_head and norms in bf16",
			Zh: "QLoRA：线性层为双重量化的 NF4（{0} 位），嵌入层、lm_head 和归一化层为 bf16",
		},
		"sizing.weights.int4": {
			En: "int4 weights at {0} bits (GGUF Q4_K_M, scales included)",
			Zh: "int4 权重每参数 {0} 位（GGUF Q4_K_M，含缩放因子）",
		},
		"sizing.weights.fp8_training": {
			En: "fp8 training keeps bf16 weights and fp32 optimizer states: sized as bf16",
			Zh: "fp8 训练保留 bf16 权重和 fp32 优化器状态：按 bf16 估算",
		},
		"sizing.weights.bits": {En: "{0} weights at {1} bits", Zh: "{0} 权重每参数 {1} 位"},
		"sizing.hpc.activations": {
			En: "hpc: the working set is reported as activations",
			Zh: "HPC：工作集记在“激活”一项",
		},
		"sizing.diffusion": {
			En: "diffusion: {0} GiB of activations per image at about one megapixel; all pipeline parts resident (model CPU offload keeps only the denoiser, {1} GiB)",
			Zh: "扩散模型：每张约一百万像素的图 {0} GiB 激活；流水线各部分都常驻显存（开启 model CPU offload 时只保留去噪网络，{1} GiB）",
		},
		"sizing.video.activations": {
			En: "video-gen: activations grow with frames × resolution and are not modelled; keep headroom",
			Zh: "视频生成：激活随帧数 × 分辨率增长，未建模；请留出余量",
		},
		"sizing.kv": {
			En: "KV cache in {0} for {1} {1|sequence|sequences} × {2} tokens = {3} tokens at {4} B/token",
			Zh: "KV 缓存为 {0}：{1} 个序列 × {2} token = {3} token，每 token {4} B",
		},
		"sizing.inference.activations": {
			En: "inference activations: one layer for a {0}-token prefill chunk plus fp32 logits per sequence",
			Zh: "推理激活：按 {0} token 的预填充分块计一层，另加每个序列的 fp32 logits",
		},
		"sizing.sliding": {
			En: "{0} of {1} layers attend to a {2}-token window: their KV cache stops growing there",
			Zh: "{1} 层中有 {0} 层使用 {2} token 的滑动窗口注意力：这些层的 KV 缓存不再增长",
		},
		"sizing.moe.memory": {
			En: "MoE: memory from all {0}B parameters, speed from the {1}B active per token",
			Zh: "MoE：显存按全部 {0}B 参数计，速度按每 token 激活的 {1}B 计",
		},
		"sizing.overhead": {
			En: "overhead {0} GiB per card (CUDA context and workspaces); plans fill at most {1}% of a card",
			Zh: "每卡开销 {0} GiB（CUDA 上下文和工作区）；方案最多用满一张卡的 {1}%",
		},
		"sizing.states": {En: "training states: {0}", Zh: "训练状态：{0}"},
		"sizing.activations.training": {
			En: "activations: {0} recomputation (Korthikanti et al.), sequence {1} × micro-batch {2}, plus fp32 logits",
			Zh: "激活：{0}重计算（Korthikanti 等），序列 {1} × 微批 {2}，另加 fp32 logits",
		},
		"sizing.recompute.full":      {En: "full", Zh: "完全"},
		"sizing.recompute.selective": {En: "selective", Zh: "选择性"},
		"sizing.recompute.none":      {En: "no", Zh: "不做"},
		"sizing.lora": {
			En: "LoRA rank {0} on {1}: {2} trainable parameters ({3}% of the model)",
			Zh: "LoRA 秩 {0}，作用于 {1}：{2} 个可训练参数（占模型的 {3}%）",
		},
		"sizing.paged": {
			En: "{0}: {1} GiB of optimizer moments are paged: assumed in host memory (not counted on the GPU); the host needs that much free RAM, and the run slows when pages move",
			Zh: "{0}：{1} GiB 优化器动量被分页：假定放在主机内存（不计入 GPU）；主机需要这么多空闲内存，页面换入换出时训练会变慢",
		},
		"sizing.optimizer": {En: "{0} ({1} B of moments)", Zh: "{0}（动量 {1} B）"},
		"sizing.state.adapter_fp32": {
			En: "{0} B per adapter parameter: fp32 adapter weights and gradients, {1}",
			Zh: "每个适配器参数 {0} B：fp32 适配器权重和梯度，{1}",
		},
		"sizing.state.adapter": {
			En: "{0} B per adapter parameter: 16-bit adapter weights and gradients as in the QLoRA paper, {1}",
			Zh: "每个适配器参数 {0} B：按 QLoRA 论文，16 位适配器权重和梯度，{1}",
		},
		"sizing.state.fp32": {
			En: "{0} B per parameter beside the fp32 weights: fp32 gradients, {1}",
			Zh: "fp32 权重之外每参数 {0} B：fp32 梯度，{1}",
		},
		"sizing.state.zero": {
			En: "{0} B per parameter beside the 16-bit weights (ZeRO paper convention: 16 B with AdamW): bf16 gradients, fp32 master copy, {1}",
			Zh: "16 位权重之外每参数 {0} B（ZeRO 论文口径：AdamW 为 16 B）：bf16 梯度、fp32 主权重副本，{1}",
		},
		"sizing.state.megatron": {
			En: "{0} B per parameter beside the 16-bit weights (Megatron / HF Transformers convention: 18 B with AdamW): fp32 gradients, fp32 master copy, {1}",
			Zh: "16 位权重之外每参数 {0} B（Megatron / HF Transformers 口径：AdamW 为 18 B）：fp32 梯度、fp32 主权重副本，{1}",
		},
		// Speed (speed.go).
		"sizing.speed.no_tokens": {
			En: "no training time: tokens_to_train not given",
			Zh: "无法估算训练时间：未填写 tokens_to_train",
		},
		"sizing.speed.no_model": {En: "no speed model for {0}", Zh: "{0} 没有速度模型"},
		"sizing.speed.no_bandwidth": {
			En: "no decode estimate: the card's memory bandwidth is unknown",
			Zh: "无法估算解码速度：该卡的显存带宽未知",
		},
		"sizing.speed.decode": {
			En: "decode at the mean context of {0} tokens (prompt {1} + half of {2} output; memory is sized at {3}): per step and rank {4} GB of weights and {5} GB of {6} KV at {7} GB/s × {8}, GEMMs at {9} TFLOPS × {10}, plus a {11} ms latency floor",
			Zh: "解码按平均上下文 {0} token 计（提示 {1} + 输出 {2} 的一半；显存按 {3} 估算）：每步每个 rank 读 {4} GB 权重和 {5} GB {6} KV，带宽 {7} GB/s × {8}，GEMM 算力 {9} TFLOPS × {10}，另加 {11} ms 延迟下限",
		},
		"sizing.speed.moe": {
			En: "MoE at batch {0}: the batch hits {1} distinct experts per layer of {2}, not {3}",
			Zh: "MoE 批大小 {0}：每层 {2} 个专家中该批会命中 {1} 个不同专家，而不是 {3} 个",
		},
		"sizing.speed.no_bf16": {
			En: "no training time: the card's BF16 throughput is unknown",
			Zh: "无法估算训练时间：该卡的 BF16 算力未知",
		},
		"sizing.speed.training": {
			En: "training: {0}·N·D = {1} FLOPs over {2} × {3} TFLOPS dense BF16 at MFU {4}",
			Zh: "训练：{0}·N·D = {1} FLOPs，{2} × {3} TFLOPS 稠密 BF16，MFU {4}",
		},
		"sizing.speed.qlora": {
			En: "qlora dequantises the base weights every step: expect it slower than this",
			Zh: "QLoRA 每一步都要反量化基础权重：实际会比这更慢",
		},
		"sizing.speed.pcie": {
			En: "multi-card training over PCIe reaches a lower MFU than assumed",
			Zh: "经 PCIe 的多卡训练达到的 MFU 低于假设值",
		},
		// Buckets (bucket.go).
		"sizing.bucket.domestic":  {En: "G2 puts domestic (信创) work on the Ascend 910B", Zh: "G2 把信创工作放在昇腾 910B 上"},
		"sizing.bucket.fp64":      {En: "G2 puts CV and scientific (FP64) work on the A100", Zh: "G2 把 CV 和科学计算（FP64）放在 A100 上"},
		"sizing.bucket.diffusion": {En: "G2 puts image and video generation on single RTX 4090s, scaled out by machines", Zh: "G2 把图像和视频生成放在单张 RTX 4090 上，按机器数横向扩展"},
		"sizing.bucket.small":     {En: "G1 puts models under 7B on the RTX 4090", Zh: "G1 把 7B 以下的模型放在 RTX 4090 上"},
		"sizing.bucket.inference": {En: "G2 puts production inference on the H20 (96 GB)", Zh: "G2 把生产推理放在 H20（96 GB）上"},
		"sizing.bucket.train13":   {En: "G2 puts training and fine-tuning of models under 13B on the RTX 4090", Zh: "G2 把 13B 以下模型的训练和微调放在 RTX 4090 上"},
		"sizing.bucket.lora":      {En: "G2 puts LoRA of larger models on the RTX 4090, or one node of 4–8 A100 or H20", Zh: "G2 把较大模型的 LoRA 放在 RTX 4090 上，或一台 4–8 卡的 A100 或 H20 节点"},
		"sizing.bucket.mid":       {En: "G1 puts 13B–70B models on the H100 or H20", Zh: "G1 把 13B–70B 模型放在 H100 或 H20 上"},
		"sizing.bucket.large":     {En: "G2 puts large-model training (70B+) on 8-card H100 NVLink nodes", Zh: "G2 把大模型训练（70B 以上）放在 8 卡 H100 NVLink 节点上"},
		"sizing.bucket.100b": {
			En: "{0}; G1 puts 100B+ on multi-node bare metal, 8 cards per node on NVLink (HCCS on Ascend)",
			Zh: "{0}；G1 把 100B 以上放在多节点裸金属上，每节点 8 卡 NVLink（昇腾为 HCCS）",
		},
		"sizing.sentence": {En: "{0}.", Zh: "{0}。"},
		// Options and the pick (recommend.go).
		"sizing.no_fit.unknown": {En: "does not fit: the card's memory is unknown", Zh: "放不下：该卡显存未知"},
		"sizing.no_fit.diffusion": {
			En: "does not fit one card: needs {0} GiB, {1} usable (a diffusion pipeline runs on one card; rule G2 scales out by machines)",
			Zh: "单卡放不下：需要 {0} GiB，可用 {1}（扩散流水线在一张卡上运行；规则 G2 按机器数横向扩展）",
		},
		"sizing.no_fit.time": {
			En: "cannot finish in {0} days within {1} cards",
			Zh: "{1} 张卡以内无法在 {0} 天内完成",
		},
		"sizing.no_fit": {
			En: "does not fit: needs {0} GiB per card even at {1} {1|card|cards}, {2} usable",
			Zh: "放不下：即使 {1} 张卡，每卡仍需 {0} GiB，可用 {2}",
		},
		"sizing.not_domestic": {
			En: "not domestic hardware (domestic_only)",
			Zh: "不是国产硬件（domestic_only）",
		},
		"sizing.domestic": {
			En: "domestic card: CUDA software does not run on it (CANN stack); planned only with domestic_only",
			Zh: "国产卡：CUDA 软件不能在其上运行（CANN 软件栈）；只在选择 domestic_only 时纳入方案",
		},
		"sizing.no_fp64": {
			En: "FP64 is {0} TFLOPS, under the {1} needed (needs_fp64)",
			Zh: "FP64 算力 {0} TFLOPS，低于所需的 {1}（needs_fp64）",
		},
		"sizing.pcie.one_card": {
			En: "does not fit one card (needs {0} GiB, {1} usable)",
			Zh: "单卡放不下（需要 {0} GiB，可用 {1}）",
		},
		"sizing.pcie.target": {
			En: "the {0}-day target needs {1} cards",
			Zh: "{0} 天的目标需要 {1} 张卡",
		},
		"sizing.pcie.training": {
			En: "{0}, and {1}-card training without NVLink would push gradients and shards over PCIe (allow_pcie_training to accept)",
			Zh: "{0}，而 {1} 卡训练没有 NVLink 会让梯度和分片都走 PCIe（设置 allow_pcie_training 可接受）",
		},
		"sizing.cost":              {En: "{0} {1}", Zh: "{1}{0}"},
		"sizing.cost.month_low":    {En: "a month at the low reference price", Zh: "按参考低价每月"},
		"sizing.cost.run_low":      {En: "for the whole run at the low reference price", Zh: "按参考低价整个训练"},
		"sizing.cost.month_all_in": {En: "a month all-in ({0})", Zh: "每月全包（{0}）"},
		"sizing.cost.run_all_in":   {En: "for the whole run all-in ({0})", Zh: "整个训练全包（{0}）"},
		"sizing.pick": {
			En: "{0}× {1} holds {2} GiB per card of {3} usable",
			Zh: "{0} 张 {1}，每卡需 {2} GiB，可用 {3}",
		},
		"sizing.pick.cost": {En: "{0}; {1}", Zh: "{0}；{1}"},
		"sizing.loss.nodes": {
			En: "needs {0} {0|node|nodes}, the pick has {1}",
			Zh: "需要 {0} 个节点，所选方案只需 {1} 个",
		},
		"sizing.loss.off_bucket": {En: "off-bucket: {0}", Zh: "不在推荐档位：{0}"},
		"sizing.loss.off_bucket_cheaper": {
			En: "off-bucket: {0} (it would cost less: {1}, the pick {2})",
			Zh: "不在推荐档位：{0}（它会更便宜：{1}，所选方案{2}）",
		},
		"sizing.loss.off_bucket_dearer": {
			En: "off-bucket: {0} (and costs more: {1}, the pick {2})",
			Zh: "不在推荐档位：{0}（而且更贵：{1}，所选方案{2}）",
		},
		"sizing.loss.costs_more": {
			En: "costs more: {0}, the pick {1}",
			Zh: "更贵：{0}，所选方案{1}",
		},
		"sizing.loss.no_price": {En: "no reference price in the catalogue", Zh: "目录中没有参考价"},
		"sizing.loss.tie": {
			En: "costs the same as the pick; ranked after it on the price ceiling, nodes, cards or headroom",
			Zh: "与所选方案花费相同；按价格上限、节点数、卡数或余量排在其后",
		},
		// Advice (advice.go).
		"sizing.advice.cheaper_off_bucket": {
			En: "A cheaper card outside the bucket also fits: {0}× {1} at {2} against {3}.",
			Zh: "推荐档位之外还有更便宜的卡也放得下：{0} 张 {1}，{2}，对比{3}。",
		},
		"sizing.advice.tight": {
			En: "Tight: {0} GiB free per card of {1} usable; a longer context, more sequences or a framework update may not fit. Consider {2} cards or a narrower precision.",
			Zh: "余量紧张：每卡可用 {1} GiB 中只剩 {0} GiB；更长的上下文、更多序列或框架升级都可能放不下。可考虑 {2} 张卡或更低的精度。",
		},
		"sizing.advice.nodes": {
			En: "{0} nodes of {1} cards: the nodes need InfiniBand or RoCE between them (Llama 2 trained over 200 Gbps).",
			Zh: "{0} 个节点，每节点 {1} 张卡：节点之间需要 InfiniBand 或 RoCE（Llama 2 的训练网络为 200 Gbps）。",
		},
		"sizing.advice.pcie_tp": {
			En: "Tensor parallelism over PCIe: decode is slower than the bandwidth estimate on NVLink cards.",
			Zh: "经 PCIe 做张量并行：解码会比按带宽估算的 NVLink 卡更慢。",
		},
		"sizing.advice.h20": {
			En: "The H20's dense BF16 is 148 TFLOPS, 15% of an H100: training takes far longer per card; give tokens_to_train to rank by the cost of the whole run.",
			Zh: "H20 的稠密 BF16 算力为 148 TFLOPS，只有 H100 的 15%：单卡训练要慢得多；填写 tokens_to_train 可按整个训练的成本排序。",
		},
		"sizing.advice.cann": {
			En: "{0}: the software stack is CANN (MindSpore/MindSpeed, MindIE or vllm-ascend), not CUDA; run your own model and kernels on it before committing.",
			Zh: "{0}：软件栈是 CANN（MindSpore/MindSpeed、MindIE 或 vllm-ascend），不是 CUDA；签约前先在上面跑通你自己的模型和算子。",
		},
		"sizing.advice.caveat": {En: "{0}: {1}", Zh: "{0}：{1}"},
		"sizing.verdict.one_card": {
			En: "The bucket holds: one card carries the job.",
			Zh: "推荐档位成立：一张卡就能承担这项工作。",
		},
		"sizing.verdict.target": {
			En: "The bucket holds for the card type; the {0}-day target sets the count: memory alone needs {1}× {2}, and {3} train {4} tokens in time at the likely MFU.",
			Zh: "卡型符合推荐档位；卡数由 {0} 天的目标决定：仅按显存需要 {1} 张 {2}，按可能的 MFU，{3} 张卡才能按时训练完 {4} token。",
		},
		"sizing.verdict.need": {
			En: "{0} GiB of weights and states, {1} GiB of KV cache and {2} GiB of activations",
			Zh: "{0} GiB 权重和训练状态、{1} GiB KV 缓存和 {2} GiB 激活",
		},
		"sizing.verdict.need_hpc": {En: "a {0} GiB working set", Zh: "{0} GiB 工作集"},
		"sizing.verdict.math": {
			En: "The bucket holds for the card type; the memory math (rule G4) sets the count: {0} need {1}× {2} ({3} GiB per card of {4} usable).",
			Zh: "卡型符合推荐档位；卡数由显存计算（规则 G4）决定：{0}需要 {1} 张 {2}（每卡 {3} GiB，可用 {4}）。",
		},
		"sizing.verdict.no_bucket_card": {
			En: "No card of the bucket is in the catalogue; the memory math (rule G4) picks {0}.",
			Zh: "目录中没有推荐档位的卡；按显存计算（规则 G4）选择 {0}。",
		},
		"sizing.verdict.lost":  {En: "{0} {1}", Zh: "{0} {1}"},
		"sizing.verdict.lost2": {En: "{0}; {1}", Zh: "{0}；{1}"},
		"sizing.verdict.override": {
			En: "The memory math overrides the bucket (rule G4): {0}. It picks {1}× {2} instead.",
			Zh: "显存计算推翻了推荐档位（规则 G4）：{0}。改选 {1} 张 {2}。",
		},
	})
}

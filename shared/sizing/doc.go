// Package sizing turns a workload and a model into the GPU memory it needs,
// the card type and count that hold it, and estimates of decode speed and
// training time (rules G1, G2 and G4). It is pure arithmetic over the
// catalogue: no I/O, no money beyond ranking by the catalogue's reference
// rent.
//
// Units: memory is reported in GiB (2^30 bytes) and every field says so;
// cards are marketed in GB and sized from the MiB NVML reports.
//
// The formulas and their sources:
//
//   - Weights: parameters × bits per weight. INT4 is GGUF Q4_K_M (4.85
//     bits); QLoRA stores linear layers in NF4 with double quantisation
//     (4.127 bits) and keeps embeddings and norms in bf16 (fp32 under the
//     Transformers Trainer). fp8 and int8 store the linear layers in one
//     byte and keep embeddings, lm_head, norms and routers in 16 bits.
//   - KV cache: 2 · layers · kv_heads · head_dim · bytes per token (GQA,
//     explicit head_dim), (kv_lora_rank + rope_dim) · layers · bytes for
//     MLA; tokens = context × concurrency; 16-bit values.
//   - Training states: mixed-precision Adam at 18 B per parameter with the
//     weights (fp32 gradients, as HF Transformers, EleutherAI and Megatron
//     keep them); Input.BF16Grads gives the ZeRO paper's 16 B. LoRA trains
//     Σ r·(d_in + d_out) parameters over the targeted modules and layers.
//   - Activations: Korthikanti et al., sbh(34 + 5as/h) bytes a layer
//     without recomputation, 34·sbh selective, 2·sbh full (the default),
//     plus the loss's logits at the training framework's bytes per
//     vocabulary entry (Framework).
//   - Per card: 1 GiB of runtime overhead, and a plan fills at most 90% of
//     the card (vLLM's gpu_memory_utilization).
//   - Card counts: 1, 2, 4, 8, then whole 8-card nodes. Tensor parallelism
//     stays inside a node and must divide the attention heads; KV heads are
//     replicated once TP exceeds them. Training shards weights and states
//     over all cards (ZeRO-3 / FSDP) and is not planned over PCIe-only
//     cards unless Prefs.AllowPCIeTraining is set.
//   - Decode: (active weight bytes + KV read) / (TP · bandwidth · η) plus
//     per-layer latency floors (one per MoE layer, not per expert), η =
//     0.6 / 0.75 / 0.9 scaled per card where published runs show another
//     share (H20: 0.48 of it); in steady state each step also reads in the
//     prompts of replacement requests. Training: 6·N·D (4·N·D for LoRA) /
//     (cards · dense BF16 peak · MFU), MFU 0.30 / 0.40 / 0.50 scaled by
//     size, fp8, Hopper, MoE and QLoRA. MoE memory comes from all
//     parameters, speed from the active ones. The published runs behind the
//     constants, and each class's measured spread (Accuracy), are in
//     docs/decode-references.md and docs/accuracy.md.
//   - Service targets: replicas × tensor parallel grow past the memory fit
//     until the decode speed, first-token and request-rate targets hold at
//     the likely estimate (ServiceFit).
package sizing

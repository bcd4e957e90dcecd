package sizing

import "strings"

// Framework is the training framework a fine-tune or pretraining job runs
// in. It decides how the loss is computed over the vocabulary, where the
// activation checkpoints live and in what format the frozen 16-bit weights
// of a QLoRA model are kept.
type Framework string

// The frameworks a sheet can name.
const (
	// FrameworkHF is Hugging Face Transformers' Trainer (or TRL's
	// SFTTrainer) with PEFT: the full logits in bf16 and again in fp32,
	// cross-entropy's fp32 softmax kept for the backward pass and its fp32
	// and bf16 gradients (16 B per token and vocabulary entry); activation
	// checkpoints on the GPU; for QLoRA, PEFT's
	// prepare_model_for_kbit_training casts every parameter not stored in
	// 4 bits (embeddings, lm_head, norms) to fp32, and LoRA and QLoRA
	// adapters are fp32 (PEFT's autocast_adapter_dtype).
	FrameworkHF Framework = "hf"
	// FrameworkLLaMAFactory is LLaMA-Factory: the Transformers Trainer
	// underneath, so the same full logits, but it does not call
	// prepare_model_for_kbit_training (upcast_layernorm and
	// upcast_lmhead_output are off by default), so frozen weights stay
	// 16-bit.
	FrameworkLLaMAFactory Framework = "llama-factory"
	// FrameworkUnsloth is Unsloth: a fused, chunked cross-entropy that never
	// holds the whole logits, and "unsloth" gradient checkpointing that
	// offloads each layer's checkpoint to host RAM, so the GPU keeps only
	// the layer being rebuilt.
	FrameworkUnsloth Framework = "unsloth"
	// FrameworkTorchtune is PyTorch's torchtune: the logits in bf16 with a
	// cross-entropy upcast one chunk at a time (CEWithChunkedOutputLoss,
	// eight chunks), activation checkpoints on the GPU (its activation
	// offloading is off in the shipped recipes), fused AdamW.
	FrameworkTorchtune Framework = "torchtune"
	// FrameworkMegatron is NVIDIA Megatron-LM (or NeMo): a fused
	// vocabulary-parallel cross-entropy that keeps the bf16 logits and one
	// fp32 softmax computed in place, a distributed fused optimizer. It
	// trains full models; it has no QLoRA.
	FrameworkMegatron Framework = "megatron"
)

// DefaultFramework is the framework a training sheet that names none is
// sized for: Megatron-LM for pretraining, which runs at cluster scale; the
// Transformers Trainer for fine-tuning, the most common there and the most
// memory-hungry of the five, so a plan errs towards more memory.
func DefaultFramework(w Workload) Framework {
	if w == Pretrain {
		return FrameworkMegatron
	}
	return FrameworkHF
}

// Frameworks returns every framework in sheet order.
func Frameworks() []Framework {
	return []Framework{FrameworkHF, FrameworkLLaMAFactory, FrameworkUnsloth, FrameworkTorchtune, FrameworkMegatron}
}

// ParseFramework parses a framework name; empty means the
// DefaultFramework of w. The error names the allowed values.
func ParseFramework(s string, w Workload) (Framework, error) {
	f := Framework(strings.ToLower(strings.TrimSpace(s)))
	if f == "" {
		return DefaultFramework(w), nil
	}
	names := make([]string, 0, 5)
	for _, v := range Frameworks() {
		if f == v {
			return f, nil
		}
		names = append(names, string(v))
	}
	return "", textErr("framework", s, names...)
}

// logitsBytes is what the loss keeps per token and vocabulary entry at its
// peak in the backward pass.
func (f Framework) logitsBytes() float64 {
	switch f {
	case FrameworkUnsloth:
		return 0 // fused chunked loss: only a chunk's logits at a time
	case FrameworkTorchtune:
		return 2 + 3*4.0/8 // bf16 logits; fp32 copy, softmax and gradient of one chunk in eight
	case FrameworkMegatron:
		return 2 + 4 // bf16 logits and one fp32 softmax, gradient computed in place
	}
	return 2 + 4 + 4 + 4 + 2
}

// adapterSpeedup is how much faster the framework trains LoRA and QLoRA
// adapters than the Transformers Trainer: Unsloth's README benchmark
// table gives 2× for QLoRA of Llama 3.1 8B and Llama 3.3 70B against
// Hugging Face + FlashAttention 2 (the vendor's own figure; no independent
// run is in the reference set). The others are taken at the Trainer's
// speed.
func (f Framework) adapterSpeedup() float64 {
	if f == FrameworkUnsloth {
		return 2
	}
	return 1
}

// offloadsCheckpoints reports whether the activation checkpoints of every
// layer live in host RAM rather than on the GPU.
func (f Framework) offloadsCheckpoints() bool { return f == FrameworkUnsloth }

// upcastsFrozen reports whether the LoRA adapters (PEFT's
// autocast_adapter_dtype) and QLoRA's 16-bit frozen parameters (PEFT's
// prepare_model_for_kbit_training) are held in fp32.
func (f Framework) upcastsFrozen() bool { return f == FrameworkHF }

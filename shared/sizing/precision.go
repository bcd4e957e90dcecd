package sizing

import "strings"

// Precision is the number format the model's weights are stored in.
type Precision string

// The weight precisions the planner sizes.
const (
	FP32 Precision = "fp32"
	BF16 Precision = "bf16"
	FP16 Precision = "fp16"
	FP8  Precision = "fp8"
	INT8 Precision = "int8"
	INT4 Precision = "int4"
)

// Bits per weight of the real 4-bit formats (GGUF Q4_K_M from gollama's
// vramestimator table, NF4 from the QLoRA paper). A 4-bit format
// stores scales beside the weights, so it costs more than 4 bits.
const (
	// Q4KMBits is GGUF Q4_K_M, the 4-bit format llama.cpp and Ollama ship
	// (gollama vramestimator table). It is the file-level average, so it
	// already covers the tensors kept at higher precision. INT4 inference
	// uses it: it is the most common 4-bit file on rented inference boxes
	// and, being above AWQ/GPTQ's ~4.25 bpw, it errs towards more memory.
	Q4KMBits = 4.85
	// NF4Bits is NF4 with double quantisation as QLoRA stores the frozen
	// base model: 4 bits + an 8-bit scale per 64 weights + a 32-bit
	// second-level scale per 256 blocks = 4.127 bits (QLoRA paper).
	NF4Bits = 4.127
)

// Precisions returns every precision, widest first.
func Precisions() []Precision { return []Precision{FP32, BF16, FP16, FP8, INT8, INT4} }

// ParsePrecision parses a precision name (case and surrounding spaces are
// ignored). The error names the allowed values.
func ParsePrecision(s string) (Precision, error) {
	p := Precision(strings.ToLower(strings.TrimSpace(s)))
	for _, q := range Precisions() {
		if p == q {
			return p, nil
		}
	}
	return "", textErr("precision", s, precisionNames(Precisions())...)
}

// BitsPerParam is the storage cost of one weight in bits, scales included:
// 32, 16, 16, 8, 8 and Q4KMBits. INT8 counts 8 bits: per-channel scales of
// bitsandbytes LLM.int8 or W8A8 add well under 0.1 bit per weight.
func (p Precision) BitsPerParam() float64 {
	switch p {
	case FP32:
		return 32
	case BF16, FP16:
		return 16
	case FP8, INT8:
		return 8
	case INT4:
		return Q4KMBits
	}
	return 0
}

// BytesPerParam is BitsPerParam / 8.
func (p Precision) BytesPerParam() float64 { return p.BitsPerParam() / 8 }

// valueBytes is the width of activations, gradients of activations and the
// KV cache: 4 for fp32 models, otherwise 2. Quantised models still compute
// and cache in 16 bits unless the serving stack is told otherwise.
func (p Precision) valueBytes() float64 {
	if p == FP32 {
		return 4
	}
	return 2
}

// precisionNames is ps as the sheet spells them.
func precisionNames(ps []Precision) []string {
	s := make([]string, len(ps))
	for i, p := range ps {
		s[i] = string(p)
	}
	return s
}

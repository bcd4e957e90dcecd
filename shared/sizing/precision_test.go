package sizing

import (
	"strings"
	"testing"
)

func TestParsePrecision(t *testing.T) {
	tests := []struct {
		in   string
		want Precision
		bits float64
	}{
		{"fp32", FP32, 32},
		{" BF16 ", BF16, 16},
		{"fp16", FP16, 16},
		{"FP8", FP8, 8},
		{"int8", INT8, 8},
		{"int4", INT4, 4.85}, // GGUF Q4_K_M (gollama's table)
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParsePrecision(tt.in)
			if err != nil || got != tt.want {
				t.Fatalf("ParsePrecision(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
			if b := got.BitsPerParam(); b != tt.bits {
				t.Errorf("%s.BitsPerParam() = %g, want %g", got, b, tt.bits)
			}
		})
	}
}

func TestParsePrecisionError(t *testing.T) {
	for _, in := range []string{"", "nf4", "q4_k_m", "float16"} {
		_, err := ParsePrecision(in)
		if err == nil {
			t.Fatalf("ParsePrecision(%q) succeeded", in)
		}
		msg := err.Error()
		if !strings.HasPrefix(msg, "precision = ") || !strings.Contains(msg, `want one of "fp32" "bf16" "fp16" "fp8" "int8" "int4"`) {
			t.Errorf("ParsePrecision(%q) error %q does not name the field and the allowed values", in, msg)
		}
	}
}

func TestNF4Bits(t *testing.T) {
	// QLoRA paper: 4 bits + 8-bit scale per 64 weights + 32-bit scale per
	// 256 blocks of 64.
	within(t, "NF4 bits", NF4Bits, 4+8.0/64+32.0/(64*256), 0.0005)
}

func TestParseWorkload(t *testing.T) {
	for _, w := range Workloads() {
		got, err := ParseWorkload(strings.ToUpper(string(w)))
		if err != nil || got != w {
			t.Errorf("ParseWorkload(%q) = %q, %v", w, got, err)
		}
	}
	_, err := ParseWorkload("training")
	if err == nil || !strings.Contains(err.Error(), `"pretrain" "full-finetune" "lora" "qlora" "inference" "image-gen" "video-gen" "hpc"`) {
		t.Errorf("ParseWorkload(training) error = %v; want the allowed values named", err)
	}
}

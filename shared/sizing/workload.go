package sizing

import "strings"

// Workload is what the cards will run (rule R1).
type Workload string

// The workloads of a requirement sheet (rule R1).
const (
	Pretrain     Workload = "pretrain"
	FullFinetune Workload = "full-finetune"
	LoRA         Workload = "lora"
	QLoRA        Workload = "qlora"
	Inference    Workload = "inference"
	ImageGen     Workload = "image-gen"
	VideoGen     Workload = "video-gen"
	HPC          Workload = "hpc"
)

// Workloads returns every workload in sheet order.
func Workloads() []Workload {
	return []Workload{Pretrain, FullFinetune, LoRA, QLoRA, Inference, ImageGen, VideoGen, HPC}
}

// ParseWorkload parses a workload name (case and surrounding spaces are
// ignored). The error names the allowed values.
func ParseWorkload(s string) (Workload, error) {
	w := Workload(strings.ToLower(strings.TrimSpace(s)))
	for _, v := range Workloads() {
		if w == v {
			return w, nil
		}
	}
	names := make([]string, 0, 8)
	for _, v := range Workloads() {
		names = append(names, string(v))
	}
	return "", textErr("workload", s, names...)
}

// Training reports whether the workload trains weights (full or adapters).
func (w Workload) Training() bool {
	return w == Pretrain || w == FullFinetune || w == LoRA || w == QLoRA
}

// Adapters reports whether only LoRA adapters are trained.
func (w Workload) Adapters() bool { return w == LoRA || w == QLoRA }

// Diffusion reports whether the workload runs an image or video generator.
func (w Workload) Diffusion() bool { return w == ImageGen || w == VideoGen }

package sizing

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// Input is what the sizing needs to know about a job: a requirement sheet
// (rule R1) reduced to the fields that decide memory, speed and time.
type Input struct {
	// Workload is required.
	Workload Workload `json:"workload"`
	// Model is a preset id (see PresetIDs). Leave it empty and give ParamsB
	// for any other model. Rule R3: language-model workloads need one of
	// the two; image-gen defaults to flux.1-dev and video-gen to a 14B
	// video transformer; hpc ignores both.
	Model string `json:"model,omitempty"`
	// ParamsB is the parameter count in billions when Model is empty.
	ParamsB float64 `json:"params_b,omitempty"`
	// Shape is the optional architecture of a ParamsB model.
	Shape Shape `json:"shape,omitempty"`
	// Precision of the weights; empty means bf16 (int4 for qlora).
	Precision Precision `json:"precision,omitempty"`
	// ContextTokens is the context per sequence (prompt + output) for
	// inference and the sequence length for training: 1..1048576.
	ContextTokens int `json:"context_tokens,omitempty"`
	// Concurrency is the number of sequences served at once (inference),
	// the micro-batch per model replica (training) or the images or clips
	// generated at once (image-gen, video-gen): 1..4096.
	Concurrency int `json:"concurrency,omitempty"`
	// TokensToTrain is the number of training tokens (0 = unknown); it
	// drives the training-time estimate.
	TokensToTrain float64 `json:"tokens_to_train,omitempty"`
	// TargetDays is the wall-clock time training must fit in (0 = no
	// target). When set with TokensToTrain, cards are added until the
	// likely training time fits.
	TargetDays float64 `json:"target_days,omitempty"`
	// LoRARank is the adapter rank (lora, qlora); 0 means DefaultLoRARank.
	LoRARank int `json:"lora_rank,omitempty"`
	// LoRATargets are the adapted modules (q, k, v, o, gate, up, down; the
	// "_proj" suffix is accepted); empty means DefaultLoRATargets.
	LoRATargets []string `json:"lora_targets,omitempty"`
	// Recompute is the activation recomputation used in training; empty
	// means RecomputeFull (gradient checkpointing).
	Recompute Recompute `json:"recompute,omitempty"`
	// BF16Grads keeps gradients in 16 bits: 16 B per parameter for mixed-
	// precision Adam (the ZeRO paper) instead of the default 18 B.
	BF16Grads bool `json:"bf16_grads,omitempty"`
	// Optimizer decides the optimizer-state bytes of every trained
	// parameter; empty means AdamW.
	Optimizer Optimizer `json:"optimizer,omitempty"`
	// Framework is the training framework (see Frameworks); empty means
	// DefaultFramework of the workload. It decides the loss's logits memory, where the
	// activation checkpoints live and QLoRA's upcasts.
	Framework Framework `json:"framework,omitempty"`
	// KVPrecision is the format of the KV cache (inference): bf16 (the
	// default), fp16, fp8 or int8. It sets the KV memory and the KV bytes a
	// decode step reads.
	KVPrecision Precision `json:"kv_cache_precision,omitempty"`
	// OutputTokens is how many of ContextTokens a sequence generates
	// (inference); 0 means min(1024, ContextTokens/2). Decode speed is
	// taken at the mean context, ContextTokens − OutputTokens/2, while
	// memory is sized for the full ContextTokens.
	OutputTokens int `json:"output_tokens,omitempty"`
	// Targets are the service targets of an inference job; the count
	// grows past the memory fit until they hold.
	Targets ServiceTargets `json:"service_targets,omitzero"`
	// WorkingSetGiB is the data an hpc job keeps in GPU memory (0 = not
	// known: the job is sized as one card).
	WorkingSetGiB float64 `json:"working_set_gib,omitempty"`
}

// Recompute is how much of the training activations is recomputed in the
// backward pass instead of kept (Korthikanti et al. 2022).
type Recompute string

// Recomputation levels.
const (
	// RecomputeNone keeps every activation: sbh(34 + 5as/h) bytes a layer.
	RecomputeNone Recompute = "none"
	// RecomputeSelective drops the attention-score term, as FlashAttention
	// or Megatron's selective recompute do: 34·sbh bytes a layer.
	RecomputeSelective Recompute = "selective"
	// RecomputeFull keeps only each layer's input, 2·sbh bytes a layer
	// (gradient checkpointing), and rebuilds one layer at a time.
	RecomputeFull Recompute = "full"
)

// Input limits. Wide on purpose: they catch typing mistakes.
const (
	MaxContextTokens = 1 << 20
	MaxConcurrency   = 4096
	MaxLoRARank      = 1024
	MaxTokensToTrain = 1e16
	MaxTargetDays    = 3650
	MaxWorkingSetGiB = 1 << 20
)

// defaultVideoParamsB is the size assumed for video-gen without a model: the
// open 13–14B video transformers (HunyuanVideo 13B, Wan2.1 14B; unconfirmed).
const defaultVideoParamsB = 14

// job is a checked Input with its model resolved and defaults filled in.
type job struct {
	Input
	model Model
	notes []msg.M
}

// prepare validates in, resolves the model and fills the defaults.
func prepare(in Input) (job, error) {
	w, err := ParseWorkload(string(in.Workload))
	if err != nil {
		return job{}, err
	}
	j := job{Input: in}
	j.Workload = w
	if err := j.resolveModel(); err != nil {
		return job{}, err
	}
	for _, check := range []func() error{j.checkPrecision, j.checkShape, j.checkServing, j.checkTraining} {
		if err := check(); err != nil {
			return job{}, err
		}
	}
	return j, nil
}

func (j *job) resolveModel() error {
	id := strings.ToLower(strings.TrimSpace(j.Model))
	if id != "" && j.ParamsB != 0 {
		return fieldErr("params_b", "give either model or params_b, not both")
	}
	switch {
	case j.Workload == HPC:
		j.model = Model{ID: "none", Name: "HPC working set", Source: "working_set_gib"}
		if id != "" || j.ParamsB != 0 {
			j.notes = append(j.notes, msg.New("sizing.hpc.model_ignored"))
		}
		return nil
	case id != "":
		m, ok := PresetByID(id)
		if !ok {
			return fieldErr("model", "unknown preset %q; one of %s, or give params_b", j.Model, strings.Join(PresetIDs(), ", "))
		}
		if (len(m.Components) > 0) != j.Workload.Diffusion() {
			return fieldErr("model", "%s is %s; %s needs %s", m.ID, kindOf(m), j.Workload, wantKind(j.Workload))
		}
		j.model = m
	case j.ParamsB != 0 && j.Workload.Diffusion():
		if !(j.ParamsB >= MinParamsB && j.ParamsB <= MaxParamsB) {
			return fieldErr("params_b", "must be %g..%d (billions of parameters), got %g", MinParamsB, MaxParamsB, j.ParamsB)
		}
		j.model = diffusionModel(j.ParamsB, "given parameter count")
	case j.ParamsB != 0:
		m, err := CustomModel(j.ParamsB, j.Shape)
		if err != nil {
			return err
		}
		j.model = m
		j.notes = append(j.notes, m.Assumed)
	case j.Workload == ImageGen:
		j.model, _ = PresetByID("flux.1-dev")
		j.notes = append(j.notes, msg.New("sizing.image.default"))
	case j.Workload == VideoGen:
		j.model = diffusionModel(defaultVideoParamsB, "assumed: the open 13–14B video transformers (HunyuanVideo 13B, Wan2.1 14B; unconfirmed)")
		j.notes = append(j.notes, msg.New("sizing.video.default"))
	default:
		return fieldErr("model", "required (rule R3: no plan without model size): give a preset (%s) or params_b", strings.Join(PresetIDs(), ", "))
	}
	j.Model = j.model.ID
	return nil
}

func kindOf(m Model) string {
	if len(m.Components) > 0 {
		return "an image model"
	}
	return "a language model"
}

func wantKind(w Workload) string {
	if w.Diffusion() {
		return "a diffusion preset (flux.1-dev) or params_b"
	}
	return "a language-model preset or params_b"
}

// diffusionModel is a generator known only by its size.
func diffusionModel(paramsB float64, source string) Model {
	return Model{ID: "custom", Name: fmt.Sprintf("custom %gB generator", paramsB),
		Components: []Component{{Name: "generator", Params: paramsB * 1e9}},
		Params:     paramsB * 1e9, ActiveParams: paramsB * 1e9, Source: source,
		Assumed: msg.New("sizing.assumed.diffusion")}
}

func (j *job) checkPrecision() error {
	if j.Workload == HPC {
		j.Precision = FP32
		return nil
	}
	if j.Precision == "" {
		j.Precision = DefaultPrecision(j.Workload, j.model.ID)
	}
	if p := j.model.Precision; p != "" && j.Precision == p && !j.Workload.Training() {
		j.notes = append(j.notes, msg.New("sizing.published_4bit", msg.Text(j.model.ID), msg.Text(string(p))))
	}
	p, err := ParsePrecision(string(j.Precision))
	if err != nil {
		return err
	}
	j.Precision = p
	switch {
	case j.Workload == QLoRA && p != INT4:
		return fieldErr("precision", "qlora keeps the base model in 4-bit NF4: use int4 or leave it empty, got %s", p)
	case j.Workload == LoRA && p == INT4:
		return fieldErr("precision", "a 4-bit base model is qlora: use workload qlora, or one of fp32, bf16, fp16, fp8, int8 for lora")
	case (j.Workload == Pretrain || j.Workload == FullFinetune) && (p == INT8 || p == INT4):
		return fieldErr("precision", "%s trains every weight: use fp32, bf16, fp16 or fp8, got %s", j.Workload, p)
	}
	return nil
}

// DefaultPrecision is the weight precision a job is sized in when its sheet
// names none: the format a preset is published in when it is not 16-bit
// (gpt-oss-120b ships MXFP4) for work that does not train it, int4 for
// qlora, else bf16. The site and gpuverify fill a sheet's empty precision
// with it, so a preset is never sized wider than it ships.
func DefaultPrecision(w Workload, preset string) Precision {
	if w == QLoRA {
		return INT4
	}
	if m, ok := presets[strings.ToLower(strings.TrimSpace(preset))]; ok && m.Precision != "" && !w.Training() && !w.Diffusion() {
		return m.Precision
	}
	return BF16
}

func (j *job) checkShape() error {
	if j.Workload == HPC {
		if !(j.WorkingSetGiB >= 0 && j.WorkingSetGiB <= MaxWorkingSetGiB) {
			return fieldErr("working_set_gib", "must be 0..%d, got %g", MaxWorkingSetGiB, j.WorkingSetGiB)
		}
		if j.WorkingSetGiB == 0 {
			j.notes = append(j.notes, msg.New("sizing.hpc.no_working_set"))
		}
		return nil
	}
	if j.Concurrency < 1 || j.Concurrency > MaxConcurrency {
		return fieldErr("concurrency", "must be 1..%d, got %d", MaxConcurrency, j.Concurrency)
	}
	if j.Workload.Diffusion() {
		return nil
	}
	if j.ContextTokens < 1 || j.ContextTokens > MaxContextTokens {
		return fieldErr("context_tokens", "must be 1..%d, got %d", MaxContextTokens, j.ContextTokens)
	}
	return nil
}

// checkServing fills the KV-cache format and the output length of an
// inference job.
func (j *job) checkServing() error {
	if err := j.Targets.validate(); err != nil {
		return err
	}
	if j.Workload != Inference {
		if j.Targets.Set() {
			return fieldErr("service_targets", "apply to inference only, not %s", j.Workload)
		}
		return nil
	}
	switch j.KVPrecision {
	case "":
		j.KVPrecision = BF16
	case BF16, FP16, FP8, INT8:
	default:
		return fieldErr("kv_cache_precision", "must be one of bf16, fp16, fp8, int8, got %q", j.KVPrecision)
	}
	if j.OutputTokens < 0 || j.OutputTokens > j.ContextTokens {
		return fieldErr("output_tokens", "must be 0 (default) or 1..context_tokens (%d), got %d", j.ContextTokens, j.OutputTokens)
	}
	if j.OutputTokens == 0 {
		j.OutputTokens = max(1, min(1024, j.ContextTokens/2))
	}
	return nil
}

func (j *job) checkTraining() error {
	if !(j.TokensToTrain >= 0 && j.TokensToTrain <= MaxTokensToTrain) {
		return fieldErr("tokens_to_train", "must be 0..%g, got %g", MaxTokensToTrain, j.TokensToTrain)
	}
	if !(j.TargetDays >= 0 && j.TargetDays <= MaxTargetDays) {
		return fieldErr("target_days", "must be 0..%d, got %g", MaxTargetDays, j.TargetDays)
	}
	if !j.Workload.Training() {
		return nil
	}
	switch j.Recompute {
	case "":
		j.Recompute = RecomputeFull
	case RecomputeNone, RecomputeSelective, RecomputeFull:
	default:
		return fieldErr("recompute", "must be one of none, selective, full, got %q", j.Recompute)
	}
	o, err := ParseOptimizer(string(j.Optimizer))
	if err != nil {
		return err
	}
	j.Optimizer = o
	f, err := ParseFramework(string(j.Framework), j.Workload)
	if err != nil {
		return err
	}
	if f == FrameworkMegatron && j.Workload == QLoRA {
		return fieldErr("framework", "megatron has no 4-bit QLoRA: use hf, llama-factory, unsloth or torchtune, or workload lora")
	}
	j.Framework = f
	if !j.Workload.Adapters() {
		return nil
	}
	if j.LoRARank == 0 {
		j.LoRARank = DefaultLoRARank
	}
	if j.LoRARank < 1 || j.LoRARank > MaxLoRARank {
		return fieldErr("lora_rank", "must be 1..%d, got %d", MaxLoRARank, j.LoRARank)
	}
	targets := DefaultLoRATargets()
	if len(j.LoRATargets) > 0 {
		targets = targets[:0:0]
		for _, t := range j.LoRATargets {
			n := normTarget(t)
			if n == "" {
				return fieldErr("lora_targets", "must be among %s, got %q", strings.Join(loraTargetNames, ", "), t)
			}
			if !slices.Contains(targets, n) {
				targets = append(targets, n)
			}
		}
	}
	j.LoRATargets = targets
	return nil
}

// finite reports whether x is a usable number.
func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

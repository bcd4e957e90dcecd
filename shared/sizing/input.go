package sizing

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/gpuplan/gpuplan/shared/fielderr"
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
		return fielderr.Sentence("params_b", "sizing.err.model_and_params")
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
			return fielderr.New("model", j.Model, msg.New("want.preset_or_params", msg.Text(strings.Join(PresetIDs(), ", "))))
		}
		if (len(m.Components) > 0) != j.Workload.Diffusion() {
			return fielderr.Sentence("model", "sizing.err.model_kind", msg.Text(m.ID), msg.Label(kindOf(m)), msg.Text(string(j.Workload)), msg.Label(wantKind(j.Workload)))
		}
		j.model = m
	case j.ParamsB != 0 && j.Workload.Diffusion():
		if !(j.ParamsB >= MinParamsB && j.ParamsB <= MaxParamsB) {
			return paramsErr(j.ParamsB)
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
		return fielderr.Sentence("model", "sizing.err.model_required", msg.Text(strings.Join(PresetIDs(), ", ")))
	}
	j.Model = j.model.ID
	return nil
}

// kindOf is the id of the label naming the kind of model m is.
func kindOf(m Model) string {
	if len(m.Components) > 0 {
		return "sizing.kind.image"
	}
	return "sizing.kind.language"
}

// wantKind is the id of the label naming the model w needs.
func wantKind(w Workload) string {
	if w.Diffusion() {
		return "sizing.kind.want_diffusion"
	}
	return "sizing.kind.want_language"
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
		return fielderr.Sentence("precision", "sizing.err.qlora_precision", msg.Text(string(p)))
	case j.Workload == LoRA && p == INT4:
		return fielderr.Sentence("precision", "sizing.err.lora_int4")
	case (j.Workload == Pretrain || j.Workload == FullFinetune) && (p == INT8 || p == INT4):
		return fielderr.Sentence("precision", "sizing.err.trains_every_weight", msg.Text(string(j.Workload)), msg.Text(string(p)))
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
			return figErr("working_set_gib", j.WorkingSetGiB, wantIn("want.noun.gib", fmt.Sprintf("[0, %d]", MaxWorkingSetGiB)))
		}
		if j.WorkingSetGiB == 0 {
			j.notes = append(j.notes, msg.New("sizing.hpc.no_working_set"))
		}
		return nil
	}
	if j.Concurrency < 1 || j.Concurrency > MaxConcurrency {
		return intErr("concurrency", j.Concurrency, wholeIn(1, MaxConcurrency))
	}
	if j.Workload.Diffusion() {
		return nil
	}
	if j.ContextTokens < 1 || j.ContextTokens > MaxContextTokens {
		return intErr("context_tokens", j.ContextTokens, wholeIn(1, MaxContextTokens))
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
			return fielderr.Sentence("service_targets", "sizing.err.targets_inference_only", msg.Text(string(j.Workload)))
		}
		return nil
	}
	switch j.KVPrecision {
	case "":
		j.KVPrecision = BF16
	case BF16, FP16, FP8, INT8:
	default:
		return textErr("kv_cache_precision", string(j.KVPrecision), string(BF16), string(FP16), string(FP8), string(INT8))
	}
	if j.OutputTokens < 0 || j.OutputTokens > j.ContextTokens {
		return intErr("output_tokens", j.OutputTokens, zeroOr("want.zero.default", wholeUpTo("context_tokens", j.ContextTokens)))
	}
	if j.OutputTokens == 0 {
		j.OutputTokens = max(1, min(1024, j.ContextTokens/2))
	}
	return nil
}

func (j *job) checkTraining() error {
	if !(j.TokensToTrain >= 0 && j.TokensToTrain <= MaxTokensToTrain) {
		return figErr("tokens_to_train", j.TokensToTrain, wantIn("want.noun.tokens", "[0, 10^16]"))
	}
	if !(j.TargetDays >= 0 && j.TargetDays <= MaxTargetDays) {
		return figErr("target_days", j.TargetDays, wantIn("want.noun.days", fmt.Sprintf("[0, %d]", MaxTargetDays)))
	}
	if !j.Workload.Training() {
		return nil
	}
	switch j.Recompute {
	case "":
		j.Recompute = RecomputeFull
	case RecomputeNone, RecomputeSelective, RecomputeFull:
	default:
		return textErr("recompute", string(j.Recompute), string(RecomputeNone), string(RecomputeSelective), string(RecomputeFull))
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
		return fielderr.Sentence("framework", "sizing.err.megatron_qlora")
	}
	j.Framework = f
	if !j.Workload.Adapters() {
		return nil
	}
	if j.LoRARank == 0 {
		j.LoRARank = DefaultLoRARank
	}
	if j.LoRARank < 1 || j.LoRARank > MaxLoRARank {
		return intErr("lora_rank", j.LoRARank, zeroOr("want.zero.default", wholeIn(1, MaxLoRARank)))
	}
	targets := DefaultLoRATargets()
	if len(j.LoRATargets) > 0 {
		targets = targets[:0:0]
		for _, t := range j.LoRATargets {
			n := normTarget(t)
			if n == "" {
				return textErr("lora_targets", t, loraTargetNames...)
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

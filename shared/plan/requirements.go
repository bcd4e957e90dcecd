package plan

import (
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/shopspring/decimal"
)

// RequirementsSchema is the schema id of a requirement sheet.
const RequirementsSchema = planfile.RequirementsSchema

// Requirements is the requirement sheet (rule R1): what the team needs, in
// the units the team thinks in. It is kept, normalised, inside every plan so
// a plan can be rebuilt from it.
type Requirements struct {
	Schema string `json:"schema"`
	// Workload is one of Workloads.
	Workload string `json:"workload"`
	// Model names a preset or gives the size (and optionally the shape).
	Model Model `json:"model"`
	// Precision of the weights: fp32, bf16, fp16, fp8, int8, int4.
	Precision string `json:"precision,omitempty"`
	// ContextTokens is the context length per sequence (prompt + output).
	ContextTokens int `json:"context_tokens,omitempty"`
	// Concurrency is the number of sequences served at once (inference) or
	// the micro-batch per GPU (training).
	Concurrency int `json:"concurrency,omitempty"`
	// OutputTokens is how many of ContextTokens a sequence generates
	// (inference); decode speed is given at the mean context. 0 means
	// min(1024, context_tokens/2).
	OutputTokens int `json:"output_tokens,omitempty"`
	// KVCachePrecision is the KV cache format (inference): bf16 (default),
	// fp16, fp8 or int8.
	KVCachePrecision string `json:"kv_cache_precision,omitempty"`
	// ServiceTargets are what an inference service must deliver; the plan
	// sizes replicas × tensor parallel to meet them (inference only).
	ServiceTargets *ServiceTargets `json:"service_targets,omitempty"`
	// Training holds the settings that decide a training plan's memory.
	Training *Training `json:"training,omitempty"`
	// Cards are the catalogue ids the vendor offers; only they are
	// candidates, and one id pins the card. Empty means every card.
	Cards []string `json:"cards,omitempty"`
	// TokensToTrain is the training set size in tokens (0 = not training or
	// unknown). Used for the training-time estimate.
	TokensToTrain int64 `json:"tokens_to_train,omitempty"`
	// AsOf is the day the offers' ages count from (YYYY-MM-DD), for a
	// sheet that wants a fixed date: offers six months old or more on it
	// are flagged. Without it they count from Today.
	AsOf string `json:"as_of,omitempty"`
	// Today is the date of the day the plan is built, which gpuverify and
	// the site set from the clock; it is not part of the file, so a plan
	// exported and read again is the same. Empty: the built-in book's date.
	Today string `json:"-"`
	// HoursPerDay and DaysPerMonth describe the expected use (rule B1).
	HoursPerDay  decimal.Decimal `json:"hours_per_day"`
	DaysPerMonth int             `json:"days_per_month"`
	// ProjectMonths is the expected length of the project (rules B2, D1).
	ProjectMonths int `json:"project_months"`
	// DomesticOnly requires domestic (信创) hardware (rule R1, G2).
	DomesticOnly bool `json:"domestic_only,omitempty"`
	// NeedsFP64 asks for double-precision throughput (scientific work).
	NeedsFP64 bool `json:"needs_fp64,omitempty"`
	// StorageTB is the data volume to keep on the rented machines.
	StorageTB decimal.Decimal `json:"storage_tb"`
	// EgressTBMonth is the expected outbound traffic per month.
	EgressTBMonth decimal.Decimal `json:"egress_tb_month"`
	// ExtraIPs is the number of public IPs beyond the one included. It is
	// always written: a sheet that leaves it out gets the default (2).
	ExtraIPs int `json:"extra_ips"`
	// OpsTeam says whether a team dedicated to GPU operations exists (D1).
	OpsTeam bool `json:"ops_team,omitempty"`
	// Demand is "steady" or "volatile" (D1).
	Demand string `json:"demand,omitempty"`
	// DataClass is "commercial" or "classified" (D1).
	DataClass string `json:"data_class,omitempty"`
	// FirstContract is true when this is the first contract with the vendor
	// (rule B3). Defaults to true when absent.
	FirstContract *bool `json:"first_contract,omitempty"`
	// Cost holds the user's own prices and fee amounts.
	Cost CostInputs `json:"cost"`
	// Procurement holds the optional later stages: quotes, vendors,
	// contract, POC, operations, exit and checklists.
	Procurement *Procurement `json:"procurement,omitempty"`
}

// Training are the settings of a training plan (pretrain, full-finetune,
// lora, qlora). Normalize fills the defaults for training workloads.
type Training struct {
	// LoRARank is the adapter rank (lora, qlora): 1..1024, default 16.
	LoRARank int `json:"lora_rank,omitempty"`
	// LoRATargets is "attention" (q, k, v, o; the default) or
	// "all-linear" (also the MLP's gate, up and down).
	LoRATargets string `json:"lora_targets,omitempty"`
	// Optimizer is adamw (default), adamw-8bit, paged-adamw,
	// paged-adamw-8bit or sgd.
	Optimizer string `json:"optimizer,omitempty"`
	// Framework is the training framework: hf (Transformers Trainer with
	// PEFT; the default for fine-tuning), llama-factory, unsloth,
	// torchtune or megatron (the default for pretraining). It decides the
	// loss's logits memory, where activation checkpoints live and QLoRA's
	// upcasts.
	Framework string `json:"framework,omitempty"`
	// GradientCheckpointing recomputes activations in the backward pass;
	// default true. Without it FlashAttention-style attention is assumed.
	GradientCheckpointing *bool `json:"gradient_checkpointing,omitempty"`
}

// ServiceTargets are an inference service's targets, each optional (0 or
// absent: no target).
type ServiceTargets struct {
	// TokensPerSecPerSequence is the decode speed one user must see.
	TokensPerSecPerSequence float64 `json:"tokens_per_sec_per_sequence,omitempty"`
	// TimeToFirstTokenS is the longest wait for the first token, seconds,
	// at the sheet's prompt length and concurrency.
	TimeToFirstTokenS float64 `json:"time_to_first_token_s,omitempty"`
	// RequestsPerMinute is the request rate the service must sustain.
	RequestsPerMinute float64 `json:"requests_per_minute,omitempty"`
}

// Model names a preset or describes a model by its size and shape.
type Model struct {
	// Preset is a preset id such as "llama-3.1-70b" (see sizing presets).
	Preset string `json:"preset,omitempty"`
	// ParamsB is the parameter count in billions when no preset is given.
	ParamsB float64 `json:"params_b,omitempty"`
	// Shape is the model's architecture when no preset is given, each
	// field optional; its fields sit at the top of the "model" object.
	sizing.Shape
}

// CostInputs are the user's own figures. Every field is optional: an absent
// figure falls back to the catalogue or to a documented reference value.
type CostInputs struct {
	// Prices overrides the catalogue price of a card, keyed by card id
	// (a real quote beats a reference range).
	Prices map[string]PriceQuote `json:"prices,omitempty"`
	// Items overrides a C1 fee item by name with the user's own monthly
	// amount (see tco item names).
	Items map[string]decimal.Decimal `json:"items,omitempty"`
	// AnnualDiscount is the discount of an annual contract as a fraction.
	AnnualDiscount *decimal.Decimal `json:"annual_discount,omitempty"`
	// PriceList is the buyer's own price list (providers and offers, as
	// read from their CSV), laid over the built-in price book: for each
	// provider and card it prices, its offers replace the book's.
	PriceList *pricebook.Book `json:"price_list,omitempty"`
	// SelfBuild holds the inputs of the self-build comparison (D1).
	SelfBuild SelfBuild `json:"self_build"`
}

// PriceQuote is a quoted price for one card.
type PriceQuote struct {
	// Monthly is the rent per card per month.
	Monthly *decimal.Decimal `json:"monthly,omitempty"`
	// Hourly is the rent per card per hour.
	Hourly *decimal.Decimal `json:"hourly,omitempty"`
}

// SelfBuild are the inputs of the own-hardware comparison. Absent figures
// use reference values that the plan states.
type SelfBuild struct {
	// CapexPerCard is the purchase price per card, server share included.
	CapexPerCard *decimal.Decimal `json:"capex_per_card,omitempty"`
	// ResidualFraction is the resale value at the end of the life.
	ResidualFraction *decimal.Decimal `json:"residual_fraction,omitempty"`
	// LifeMonths is the depreciation period.
	LifeMonths int `json:"life_months,omitempty"`
	// PUE is the data centre's power usage effectiveness.
	PUE *decimal.Decimal `json:"pue,omitempty"`
	// PricePerKWh is the electricity price.
	PricePerKWh *decimal.Decimal `json:"price_per_kwh,omitempty"`
	// ColocationMonthly is the rack / hosting fee per month.
	ColocationMonthly *decimal.Decimal `json:"colocation_monthly,omitempty"`
	// OpsStaffMonthly is the monthly cost of the operations staff.
	OpsStaffMonthly *decimal.Decimal `json:"ops_staff_monthly,omitempty"`
}

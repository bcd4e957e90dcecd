// Package plan turns a requirement sheet into a plan: the GPU tier and count
// with the memory math behind it, the billing mode, the full monthly cost,
// rent vs build, and the acceptance block that gpuverify checks a delivered
// machine against. The plan file is the one document the planner site and
// the gpuverify CLI exchange; docs/plan-file.md documents it.
package plan

import (
	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/shared/rentbuild"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/shared/tco"
	"github.com/shopspring/decimal"
)

// Schema is the schema id of the plan files the planner writes.
const Schema = planfile.Schema

// Plan is the plan file. Decimal values are JSON strings.
//
// Every sentence is a message (the *Message(s) fields). The file keeps
// each one's English text for scripts beside it ("warnings" beside
// "warning_messages"), written from the message when the plan is encoded
// (planjson.go) and never stored, so that building a plan on every
// keystroke renders no sentence nobody reads. Readers in code render the
// messages (msg.Strings, CostItem.BasisIn) in the language they need; a
// file with only the English reads as that text.
type Plan struct {
	Schema       string       `json:"schema"`
	Requirements Requirements `json:"requirements"`
	// Defaults names the requirement fields whose value is the default
	// (defaults.go) rather than a figure someone chose: the reader should
	// check them. gpuverify and the site fill the same defaults.
	Defaults    []string            `json:"defaults,omitempty"`
	Sizing      Sizing              `json:"sizing"`
	GPU         GPU                 `json:"gpu"`
	Billing     Billing             `json:"billing"`
	Cost        Cost                `json:"cost"`
	RentVsBuild RentVsBuild         `json:"rent_vs_build"`
	Acceptance  planfile.Acceptance `json:"acceptance"`
	// Rules lists the ids of the rules (docs/rules.md) the plan applied.
	Rules []string `json:"rules"`
	// WarningMessages are what a buyer must read before signing; the file
	// writes them as "warnings" (English) and "warning_messages".
	WarningMessages []msg.M `json:"-"`
	// Procurement are the results computed from requirements.procurement
	// (ComputeProcurement), filled by Encode and Decode, not by Build;
	// absent when the sheet has no procurement section.
	Procurement *ProcurementResults `json:"procurement,omitempty"`
}

// Sizing is the memory math and the estimates behind the GPU choice.
type Sizing struct {
	// Model is the model as sized: preset name or the assumed shape.
	Model SizedModel `json:"model"`
	// MemoryGiB is the memory the workload needs, all cards together.
	MemoryGiB Memory `json:"memory_gib"`
	// DecodeTokensPerSec is the decode speed per sequence (inference).
	DecodeTokensPerSec *Estimate `json:"decode_tokens_per_sec,omitempty"`
	// TimeToFirstTokenS is the wait for a request's first token (inference).
	TimeToFirstTokenS *Estimate `json:"time_to_first_token_s,omitempty"`
	// Service is how the plan meets the sheet's service targets: replicas
	// × cards, the figures they reach, what set the count, what no card
	// meets (inference with service_targets).
	Service *Service `json:"service,omitempty"`
	// TrainingDays is the wall-clock training time when tokens_to_train is set.
	TrainingDays *Estimate `json:"training_days,omitempty"`
	// DecodeAccuracy and TrainingAccuracy are the error bars beside the
	// ranges: how close the model came on the published runs of the
	// estimate's reference class (docs/decode-references.md,
	// docs/accuracy.md).
	DecodeAccuracy   *Accuracy `json:"decode_accuracy,omitempty"`
	TrainingAccuracy *Accuracy `json:"training_accuracy,omitempty"`
	// NoteMessages explain assumptions and where the memory math overrides
	// the articles' buckets (rule G4); the file writes them as "notes"
	// (English) and "note_messages".
	NoteMessages []msg.M `json:"-"`
}

// Accuracy is the measured spread of the model on one reference class
// (sizing.Accuracy), with the same as a sentence in either language.
type Accuracy struct {
	sizing.Accuracy
	Message msg.M `json:"message"`
}

// Service is the pick's fit to the service targets.
type Service struct {
	Replicas            int      `json:"replicas"`
	CardsPerReplica     int      `json:"cards_per_replica"`
	Sequences           int      `json:"sequences"`
	SequencesPerReplica int      `json:"sequences_per_replica"`
	TokensPerSecPerSeq  Estimate `json:"tokens_per_sec_per_sequence"`
	TimeToFirstTokenS   Estimate `json:"time_to_first_token_s"`
	RequestsPerMinute   Estimate `json:"requests_per_minute"`
	// SetBy names what set the card count: "memory" or the targets.
	SetBy []string `json:"set_by"`
	// Unmet are the targets the picked card cannot meet, with the best
	// figure it reaches.
	Unmet []sizing.TargetMiss `json:"unmet,omitempty"`
}

// SizedModel is the model the sizing used.
type SizedModel struct {
	Name          string  `json:"name"`
	ParamsB       float64 `json:"params_b"`
	ActiveParamsB float64 `json:"active_params_b"`
	Layers        int     `json:"layers"`
	Hidden        int     `json:"hidden"`
	Heads         int     `json:"heads"`
	KVHeads       int     `json:"kv_heads"`
	HeadDim       int     `json:"head_dim"`
	// Assumed is true when the shape was not given and was inferred from
	// the parameter count.
	Assumed bool   `json:"assumed,omitempty"`
	Source  string `json:"source,omitempty"`
}

// Memory is a memory breakdown in GiB (2^30 bytes).
type Memory struct {
	Weights        float64 `json:"weights"`
	KVCache        float64 `json:"kv_cache"`
	Activations    float64 `json:"activations"`
	TrainingStates float64 `json:"training_states"`
	// PagedStates are a paged optimizer's moments, assumed in host memory
	// and not in Total.
	PagedStates float64 `json:"paged_states,omitempty"`
	Overhead    float64 `json:"overhead"`
	Total       float64 `json:"total"`
}

// Estimate is a low / likely / high range.
type Estimate struct {
	Low    float64 `json:"low"`
	Likely float64 `json:"likely"`
	High   float64 `json:"high"`
}

// GPU is the chosen card and count.
type GPU struct {
	Choice
	// Alternatives are the other catalogue cards with the reason each lost.
	Alternatives []Choice `json:"alternatives"`
	// Offers are every provider's every term for every card that
	// qualifies, at the card's count, cheapest all-in first (the terms the
	// billing rules keep out last): who sells it cheapest at the sheet's
	// hours.
	Offers []OfferCost `json:"offers,omitempty"`
}

// OfferRef is an offer of the price book as a plan records it: the offer
// with its provider's name and kind and its age on the plan's date.
type OfferRef struct {
	pricebook.Offer
	ProviderName string         `json:"provider_name"`
	ProviderKind pricebook.Kind `json:"provider_kind,omitempty"`
	// AgeMonths is how old the price is on the plan's as_of date, in whole
	// months; null when the date does not parse.
	AgeMonths *int `json:"age_months"`
}

// OfferCost is one card × provider × term at the sheet's use.
type OfferCost struct {
	Card     string `json:"card"`
	CardName string `json:"card_name"`
	Count    int    `json:"count"`
	// Mode is the term's billing mode ("hourly", "daily", "weekly",
	// "monthly", "annual").
	Mode billing.Mode `json:"mode"`
	// Rent is the GPU rent of Count cards a month on the term.
	Rent money.Range `json:"rent"`
	// AllInMonthly is the likely rent plus the likely hidden items.
	AllInMonthly decimal.Decimal `json:"all_in_monthly"`
	// Best marks the provider's cheapest term the rules allow.
	Best bool `json:"best,omitempty"`
	// Rule names the billing rule that keeps the term out (B2, B3).
	Rule  string   `json:"rule,omitempty"`
	Offer OfferRef `json:"offer"`
}

// Choice is one card option.
type Choice struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Count int    `json:"count"`
	Nodes int    `json:"nodes"`
	// Interconnect is the link the option needs (planfile.Interconnect:
	// "none", "pcie", "nvlink", "nvlink+ib", "hccs", "pcie+ib",
	// "hccs+roce").
	Interconnect planfile.Interconnect `json:"interconnect"`
	// PerCardGiB is the memory each card must hold.
	PerCardGiB float64 `json:"per_card_gib"`
	// Monthly is the GPU rent of the whole option a month: in BillingMode
	// when the option qualifies, else at the monthly reference price.
	Monthly money.Range `json:"monthly"`
	// BillingMode is the option's best billing mode ("hourly", "monthly",
	// "annual"); empty when the option does not qualify.
	BillingMode billing.Mode `json:"billing_mode,omitempty"`
	// AllInMonthly is the option's likely all-in monthly cost in
	// BillingMode, every C1 item included: what the card choice ranks by.
	AllInMonthly *decimal.Decimal `json:"all_in_monthly,omitempty"`
	// Offer is the offer the option is priced at: the cheapest provider
	// and term at the sheet's use; absent when no provider sells the card
	// or the option does not qualify.
	Offer *OfferRef `json:"offer,omitempty"`
	// ReasonMessage says why an alternative lost (zero for the choice);
	// the file writes it as "reason" (English) and "reason_message".
	ReasonMessage msg.M `json:"-"`
}

// Billing is the billing-mode decision (rules B1–B3).
type Billing struct {
	// Mode is "hourly" | "daily" | "weekly" | "monthly" | "annual": the
	// term of the offer taken.
	Mode billing.Mode `json:"mode"`
	// Offer is the offer taken, the same as gpu.offer.
	Offer *OfferRef `json:"offer,omitempty"`
	// BreakevenHoursPerDay is the chosen provider's own monthly ÷ hourly
	// card price ÷ days a month; null when that provider does not sell
	// both terms.
	BreakevenHoursPerDay *decimal.Decimal `json:"breakeven_hours_per_day"`
	// RuleOfThumbMode is what rule B1's 10 h/day threshold says.
	RuleOfThumbMode billing.Mode `json:"rule_of_thumb_mode"`
	// ReasonMessages explain the mode; the file writes them as "reasons"
	// (English) and "reason_messages".
	ReasonMessages []msg.M `json:"-"`
}

// Cost is the full monthly cost (rule C1).
type Cost struct {
	Currency string `json:"currency"`
	// BillingMode is the mode whose rent the items price.
	BillingMode billing.Mode `json:"billing_mode"`
	Monthly     money.Range  `json:"monthly"`
	Items       []CostItem   `json:"items"`
	// OtherModes are the same cost in the billing modes not chosen, for
	// comparison.
	OtherModes []ModeCost `json:"other_modes,omitempty"`
	// HiddenShare is the non-GPU share of the total, as a fraction.
	HiddenShare tco.Shares `json:"hidden_share"`
	// WarningMessage is set when the hidden share is outside rule C3's
	// 10–25% band; the file writes it as "warning" (English) and
	// "warning_message".
	WarningMessage msg.M `json:"-"`
}

// ModeCost is the full monthly cost in one billing mode.
type ModeCost struct {
	Mode billing.Mode `json:"mode"`
	// Rule names the billing rule that keeps the mode out (B2, B3).
	Rule string `json:"rule,omitempty"`
	// Rent is the GPU rent in this mode.
	Rent money.Range `json:"rent"`
	// Monthly is the rent plus the same hidden items.
	Monthly money.Range `json:"monthly"`
}

// CostItem is one line of the full monthly cost.
type CostItem struct {
	Name string          `json:"name"`
	Low  decimal.Decimal `json:"low"`
	High decimal.Decimal `json:"high"`
	Rule string          `json:"rule"`
	// UserEntered is true when the amount is the user's own figure.
	UserEntered bool `json:"user_entered,omitempty"`
	// BasisMessage is how the figure was reached, AssumptionMessage the
	// default price's source; the file writes them as "basis" (the
	// English, with the source in brackets), "basis_message" and
	// "assumption_message".
	BasisMessage      msg.M `json:"-"`
	AssumptionMessage msg.M `json:"-"`

	assumption string // the default price's source as the tco item gave it: a citation

}

// RentVsBuild is the rent-or-build decision (rules D1, D2).
type RentVsBuild struct {
	// Decision is "rent" | "build" | "hybrid".
	Decision rentbuild.Decision `json:"decision"`
	// BreakevenMonths is capex ÷ (rent − own running cost); null = never.
	BreakevenMonths *decimal.Decimal `json:"breakeven_months"`
	// SelfBuildMonthly is the own-hardware monthly cost.
	SelfBuildMonthly decimal.Decimal `json:"self_build_monthly"`
	// RentMonthly is the rent compared against: the likely GPU rent and
	// support items, without egress, storage, IPs and migration, which
	// owning pays too.
	RentMonthly decimal.Decimal `json:"rent_monthly"`
	// HybridSaving is D2's saving of a 40/60 hybrid over building it all.
	HybridSaving decimal.Decimal `json:"hybrid_saving"`
	// ReasonMessages explain the decision; the file writes them as
	// "reasons" (English) and "reason_messages".
	ReasonMessages []msg.M `json:"-"`
	// D1 is rule D1's table evaluated on the sheet.
	D1 []D1Row `json:"d1"`
}

// D1Row is one row of rule D1's table.
type D1Row struct {
	Dimension string `json:"dimension"`
	// ValueMessage is the sheet's value; the file writes it as "value"
	// (English) and "value_message".
	ValueMessage msg.M `json:"-"`
	// Points is "rent", "build" or "neutral".
	Points rentbuild.Side `json:"points"`
}

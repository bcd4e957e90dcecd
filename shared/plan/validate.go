package plan

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/shopspring/decimal"
)

// Workloads are the kinds of work a sheet can describe (rule R1).
var Workloads = []string{"pretrain", "full-finetune", "lora", "qlora", "inference", "image-gen", "video-gen", "hpc"}

// Precisions are the weight precisions a sheet can ask for.
var Precisions = []string{"fp32", "bf16", "fp16", "fp8", "int8", "int4"}

// Ranges of the numeric fields. They are wide on purpose: they catch typing
// mistakes (25 hours a day, a negative count), not unusual projects.
const (
	maxContext     = 1 << 20
	maxConcurrency = 4096
	maxMonths      = 120
	maxExtraIPs    = 1000
	maxParamsB     = 10000
)

var (
	dec24  = decimal.NewFromInt(24)
	maxTB  = decimal.NewFromInt(100000)
	maxFee = decimal.NewFromInt(1_000_000_000)
)

// Normalize checks every field against its allowed range and fills the
// defaults a sheet may leave out. It stops at the first problem and returns
// a *fielderr.Error naming it.
func (r *Requirements) Normalize() error {
	r.Workload = strings.ToLower(strings.TrimSpace(r.Workload))
	if r.Workload == "" {
		return fieldErr("workload", "required (rule R3: no plan without workload and model size); one of %s", strings.Join(Workloads, ", "))
	}
	if !slices.Contains(Workloads, r.Workload) {
		return fieldErr("workload", "must be one of %s, got %q", strings.Join(Workloads, ", "), r.Workload)
	}
	if err := r.Model.validate(); err != nil {
		return err
	}
	r.defaults()
	for _, check := range []func() error{r.validateShape, r.validateServing, r.validateTraining, r.validateCards, r.validateUse, r.validateVolumes, r.validateEnums, r.validateAsOf, r.Cost.validate, r.Procurement.validate} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

func (m *Model) validate() error {
	m.Preset = strings.ToLower(strings.TrimSpace(m.Preset))
	if m.Preset == "" && m.ParamsB == 0 {
		return fieldErr("model", "required (rule R3): give model.preset or model.params_b")
	}
	if m.Preset != "" && m.ParamsB != 0 {
		return fieldErr("model.params_b", "give either model.preset or model.params_b, not both")
	}
	if m.ParamsB < 0 || m.ParamsB > maxParamsB {
		return fieldErr("model.params_b", "must be between 0.001 and %d (billions of parameters), got %g", maxParamsB, m.ParamsB)
	}
	if m.ParamsB > 0 && m.ParamsB < 0.001 {
		return fieldErr("model.params_b", "must be between 0.001 and %d (billions of parameters), got %g", maxParamsB, m.ParamsB)
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"layers", m.Layers}, {"hidden", m.Hidden}, {"heads", m.Heads}, {"kv_heads", m.KVHeads}, {"head_dim", m.HeadDim}, {"ffn", m.FFN}} {
		if f.v < 0 || f.v > 1<<20 {
			return fieldErr("model."+f.name, "must be between 1 and %d, got %d", 1<<20, f.v)
		}
	}
	if m.KVHeads > 0 && m.Heads > 0 && (m.KVHeads > m.Heads || m.Heads%m.KVHeads != 0) {
		return fieldErr("model.kv_heads", "must divide model.heads (%d), got %d", m.Heads, m.KVHeads)
	}
	if m.Preset != "" && m.Shape.MoE() {
		return fieldErr("model.experts", "a preset has its own shape: give model.params_b for a custom mixture of experts")
	}
	return fielderr.Prefix("model.", m.Shape.ValidateMoE())
}

// defaults fills what a sheet may omit with the values in defaults.go
// (one table for the site and gpuverify). Services run all day; training
// and batch work is assumed to run 12 h a day unless the sheet says
// otherwise.
func (r *Requirements) defaults() {
	if r.Precision == "" {
		// A preset published in 4 bits keeps them (gpt-oss-120b): the
		// same default the sizing applies.
		r.Precision = string(sizing.DefaultPrecision(sizing.Workload(r.Workload), r.Model.Preset))
	}
	r.Precision = strings.ToLower(r.Precision)
	if r.ContextTokens == 0 {
		r.ContextTokens = defaultInt("context_tokens", r.Workload)
	}
	if r.Concurrency == 0 {
		r.Concurrency = defaultInt("concurrency", r.Workload)
	}
	if r.HoursPerDay.IsZero() {
		r.HoursPerDay = defaultDec("hours_per_day", r.Workload)
	}
	if r.DaysPerMonth == 0 {
		r.DaysPerMonth = defaultInt("days_per_month", r.Workload)
	}
	if r.ProjectMonths == 0 {
		r.ProjectMonths = defaultInt("project_months", r.Workload)
	}
	if r.Demand == "" {
		r.Demand, _ = DefaultText("demand", r.Workload)
	}
	if r.DataClass == "" {
		r.DataClass, _ = DefaultText("data_class", r.Workload)
	}
	if r.FirstContract == nil {
		yes := true
		r.FirstContract = &yes
	}
}

func (r *Requirements) validateShape() error {
	if !slices.Contains(Precisions, r.Precision) {
		return fieldErr("precision", "must be one of %s, got %q", strings.Join(Precisions, ", "), r.Precision)
	}
	if r.ContextTokens < 1 || r.ContextTokens > maxContext {
		return fieldErr("context_tokens", "must be between 1 and %d, got %d", maxContext, r.ContextTokens)
	}
	if r.Concurrency < 1 || r.Concurrency > maxConcurrency {
		return fieldErr("concurrency", "must be between 1 and %d, got %d", maxConcurrency, r.Concurrency)
	}
	if r.TokensToTrain < 0 {
		return fieldErr("tokens_to_train", "must be 0 or more, got %d", r.TokensToTrain)
	}
	return nil
}

// KVPrecisions are the KV cache formats a sheet can ask for.
var KVPrecisions = []string{"bf16", "fp16", "fp8", "int8"}

// Optimizers are the optimizers a training sheet can name.
var Optimizers = []string{"adamw", "adamw-8bit", "paged-adamw", "paged-adamw-8bit", "sgd"}

// Frameworks are the training frameworks a sheet can name.
var Frameworks = frameworkNames()

func frameworkNames() []string {
	var out []string
	for _, f := range sizing.Frameworks() {
		out = append(out, string(f))
	}
	return out
}

// LoRATargets are the adapter target sets a sheet can name.
var LoRATargets = []string{"attention", "all-linear"}

// maxLoRARank bounds the adapter rank.
const maxLoRARank = 1024

// validateServing checks the inference fields and fills their defaults.
func (r *Requirements) validateServing() error {
	if r.OutputTokens < 0 || r.OutputTokens > r.ContextTokens {
		return fieldErr("output_tokens", "must be between 0 (default) and context_tokens (%d), got %d", r.ContextTokens, r.OutputTokens)
	}
	if err := optionalChoice("kv_cache_precision", &r.KVCachePrecision, KVPrecisions); err != nil {
		return err
	}
	if err := r.ServiceTargets.validate(); err != nil {
		return err
	}
	if r.Workload != "inference" {
		// Only a serving plan reads these; a sheet that switched workload
		// must not carry them into the plan.
		r.KVCachePrecision, r.OutputTokens, r.ServiceTargets = "", 0, nil
		return nil
	}
	if r.ServiceTargets != nil && *r.ServiceTargets == (ServiceTargets{}) {
		r.ServiceTargets = nil
	}
	if r.KVCachePrecision == "" {
		r.KVCachePrecision = "bf16"
	}
	if r.OutputTokens == 0 {
		r.OutputTokens = max(1, min(1024, r.ContextTokens/2))
	}
	return nil
}

// Ranges of the service targets.
const (
	maxTargetTokensPerSec = sizing.MaxTargetTokensPerSec
	maxTargetTTFT         = sizing.MaxTargetTTFTSeconds
	maxTargetRPM          = sizing.MaxTargetRPM
)

// validate checks each target: absent, or above 0 up to its limit.
func (t *ServiceTargets) validate() error {
	if t == nil {
		return nil
	}
	for _, f := range []struct {
		name   string
		v, max float64
	}{{"tokens_per_sec_per_sequence", t.TokensPerSecPerSequence, maxTargetTokensPerSec}, {"time_to_first_token_s", t.TimeToFirstTokenS, maxTargetTTFT}, {"requests_per_minute", t.RequestsPerMinute, maxTargetRPM}} {
		if !(f.v >= 0 && f.v <= f.max) {
			return fieldErr("service_targets."+f.name, "must be 0 (no target) or above 0 up to %g, got %g", f.max, f.v)
		}
	}
	return nil
}

// validateTraining checks the training settings and fills their defaults
// for training workloads.
func (r *Requirements) validateTraining() error {
	training := slices.Contains([]string{"pretrain", "full-finetune", "lora", "qlora"}, r.Workload)
	if r.Training == nil {
		if !training {
			return nil
		}
		r.Training = &Training{}
	}
	t := r.Training
	adapters := r.Workload == "lora" || r.Workload == "qlora"
	if t.LoRARank < 0 || t.LoRARank > maxLoRARank {
		return fieldErr("training.lora_rank", "must be between 1 and %d, got %d", maxLoRARank, t.LoRARank)
	}
	if err := optionalChoice("training.lora_targets", &t.LoRATargets, LoRATargets); err != nil {
		return err
	}
	if err := optionalChoice("training.optimizer", &t.Optimizer, Optimizers); err != nil {
		return err
	}
	if err := optionalChoice("training.framework", &t.Framework, Frameworks); err != nil {
		return err
	}
	if !training {
		r.Training = nil // training settings do not apply to this workload
		return nil
	}
	if !adapters {
		t.LoRARank, t.LoRATargets = 0, "" // no adapters in full training
	}
	if adapters && t.LoRARank == 0 {
		t.LoRARank = 16
	}
	if adapters && t.LoRATargets == "" {
		t.LoRATargets = "attention"
	}
	if t.Optimizer == "" {
		t.Optimizer = "adamw"
	}
	if t.Framework == "" {
		t.Framework = string(sizing.DefaultFramework(sizing.Workload(r.Workload)))
	}
	if t.Framework == string(sizing.FrameworkMegatron) && r.Workload == "qlora" {
		return fieldErr("training.framework", "megatron has no 4-bit QLoRA: use hf, llama-factory, unsloth or torchtune, or workload lora")
	}
	if t.GradientCheckpointing == nil {
		yes := true
		t.GradientCheckpointing = &yes
	}
	return nil
}

// optionalChoice lower-cases *v and checks that it is empty (the default)
// or one of allowed.
func optionalChoice(field string, v *string, allowed []string) error {
	*v = strings.ToLower(strings.TrimSpace(*v))
	if *v != "" && !slices.Contains(allowed, *v) {
		return fieldErr(field, "must be one of %s, got %q", strings.Join(allowed, ", "), *v)
	}
	return nil
}

// validateCards checks that every offered card is in the catalogue.
func (r *Requirements) validateCards() error {
	for i, id := range r.Cards {
		id = strings.ToLower(strings.TrimSpace(id))
		if _, ok := catalog.ByID(id); !ok {
			return fieldErr(fmt.Sprintf("cards[%d]", i), "unknown card id %q; one of %s", r.Cards[i], strings.Join(catalog.IDs(), ", "))
		}
		r.Cards[i] = id
	}
	return nil
}

func (r *Requirements) validateUse() error {
	if r.HoursPerDay.IsNegative() || r.HoursPerDay.GreaterThan(dec24) {
		return fieldErr("hours_per_day", "must be between 0 and 24 (rule B1), got %s", r.HoursPerDay)
	}
	if r.DaysPerMonth < 1 || r.DaysPerMonth > 31 {
		return fieldErr("days_per_month", "must be between 1 and 31, got %d", r.DaysPerMonth)
	}
	if r.ProjectMonths < 1 || r.ProjectMonths > maxMonths {
		return fieldErr("project_months", "must be between 1 and %d (rule B2), got %d", maxMonths, r.ProjectMonths)
	}
	return nil
}

func (r *Requirements) validateVolumes() error {
	if r.StorageTB.IsNegative() || r.StorageTB.GreaterThan(maxTB) {
		return fieldErr("storage_tb", "must be between 0 and %s, got %s", maxTB, r.StorageTB)
	}
	if r.EgressTBMonth.IsNegative() || r.EgressTBMonth.GreaterThan(maxTB) {
		return fieldErr("egress_tb_month", "must be between 0 and %s, got %s", maxTB, r.EgressTBMonth)
	}
	if r.ExtraIPs < 0 || r.ExtraIPs > maxExtraIPs {
		return fieldErr("extra_ips", "must be between 0 and %d, got %d", maxExtraIPs, r.ExtraIPs)
	}
	return nil
}

func (r *Requirements) validateEnums() error {
	r.Demand = strings.ToLower(r.Demand)
	if r.Demand != "steady" && r.Demand != "volatile" {
		return fieldErr("demand", "must be steady or volatile, got %q", r.Demand)
	}
	r.DataClass = strings.ToLower(r.DataClass)
	if r.DataClass != "commercial" && r.DataClass != "classified" {
		return fieldErr("data_class", "must be commercial or classified, got %q", r.DataClass)
	}
	return nil
}

func (c *CostInputs) validate() error {
	for id, q := range c.Prices {
		if _, ok := catalog.ByID(id); !ok {
			return fieldErr("cost.prices."+id, "is not a catalogue card id; one of %s", strings.Join(catalog.IDs(), ", "))
		}
		for _, f := range []struct {
			name string
			v    *decimal.Decimal
		}{{"monthly", q.Monthly}, {"hourly", q.Hourly}} {
			if f.v != nil && (!f.v.IsPositive() || f.v.GreaterThan(maxFee)) {
				return fieldErr("cost.prices."+id+"."+f.name, "must be above 0 and at most %s, got %s", maxFee, f.v)
			}
		}
	}
	if err := validatePriceList(c.PriceList); err != nil {
		return err
	}
	for name, v := range c.Items {
		if err := nonNegative("cost.items."+name, &v, maxFee); err != nil {
			return err
		}
	}
	if c.AnnualDiscount != nil && (c.AnnualDiscount.IsNegative() || c.AnnualDiscount.GreaterThanOrEqual(decimal.NewFromInt(1))) {
		return fieldErr("cost.annual_discount", "must be a fraction from 0 to below 1 (0.15 = 15%%), got %s", c.AnnualDiscount)
	}
	return c.SelfBuild.validate()
}

func (s *SelfBuild) validate() error {
	one := decimal.NewFromInt(1)
	checks := []struct {
		name string
		v    *decimal.Decimal
		max  decimal.Decimal
	}{
		{"capex_per_card", s.CapexPerCard, maxFee},
		{"residual_fraction", s.ResidualFraction, one},
		{"pue", s.PUE, decimal.NewFromInt(5)},
		{"price_per_kwh", s.PricePerKWh, decimal.NewFromInt(100)},
		{"colocation_monthly", s.ColocationMonthly, maxFee},
		{"ops_staff_monthly", s.OpsStaffMonthly, maxFee},
	}
	for _, c := range checks {
		if err := nonNegative("cost.self_build."+c.name, c.v, c.max); err != nil {
			return err
		}
	}
	if s.PUE != nil && s.PUE.LessThan(one) {
		return fieldErr("cost.self_build.pue", "must be between 1 and 5, got %s", s.PUE)
	}
	if s.LifeMonths < 0 || s.LifeMonths > maxMonths {
		return fieldErr("cost.self_build.life_months", "must be between 1 and %d, got %d", maxMonths, s.LifeMonths)
	}
	return nil
}

func nonNegative(field string, v *decimal.Decimal, max decimal.Decimal) error {
	if v == nil {
		return nil
	}
	if v.IsNegative() || v.GreaterThan(max) {
		return fieldErr(field, "must be between 0 and %s, got %s", max, v)
	}
	return nil
}

// validatePriceList checks a decoded buyer's price list as ParseCSV checks
// the file: bounded, every offer complete, known card, term and unit, a
// price above zero, a real date.
func validatePriceList(b *pricebook.Book) error {
	if b == nil {
		return nil
	}
	if len(b.Offers) > pricebook.MaxRows || len(b.Providers) > pricebook.MaxRows {
		return fieldErr("cost.price_list.offers", "at most %d offers and providers, got %d and %d", pricebook.MaxRows, len(b.Offers), len(b.Providers))
	}
	for i, p := range b.Providers {
		f := fmt.Sprintf("cost.price_list.providers[%d]", i)
		if p.ID == "" || len(p.ID) > pricebook.MaxField || len(p.Name) > pricebook.MaxField || len(p.Website) > pricebook.MaxField {
			return fieldErr(f+".id", "must be a provider name of 1 to %d characters", pricebook.MaxField)
		}
		if !slices.Contains(pricebook.Kinds, p.Kind) {
			return fieldErr(f+".kind", "must be cloud, marketplace, reseller or buyer, got %q", p.Kind)
		}
	}
	for i, o := range b.Offers {
		if err := validateOffer(fmt.Sprintf("cost.price_list.offers[%d]", i), o, b); err != nil {
			return err
		}
	}
	return nil
}

func validateOffer(f string, o pricebook.Offer, b *pricebook.Book) error {
	switch {
	case o.Provider == "" || len(o.Provider) > pricebook.MaxField:
		return fieldErr(f+".provider", "must name a provider (1 to %d characters)", pricebook.MaxField)
	case !knownProvider(o.Provider, b):
		return fieldErr(f+".provider", "must be a provider of price_list.providers or of the built-in book, got %q", o.Provider)
	case !knownCard(o.Card):
		return fieldErr(f+".card", "must be a catalogue card id (%s), got %q", strings.Join(catalog.IDs(), ", "), o.Card)
	case !o.Term.Valid():
		return fieldErr(f+".term", "must be hour, day, week, month or year, got %q", o.Term)
	case !money.Bounded(o.Price.Low) || !money.Bounded(o.Price.High) || !o.Price.Low.IsPositive() || o.Price.High.LessThan(o.Price.Low) || o.Price.High.GreaterThan(maxFee):
		return fieldErr(f+".price", "must be above 0 and at most %s, low ≤ high, got %s–%s", maxFee, o.Price.Low, o.Price.High)
	case !pricebook.ValidDate(o.Date):
		return fieldErr(f+".date", "must be the date the price was read, YYYY-MM-DD or YYYY-MM, got %q", o.Date)
	case o.Source == "" || len(o.Source) > pricebook.MaxField || len(o.Includes) > pricebook.MaxField || len(o.Note) > pricebook.MaxField:
		return fieldErr(f+".source", "must say where the price can be checked (1 to %d characters)", pricebook.MaxField)
	}
	return nil
}

func knownProvider(id string, b *pricebook.Book) bool {
	if _, ok := b.Provider(id); ok {
		return true
	}
	_, ok := pricebook.BuiltinProvider(id)
	return ok
}

func knownCard(id string) bool {
	_, ok := catalog.ByID(id)
	return ok
}

func (r *Requirements) validateAsOf() error {
	if r.AsOf != "" && (len(r.AsOf) != 10 || !pricebook.ValidDate(r.AsOf)) {
		return fieldErr("as_of", "must be the day the plan is made, YYYY-MM-DD, got %q", r.AsOf)
	}
	return nil
}

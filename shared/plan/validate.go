package plan

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
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
		return fieldErr("workload", "plan.err.workload_required", msg.Text(strings.Join(Workloads, ", ")))
	}
	if !slices.Contains(Workloads, r.Workload) {
		return oneOf("workload", Workloads, r.Workload)
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
		return fieldErr("model", "plan.err.model_required")
	}
	if m.Preset != "" && m.ParamsB != 0 {
		return fieldErr("model.params_b", "plan.err.preset_or_size")
	}
	if m.ParamsB < 0 || m.ParamsB > maxParamsB {
		return fieldErr("model.params_b", "plan.err.params_b", msg.Text(num(maxParamsB)), msg.Text(fig(m.ParamsB)))
	}
	if m.ParamsB > 0 && m.ParamsB < 0.001 {
		return fieldErr("model.params_b", "plan.err.params_b", msg.Text(num(maxParamsB)), msg.Text(fig(m.ParamsB)))
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"layers", m.Layers}, {"hidden", m.Hidden}, {"heads", m.Heads}, {"kv_heads", m.KVHeads}, {"head_dim", m.HeadDim}, {"ffn", m.FFN}} {
		if f.v < 0 || f.v > 1<<20 {
			return between("model."+f.name, "1", num(1<<20), num(f.v))
		}
	}
	if m.KVHeads > 0 && m.Heads > 0 && (m.KVHeads > m.Heads || m.Heads%m.KVHeads != 0) {
		return fieldErr("model.kv_heads", "plan.err.kv_heads", msg.Text(num(m.Heads)), msg.Text(num(m.KVHeads)))
	}
	if m.Preset != "" && m.Shape.MoE() {
		return fieldErr("model.experts", "plan.err.preset_moe")
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
		return oneOf("precision", Precisions, r.Precision)
	}
	if r.ContextTokens < 1 || r.ContextTokens > maxContext {
		return between("context_tokens", "1", num(maxContext), num(r.ContextTokens))
	}
	if r.Concurrency < 1 || r.Concurrency > maxConcurrency {
		return between("concurrency", "1", num(maxConcurrency), num(r.Concurrency))
	}
	if r.TokensToTrain < 0 {
		return fieldErr("tokens_to_train", "plan.err.non_negative", msg.Text(strconv.FormatInt(r.TokensToTrain, 10)))
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
		return fieldErr("output_tokens", "plan.err.output_tokens", msg.Text(num(r.ContextTokens)), msg.Text(num(r.OutputTokens)))
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
			return fieldErr("service_targets."+f.name, "plan.err.target", msg.Text(fig(f.max)), msg.Text(fig(f.v)))
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
		return between("training.lora_rank", "1", num(maxLoRARank), num(t.LoRARank))
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
		return fieldErr("training.framework", "plan.err.megatron_qlora")
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
		return oneOf(field, allowed, *v)
	}
	return nil
}

// oneOf refuses field's value v, which is none of allowed.
func oneOf(field string, allowed []string, v string) error {
	return fieldErr(field, "plan.err.one_of", msg.Text(strings.Join(allowed, ", ")), quoted(v))
}

// validateCards checks that every offered card is in the catalogue.
func (r *Requirements) validateCards() error {
	for i, id := range r.Cards {
		id = strings.ToLower(strings.TrimSpace(id))
		if _, ok := catalog.ByID(id); !ok {
			return fieldErr(fmt.Sprintf("cards[%d]", i), "plan.err.unknown_card", quoted(r.Cards[i]), msg.Text(strings.Join(catalog.IDs(), ", ")))
		}
		r.Cards[i] = id
	}
	return nil
}

func (r *Requirements) validateUse() error {
	if r.HoursPerDay.IsNegative() || r.HoursPerDay.GreaterThan(dec24) {
		return betweenRule("hours_per_day", "0", "24", "B1", r.HoursPerDay.String())
	}
	if r.DaysPerMonth < 1 || r.DaysPerMonth > 31 {
		return between("days_per_month", "1", "31", num(r.DaysPerMonth))
	}
	if r.ProjectMonths < 1 || r.ProjectMonths > maxMonths {
		return betweenRule("project_months", "1", num(maxMonths), "B2", num(r.ProjectMonths))
	}
	return nil
}

func (r *Requirements) validateVolumes() error {
	if r.StorageTB.IsNegative() || r.StorageTB.GreaterThan(maxTB) {
		return between("storage_tb", "0", maxTB.String(), r.StorageTB.String())
	}
	if r.EgressTBMonth.IsNegative() || r.EgressTBMonth.GreaterThan(maxTB) {
		return between("egress_tb_month", "0", maxTB.String(), r.EgressTBMonth.String())
	}
	if r.ExtraIPs < 0 || r.ExtraIPs > maxExtraIPs {
		return between("extra_ips", "0", num(maxExtraIPs), num(r.ExtraIPs))
	}
	return nil
}

func (r *Requirements) validateEnums() error {
	r.Demand = strings.ToLower(r.Demand)
	if r.Demand != "steady" && r.Demand != "volatile" {
		return fieldErr("demand", "plan.err.either", msg.Text("steady"), msg.Text("volatile"), quoted(r.Demand))
	}
	r.DataClass = strings.ToLower(r.DataClass)
	if r.DataClass != "commercial" && r.DataClass != "classified" {
		return fieldErr("data_class", "plan.err.either", msg.Text("commercial"), msg.Text("classified"), quoted(r.DataClass))
	}
	return nil
}

func (c *CostInputs) validate() error {
	for id, q := range c.Prices {
		if _, ok := catalog.ByID(id); !ok {
			return fieldErr("cost.prices."+id, "plan.err.price_card", msg.Text(strings.Join(catalog.IDs(), ", ")))
		}
		for _, f := range []struct {
			name string
			v    *decimal.Decimal
		}{{"monthly", q.Monthly}, {"hourly", q.Hourly}} {
			if f.v != nil && (!f.v.IsPositive() || f.v.GreaterThan(maxFee)) {
				return fieldErr("cost.prices."+id+"."+f.name, "plan.err.positive_max", msg.Text(maxFee.String()), msg.Text(f.v.String()))
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
		return fieldErr("cost.annual_discount", "plan.err.discount", msg.Text(c.AnnualDiscount.String()))
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
		return between("cost.self_build.pue", "1", "5", s.PUE.String())
	}
	if s.LifeMonths < 0 || s.LifeMonths > maxMonths {
		return between("cost.self_build.life_months", "1", num(maxMonths), num(s.LifeMonths))
	}
	return nil
}

func nonNegative(field string, v *decimal.Decimal, max decimal.Decimal) error {
	if v == nil {
		return nil
	}
	if v.IsNegative() || v.GreaterThan(max) {
		return between(field, "0", max.String(), v.String())
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
		return fieldErr("cost.price_list.offers", "plan.err.price_list_size", msg.Text(num(pricebook.MaxRows)), msg.Text(num(len(b.Offers))), msg.Text(num(len(b.Providers))))
	}
	for i, p := range b.Providers {
		f := fmt.Sprintf("cost.price_list.providers[%d]", i)
		if p.ID == "" || len(p.ID) > pricebook.MaxField || len(p.Name) > pricebook.MaxField || len(p.Website) > pricebook.MaxField {
			return fieldErr(f+".id", "plan.err.provider_id", msg.Text(num(pricebook.MaxField)))
		}
		if !slices.Contains(pricebook.Kinds, p.Kind) {
			return fieldErr(f+".kind", "plan.err.provider_kind", quoted(string(p.Kind)))
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
		return fieldErr(f+".provider", "plan.err.offer_provider", msg.Text(num(pricebook.MaxField)))
	case !knownProvider(o.Provider, b):
		return fieldErr(f+".provider", "plan.err.offer_provider_known", quoted(o.Provider))
	case !knownCard(o.Card):
		return fieldErr(f+".card", "plan.err.offer_card", msg.Text(strings.Join(catalog.IDs(), ", ")), quoted(o.Card))
	case !o.Term.Valid():
		return fieldErr(f+".term", "plan.err.offer_term", quoted(string(o.Term)))
	case !money.Bounded(o.Price.Low) || !money.Bounded(o.Price.High) || !o.Price.Low.IsPositive() || o.Price.High.LessThan(o.Price.Low) || o.Price.High.GreaterThan(maxFee):
		return fieldErr(f+".price", "plan.err.offer_price", msg.Text(maxFee.String()), msg.Text(o.Price.Low.String()), msg.Text(o.Price.High.String()))
	case !pricebook.ValidDate(o.Date):
		return fieldErr(f+".date", "plan.err.offer_date", quoted(o.Date))
	case o.Source == "" || len(o.Source) > pricebook.MaxField || len(o.Includes) > pricebook.MaxField || len(o.Note) > pricebook.MaxField:
		return fieldErr(f+".source", "plan.err.offer_source", msg.Text(num(pricebook.MaxField)))
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
		return fieldErr("as_of", "plan.err.as_of", quoted(r.AsOf))
	}
	return nil
}

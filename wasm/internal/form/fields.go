package form

import (
	"slices"
	"strconv"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/shared/tco"
	"github.com/shopspring/decimal"
)

// The planner's inputs: how each field stores its parsed value in the
// sheet and reads it back (accessors), and the tables of every field.

// accessor stores a parsed value in the sheet and reads it back as text.
type accessor struct {
	put  func(r *plan.Requirements, v Value)
	take func(r plan.Requirements) string
}

// Accessors for the common field types.

func intField(get func(*plan.Requirements) *int) accessor {
	return accessor{
		put: func(r *plan.Requirements, v Value) { *get(r) = clampInt(v.Int) },
		take: func(r plan.Requirements) string {
			if n := *get(&r); n != 0 {
				return strconv.Itoa(n)
			}
			return ""
		},
	}
}

// clampInt keeps a parsed int64 inside int, so the plan sees an out-of-range
// value and names it rather than a wrapped one.
func clampInt(n int64) int {
	const maxInt = int64(^uint(0) >> 1)
	switch {
	case n > maxInt:
		return int(maxInt)
	case n < -maxInt-1:
		return int(-maxInt - 1)
	}
	return int(n)
}

func decField(get func(*plan.Requirements) *decimal.Decimal) accessor {
	return accessor{
		put: func(r *plan.Requirements, v Value) { *get(r) = v.Dec },
		take: func(r plan.Requirements) string {
			if d := *get(&r); !d.IsZero() {
				return d.String()
			}
			return ""
		},
	}
}

func optDecField(get func(*plan.Requirements) **decimal.Decimal) accessor {
	return accessor{
		put: func(r *plan.Requirements, v Value) { d := v.Dec; *get(r) = &d },
		take: func(r plan.Requirements) string {
			if d := *get(&r); d != nil {
				return d.String()
			}
			return ""
		},
	}
}

func strField(get func(*plan.Requirements) *string) accessor {
	return accessor{
		put:  func(r *plan.Requirements, v Value) { *get(r) = v.Str },
		take: func(r plan.Requirements) string { return *get(&r) },
	}
}

func boolField(get func(*plan.Requirements) *bool) accessor {
	return accessor{
		put:  func(r *plan.Requirements, v Value) { *get(r) = v.Bool },
		take: func(r plan.Requirements) string { return strconv.FormatBool(*get(&r)) },
	}
}

// spec assembles a fieldSpec from its accessors.
func spec(f Spec, a accessor) Spec {
	f.put, f.take = a.put, a.take
	return f
}

// sheetDefault is the default of a field that is the same for every
// workload, from the one table the site and gpuverify share
// (shared/plan/defaults.go). Fields whose default depends on the workload
// (concurrency, hours_per_day) start empty and show the value the plan
// used as their placeholder.
func sheetDefault(key string) string {
	v, _ := plan.DefaultText(key, "inference")
	if w, _ := plan.DefaultText(key, "lora"); w != v {
		panic("gpuplan: the default of " + key + " depends on the workload; leave the field empty")
	}
	return v
}

// presetChoices are the model presets, then "" for a model given by size.
func presetChoices() []string {
	return append(sizing.PresetIDs(), "")
}

// SheetFields is the requirement sheet (rule R1), in display order.
var SheetFields = []Spec{
	spec(Spec{Key: "workload", Kind: KindChoice, Default: "inference", Choices: plan.Workloads, Rule: "R1",
		LabelID: "site.page.f_workload", HelpID: "site.page.h_workload"},
		strField(func(r *plan.Requirements) *string { return &r.Workload })),
	spec(Spec{Key: "model.preset", Kind: KindChoice, Default: "llama-3.1-70b", Choices: presetChoices(), Rule: "R3",
		ErrFields: []string{"model"},
		LabelID:   "site.page.f_preset", HelpID: "site.page.h_preset"},
		strField(func(r *plan.Requirements) *string { return &r.Model.Preset })),
	spec(Spec{Key: "model.params_b", Kind: KindDecimal, Range: "0.001–10000", Rule: "R3", ErrFields: []string{"params_b"},
		LabelID: "site.page.f_params", UnitID: "site.page.u_params",
		HelpID: "site.page.h_params"},
		accessor{
			put: func(r *plan.Requirements, v Value) { r.Model.ParamsB = v.Dec.InexactFloat64() },
			take: func(r plan.Requirements) string {
				if r.Model.ParamsB == 0 {
					return ""
				}
				return strconv.FormatFloat(r.Model.ParamsB, 'f', -1, 64)
			},
		}),
	spec(Spec{Key: "precision", Kind: KindChoice, Choices: append([]string{""}, plan.Precisions...),
		LabelID: "site.page.f_precision", HelpID: "site.page.h_precision"},
		strField(func(r *plan.Requirements) *string { return &r.Precision })),
	spec(Spec{Key: "context_tokens", Kind: KindInt, Default: sheetDefault("context_tokens"), Range: "1–1048576",
		LabelID: "site.page.f_context", UnitID: "site.page.u_tokens",
		HelpID: "site.page.h_context"},
		intField(func(r *plan.Requirements) *int { return &r.ContextTokens })),
	spec(Spec{Key: "concurrency", Kind: KindInt, Range: "1–4096",
		LabelID: "site.page.f_concurrency", HelpID: "site.page.h_concurrency"},
		intField(func(r *plan.Requirements) *int { return &r.Concurrency })),
	spec(Spec{Key: "output_tokens", Kind: KindInt, Range: "0–context_tokens",
		LabelID: "site.page.f_output_tokens", UnitID: "site.page.u_tokens",
		HelpID: "site.page.h_output_tokens"},
		intField(func(r *plan.Requirements) *int { return &r.OutputTokens })),
	spec(Spec{Key: "kv_cache_precision", Kind: KindChoice, Choices: append([]string{""}, plan.KVPrecisions...),
		LabelID: "site.page.fkv_precision", HelpID: "site.page.hkv_precision"},
		strField(func(r *plan.Requirements) *string { return &r.KVCachePrecision })),
	targetSpec("service_targets.tokens_per_sec_per_sequence", "0–100000", "site.page.f_target_speed",
		func(t *plan.ServiceTargets) *float64 { return &t.TokensPerSecPerSequence }),
	targetSpec("service_targets.time_to_first_token_s", "0–3600", "site.page.f_target_ttft",
		func(t *plan.ServiceTargets) *float64 { return &t.TimeToFirstTokenS }),
	targetSpec("service_targets.requests_per_minute", "0–10000000", "site.page.f_target_rpm",
		func(t *plan.ServiceTargets) *float64 { return &t.RequestsPerMinute }),
	spec(Spec{Key: "training.lora_rank", Kind: KindInt, Range: "1–1024",
		LabelID: "site.page.f_lo_ra_rank"},
		intField(func(r *plan.Requirements) *int { return &training(r).LoRARank })),
	spec(Spec{Key: "training.lora_targets", Kind: KindChoice, Choices: append([]string{""}, plan.LoRATargets...),
		LabelID: "site.page.f_lo_ra_targets"},
		strField(func(r *plan.Requirements) *string { return &training(r).LoRATargets })),
	spec(Spec{Key: "training.optimizer", Kind: KindChoice, Choices: append([]string{""}, plan.Optimizers...),
		LabelID: "site.page.f_optimizer", HelpID: "site.page.h_optimizer"},
		strField(func(r *plan.Requirements) *string { return &training(r).Optimizer })),
	spec(Spec{Key: "training.framework", Kind: KindChoice, Choices: append([]string{""}, plan.Frameworks...),
		LabelID: "site.page.f_framework", HelpID: "site.page.h_framework"},
		strField(func(r *plan.Requirements) *string { return &training(r).Framework })),
	spec(Spec{Key: "training.gradient_checkpointing", Kind: KindChoice, Choices: []string{"", "true", "false"},
		LabelID: "site.page.f_checkpointing"},
		accessor{
			put: func(r *plan.Requirements, v Value) { b := v.Str == "true"; training(r).GradientCheckpointing = &b },
			take: func(r plan.Requirements) string {
				if r.Training == nil || r.Training.GradientCheckpointing == nil {
					return ""
				}
				return strconv.FormatBool(*r.Training.GradientCheckpointing)
			},
		}),
	spec(Spec{Key: "tokens_to_train_b", Kind: KindDecimal, Range: "≥ 0", ErrFields: []string{"tokens_to_train", "target_days"},
		LabelID: "site.page.f_tokens", UnitID: "site.page.u_billion_tokens",
		HelpID: "site.page.h_tokens"},
		accessor{
			put: func(r *plan.Requirements, v Value) {
				t := v.Dec.Shift(9).Truncate(0)
				if t.GreaterThan(decimal.NewFromInt(1 << 62)) {
					t = decimal.NewFromInt(1 << 62) // far beyond sizing's limit, which names it
				}
				r.TokensToTrain = t.IntPart()
			},
			take: func(r plan.Requirements) string {
				if r.TokensToTrain == 0 {
					return ""
				}
				return decimal.NewFromInt(r.TokensToTrain).Shift(-9).String()
			},
		}),
	spec(Spec{Key: "hours_per_day", Kind: KindDecimal, Range: "0–24", Rule: "B1",
		LabelID: "site.page.f_hours", UnitID: "site.page.u_hours",
		HelpID: "site.page.h_hours"},
		decField(func(r *plan.Requirements) *decimal.Decimal { return &r.HoursPerDay })),
	spec(Spec{Key: "days_per_month", Kind: KindInt, Default: sheetDefault("days_per_month"), Range: "1–31",
		LabelID: "site.page.f_days", UnitID: "site.page.u_days"},
		intField(func(r *plan.Requirements) *int { return &r.DaysPerMonth })),
	spec(Spec{Key: "project_months", Kind: KindInt, Default: sheetDefault("project_months"), Range: "1–120", Rule: "B2",
		LabelID: "site.page.f_project", UnitID: "site.page.u_months",
		HelpID: "site.page.h_project"},
		intField(func(r *plan.Requirements) *int { return &r.ProjectMonths })),
	spec(Spec{Key: "storage_tb", Kind: KindDecimal, Default: sheetDefault("storage_tb"), Range: "0–100000", Rule: "C1",
		LabelID: "site.page.f_storage", UnitID: "site.page.utb"},
		decField(func(r *plan.Requirements) *decimal.Decimal { return &r.StorageTB })),
	spec(Spec{Key: "egress_tb_month", Kind: KindDecimal, Default: sheetDefault("egress_tb_month"), Range: "0–100000", Rule: "C1",
		LabelID: "site.page.f_egress", UnitID: "site.page.utb_month"},
		decField(func(r *plan.Requirements) *decimal.Decimal { return &r.EgressTBMonth })),
	spec(Spec{Key: "extra_ips", Kind: KindInt, Default: sheetDefault("extra_ips"), Range: "0–1000", Rule: "C1",
		LabelID: "site.page.fi_ps"},
		intField(func(r *plan.Requirements) *int { return &r.ExtraIPs })),
	spec(Spec{Key: "demand", Kind: KindChoice, Default: sheetDefault("demand"), Choices: []string{"steady", "volatile"}, Rule: "D1",
		LabelID: "site.page.f_demand"},
		strField(func(r *plan.Requirements) *string { return &r.Demand })),
	spec(Spec{Key: "data_class", Kind: KindChoice, Default: sheetDefault("data_class"), Choices: []string{"commercial", "classified"}, Rule: "D1",
		LabelID: "site.page.f_data_class"},
		strField(func(r *plan.Requirements) *string { return &r.DataClass })),
	spec(Spec{Key: "domestic_only", Kind: KindBool, Default: "false", Rule: "G2",
		LabelID: "site.page.f_domestic"},
		boolField(func(r *plan.Requirements) *bool { return &r.DomesticOnly })),
	spec(Spec{Key: "needs_fp64", Kind: KindBool, Default: "false", Rule: "G2",
		LabelID: "site.page.ffp64"},
		boolField(func(r *plan.Requirements) *bool { return &r.NeedsFP64 })),
	spec(Spec{Key: "ops_team", Kind: KindBool, Default: "false", Rule: "D1",
		LabelID: "site.page.f_ops_team"},
		boolField(func(r *plan.Requirements) *bool { return &r.OpsTeam })),
	spec(Spec{Key: "first_contract", Kind: KindBool, Default: sheetDefault("first_contract"), Rule: "B3",
		LabelID: "site.page.f_first_contract"},
		accessor{
			put: func(r *plan.Requirements, v Value) { b := v.Bool; r.FirstContract = &b },
			take: func(r plan.Requirements) string {
				if r.FirstContract == nil {
					return "true"
				}
				return strconv.FormatBool(*r.FirstContract)
			},
		}),
}

// targetSpec is one optional service target (inference): empty or 0 is no
// target.
func targetSpec(key, rng, label string, get func(*plan.ServiceTargets) *float64) Spec {
	return spec(Spec{Key: key, Kind: KindDecimal, Range: rng, LabelID: label,
		HelpID: "site.page.h_targets"},
		accessor{
			put: func(r *plan.Requirements, v Value) {
				if r.ServiceTargets == nil {
					r.ServiceTargets = &plan.ServiceTargets{}
				}
				*get(r.ServiceTargets) = v.Dec.InexactFloat64()
			},
			take: func(r plan.Requirements) string {
				if r.ServiceTargets == nil || *get(r.ServiceTargets) == 0 {
					return ""
				}
				return strconv.FormatFloat(*get(r.ServiceTargets), 'f', -1, 64)
			},
		})
}

// training returns the sheet's training settings, made when absent. The
// take side reads through it too, on a copy of the sheet.
func training(r *plan.Requirements) *plan.Training {
	if r.Training == nil {
		r.Training = &plan.Training{}
	}
	return r.Training
}

// CardFields tick the cards the vendor offers (the sheet's cards); none
// ticked means every card is a candidate.
var CardFields = cardSpecs()

func cardSpecs() []Spec {
	var out []Spec
	for _, c := range catalog.All() {
		id, name := c.ID, c.Name
		out = append(out, spec(Spec{Key: "cards." + id, Kind: KindBool, Group: GroupCards, Default: "false",
			ErrFields: []string{"cards"}, Name: name},
			accessor{
				put: func(r *plan.Requirements, v Value) {
					if v.Bool {
						r.Cards = append(r.Cards, id)
					}
				},
				take: func(r plan.Requirements) string { return strconv.FormatBool(slices.Contains(r.Cards, id)) },
			}))
	}
	return out
}

// ShapeFields are the optional architecture of a model given by size.
var ShapeFields = shapeSpecs()

func shapeSpecs() []Spec {
	type s struct {
		name  string
		label string // catalogue id
		get   func(*plan.Requirements) *int
	}
	var out []Spec
	for _, f := range []s{
		{"layers", "site.page.f_layers", func(r *plan.Requirements) *int { return &r.Model.Layers }},
		{"hidden", "site.page.f_hidden", func(r *plan.Requirements) *int { return &r.Model.Hidden }},
		{"heads", "site.page.f_heads", func(r *plan.Requirements) *int { return &r.Model.Heads }},
		{"kv_heads", "site.page.fkv_heads", func(r *plan.Requirements) *int { return &r.Model.KVHeads }},
		{"head_dim", "site.page.f_head_dim", func(r *plan.Requirements) *int { return &r.Model.HeadDim }},
		{"ffn", "site.page.fffn", func(r *plan.Requirements) *int { return &r.Model.FFN }},
		{"experts", "site.page.f_experts", func(r *plan.Requirements) *int { return &r.Model.Experts }},
		{"experts_per_token", "site.page.f_experts_per_token", func(r *plan.Requirements) *int { return &r.Model.ExpertsPerToken }},
		{"shared_experts", "site.page.f_shared_experts", func(r *plan.Requirements) *int { return &r.Model.SharedExperts }},
		{"expert_ffn", "site.page.f_expert_ffn", func(r *plan.Requirements) *int { return &r.Model.ExpertFFN }},
		{"moe_layers", "site.page.f_mo_e_layers", func(r *plan.Requirements) *int { return &r.Model.MoELayers }},
	} {
		out = append(out, spec(Spec{Key: "model." + f.name, Kind: KindInt, Group: GroupShape,
			Range: "1–1048576", ErrFields: []string{f.name}, LabelID: f.label}, intField(f.get)))
	}
	return out
}

// ItemFields are rule C1's fees as the user's own monthly amounts.
var ItemFields = itemSpecs()

func itemSpecs() []Spec {
	names := []string{tco.ItemRent, tco.ItemEgress, tco.ItemStorage, tco.ItemIPs,
		tco.ItemSupport, tco.ItemAfterHours, tco.ItemMigration}
	out := make([]Spec, len(names))
	for i, name := range names {
		out[i] = spec(Spec{Key: "cost.items." + name, Kind: KindMoney, Group: GroupItems,
			Range: "0–1000000000", Rule: "C1",
			LabelID: "enum.item." + name,
			UnitID:  "site.page.ucny_month"},
			accessor{
				put: func(r *plan.Requirements, v Value) {
					if r.Cost.Items == nil {
						r.Cost.Items = map[string]decimal.Decimal{}
					}
					r.Cost.Items[name] = v.Dec
				},
				take: func(r plan.Requirements) string {
					if d, ok := r.Cost.Items[name]; ok {
						return d.String()
					}
					return ""
				},
			})
	}
	return out
}

// priceFields are a quote per catalogue card: monthly and hourly.
var priceFields = priceSpecs()

func priceSpecs() []Spec {
	var out []Spec
	for _, c := range catalog.All() {
		id, name := c.ID, c.Name
		for _, hourly := range []bool{false, true} {
			suffix, unit := "monthly", "site.page.ucny_card_month"
			if hourly {
				suffix, unit = "hourly", "site.page.ucny_card_hour"
			}
			quote := func(r *plan.Requirements) **decimal.Decimal {
				q := r.Cost.Prices[id]
				if hourly {
					return &q.Hourly
				}
				return &q.Monthly
			}
			out = append(out, spec(Spec{Key: "cost.prices." + id + "." + suffix, Kind: KindMoney, Group: GroupPrices,
				Range: "0–1000000000", Rule: "C5", Name: name, UnitID: unit},
				accessor{
					put: func(r *plan.Requirements, v Value) {
						if r.Cost.Prices == nil {
							r.Cost.Prices = map[string]plan.PriceQuote{}
						}
						q := r.Cost.Prices[id]
						d := v.Dec
						if hourly {
							q.Hourly = &d
						} else {
							q.Monthly = &d
						}
						r.Cost.Prices[id] = q
					},
					take: func(r plan.Requirements) string {
						if d := *quote(&r); d != nil {
							return d.String()
						}
						return ""
					},
				}))
		}
	}
	return out
}

// DiscountField is the annual-contract discount (rule B2).
var DiscountField = spec(Spec{Key: "cost.annual_discount", Kind: KindDecimal, Group: GroupDiscount,
	Range: "0–0.99", Rule: "B2",
	LabelID: "site.page.f_discount", HelpID: "site.page.h_discount"},
	optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.AnnualDiscount }))

// SelfBuildFields are the own-hardware figures of rule D1.
var SelfBuildFields = []Spec{
	spec(Spec{Key: "cost.self_build.capex_per_card", Kind: KindMoney, Group: GroupSelfBuild, Range: "0–1000000000", Rule: "D1",
		LabelID: "site.page.f_capex", UnitID: "site.page.ucny_card"},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.CapexPerCard })),
	spec(Spec{Key: "cost.self_build.residual_fraction", Kind: KindDecimal, Group: GroupSelfBuild, Range: "0–1",
		LabelID: "site.page.f_residual", HelpID: "site.page.h_residual"},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.ResidualFraction })),
	spec(Spec{Key: "cost.self_build.life_months", Kind: KindInt, Group: GroupSelfBuild, Range: "1–120",
		LabelID: "site.page.f_life", UnitID: "site.page.u_months"},
		intField(func(r *plan.Requirements) *int { return &r.Cost.SelfBuild.LifeMonths })),
	spec(Spec{Key: "cost.self_build.pue", Kind: KindDecimal, Group: GroupSelfBuild, Range: "1–5",
		LabelID: "site.page.fpue"},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.PUE })),
	spec(Spec{Key: "cost.self_build.price_per_kwh", Kind: KindDecimal, Group: GroupSelfBuild, Range: "0–100",
		LabelID: "site.page.fk_wh", UnitID: "site.page.ucn_yk_wh"},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.PricePerKWh })),
	spec(Spec{Key: "cost.self_build.colocation_monthly", Kind: KindMoney, Group: GroupSelfBuild, Range: "0–1000000000",
		LabelID: "site.page.f_colo", UnitID: "site.page.ucny_month"},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.ColocationMonthly })),
	spec(Spec{Key: "cost.self_build.ops_staff_monthly", Kind: KindMoney, Group: GroupSelfBuild, Range: "0–1000000000",
		LabelID: "site.page.f_staff", UnitID: "site.page.ucny_month"},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.OpsStaffMonthly })),
}

// InputFields is every input, in display order.
var InputFields = concatFields(SheetFields, ShapeFields, CardFields, ItemFields, []Spec{DiscountField}, priceFields, SelfBuildFields)

func concatFields(lists ...[]Spec) []Spec {
	var out []Spec
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// fieldIndex maps every key to its spec.
var fieldIndex = func() map[string]int {
	idx := make(map[string]int, len(InputFields))
	for i, f := range InputFields {
		idx[f.Key] = i
	}
	return idx
}()

// ByKey returns the spec with the given key.
func ByKey(key string) (Spec, bool) {
	i, ok := fieldIndex[key]
	if !ok {
		return Spec{}, false
	}
	return InputFields[i], true
}

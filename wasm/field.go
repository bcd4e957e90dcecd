package main

import (
	"github.com/gpuplan/gpuplan/wasm/internal/text"

	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/shared/tco"
	"github.com/shopspring/decimal"
)

// Every planner input is one fieldSpec. Its Key is the field's JSON path in
// the requirement sheet (docs/plan-file.md), so an error from shared/plan,
// which names that path, lands on the right input. The same key is the URL
// query key and the localStorage key.
//
// This file checks only the form of the text (a number, a whole number, an
// amount of money, one of the choices). Ranges are checked by plan.Build,
// the same code gpuverify runs, so the site and the CLI refuse the same
// values with the same words.

// maxFieldLen bounds the text of one field, so a hostile link cannot make the
// page parse or echo megabytes.
const maxFieldLen = 32

// fieldKind is the form a field's text takes.
type fieldKind int

// The field kinds.
const (
	kindInt     fieldKind = iota // a whole number
	kindDecimal                  // a plain decimal number
	kindMoney                    // CNY, as money.Parse reads it (55,000 / ¥55000 / 5.5万)
	kindChoice                   // one of Choices, shown as a <select>
	kindBool                     // "true" or "false", shown as a checkbox
)

// fieldGroup says which page edits a field.
type fieldGroup int

// The field groups.
const (
	groupSheet     fieldGroup = iota // the requirement sheet (planner)
	groupShape                       // the optional shape of a model given by size (planner)
	groupItems                       // C1 fee amounts (cost page)
	groupPrices                      // card quotes (cost page)
	groupDiscount                    // annual discount (cost page)
	groupSelfBuild                   // self-build figures (rent-or-build page)
	groupCards                       // the cards the vendor offers (planner)
)

// fieldSpec describes one input.
type fieldSpec struct {
	Key     string // JSON path of the sheet field; URL and storage key
	Kind    fieldKind
	Group   fieldGroup
	Default string   // text of a first visit; "" leaves the field out of the sheet
	Choices []string // kindChoice: the allowed values ("" allowed when listed)
	Range   string   // the allowed range as the plan checks it, e.g. "0–24"
	Rule    string   // the docs/rules.md rule behind the field, if any
	// ErrFields are other field names that shared/ errors use for this
	// input (sizing says "params_b" where the sheet says model.params_b).
	ErrFields []string
	Label     func(*Messages) string
	Unit      func(*Messages) string
	Help      func(*Messages) string
	// put stores the parsed text in the sheet; take reads it back as text
	// ("" when the sheet leaves the field out). Both ignore the form check,
	// which Parse does.
	put  func(r *plan.Requirements, v parsed)
	take func(r plan.Requirements) string
}

// parsed is the value of one field's text; only the member of its kind is
// set.
type parsed struct {
	Int  int64
	Dec  decimal.Decimal
	Str  string
	Bool bool
}

// ID is the id of the field's element: the key with dots replaced, so that
// CSS selectors need no escaping.
func (f fieldSpec) ID() string { return strings.ReplaceAll(f.Key, ".", "-") }

// Optional reports whether empty text is allowed: the sheet then leaves the
// field out and the plan uses its default.
func (f fieldSpec) Optional() bool {
	return f.Default == "" && f.Kind != kindChoice && f.Kind != kindBool
}

// Parse checks the form of s and returns its value. Empty text is accepted
// for optional fields (ok is then false). Anything else that is not of the
// field's form is a *FieldError naming the field, the text and the range.
func (f fieldSpec) Parse(s string) (v parsed, ok bool, err error) {
	s = strings.TrimSpace(s)
	fail := func(reason errReason) (parsed, bool, error) {
		return parsed{}, false, f.errorf(reason, s)
	}
	if len(s) > maxFieldLen {
		return fail(errTooLong)
	}
	if s == "" {
		if f.Optional() || (f.Kind == kindChoice && contains(f.Choices, "")) {
			return parsed{}, false, nil
		}
		return fail(errEmpty)
	}
	switch f.Kind {
	case kindInt:
		n, err := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
		if err != nil {
			return fail(errNotWhole)
		}
		v.Int = n
	case kindDecimal:
		// decimal accepts exponents ("1e3"); a person never types one here.
		// The length limit already bounds the digits; Bounded also keeps
		// the places to what every decoder accepts (money.MaxPlaces).
		d, err := decimal.NewFromString(s)
		if err != nil || strings.ContainsAny(s, "eE") || !money.Bounded(d) {
			return fail(errNotNumber)
		}
		v.Dec = d
	case kindMoney:
		d, err := money.Parse(f.Key, s)
		if err != nil {
			return fail(errNotAmount)
		}
		v.Dec = d
	case kindChoice:
		if !contains(f.Choices, s) {
			return fail(errNotChoice)
		}
		v.Str = s
	case kindBool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fail(errNotChoice)
		}
		v.Bool = b
	}
	return v, true, nil
}

// errorf builds the error of a refused text.
func (f fieldSpec) errorf(reason errReason, s string) *FieldError {
	if len(s) > maxFieldLen {
		s = s[:maxFieldLen] + "…"
	}
	return &FieldError{Key: f.Key, Value: s, Reason: reason, Range: f.Range, Rule: f.Rule}
}

// errReason says why a text was refused.
type errReason int

// The reasons.
const (
	errPlan      errReason = iota // plan.Build refused the value; Msg says why
	errEmpty                      // required and empty
	errTooLong                    // more than maxFieldLen bytes
	errNotNumber                  // not a decimal number
	errNotWhole                   // not a whole number
	errNotAmount                  // not an amount of money
	errNotChoice                  // not one of the choices
)

// FieldError says why the text of a field was refused. It keeps the data,
// not the sentence: the page formats it in the reader's language (Message).
// Errors from plan.Build keep the plan's English message in Msg, which
// names the field and the allowed range.
type FieldError struct {
	Key    string // field key, e.g. "hours_per_day"
	Value  string // the refused text, cut to maxFieldLen
	Reason errReason
	Msg    string // errPlan: the plan's message, in English
	// Want and Got are errPlan's refusal as data (fielderr.Error's Want
	// and Value), so Message can write it in the page's language; both
	// are "" when the plan's message is a whole sentence.
	Want, Got string
	Range     string // allowed range, e.g. "0–24"; "" when not a number
	Rule      string // rule behind the range, e.g. "B1"
}

// Error implements error in English.
func (e *FieldError) Error() string {
	return e.Message(En.M(), e.Key)
}

// Message formats the error with the messages of one language and the
// field's label.
func (e *FieldError) Message(m *Messages, label string) string {
	if e.Reason == errPlan {
		if e.Want != "" && m.Code != En {
			return fmt.Sprintf(m.ErrPlanF, label, wantGot(m.Code, e.Want, e.Got))
		}
		return fmt.Sprintf(m.ErrPlanF, label, e.Msg)
	}
	var what string
	switch e.Reason {
	case errEmpty:
		what = m.ErrEmpty
	case errTooLong:
		what = m.ErrTooLong
	case errNotWhole:
		what = m.ErrNotWhole
	case errNotAmount:
		what = m.ErrNotAmount
	case errNotChoice:
		what = m.ErrNotChoice
	default:
		what = m.ErrNotNumber
	}
	s := fmt.Sprintf(m.ErrFormF, label, e.Value, what)
	if e.Range != "" {
		s += fmt.Sprintf(m.ErrRangeHintF, e.Range)
	}
	if e.Rule != "" {
		s += fmt.Sprintf(m.ErrRuleHintF, e.Rule)
	}
	return s + m.ErrEnd
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// accessor stores a parsed value in the sheet and reads it back as text.
type accessor struct {
	put  func(r *plan.Requirements, v parsed)
	take func(r plan.Requirements) string
}

// Accessors for the common field types.

func intField(get func(*plan.Requirements) *int) accessor {
	return accessor{
		put: func(r *plan.Requirements, v parsed) { *get(r) = clampInt(v.Int) },
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
		put: func(r *plan.Requirements, v parsed) { *get(r) = v.Dec },
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
		put: func(r *plan.Requirements, v parsed) { d := v.Dec; *get(r) = &d },
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
		put:  func(r *plan.Requirements, v parsed) { *get(r) = v.Str },
		take: func(r plan.Requirements) string { return *get(&r) },
	}
}

func boolField(get func(*plan.Requirements) *bool) accessor {
	return accessor{
		put:  func(r *plan.Requirements, v parsed) { *get(r) = v.Bool },
		take: func(r plan.Requirements) string { return strconv.FormatBool(*get(&r)) },
	}
}

// spec assembles a fieldSpec from its accessors.
func spec(f fieldSpec, a accessor) fieldSpec {
	f.put, f.take = a.put, a.take
	if f.Unit == nil {
		f.Unit = func(*Messages) string { return "" }
	}
	if f.Help == nil {
		f.Help = func(*Messages) string { return "" }
	}
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

// sheetFields is the requirement sheet (rule R1), in display order.
var sheetFields = []fieldSpec{
	spec(fieldSpec{Key: "workload", Kind: kindChoice, Default: "inference", Choices: plan.Workloads, Rule: "R1",
		Label: func(m *Messages) string { return m.FWorkload }, Help: func(m *Messages) string { return m.HWorkload }},
		strField(func(r *plan.Requirements) *string { return &r.Workload })),
	spec(fieldSpec{Key: "model.preset", Kind: kindChoice, Default: "llama-3.1-70b", Choices: presetChoices(), Rule: "R3",
		ErrFields: []string{"model"},
		Label:     func(m *Messages) string { return m.FPreset }, Help: func(m *Messages) string { return m.HPreset }},
		strField(func(r *plan.Requirements) *string { return &r.Model.Preset })),
	spec(fieldSpec{Key: "model.params_b", Kind: kindDecimal, Range: "0.001–10000", Rule: "R3", ErrFields: []string{"params_b"},
		Label: func(m *Messages) string { return m.FParams }, Unit: func(m *Messages) string { return m.UParams },
		Help: func(m *Messages) string { return m.HParams }},
		accessor{
			put: func(r *plan.Requirements, v parsed) { r.Model.ParamsB = v.Dec.InexactFloat64() },
			take: func(r plan.Requirements) string {
				if r.Model.ParamsB == 0 {
					return ""
				}
				return strconv.FormatFloat(r.Model.ParamsB, 'f', -1, 64)
			},
		}),
	spec(fieldSpec{Key: "precision", Kind: kindChoice, Choices: append([]string{""}, plan.Precisions...),
		Label: func(m *Messages) string { return m.FPrecision }, Help: func(m *Messages) string { return m.HPrecision }},
		strField(func(r *plan.Requirements) *string { return &r.Precision })),
	spec(fieldSpec{Key: "context_tokens", Kind: kindInt, Default: sheetDefault("context_tokens"), Range: "1–1048576",
		Label: func(m *Messages) string { return m.FContext }, Unit: func(m *Messages) string { return m.UTokens },
		Help: func(m *Messages) string { return m.HContext }},
		intField(func(r *plan.Requirements) *int { return &r.ContextTokens })),
	spec(fieldSpec{Key: "concurrency", Kind: kindInt, Range: "1–4096",
		Label: func(m *Messages) string { return m.FConcurrency }, Help: func(m *Messages) string { return m.HConcurrency }},
		intField(func(r *plan.Requirements) *int { return &r.Concurrency })),
	spec(fieldSpec{Key: "output_tokens", Kind: kindInt, Range: "0–context_tokens",
		Label: func(m *Messages) string { return m.FOutputTokens }, Unit: func(m *Messages) string { return m.UTokens },
		Help: func(m *Messages) string { return m.HOutputTokens }},
		intField(func(r *plan.Requirements) *int { return &r.OutputTokens })),
	spec(fieldSpec{Key: "kv_cache_precision", Kind: kindChoice, Choices: append([]string{""}, plan.KVPrecisions...),
		Label: func(m *Messages) string { return m.FKVPrecision }, Help: func(m *Messages) string { return m.HKVPrecision }},
		strField(func(r *plan.Requirements) *string { return &r.KVCachePrecision })),
	spec(fieldSpec{Key: "training.lora_rank", Kind: kindInt, Range: "1–1024",
		Label: func(m *Messages) string { return m.FLoRARank }},
		intField(func(r *plan.Requirements) *int { return &training(r).LoRARank })),
	spec(fieldSpec{Key: "training.lora_targets", Kind: kindChoice, Choices: append([]string{""}, plan.LoRATargets...),
		Label: func(m *Messages) string { return m.FLoRATargets }},
		strField(func(r *plan.Requirements) *string { return &training(r).LoRATargets })),
	spec(fieldSpec{Key: "training.optimizer", Kind: kindChoice, Choices: append([]string{""}, plan.Optimizers...),
		Label: func(m *Messages) string { return m.FOptimizer }, Help: func(m *Messages) string { return m.HOptimizer }},
		strField(func(r *plan.Requirements) *string { return &training(r).Optimizer })),
	spec(fieldSpec{Key: "training.gradient_checkpointing", Kind: kindChoice, Choices: []string{"", "true", "false"},
		Label: func(m *Messages) string { return m.FCheckpointing }},
		accessor{
			put: func(r *plan.Requirements, v parsed) { b := v.Str == "true"; training(r).GradientCheckpointing = &b },
			take: func(r plan.Requirements) string {
				if r.Training == nil || r.Training.GradientCheckpointing == nil {
					return ""
				}
				return strconv.FormatBool(*r.Training.GradientCheckpointing)
			},
		}),
	spec(fieldSpec{Key: "tokens_to_train_b", Kind: kindDecimal, Range: "≥ 0", ErrFields: []string{"tokens_to_train", "target_days"},
		Label: func(m *Messages) string { return m.FTokens }, Unit: func(m *Messages) string { return m.UBillionTokens },
		Help: func(m *Messages) string { return m.HTokens }},
		accessor{
			put: func(r *plan.Requirements, v parsed) {
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
	spec(fieldSpec{Key: "hours_per_day", Kind: kindDecimal, Range: "0–24", Rule: "B1",
		Label: func(m *Messages) string { return m.FHours }, Unit: func(m *Messages) string { return m.UHours },
		Help: func(m *Messages) string { return m.HHours }},
		decField(func(r *plan.Requirements) *decimal.Decimal { return &r.HoursPerDay })),
	spec(fieldSpec{Key: "days_per_month", Kind: kindInt, Default: sheetDefault("days_per_month"), Range: "1–31",
		Label: func(m *Messages) string { return m.FDays }, Unit: func(m *Messages) string { return m.UDays }},
		intField(func(r *plan.Requirements) *int { return &r.DaysPerMonth })),
	spec(fieldSpec{Key: "project_months", Kind: kindInt, Default: sheetDefault("project_months"), Range: "1–120", Rule: "B2",
		Label: func(m *Messages) string { return m.FProject }, Unit: func(m *Messages) string { return m.UMonths },
		Help: func(m *Messages) string { return m.HProject }},
		intField(func(r *plan.Requirements) *int { return &r.ProjectMonths })),
	spec(fieldSpec{Key: "storage_tb", Kind: kindDecimal, Default: sheetDefault("storage_tb"), Range: "0–100000", Rule: "C1",
		Label: func(m *Messages) string { return m.FStorage }, Unit: func(m *Messages) string { return m.UTB }},
		decField(func(r *plan.Requirements) *decimal.Decimal { return &r.StorageTB })),
	spec(fieldSpec{Key: "egress_tb_month", Kind: kindDecimal, Default: sheetDefault("egress_tb_month"), Range: "0–100000", Rule: "C1",
		Label: func(m *Messages) string { return m.FEgress }, Unit: func(m *Messages) string { return m.UTBMonth }},
		decField(func(r *plan.Requirements) *decimal.Decimal { return &r.EgressTBMonth })),
	spec(fieldSpec{Key: "extra_ips", Kind: kindInt, Default: sheetDefault("extra_ips"), Range: "0–1000", Rule: "C1",
		Label: func(m *Messages) string { return m.FIPs }},
		intField(func(r *plan.Requirements) *int { return &r.ExtraIPs })),
	spec(fieldSpec{Key: "demand", Kind: kindChoice, Default: sheetDefault("demand"), Choices: []string{"steady", "volatile"}, Rule: "D1",
		Label: func(m *Messages) string { return m.FDemand }},
		strField(func(r *plan.Requirements) *string { return &r.Demand })),
	spec(fieldSpec{Key: "data_class", Kind: kindChoice, Default: sheetDefault("data_class"), Choices: []string{"commercial", "classified"}, Rule: "D1",
		Label: func(m *Messages) string { return m.FDataClass }},
		strField(func(r *plan.Requirements) *string { return &r.DataClass })),
	spec(fieldSpec{Key: "domestic_only", Kind: kindBool, Default: "false", Rule: "G2",
		Label: func(m *Messages) string { return m.FDomestic }},
		boolField(func(r *plan.Requirements) *bool { return &r.DomesticOnly })),
	spec(fieldSpec{Key: "needs_fp64", Kind: kindBool, Default: "false", Rule: "G2",
		Label: func(m *Messages) string { return m.FFP64 }},
		boolField(func(r *plan.Requirements) *bool { return &r.NeedsFP64 })),
	spec(fieldSpec{Key: "ops_team", Kind: kindBool, Default: "false", Rule: "D1",
		Label: func(m *Messages) string { return m.FOpsTeam }},
		boolField(func(r *plan.Requirements) *bool { return &r.OpsTeam })),
	spec(fieldSpec{Key: "first_contract", Kind: kindBool, Default: sheetDefault("first_contract"), Rule: "B3",
		Label: func(m *Messages) string { return m.FFirstContract }},
		accessor{
			put: func(r *plan.Requirements, v parsed) { b := v.Bool; r.FirstContract = &b },
			take: func(r plan.Requirements) string {
				if r.FirstContract == nil {
					return "true"
				}
				return strconv.FormatBool(*r.FirstContract)
			},
		}),
}

// training returns the sheet's training settings, made when absent. The
// take side reads through it too, on a copy of the sheet.
func training(r *plan.Requirements) *plan.Training {
	if r.Training == nil {
		r.Training = &plan.Training{}
	}
	return r.Training
}

// cardFields tick the cards the vendor offers (the sheet's cards); none
// ticked means every card is a candidate.
var cardFields = cardSpecs()

func cardSpecs() []fieldSpec {
	var out []fieldSpec
	for _, c := range catalog.All() {
		id, name := c.ID, c.Name
		out = append(out, spec(fieldSpec{Key: "cards." + id, Kind: kindBool, Group: groupCards, Default: "false",
			ErrFields: []string{"cards"}, Label: func(*Messages) string { return name }},
			accessor{
				put: func(r *plan.Requirements, v parsed) {
					if v.Bool {
						r.Cards = append(r.Cards, id)
					}
				},
				take: func(r plan.Requirements) string { return strconv.FormatBool(slices.Contains(r.Cards, id)) },
			}))
	}
	return out
}

// shapeFields are the optional architecture of a model given by size.
var shapeFields = shapeSpecs()

func shapeSpecs() []fieldSpec {
	type s struct {
		name  string
		label func(*Messages) string
		get   func(*plan.Requirements) *int
	}
	var out []fieldSpec
	for _, f := range []s{
		{"layers", func(m *Messages) string { return m.FLayers }, func(r *plan.Requirements) *int { return &r.Model.Layers }},
		{"hidden", func(m *Messages) string { return m.FHidden }, func(r *plan.Requirements) *int { return &r.Model.Hidden }},
		{"heads", func(m *Messages) string { return m.FHeads }, func(r *plan.Requirements) *int { return &r.Model.Heads }},
		{"kv_heads", func(m *Messages) string { return m.FKVHeads }, func(r *plan.Requirements) *int { return &r.Model.KVHeads }},
		{"head_dim", func(m *Messages) string { return m.FHeadDim }, func(r *plan.Requirements) *int { return &r.Model.HeadDim }},
		{"ffn", func(m *Messages) string { return m.FFFN }, func(r *plan.Requirements) *int { return &r.Model.FFN }},
	} {
		out = append(out, spec(fieldSpec{Key: "model." + f.name, Kind: kindInt, Group: groupShape,
			Range: "1–1048576", ErrFields: []string{f.name}, Label: f.label}, intField(f.get)))
	}
	return out
}

// itemFields are rule C1's fees as the user's own monthly amounts.
var itemFields = itemSpecs()

func itemSpecs() []fieldSpec {
	names := []string{tco.ItemRent, tco.ItemEgress, tco.ItemStorage, tco.ItemIPs,
		tco.ItemSupport, tco.ItemAfterHours, tco.ItemMigration}
	out := make([]fieldSpec, len(names))
	for i, name := range names {
		out[i] = spec(fieldSpec{Key: "cost.items." + name, Kind: kindMoney, Group: groupItems,
			Range: "0–1000000000", Rule: "C1",
			Label: func(m *Messages) string { return text.ItemLabel(m, name) },
			Unit:  func(m *Messages) string { return m.UCNYMonth }},
			accessor{
				put: func(r *plan.Requirements, v parsed) {
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

func priceSpecs() []fieldSpec {
	var out []fieldSpec
	for _, c := range catalog.All() {
		id, name := c.ID, c.Name
		for _, hourly := range []bool{false, true} {
			suffix, unit := "monthly", func(m *Messages) string { return m.UCNYCardMonth }
			if hourly {
				suffix, unit = "hourly", func(m *Messages) string { return m.UCNYCardHour }
			}
			quote := func(r *plan.Requirements) **decimal.Decimal {
				q := r.Cost.Prices[id]
				if hourly {
					return &q.Hourly
				}
				return &q.Monthly
			}
			out = append(out, spec(fieldSpec{Key: "cost.prices." + id + "." + suffix, Kind: kindMoney, Group: groupPrices,
				Range: "0–1000000000", Rule: "C5", Label: func(*Messages) string { return name }, Unit: unit},
				accessor{
					put: func(r *plan.Requirements, v parsed) {
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

// discountField is the annual-contract discount (rule B2).
var discountField = spec(fieldSpec{Key: "cost.annual_discount", Kind: kindDecimal, Group: groupDiscount,
	Range: "0–0.99", Rule: "B2",
	Label: func(m *Messages) string { return m.FDiscount }, Help: func(m *Messages) string { return m.HDiscount }},
	optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.AnnualDiscount }))

// selfBuildFields are the own-hardware figures of rule D1.
var selfBuildFields = []fieldSpec{
	spec(fieldSpec{Key: "cost.self_build.capex_per_card", Kind: kindMoney, Group: groupSelfBuild, Range: "0–1000000000", Rule: "D1",
		Label: func(m *Messages) string { return m.FCapex }, Unit: func(m *Messages) string { return m.UCNYCard }},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.CapexPerCard })),
	spec(fieldSpec{Key: "cost.self_build.residual_fraction", Kind: kindDecimal, Group: groupSelfBuild, Range: "0–1",
		Label: func(m *Messages) string { return m.FResidual }, Help: func(m *Messages) string { return m.HResidual }},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.ResidualFraction })),
	spec(fieldSpec{Key: "cost.self_build.life_months", Kind: kindInt, Group: groupSelfBuild, Range: "1–120",
		Label: func(m *Messages) string { return m.FLife }, Unit: func(m *Messages) string { return m.UMonths }},
		intField(func(r *plan.Requirements) *int { return &r.Cost.SelfBuild.LifeMonths })),
	spec(fieldSpec{Key: "cost.self_build.pue", Kind: kindDecimal, Group: groupSelfBuild, Range: "1–5",
		Label: func(m *Messages) string { return m.FPUE }},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.PUE })),
	spec(fieldSpec{Key: "cost.self_build.price_per_kwh", Kind: kindDecimal, Group: groupSelfBuild, Range: "0–100",
		Label: func(m *Messages) string { return m.FKWh }, Unit: func(m *Messages) string { return m.UCNYkWh }},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.PricePerKWh })),
	spec(fieldSpec{Key: "cost.self_build.colocation_monthly", Kind: kindMoney, Group: groupSelfBuild, Range: "0–1000000000",
		Label: func(m *Messages) string { return m.FColo }, Unit: func(m *Messages) string { return m.UCNYMonth }},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.ColocationMonthly })),
	spec(fieldSpec{Key: "cost.self_build.ops_staff_monthly", Kind: kindMoney, Group: groupSelfBuild, Range: "0–1000000000",
		Label: func(m *Messages) string { return m.FStaff }, Unit: func(m *Messages) string { return m.UCNYMonth }},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.OpsStaffMonthly })),
}

// inputFields is every input, in display order.
var inputFields = concatFields(sheetFields, shapeFields, cardFields, itemFields, []fieldSpec{discountField}, priceFields, selfBuildFields)

func concatFields(lists ...[]fieldSpec) []fieldSpec {
	var out []fieldSpec
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// fieldIndex maps every key to its spec.
var fieldIndex = func() map[string]int {
	idx := make(map[string]int, len(inputFields))
	for i, f := range inputFields {
		idx[f.Key] = i
	}
	return idx
}()

// fieldByKey returns the spec with the given key.
func fieldByKey(key string) (fieldSpec, bool) {
	i, ok := fieldIndex[key]
	if !ok {
		return fieldSpec{}, false
	}
	return inputFields[i], true
}

// wantGot writes a refusal of shared/ ("want a number in (0, 24], got
// 25") in l: what the field accepts, translated by msg's Want, and the
// text given.
func wantGot(l Lang, want, got string) string {
	return fmt.Sprintf(l.P().WantGotF, l.Msg().Want(want), got)
}

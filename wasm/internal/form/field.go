package form

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
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

// Kind is the form a field's text takes.
type Kind int

// The field kinds.
const (
	KindInt     Kind = iota // a whole number
	KindDecimal             // a plain decimal number
	KindMoney               // CNY, as money.Parse reads it (55,000 / ¥55000 / 5.5万)
	KindChoice              // one of Choices, shown as a <select>
	KindBool                // "true" or "false", shown as a checkbox
)

// Group says which page edits a field.
type Group int

// The field groups.
const (
	GroupSheet     Group = iota // the requirement sheet (planner)
	GroupShape                  // the optional shape of a model given by size (planner)
	GroupItems                  // C1 fee amounts (cost page)
	GroupPrices                 // card quotes (cost page)
	GroupDiscount               // annual discount (cost page)
	GroupSelfBuild              // self-build figures (rent-or-build page)
	GroupCards                  // the cards the vendor offers (planner)
)

// Spec describes one input.
type Spec struct {
	Key     string // JSON path of the sheet field; URL and storage key
	Kind    Kind
	Group   Group
	Default string   // text of a first visit; "" leaves the field out of the sheet
	Choices []string // kindChoice: the allowed values ("" allowed when listed)
	Range   string   // the allowed range as the plan checks it, e.g. "0–24"
	Rule    string   // the docs/rules.md rule behind the field, if any
	// ErrFields are other field names that shared/ errors use for this
	// input (sizing says "params_b" where the sheet says model.params_b).
	ErrFields []string
	Label     func(msg.Lang) string
	Unit      func(msg.Lang) string
	Help      func(msg.Lang) string
	// put stores the parsed text in the sheet; take reads it back as text
	// ("" when the sheet leaves the field out). Both ignore the form check,
	// which Parse does.
	put  func(r *plan.Requirements, v Value)
	take func(r plan.Requirements) string
}

// Value is the value of one field's text; only the member of its kind is
// set.
type Value struct {
	Int  int64
	Dec  decimal.Decimal
	Str  string
	Bool bool
}

// ID is the id of the field's element: the key with dots replaced, so that
// CSS selectors need no escaping.
func (f Spec) ID() string { return strings.ReplaceAll(f.Key, ".", "-") }

// Optional reports whether empty text is allowed: the sheet then leaves the
// field out and the plan uses its default.
func (f Spec) Optional() bool {
	return f.Default == "" && f.Kind != KindChoice && f.Kind != KindBool
}

// Parse checks the form of s and returns its value. Empty text is accepted
// for optional fields (ok is then false). Anything else that is not of the
// field's form is a *FieldError naming the field, the text and the range.
func (f Spec) Parse(s string) (v Value, ok bool, err error) {
	s = strings.TrimSpace(s)
	fail := func(reason errReason) (Value, bool, error) {
		return Value{}, false, f.errorf(reason, s)
	}
	if len(s) > maxFieldLen {
		return fail(errTooLong)
	}
	if s == "" {
		if f.Optional() || (f.Kind == KindChoice && contains(f.Choices, "")) {
			return Value{}, false, nil
		}
		return fail(errEmpty)
	}
	switch f.Kind {
	case KindInt:
		n, err := strconv.ParseInt(strings.ReplaceAll(s, ",", ""), 10, 64)
		if err != nil {
			return fail(errNotWhole)
		}
		v.Int = n
	case KindDecimal:
		// decimal accepts exponents ("1e3"); a person never types one here.
		// The length limit already bounds the digits; Bounded also keeps
		// the places to what every decoder accepts (money.MaxPlaces).
		d, err := decimal.NewFromString(s)
		if err != nil || strings.ContainsAny(s, "eE") || !money.Bounded(d) {
			return fail(errNotNumber)
		}
		v.Dec = d
	case KindMoney:
		d, err := money.Parse(f.Key, s)
		if err != nil {
			return fail(errNotAmount)
		}
		v.Dec = d
	case KindChoice:
		if !contains(f.Choices, s) {
			return fail(errNotChoice)
		}
		v.Str = s
	case KindBool:
		b, err := strconv.ParseBool(s)
		if err != nil {
			return fail(errNotChoice)
		}
		v.Bool = b
	}
	return v, true, nil
}

// errorf builds the error of a refused text.
func (f Spec) errorf(reason errReason, s string) *FieldError {
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
	// are zero when the plan's message is a whole sentence.
	Want  msg.M
	Got   string
	Range string // allowed range, e.g. "0–24"; "" when not a number
	Rule  string // rule behind the range, e.g. "B1"
}

// Error implements error in English.
func (e *FieldError) Error() string {
	return e.Message(msg.En, e.Key)
}

// Message formats the error with the messages of one language and the
// field's label.
func (e *FieldError) Message(m msg.Lang, label string) string {
	if e.Reason == errPlan {
		if !e.Want.IsZero() && m != msg.En {
			return m.Text("site.page.err_plan", msg.Text(label), msg.Text(WantGot(msg.Lang(m), e.Want, e.Got)))
		}
		return m.Text("site.page.err_plan", msg.Text(label), msg.Text(planMsgIn(msg.Lang(m), e.Msg)))
	}
	var what string
	switch e.Reason {
	case errEmpty:
		what = m.Text("site.page.err_empty")
	case errTooLong:
		what = m.Text("site.page.err_too_long")
	case errNotWhole:
		what = m.Text("site.page.err_not_whole")
	case errNotAmount:
		what = m.Text("site.page.err_not_amount")
	case errNotChoice:
		what = m.Text("site.page.err_not_choice")
	default:
		what = m.Text("site.page.err_not_number")
	}
	s := m.Text("site.page.err_form", msg.Text(label), msg.Text(strconv.Quote(e.Value)), msg.Text(what))
	if e.Range != "" {
		s += m.Text("site.page.err_range_hint", msg.Text(e.Range))
	}
	if e.Rule != "" {
		s += m.Text("site.page.err_rule_hint", msg.Text(e.Rule))
	}
	return s + m.Text("site.page.err_end")
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
	if f.Unit == nil {
		f.Unit = func(msg.Lang) string { return "" }
	}
	if f.Help == nil {
		f.Help = func(msg.Lang) string { return "" }
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

// SheetFields is the requirement sheet (rule R1), in display order.
var SheetFields = []Spec{
	spec(Spec{Key: "workload", Kind: KindChoice, Default: "inference", Choices: plan.Workloads, Rule: "R1",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_workload") }, Help: func(m msg.Lang) string { return m.Text("site.page.h_workload") }},
		strField(func(r *plan.Requirements) *string { return &r.Workload })),
	spec(Spec{Key: "model.preset", Kind: KindChoice, Default: "llama-3.1-70b", Choices: presetChoices(), Rule: "R3",
		ErrFields: []string{"model"},
		Label:     func(m msg.Lang) string { return m.Text("site.page.f_preset") }, Help: func(m msg.Lang) string { return m.Text("site.page.h_preset") }},
		strField(func(r *plan.Requirements) *string { return &r.Model.Preset })),
	spec(Spec{Key: "model.params_b", Kind: KindDecimal, Range: "0.001–10000", Rule: "R3", ErrFields: []string{"params_b"},
		Label: func(m msg.Lang) string { return m.Text("site.page.f_params") }, Unit: func(m msg.Lang) string { return m.Text("site.page.u_params") },
		Help: func(m msg.Lang) string { return m.Text("site.page.h_params") }},
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
		Label: func(m msg.Lang) string { return m.Text("site.page.f_precision") }, Help: func(m msg.Lang) string { return m.Text("site.page.h_precision") }},
		strField(func(r *plan.Requirements) *string { return &r.Precision })),
	spec(Spec{Key: "context_tokens", Kind: KindInt, Default: sheetDefault("context_tokens"), Range: "1–1048576",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_context") }, Unit: func(m msg.Lang) string { return m.Text("site.page.u_tokens") },
		Help: func(m msg.Lang) string { return m.Text("site.page.h_context") }},
		intField(func(r *plan.Requirements) *int { return &r.ContextTokens })),
	spec(Spec{Key: "concurrency", Kind: KindInt, Range: "1–4096",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_concurrency") }, Help: func(m msg.Lang) string { return m.Text("site.page.h_concurrency") }},
		intField(func(r *plan.Requirements) *int { return &r.Concurrency })),
	spec(Spec{Key: "output_tokens", Kind: KindInt, Range: "0–context_tokens",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_output_tokens") }, Unit: func(m msg.Lang) string { return m.Text("site.page.u_tokens") },
		Help: func(m msg.Lang) string { return m.Text("site.page.h_output_tokens") }},
		intField(func(r *plan.Requirements) *int { return &r.OutputTokens })),
	spec(Spec{Key: "kv_cache_precision", Kind: KindChoice, Choices: append([]string{""}, plan.KVPrecisions...),
		Label: func(m msg.Lang) string { return m.Text("site.page.fkv_precision") }, Help: func(m msg.Lang) string { return m.Text("site.page.hkv_precision") }},
		strField(func(r *plan.Requirements) *string { return &r.KVCachePrecision })),
	targetSpec("service_targets.tokens_per_sec_per_sequence", "0–100000", func(m msg.Lang) string { return m.Text("site.page.f_target_speed") },
		func(t *plan.ServiceTargets) *float64 { return &t.TokensPerSecPerSequence }),
	targetSpec("service_targets.time_to_first_token_s", "0–3600", func(m msg.Lang) string { return m.Text("site.page.f_target_ttft") },
		func(t *plan.ServiceTargets) *float64 { return &t.TimeToFirstTokenS }),
	targetSpec("service_targets.requests_per_minute", "0–10000000", func(m msg.Lang) string { return m.Text("site.page.f_target_rpm") },
		func(t *plan.ServiceTargets) *float64 { return &t.RequestsPerMinute }),
	spec(Spec{Key: "training.lora_rank", Kind: KindInt, Range: "1–1024",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_lo_ra_rank") }},
		intField(func(r *plan.Requirements) *int { return &training(r).LoRARank })),
	spec(Spec{Key: "training.lora_targets", Kind: KindChoice, Choices: append([]string{""}, plan.LoRATargets...),
		Label: func(m msg.Lang) string { return m.Text("site.page.f_lo_ra_targets") }},
		strField(func(r *plan.Requirements) *string { return &training(r).LoRATargets })),
	spec(Spec{Key: "training.optimizer", Kind: KindChoice, Choices: append([]string{""}, plan.Optimizers...),
		Label: func(m msg.Lang) string { return m.Text("site.page.f_optimizer") }, Help: func(m msg.Lang) string { return m.Text("site.page.h_optimizer") }},
		strField(func(r *plan.Requirements) *string { return &training(r).Optimizer })),
	spec(Spec{Key: "training.framework", Kind: KindChoice, Choices: append([]string{""}, plan.Frameworks...),
		Label: func(m msg.Lang) string { return m.Text("site.page.f_framework") }, Help: func(m msg.Lang) string { return m.Text("site.page.h_framework") }},
		strField(func(r *plan.Requirements) *string { return &training(r).Framework })),
	spec(Spec{Key: "training.gradient_checkpointing", Kind: KindChoice, Choices: []string{"", "true", "false"},
		Label: func(m msg.Lang) string { return m.Text("site.page.f_checkpointing") }},
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
		Label: func(m msg.Lang) string { return m.Text("site.page.f_tokens") }, Unit: func(m msg.Lang) string { return m.Text("site.page.u_billion_tokens") },
		Help: func(m msg.Lang) string { return m.Text("site.page.h_tokens") }},
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
		Label: func(m msg.Lang) string { return m.Text("site.page.f_hours") }, Unit: func(m msg.Lang) string { return m.Text("site.page.u_hours") },
		Help: func(m msg.Lang) string { return m.Text("site.page.h_hours") }},
		decField(func(r *plan.Requirements) *decimal.Decimal { return &r.HoursPerDay })),
	spec(Spec{Key: "days_per_month", Kind: KindInt, Default: sheetDefault("days_per_month"), Range: "1–31",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_days") }, Unit: func(m msg.Lang) string { return m.Text("site.page.u_days") }},
		intField(func(r *plan.Requirements) *int { return &r.DaysPerMonth })),
	spec(Spec{Key: "project_months", Kind: KindInt, Default: sheetDefault("project_months"), Range: "1–120", Rule: "B2",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_project") }, Unit: func(m msg.Lang) string { return m.Text("site.page.u_months") },
		Help: func(m msg.Lang) string { return m.Text("site.page.h_project") }},
		intField(func(r *plan.Requirements) *int { return &r.ProjectMonths })),
	spec(Spec{Key: "storage_tb", Kind: KindDecimal, Default: sheetDefault("storage_tb"), Range: "0–100000", Rule: "C1",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_storage") }, Unit: func(m msg.Lang) string { return m.Text("site.page.utb") }},
		decField(func(r *plan.Requirements) *decimal.Decimal { return &r.StorageTB })),
	spec(Spec{Key: "egress_tb_month", Kind: KindDecimal, Default: sheetDefault("egress_tb_month"), Range: "0–100000", Rule: "C1",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_egress") }, Unit: func(m msg.Lang) string { return m.Text("site.page.utb_month") }},
		decField(func(r *plan.Requirements) *decimal.Decimal { return &r.EgressTBMonth })),
	spec(Spec{Key: "extra_ips", Kind: KindInt, Default: sheetDefault("extra_ips"), Range: "0–1000", Rule: "C1",
		Label: func(m msg.Lang) string { return m.Text("site.page.fi_ps") }},
		intField(func(r *plan.Requirements) *int { return &r.ExtraIPs })),
	spec(Spec{Key: "demand", Kind: KindChoice, Default: sheetDefault("demand"), Choices: []string{"steady", "volatile"}, Rule: "D1",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_demand") }},
		strField(func(r *plan.Requirements) *string { return &r.Demand })),
	spec(Spec{Key: "data_class", Kind: KindChoice, Default: sheetDefault("data_class"), Choices: []string{"commercial", "classified"}, Rule: "D1",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_data_class") }},
		strField(func(r *plan.Requirements) *string { return &r.DataClass })),
	spec(Spec{Key: "domestic_only", Kind: KindBool, Default: "false", Rule: "G2",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_domestic") }},
		boolField(func(r *plan.Requirements) *bool { return &r.DomesticOnly })),
	spec(Spec{Key: "needs_fp64", Kind: KindBool, Default: "false", Rule: "G2",
		Label: func(m msg.Lang) string { return m.Text("site.page.ffp64") }},
		boolField(func(r *plan.Requirements) *bool { return &r.NeedsFP64 })),
	spec(Spec{Key: "ops_team", Kind: KindBool, Default: "false", Rule: "D1",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_ops_team") }},
		boolField(func(r *plan.Requirements) *bool { return &r.OpsTeam })),
	spec(Spec{Key: "first_contract", Kind: KindBool, Default: sheetDefault("first_contract"), Rule: "B3",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_first_contract") }},
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
func targetSpec(key, rng string, label func(msg.Lang) string, get func(*plan.ServiceTargets) *float64) Spec {
	return spec(Spec{Key: key, Kind: KindDecimal, Range: rng, Label: label,
		Help: func(m msg.Lang) string { return m.Text("site.page.h_targets") }},
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
			ErrFields: []string{"cards"}, Label: func(msg.Lang) string { return name }},
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
		label func(msg.Lang) string
		get   func(*plan.Requirements) *int
	}
	var out []Spec
	for _, f := range []s{
		{"layers", func(m msg.Lang) string { return m.Text("site.page.f_layers") }, func(r *plan.Requirements) *int { return &r.Model.Layers }},
		{"hidden", func(m msg.Lang) string { return m.Text("site.page.f_hidden") }, func(r *plan.Requirements) *int { return &r.Model.Hidden }},
		{"heads", func(m msg.Lang) string { return m.Text("site.page.f_heads") }, func(r *plan.Requirements) *int { return &r.Model.Heads }},
		{"kv_heads", func(m msg.Lang) string { return m.Text("site.page.fkv_heads") }, func(r *plan.Requirements) *int { return &r.Model.KVHeads }},
		{"head_dim", func(m msg.Lang) string { return m.Text("site.page.f_head_dim") }, func(r *plan.Requirements) *int { return &r.Model.HeadDim }},
		{"ffn", func(m msg.Lang) string { return m.Text("site.page.fffn") }, func(r *plan.Requirements) *int { return &r.Model.FFN }},
		{"experts", func(m msg.Lang) string { return m.Text("site.page.f_experts") }, func(r *plan.Requirements) *int { return &r.Model.Experts }},
		{"experts_per_token", func(m msg.Lang) string { return m.Text("site.page.f_experts_per_token") }, func(r *plan.Requirements) *int { return &r.Model.ExpertsPerToken }},
		{"shared_experts", func(m msg.Lang) string { return m.Text("site.page.f_shared_experts") }, func(r *plan.Requirements) *int { return &r.Model.SharedExperts }},
		{"expert_ffn", func(m msg.Lang) string { return m.Text("site.page.f_expert_ffn") }, func(r *plan.Requirements) *int { return &r.Model.ExpertFFN }},
		{"moe_layers", func(m msg.Lang) string { return m.Text("site.page.f_mo_e_layers") }, func(r *plan.Requirements) *int { return &r.Model.MoELayers }},
	} {
		out = append(out, spec(Spec{Key: "model." + f.name, Kind: KindInt, Group: GroupShape,
			Range: "1–1048576", ErrFields: []string{f.name}, Label: f.label}, intField(f.get)))
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
			Label: func(m msg.Lang) string { return m.Enum("item", name) },
			Unit:  func(m msg.Lang) string { return m.Text("site.page.ucny_month") }},
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
			suffix, unit := "monthly", func(m msg.Lang) string { return m.Text("site.page.ucny_card_month") }
			if hourly {
				suffix, unit = "hourly", func(m msg.Lang) string { return m.Text("site.page.ucny_card_hour") }
			}
			quote := func(r *plan.Requirements) **decimal.Decimal {
				q := r.Cost.Prices[id]
				if hourly {
					return &q.Hourly
				}
				return &q.Monthly
			}
			out = append(out, spec(Spec{Key: "cost.prices." + id + "." + suffix, Kind: KindMoney, Group: GroupPrices,
				Range: "0–1000000000", Rule: "C5", Label: func(msg.Lang) string { return name }, Unit: unit},
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
	Label: func(m msg.Lang) string { return m.Text("site.page.f_discount") }, Help: func(m msg.Lang) string { return m.Text("site.page.h_discount") }},
	optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.AnnualDiscount }))

// SelfBuildFields are the own-hardware figures of rule D1.
var SelfBuildFields = []Spec{
	spec(Spec{Key: "cost.self_build.capex_per_card", Kind: KindMoney, Group: GroupSelfBuild, Range: "0–1000000000", Rule: "D1",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_capex") }, Unit: func(m msg.Lang) string { return m.Text("site.page.ucny_card") }},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.CapexPerCard })),
	spec(Spec{Key: "cost.self_build.residual_fraction", Kind: KindDecimal, Group: GroupSelfBuild, Range: "0–1",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_residual") }, Help: func(m msg.Lang) string { return m.Text("site.page.h_residual") }},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.ResidualFraction })),
	spec(Spec{Key: "cost.self_build.life_months", Kind: KindInt, Group: GroupSelfBuild, Range: "1–120",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_life") }, Unit: func(m msg.Lang) string { return m.Text("site.page.u_months") }},
		intField(func(r *plan.Requirements) *int { return &r.Cost.SelfBuild.LifeMonths })),
	spec(Spec{Key: "cost.self_build.pue", Kind: KindDecimal, Group: GroupSelfBuild, Range: "1–5",
		Label: func(m msg.Lang) string { return m.Text("site.page.fpue") }},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.PUE })),
	spec(Spec{Key: "cost.self_build.price_per_kwh", Kind: KindDecimal, Group: GroupSelfBuild, Range: "0–100",
		Label: func(m msg.Lang) string { return m.Text("site.page.fk_wh") }, Unit: func(m msg.Lang) string { return m.Text("site.page.ucn_yk_wh") }},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.PricePerKWh })),
	spec(Spec{Key: "cost.self_build.colocation_monthly", Kind: KindMoney, Group: GroupSelfBuild, Range: "0–1000000000",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_colo") }, Unit: func(m msg.Lang) string { return m.Text("site.page.ucny_month") }},
		optDecField(func(r *plan.Requirements) **decimal.Decimal { return &r.Cost.SelfBuild.ColocationMonthly })),
	spec(Spec{Key: "cost.self_build.ops_staff_monthly", Kind: KindMoney, Group: GroupSelfBuild, Range: "0–1000000000",
		Label: func(m msg.Lang) string { return m.Text("site.page.f_staff") }, Unit: func(m msg.Lang) string { return m.Text("site.page.ucny_month") }},
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

// WantGot writes a refusal of shared/ ("want a number in (0, 24], got
// 25") in l: what the field accepts, its message in l, and the text given.
func WantGot(l msg.Lang, want msg.M, got string) string {
	return l.Text("site.proc.want_got", msg.Text(want.In(l)), msg.Text(got))
}

// betweenMsg is plan.Build's range message: "must be between 0 and 24
// (rule B1), got 25".
var betweenMsg = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^must be between (\S+) and (\S+?)(?: \(rule ([A-Z][0-9]+)\))?, got (.+)$`)
})

// planMsgIn is a plan.Build message in language l: its range message in
// the reader's words; any other message as written.
func planMsgIn(l msg.Lang, s string) string {
	if l == msg.En {
		return s
	}
	p := betweenMsg().FindStringSubmatch(s)
	switch {
	case p == nil:
		return s
	case p[3] == "":
		return l.Text("site.err.between", msg.Text(p[1]), msg.Text(p[2]), msg.Text(p[4]))
	}
	return l.Text("site.err.between_rule", msg.Text(p[1]), msg.Text(p[2]), msg.Text(p[3]), msg.Text(p[4]))
}

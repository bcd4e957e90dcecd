package contract

import (
	"fmt"
	"slices"
	"sort"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/msgjson"
	"github.com/gpuplan/gpuplan/shared/internal/valid"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Preset names a credit table.
type Preset string

// The credit-table presets. Custom uses the contract's own tiers.
const (
	// PresetArticles is the articles' minimum (rule K1): a 99.9%
	// commitment paid in money, capped at no less than 50% of the fee.
	// The articles give no steps, so the preset takes Tencent's published
	// 10 / 20 / 50% below 99.9 / 99 / 98% (tencentyun/qcloud-documents SLA
	// files), the one vendor
	// table that starts at 99.9% and caps at 50%.
	PresetArticles Preset = "articles"
	// PresetAWSEC2 is AWS EC2's region-level table: 10 / 30 / 100% below
	// 99.99 / 99 / 95% (the Amazon Compute Service Level Agreement).
	PresetAWSEC2 Preset = "aws_ec2"
	// PresetAlibabaECS is Alibaba ECS's table as a third party quotes it:
	// 10 / 25 / 100% below 99.975 / 99 / 95% (sla.directory, a secondary
	// source; verify on terms.aliyun.com).
	PresetAlibabaECS Preset = "alibaba_ecs"
	// PresetAlibabaDataHub is Alibaba DataHub's: 20 / 30 / 50% below 99.9 /
	// 99 / 95%, capped at 50%, in vouchers (terms.aliyun.com).
	PresetAlibabaDataHub Preset = "alibaba_datahub"
	// PresetCustom uses Credits.Tiers.
	PresetCustom Preset = "custom"
)

// Tier is one step of a credit table: uptime below BelowPct (or at it, when
// Inclusive) earns CreditPct of the monthly fee, unless a lower tier applies.
// Tiers nest, so each is a half-open interval bounded by the next lower
// threshold: AWS's "below 99.99%" tier covers [99, 99.99).
type Tier struct {
	// BelowPct is the uptime threshold, in (0, 100].
	BelowPct decimal.Decimal `json:"below_pct"`
	// Inclusive puts the threshold itself in the tier ("at or below
	// 99.9%"); the contract's wording decides.
	Inclusive bool `json:"inclusive,omitempty"`
	// CreditPct is the credit as a percentage of the monthly fee, in
	// [0, 1000] (a contract may pay a multiple of the fee).
	CreditPct decimal.Decimal `json:"credit_pct"`
}

// applies reports whether uptime falls in the tier's open end.
func (t Tier) applies(uptime decimal.Decimal) bool {
	if t.Inclusive {
		return uptime.LessThanOrEqual(t.BelowPct)
	}
	return uptime.LessThan(t.BelowPct)
}

// Credits chooses the SLA's credit table.
type Credits struct {
	// Preset is one of the Preset* names; empty means "custom" when Tiers
	// are given and "articles" otherwise.
	Preset Preset `json:"preset,omitempty"`
	// Tiers are the contract's own steps, for the custom preset only; at
	// most 10, with distinct thresholds, in any order.
	Tiers []Tier `json:"tiers,omitempty"`
	// CapPct caps the credit at this percentage of the monthly fee, in
	// [0, 1000]; nil takes the preset's cap (100 for custom tiers).
	CapPct *decimal.Decimal `json:"cap_pct,omitempty"`
}

// Table is a resolved credit table.
type Table struct {
	// Preset is the table's preset name.
	Preset Preset `json:"preset"`
	// Tiers are the steps, highest threshold first.
	Tiers []Tier `json:"tiers"`
	// CapPct is the cap, a percentage of the monthly fee.
	CapPct decimal.Decimal `json:"cap_pct"`
	// Source says where the table comes from; the JSON writes it as
	// "source" (English) and "source_message".
	Source msg.M `json:"-"`
}

// MarshalJSON writes the table with the English of its source.
func (t Table) MarshalJSON() ([]byte, error) {
	type plain Table
	return msgjson.Marshal(plain(t), msgjson.One("source", "source_message", &t.Source))
}

// UnmarshalJSON reads what MarshalJSON writes; a source with only its
// English reads as that text.
func (t *Table) UnmarshalJSON(b []byte) error {
	type plain Table
	var p plain
	if err := msgjson.Unmarshal(b, &p, msgjson.One("source", "source_message", &p.Source)); err != nil {
		return err
	}
	*t = Table(p)
	return nil
}

// withSource sets the table's source to the catalogue message m.
func (t Table) withSource(m msg.M) Table {
	t.Source = m
	return t
}

// SourceIn renders the source in l (the English text when the table
// carries no message).
func (t Table) SourceIn(l msg.Lang) string {
	return t.Source.In(l)
}

func tier(below, credit string) Tier {
	return Tier{BelowPct: decimal.RequireFromString(below), CreditPct: decimal.RequireFromString(credit)}
}

func tiers(spec ...string) []Tier {
	var ts []Tier
	for i := 0; i+1 < len(spec); i += 2 {
		ts = append(ts, tier(spec[i], spec[i+1]))
	}
	return ts
}

// PresetTable returns a preset's table, or false for an unknown or custom
// preset.
func PresetTable(p Preset) (Table, bool) {
	switch p {
	case PresetArticles:
		return Table{Preset: p, Tiers: tiers("99.9", "10", "99", "20", "98", "50"), CapPct: decimal.NewFromInt(50)}.withSource(msg.New("contract.source." + string(p))), true
	case PresetAWSEC2:
		return Table{Preset: p, Tiers: tiers("99.99", "10", "99", "30", "95", "100"), CapPct: hundred}.withSource(msg.New("contract.source." + string(p))), true
	case PresetAlibabaECS:
		return Table{Preset: p, Tiers: tiers("99.975", "10", "99", "25", "95", "100"), CapPct: hundred}.withSource(msg.New("contract.source." + string(p))), true
	case PresetAlibabaDataHub:
		return Table{Preset: p, Tiers: tiers("99.9", "20", "99", "30", "95", "50"), CapPct: decimal.NewFromInt(50)}.withSource(msg.New("contract.source." + string(p))), true
	}
	return Table{}, false
}

// preset returns the preset in force.
func (c Credits) preset() Preset {
	switch {
	case c.Preset != "":
		return c.Preset
	case len(c.Tiers) > 0:
		return PresetCustom
	}
	return PresetArticles
}

func (c Credits) validate() error {
	p := c.preset()
	if err := valid.OneOf("credits.preset", string(p), "articles", "aws_ec2", "alibaba_ecs", "alibaba_datahub", "custom"); err != nil {
		return err
	}
	if p != PresetCustom && len(c.Tiers) > 0 {
		return &fielderr.Error{Field: "credits.tiers", Value: fmt.Sprintf("%d tiers", len(c.Tiers)),
			Want: msg.New("want.tiers_custom")}
	}
	if p == PresetCustom && len(c.Tiers) > 10 {
		return &fielderr.Error{Field: "credits.tiers", Value: fmt.Sprintf("%d tiers", len(c.Tiers)),
			Want: msg.New("want.max_tiers", msg.Int(10))}
	}
	thresholds := valid.Distinct{}
	for i, t := range c.Tiers {
		f := fmt.Sprintf("credits.tiers[%d]", i)
		if err := valid.InRange(f+".below_pct", t.BelowPct, decimal.Zero, hundred, false, msg.New("want.in", msg.Label("want.noun.percentage"), msg.Text("(0, 100]"))); err != nil {
			return err
		}
		if err := valid.InRange(f+".credit_pct", t.CreditPct, decimal.Zero, maxCredit, true, msg.New("want.in", msg.Label("want.noun.percentage"), msg.Text("[0, 1000]"))); err != nil {
			return err
		}
		if err := thresholds.Add(f+".below_pct", t.BelowPct.String(), msg.New("want.unique_tier")); err != nil {
			return err
		}
	}
	if c.CapPct != nil {
		return valid.InRange("credits.cap_pct", *c.CapPct, decimal.Zero, maxCredit, true, msg.New("want.in", msg.Label("want.noun.percentage"), msg.Text("[0, 1000]")))
	}
	return nil
}

// Table resolves the credit table; the Credits must be valid.
func (c Credits) Table() Table {
	t, ok := PresetTable(c.preset())
	if !ok {
		t = Table{Preset: PresetCustom, Tiers: slices.Clone(c.Tiers), CapPct: hundred}.withSource(msg.New("contract.source.custom"))
		// The sort package, not slices: each element type of a generic sort
		// adds about 12 KB of uncompressed code and data to app.wasm.
		order := func(a, b Tier) int { return b.BelowPct.Cmp(a.BelowPct) }
		sort.Slice(t.Tiers, func(i, j int) bool { return order(t.Tiers[i], t.Tiers[j]) < 0 })
	}
	if c.CapPct != nil {
		t.CapPct = *c.CapPct
		t = t.withSource(msg.New("contract.source.capped", msg.Sub(t.Source)))
	}
	return t
}

// Credit is what a month's uptime earns under a table.
type Credit struct {
	// UptimePct is the month's uptime.
	UptimePct decimal.Decimal `json:"uptime_pct"`
	// TierPct is the credit percentage of the tier the uptime falls in; 0
	// when none applies.
	TierPct decimal.Decimal `json:"tier_pct"`
	// Pct is the credit after the cap, a percentage of the fee.
	Pct decimal.Decimal `json:"pct"`
	// Amount is the credit in CNY: fee × Pct ÷ 100.
	Amount decimal.Decimal `json:"amount"`
	// Capped is true when the cap cut the tier's credit.
	Capped bool `json:"capped"`
}

// Credit returns what uptimePct earns on a monthly fee:
// fee × pct(tier(uptime)), at most the cap. The lowest tier whose
// threshold the uptime falls under applies. AWS EC2, fee 10,000: 99.995 →
// 0; 99.95 → 1,000; exactly 99.0 → 1,000 (10%, not 30%); 98.0 → 3,000;
// 94.0 → 10,000.
func (t Table) Credit(uptimePct, fee decimal.Decimal) Credit {
	c := Credit{UptimePct: uptimePct}
	for i := len(t.Tiers) - 1; i >= 0; i-- {
		if t.Tiers[i].applies(uptimePct) {
			c.TierPct = t.Tiers[i].CreditPct
			break
		}
	}
	c.Pct = c.TierPct
	if c.Pct.GreaterThan(t.CapPct) {
		c.Pct, c.Capped = t.CapPct, true
	}
	c.Amount = fee.Mul(c.Pct).Shift(-2)
	return c
}

// MaxPct is the most the table can pay, a percentage of the fee: the
// highest tier credit, or the cap if lower.
func (t Table) MaxPct() decimal.Decimal {
	m := decimal.Zero
	for _, tr := range t.Tiers {
		m = decimal.Max(m, tr.CreditPct)
	}
	return decimal.Min(m, t.CapPct)
}

// AllowedDowntime is the downtime an availability allows in a month, in
// minutes: (100 − availabilityPct) ÷ 100 × the month's minutes. 99.9%
// allows 40.32 / 43.2 / 43.8 / 44.64 minutes in a 28-day,
// 30-day, 730-hour and 31-day month.
func AllowedDowntime(availabilityPct decimal.Decimal, b Basis) decimal.Decimal {
	return hundred.Sub(availabilityPct).Mul(b.Minutes()).Shift(-2)
}

// OutageUptime is the month's uptime percentage after an outage of hours:
// 100 × (1 − hours × 60 ÷ minutes). A 48-hour outage in a 30-day month
// leaves 93.33%. It does not go below 0.
func OutageUptime(hours decimal.Decimal, b Basis) decimal.Decimal {
	mins := b.Minutes()
	if !mins.IsPositive() {
		return decimal.Zero
	}
	down := hours.Mul(decimal.NewFromInt(60)).Mul(hundred).DivRound(mins, money.DivPrecision)
	return decimal.Max(decimal.Zero, hundred.Sub(down))
}

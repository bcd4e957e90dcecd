package ops

import (
	"fmt"
	"time"

	"github.com/gpuplan/gpuplan/shared/costitem"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/valid"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Input is the plan's budget and the months recorded so far.
type Input struct {
	// Budgets are the planned monthly costs, one per vendor (Vendor empty
	// when there is one vendor).
	Budgets []Budget `json:"budgets"`
	// Months are the monthly records, 1 to 240, at most one per month and
	// vendor, in any order.
	Months []Month `json:"months"`
	// TargetUtilisationPct is the utilisation right-sizing aims for, in
	// (60, 100]; nil means 75, midway between O1's 60% floor and a 90%
	// ceiling that leaves headroom (an assumption, not from the articles).
	TargetUtilisationPct *decimal.Decimal `json:"target_utilisation_pct,omitempty"`
	// AlertPct is how far over budget a line may go before it is flagged,
	// in percent, in [0, 1000]; nil means 10 (an assumption).
	AlertPct *decimal.Decimal `json:"alert_pct,omitempty"`
}

// Budget is one vendor's planned monthly cost, line by line.
type Budget struct {
	// Vendor names the vendor, at most 100 bytes; empty for the only one.
	Vendor string `json:"vendor,omitempty"`
	// Lines are the planned monthly amounts, one per item.
	Lines []Line `json:"lines"`
}

// Month is one month's record for one vendor.
type Month struct {
	// Month is the calendar month, "2026-09".
	Month string `json:"month"`
	// Vendor names the vendor; it must match a Budget's Vendor.
	Vendor string `json:"vendor,omitempty"`
	// Cards is the number of cards rented, in [1, 100000].
	Cards int `json:"cards"`
	// Hours is how many hours each card was rented, in (0, 744]; nil
	// means the 730-hour month (365 × 24 ÷ 12).
	Hours *decimal.Decimal `json:"hours,omitempty"`
	// UtilisationPct is the mean GPU utilisation over those hours, in
	// [0, 100], e.g. from gpuverify monitor.
	UtilisationPct decimal.Decimal `json:"utilisation_pct"`
	// Lines are the bill's lines, one per item.
	Lines []Line `json:"lines"`
	// VendorScore is the vendor's review mark for the month, in [1, 5];
	// nil when not reviewed.
	VendorScore *decimal.Decimal `json:"vendor_score,omitempty"`
}

// Line is one item's amount, CNY.
type Line struct {
	// Item is one of Items.
	Item string `json:"item"`
	// Amount is the monthly amount, in [0, 10^12].
	Amount decimal.Decimal `json:"amount"`
}

// Items are the bill items: rule C1's names (costitem, as tco and quote use
// them) plus costitem.Other.
var Items = append(costitem.C1(), costitem.Other)

// The defaults of the optional inputs. They are variables only because Go
// has no decimal constants: never reassign them.
var (
	DefaultTargetPct = decimal.NewFromInt(75)
	DefaultAlertPct  = decimal.NewFromInt(10)
)

var (
	hundred   = decimal.NewFromInt(100)
	maxAmount = decimal.New(1, 12)
	maxHours  = decimal.NewFromInt(744)
	floorPct  = decimal.NewFromInt(60)
)

// Validate reports the first input outside its allowed range, naming it.
func (in Input) Validate() error {
	vendors := map[string]bool{}
	err := valid.Rows("budgets", in.Budgets, 1, 20, "want.rows.budgets", func(f string, b Budget) error {
		if len(b.Vendor) > 100 || vendors[b.Vendor] {
			return &fielderr.Error{Field: f + ".vendor", Value: b.Vendor, Want: msg.New("want.budget_name")}
		}
		vendors[b.Vendor] = true
		return validLines(f+".lines", b.Lines)
	})
	if err != nil {
		return err
	}
	seen := map[string]bool{}
	err = valid.Rows("months", in.Months, 1, 240, "want.rows.months", func(f string, m Month) error {
		if err := m.validate(f, vendors); err != nil {
			return err
		}
		key := m.Month + "\x00" + m.Vendor
		if seen[key] {
			return &fielderr.Error{Field: f + ".month", Value: m.Month, Want: msg.New("want.vendor_month")}
		}
		seen[key] = true
		return nil
	})
	if err != nil {
		return err
	}
	if in.TargetUtilisationPct != nil {
		if err := valid.InRange("target_utilisation_pct", *in.TargetUtilisationPct, floorPct, hundred, false, msg.New("want.in", msg.Label("want.noun.percentage"), msg.Text("(60, 100]"))); err != nil {
			return err
		}
	}
	if in.AlertPct != nil {
		return valid.InRange("alert_pct", *in.AlertPct, decimal.Zero, decimal.NewFromInt(1000), true, msg.New("want.in", msg.Label("want.noun.percentage"), msg.Text("[0, 1000]")))
	}
	return nil
}

func (m Month) validate(f string, vendors map[string]bool) error {
	if _, err := time.Parse("2006-01", m.Month); err != nil || len(m.Month) != 7 {
		return &fielderr.Error{Field: f + ".month", Value: m.Month, Want: msg.New("want.month_written")}
	}
	if !vendors[m.Vendor] {
		return &fielderr.Error{Field: f + ".vendor", Value: m.Vendor, Want: msg.New("want.budget_vendor")}
	}
	if err := valid.IntRange(f+".cards", m.Cards, 1, 100000); err != nil {
		return err
	}
	if m.Hours != nil {
		if err := valid.InRange(f+".hours", *m.Hours, decimal.Zero, maxHours, false, msg.New("want.in", msg.Label("want.noun.hours"), msg.Text("(0, 744]"))); err != nil {
			return err
		}
	}
	if err := valid.InRange(f+".utilisation_pct", m.UtilisationPct, decimal.Zero, hundred, true, msg.New("want.in", msg.Label("want.noun.percentage"), msg.Text("[0, 100]"))); err != nil {
		return err
	}
	if m.VendorScore != nil {
		if err := valid.InRange(f+".vendor_score", *m.VendorScore, decimal.NewFromInt(1), decimal.NewFromInt(5), true, msg.New("want.in", msg.Label("want.noun.mark"), msg.Text("[1, 5]"))); err != nil {
			return err
		}
	}
	return validLines(f+".lines", m.Lines)
}

func validLines(f string, lines []Line) error {
	items := valid.Distinct{}
	for i, l := range lines {
		g := fmt.Sprintf("%s[%d]", f, i)
		if err := valid.OneOf(g+".item", l.Item, Items...); err != nil {
			return err
		}
		if err := items.Add(g+".item", l.Item, msg.New("want.unique_item")); err != nil {
			return err
		}
		if err := valid.InRange(g+".amount", l.Amount, decimal.Zero, maxAmount, true, msg.New("want.in", msg.Label("want.noun.amount"), msg.Text("[0, 10^12]"))); err != nil {
			return err
		}
	}
	return nil
}

// hours returns the hours each card was rented.
func (m Month) hours() decimal.Decimal {
	if m.Hours == nil {
		return money.HoursPerMonth
	}
	return *m.Hours
}

func orDefault(v *decimal.Decimal, def decimal.Decimal) decimal.Decimal {
	if v == nil {
		return def
	}
	return *v
}

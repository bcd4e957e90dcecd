package billing

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Mode is a billing mode.
type Mode string

// The billing modes.
const (
	Hourly  Mode = "hourly"  // pay as you go, per card-hour (按量)
	Monthly Mode = "monthly" // monthly package, per card-month (包月)
	Annual  Mode = "annual"  // annual contract at a discount (包年)
)

// Demand describes how the load varies over the project.
type Demand string

// Demand kinds (rule B2).
const (
	Steady   Demand = "steady"   // a service or training run that keeps the cards busy
	Volatile Demand = "volatile" // temporary jobs, peaks and troughs
)

// Input is what the user knows about prices and usage. Prices are per card.
type Input struct {
	// HourlyPrice is the price of one card-hour; nil when unknown.
	HourlyPrice *decimal.Decimal `json:"hourly_price"`
	// MonthlyPrice is the price of one card-month; nil when unknown.
	MonthlyPrice *decimal.Decimal `json:"monthly_price"`
	// AnnualDiscount is the fraction off the monthly price for a full-year
	// contract, e.g. "0.15" for 15% off (Alibaba's 8.5折). Zero
	// means no annual discount is offered.
	AnnualDiscount decimal.Decimal `json:"annual_discount"`
	// Cards is the number of cards rented, at least 1.
	Cards int `json:"cards"`
	// HoursPerDay is the average number of hours a day the cards run.
	HoursPerDay decimal.Decimal `json:"hours_per_day"`
	// DaysPerMonth is the number of days a month the cards run.
	DaysPerMonth int `json:"days_per_month"`
	// ProjectMonths is how long the project needs the cards.
	ProjectMonths int `json:"project_months"`
	// FirstContract is true when the user has never rented from this vendor.
	FirstContract bool `json:"first_contract"`
	// Demand is steady or volatile.
	Demand Demand `json:"demand"`
	// Reference is true when a price is a catalogue reference rather than
	// the user's quote; the reasons say so.
	Reference bool `json:"reference,omitempty"`
	// Provider names the provider whose list gave both prices, for the
	// reasons; empty for the user's own prices.
	Provider string `json:"provider,omitempty"`
	// Taken is the mode of the term already chosen among the provider's
	// offers (Terms); Recommend then explains that mode. Empty: Recommend
	// decides between its prices itself.
	Taken Mode `json:"taken,omitempty"`
}

// Validate reports the first input outside its allowed range, naming it.
func (in Input) Validate() error {
	for _, p := range []struct {
		field string
		v     *decimal.Decimal
	}{{"hourly_price", in.HourlyPrice}, {"monthly_price", in.MonthlyPrice}} {
		if p.v != nil && !p.v.IsPositive() {
			return &fielderr.Error{Field: p.field, Value: p.v.String(), Want: msg.New("want.price_or_unknown")}
		}
	}
	switch {
	case in.AnnualDiscount.IsNegative() || in.AnnualDiscount.GreaterThanOrEqual(decimal.NewFromInt(1)):
		return &fielderr.Error{Field: "annual_discount", Value: in.AnnualDiscount.String(), Want: msg.New("want.in_eg", msg.Label("want.noun.fraction"), msg.Text("[0, 1)"), msg.Text("0.15"))}
	case in.Cards < 1:
		return intError("cards", in.Cards, msg.New("want.ge", msg.Label("want.noun.whole_number"), msg.Text("1")))
	case !in.HoursPerDay.IsPositive() || in.HoursPerDay.GreaterThan(decimal.NewFromInt(24)):
		return &fielderr.Error{Field: "hours_per_day", Value: in.HoursPerDay.String(), Want: msg.New("want.in", msg.Label("want.noun.number"), msg.Text("(0, 24]"))}
	case in.DaysPerMonth < 1 || in.DaysPerMonth > 31:
		return intError("days_per_month", in.DaysPerMonth, msg.New("want.in", msg.Label("want.noun.whole_number"), msg.Text("[1, 31]")))
	case in.ProjectMonths < 1:
		return intError("project_months", in.ProjectMonths, msg.New("want.ge", msg.Label("want.noun.whole_number"), msg.Text("1")))
	case in.Demand != Steady && in.Demand != Volatile:
		return &fielderr.Error{Field: "demand", Value: string(in.Demand), Want: msg.New("want.or", msg.Text(`"steady"`), msg.Text(`"volatile"`))}
	}
	return nil
}

func intError(field string, v int, want msg.M) error {
	return &fielderr.Error{Field: field, Value: fmt.Sprint(v), Want: want}
}

// Costs is the monthly cost of each mode for all the user's cards at the
// user's hours. A nil entry means the price it needs is unknown.
type Costs struct {
	Hourly  *decimal.Decimal `json:"hourly"`  // hourly price × hours × days × cards
	Monthly *decimal.Decimal `json:"monthly"` // monthly price × cards
	// Annual is the annual contract's cost per month, 12·M·(1−d)/12.
	Annual *decimal.Decimal `json:"annual"`
}

// Result is the recommendation and the numbers behind it.
type Result struct {
	// Mode is the recommended billing mode.
	Mode Mode `json:"mode"`
	// UsageHoursPerMonth is hours_per_day × days_per_month, per card.
	UsageHoursPerMonth decimal.Decimal `json:"usage_hours_per_month"`
	// BreakevenHoursPerMonth is monthly ÷ hourly price: above it the
	// monthly package is cheaper. Nil when a price is unknown.
	BreakevenHoursPerMonth *decimal.Decimal `json:"breakeven_hours_per_month"`
	// BreakevenHoursPerDay is BreakevenHoursPerMonth ÷ days_per_month.
	BreakevenHoursPerDay *decimal.Decimal `json:"breakeven_hours_per_day"`
	// RuleOfThumbMode is what rule B1 (10 hours a day) says on its own.
	RuleOfThumbMode Mode `json:"rule_of_thumb_mode"`
	// RuleAgrees reports whether the computed break-even picks the same
	// mode as B1 for the user's hours; nil when there is no break-even.
	RuleAgrees *bool `json:"rule_agrees"`
	// Costs is the monthly cost of each mode for all cards.
	Costs Costs `json:"costs"`
	// Reasons explain the recommendation, one message each (msg renders
	// them in either language).
	Reasons []msg.M `json:"reasons"`
	// Rules lists the rules the reasons cite, e.g. ["B1", "B3"].
	Rules []string `json:"rules"`
}

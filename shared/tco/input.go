package tco

import (
	"fmt"
	"github.com/gpuplan/gpuplan/shared/fielderr"

	"github.com/gpuplan/gpuplan/shared/internal/valid"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Input is everything the user knows about one rental's monthly cost, item
// by item (rule C1). Every item takes the user's own monthly figure in
// Amount, which overrides the computation from quantities and prices.
type Input struct {
	// Cards is the number of GPU cards rented, at least 1.
	Cards int `json:"cards"`
	// TermMonths is the rental term over which one-off costs (migration) are
	// spread, at least 1.
	TermMonths int `json:"term_months"`

	// Rent is the GPU rent.
	Rent Rent `json:"rent"`
	// Egress is outbound traffic beyond the free quota.
	Egress Egress `json:"egress"`
	// Storage is storage expansion; its quantity is GB beyond what the
	// rent includes.
	Storage Metered `json:"storage"`
	// IPs is extra public IP addresses; its quantity is their number.
	IPs Metered `json:"ips"`
	// Support is a support-tier upgrade.
	Support Flat `json:"support"`
	// AfterHours is after-hours (night and weekend) support.
	AfterHours Flat `json:"after_hours"`
	// Migration is moving data in, a one-off spread over TermMonths.
	Migration Migration `json:"migration"`
	// FiguresOnly computes the items' amounts, Rent, Hidden and Monthly
	// only: no basis texts, shares, band or warning. For callers that
	// compare many options and need the sums (the planner's card choice).
	FiguresOnly bool `json:"-"`
}

// Rent is the GPU rent, the one item every plan has.
type Rent struct {
	// Amount is the user's total monthly rent for all cards; it overrides
	// PerCard.
	Amount *decimal.Decimal `json:"amount"`
	// PerCard is the monthly rent of one card.
	PerCard money.Range `json:"per_card"`
	// Source names a reference price (e.g. a catalogue entry) when PerCard
	// was not typed by the user; empty means the user entered it.
	Source string `json:"source,omitempty"`
	// Unit describes how PerCard was reached when it is not a monthly
	// price ("1.24–1.98 an hour × 8 h × 30 days"); the basis quotes it.
	Unit *msg.M `json:"unit,omitempty"`
}

// Egress is outbound traffic beyond the free quota.
type Egress struct {
	// Amount is the user's own monthly egress bill; it overrides the rest.
	Amount *decimal.Decimal `json:"amount"`
	// GB is the monthly outbound volume.
	GB money.Range `json:"gb"`
	// FreeGB is the free monthly quota.
	FreeGB decimal.Decimal `json:"free_gb"`
	// PricePerGB is one price for all traffic above the quota; nil uses
	// DefaultPrices unless Tiers are given.
	PricePerGB *money.Range `json:"price_per_gb"`
	// Tiers prices the traffic above the quota in steps; the last tier has
	// SizeGB 0 and takes everything left (see TierBuckets).
	Tiers []Tier `json:"tiers,omitempty"`
}

// Tier is one step of a tiered egress price.
type Tier struct {
	// SizeGB is the width of the tier; 0 on the last, open-ended tier.
	SizeGB decimal.Decimal `json:"size_gb"`
	// PricePerGB is the price of each GB in the tier.
	PricePerGB decimal.Decimal `json:"price_per_gb"`
}

// Metered is an item billed as quantity × unit price per month.
type Metered struct {
	// Amount is the user's own monthly figure; it overrides the rest.
	Amount *decimal.Decimal `json:"amount"`
	// Quantity is how many units a month (GB, addresses).
	Quantity money.Range `json:"quantity"`
	// UnitPrice is the monthly price of one unit; nil uses DefaultPrices.
	UnitPrice *money.Range `json:"unit_price"`
}

// Flat is an item with one monthly fee.
type Flat struct {
	// Amount is the user's own monthly fee; it overrides Needed.
	Amount *decimal.Decimal `json:"amount"`
	// Needed asks for the item at the DefaultPrices fee.
	Needed bool `json:"needed"`
}

// Migration is the one-off cost of moving data in, spread over the term.
type Migration struct {
	// Amount is the user's own one-off total; it overrides the rest.
	Amount *decimal.Decimal `json:"amount"`
	// GB is the volume to move.
	GB money.Range `json:"gb"`
	// PricePerGB is the traffic price of moving it; nil uses DefaultPrices.
	PricePerGB *money.Range `json:"price_per_gb"`
}

// Validate reports the first input outside its allowed range, naming it.
func (in Input) Validate() error {
	if in.Cards < 1 {
		return intError("cards", in.Cards, msg.New("want.ge", msg.Label("want.noun.whole_number"), msg.Text("1")))
	}
	if in.TermMonths < 1 {
		return intError("term_months", in.TermMonths, msg.New("want.ge", msg.Label("want.noun.whole_number"), msg.Text("1")))
	}
	if err := in.Rent.validate(); err != nil {
		return err
	}
	if err := in.Egress.validate(); err != nil {
		return err
	}
	checks := []error{
		in.Storage.validate("storage"),
		in.IPs.validate("ips"),
		amountError("support.amount", in.Support.Amount),
		amountError("after_hours.amount", in.AfterHours.Amount),
		amountError("migration.amount", in.Migration.Amount),
		in.Migration.GB.Validate("migration.gb"),
		optRangeError("migration.price_per_gb", in.Migration.PricePerGB),
	}
	return valid.First(checks...)
}

func (r Rent) validate() error {
	if r.Amount != nil {
		if !r.Amount.IsPositive() {
			return &fielderr.Error{Field: "rent.amount", Value: r.Amount.String(), Want: msg.New("want.gt", msg.Label("want.noun.amount"), msg.Text("0"))}
		}
		return nil
	}
	if err := r.PerCard.Validate("rent.per_card"); err != nil {
		return err
	}
	if !r.PerCard.Low.IsPositive() {
		return &fielderr.Error{Field: "rent.per_card.low", Value: r.PerCard.Low.String(), Want: msg.New("want.gt", msg.Label("want.noun.amount"), msg.Text("0"))}
	}
	return nil
}

func (e Egress) validate() error {
	if err := amountError("egress.amount", e.Amount); err != nil {
		return err
	}
	if err := e.GB.Validate("egress.gb"); err != nil {
		return err
	}
	if e.FreeGB.IsNegative() {
		return &fielderr.Error{Field: "egress.free_gb", Value: e.FreeGB.String(), Want: msg.New("want.ge", msg.Label("want.noun.volume"), msg.Text("0"))}
	}
	if err := optRangeError("egress.price_per_gb", e.PricePerGB); err != nil {
		return err
	}
	if len(e.Tiers) > 0 && e.PricePerGB != nil {
		return &fielderr.Error{Field: "egress.tiers", Value: fmt.Sprintf("%d tiers", len(e.Tiers)),
			Want: msg.New("want.tiers_or_price")}
	}
	for i, t := range e.Tiers {
		f := fmt.Sprintf("egress.tiers[%d]", i)
		last := i == len(e.Tiers)-1
		switch {
		case t.PricePerGB.IsNegative():
			return &fielderr.Error{Field: f + ".price_per_gb", Value: t.PricePerGB.String(), Want: msg.New("want.ge", msg.Label("want.noun.price"), msg.Text("0"))}
		case last && !t.SizeGB.IsZero():
			return &fielderr.Error{Field: f + ".size_gb", Value: t.SizeGB.String(),
				Want: msg.New("want.last_tier")}
		case !last && !t.SizeGB.IsPositive():
			return &fielderr.Error{Field: f + ".size_gb", Value: t.SizeGB.String(), Want: msg.New("want.gt", msg.Label("want.noun.size"), msg.Text("0"))}
		}
	}
	return nil
}

func (m Metered) validate(field string) error {
	if err := amountError(field+".amount", m.Amount); err != nil {
		return err
	}
	if err := m.Quantity.Validate(field + ".quantity"); err != nil {
		return err
	}
	return optRangeError(field+".unit_price", m.UnitPrice)
}

func amountError(field string, a *decimal.Decimal) error {
	if a != nil && a.IsNegative() {
		return &fielderr.Error{Field: field, Value: a.String(), Want: msg.New("want.ge", msg.Label("want.noun.amount"), msg.Text("0"))}
	}
	return nil
}

func optRangeError(field string, r *money.Range) error {
	if r == nil {
		return nil
	}
	return r.Validate(field)
}

func intError(field string, v int, want msg.M) error {
	return &fielderr.Error{Field: field, Value: fmt.Sprint(v), Want: want}
}

package quote

import (
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/valid"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Input is the need to price and the quotes received.
type Input struct {
	// Need is what every quote is priced for.
	Need Need `json:"need"`
	// Quotes are the vendors' quotes, 1 to 20, vendor names distinct.
	Quotes []Quote `json:"quotes"`
}

// Need is the plan's monthly need.
type Need struct {
	// Cards is the number of GPU cards, in [1, 10000].
	Cards int `json:"cards"`
	// EgressTB is outbound traffic a month in TB, in [0, 10^6].
	EgressTB decimal.Decimal `json:"egress_tb"`
	// StorageGB is the storage needed in GB, in [0, 10^9].
	StorageGB decimal.Decimal `json:"storage_gb"`
	// IPs is the number of public IP addresses, in [0, 10000].
	IPs int `json:"ips"`
	// TermMonths spreads one-off migration fees, in [1, 120].
	TermMonths int `json:"term_months"`
}

// Quote is one vendor's quote. Amounts are CNY, as the vendor wrote them
// (with or without VAT, as VAT says).
type Quote struct {
	// Vendor names the vendor, 1 to 100 bytes.
	Vendor string `json:"vendor"`
	// GPUPerCard is the monthly rent of one card; nil for a bundled quote.
	GPUPerCard *decimal.Decimal `json:"gpu_per_card,omitempty"`
	// Bundled is one monthly figure for GPUs, egress, storage and IPs
	// together, when the vendor did not split them (rule C5). Set either
	// it or GPUPerCard, not both; a bundled quote leaves Egress, Storage
	// and IPs empty.
	Bundled *decimal.Decimal `json:"bundled,omitempty"`
	// Egress prices outbound traffic, per TB.
	Egress Extra `json:"egress"`
	// Storage prices storage, per GB a month.
	Storage Extra `json:"storage"`
	// IPs prices public IP addresses, per address a month.
	IPs Extra `json:"ips"`
	// SupportMonthly is the monthly support fee the need requires; "0" when
	// included, nil when the quote does not say.
	SupportMonthly *decimal.Decimal `json:"support_monthly,omitempty"`
	// Migration is the one-off fee for moving data in; "0" when free, nil
	// when the quote does not say. It is spread over Need.TermMonths.
	Migration *decimal.Decimal `json:"migration,omitempty"`
	// VAT says whether the amounts include VAT and at what rate.
	VAT VAT `json:"vat"`
	// BillingStart is "on_order" or "on_ready"; empty when not stated.
	BillingStart string `json:"billing_start,omitempty"`
	// DeliveryDays is the promised delivery time in days, in [0, 365]; nil
	// when not stated.
	DeliveryDays *int `json:"delivery_days,omitempty"`
}

// Extra is a metered item with a free quota.
type Extra struct {
	// Included is the quantity the rent includes for free, ≥ 0.
	Included decimal.Decimal `json:"included"`
	// UnitPrice is the monthly price of each unit above Included; nil when
	// the quote does not give it.
	UnitPrice *decimal.Decimal `json:"unit_price,omitempty"`
}

// set reports whether the quote gave anything for the item.
func (e Extra) set() bool { return e.UnitPrice != nil || !e.Included.IsZero() }

// VAT says how a quote treats value-added tax.
type VAT struct {
	// Included is true when the amounts include VAT, false when they do
	// not; nil when the quote does not say.
	Included *bool `json:"included,omitempty"`
	// RatePct is the VAT rate in percent, in [0, 20]; nil when the quote
	// does not say.
	RatePct *decimal.Decimal `json:"rate_pct,omitempty"`
}

// Billing starts.
const (
	OnOrder = "on_order" // billing starts when the order is placed
	OnReady = "on_ready" // billing starts when the machine is ready
)

// Limits of the inputs.
var (
	maxAmount = decimal.New(1, 12)
	maxTB     = decimal.New(1, 6)
	maxGB     = decimal.New(1, 9)
	maxRate   = decimal.NewFromInt(20)
)

// Validate reports the first input outside its allowed range, naming it.
func (in Input) Validate() error {
	n := in.Need
	checks := []error{
		valid.IntRange("need.cards", n.Cards, 1, 10000),
		valid.InRange("need.egress_tb", n.EgressTB, decimal.Zero, maxTB, true, msg.New("want.in", msg.Label("want.noun.tb"), msg.Text("[0, 10^6]"))),
		valid.InRange("need.storage_gb", n.StorageGB, decimal.Zero, maxGB, true, msg.New("want.in", msg.Label("want.noun.gb"), msg.Text("[0, 10^9]"))),
		valid.IntRange("need.ips", n.IPs, 0, 10000),
		valid.IntRange("need.term_months", n.TermMonths, 1, 120),
	}
	if err := valid.First(checks...); err != nil {
		return err
	}
	names := valid.Distinct{}
	return valid.Rows("quotes", in.Quotes, 1, 20, "want.rows.quotes", func(f string, q Quote) error {
		if err := q.validate(f); err != nil {
			return err
		}
		return names.Add(f+".vendor", q.Vendor, msg.New("want.unique_quote"))
	})
}

func (q Quote) validate(f string) error {
	if q.Vendor == "" || len(q.Vendor) > 100 {
		return &fielderr.Error{Field: f + ".vendor", Value: q.Vendor, Want: msg.New("want.vendor_name")}
	}
	switch {
	case q.GPUPerCard == nil && q.Bundled == nil:
		return &fielderr.Error{Field: f + ".gpu_per_card", Value: "", Want: msg.New("want.price")}
	case q.GPUPerCard != nil && q.Bundled != nil:
		return &fielderr.Error{Field: f + ".bundled", Value: q.Bundled.String(), Want: msg.New("want.bundled_gpu")}
	case q.Bundled != nil && (q.Egress.set() || q.Storage.set() || q.IPs.set()):
		return &fielderr.Error{Field: f + ".bundled", Value: q.Bundled.String(),
			Want: msg.New("want.bundled_extras")}
	}
	checks := []error{
		optAmount(f+".gpu_per_card", q.GPUPerCard, false),
		optAmount(f+".bundled", q.Bundled, false),
		q.Egress.validate(f + ".egress"),
		q.Storage.validate(f + ".storage"),
		q.IPs.validate(f + ".ips"),
		optAmount(f+".support_monthly", q.SupportMonthly, true),
		optAmount(f+".migration", q.Migration, true),
		valid.OneOf(f+".billing_start", q.BillingStart, "", OnOrder, OnReady),
	}
	if err := valid.First(checks...); err != nil {
		return err
	}
	if q.VAT.RatePct != nil {
		if err := valid.InRange(f+".vat.rate_pct", *q.VAT.RatePct, decimal.Zero, maxRate, true, msg.New("want.in_eg", msg.Label("want.noun.percentage"), msg.Text("[0, 20]"), msg.Text("6 or 13"))); err != nil {
			return err
		}
	}
	if q.DeliveryDays != nil {
		return valid.IntRange(f+".delivery_days", *q.DeliveryDays, 0, 365)
	}
	return nil
}

func (e Extra) validate(f string) error {
	if err := valid.InRange(f+".included", e.Included, decimal.Zero, maxGB, true, msg.New("want.in", msg.Label("want.noun.quantity"), msg.Text("[0, 10^9]"))); err != nil {
		return err
	}
	return optAmount(f+".unit_price", e.UnitPrice, true)
}

func optAmount(field string, v *decimal.Decimal, zeroOK bool) error {
	if v == nil {
		return nil
	}
	want := msg.New("want.in", msg.Label("want.noun.amount"), msg.Text("(0, 10^12]"))
	if zeroOK {
		want = msg.New("want.in", msg.Label("want.noun.amount"), msg.Text("[0, 10^12]"))
	}
	return valid.InRange(field, *v, decimal.Zero, maxAmount, zeroOK, want)
}

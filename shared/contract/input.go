package contract

import (
	"github.com/gpuplan/gpuplan/shared/internal/valid"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Input is what a contract says, clause by clause. Percentages are
// percentages ("99.9", "50"), not fractions; decimals are JSON strings.
type Input struct {
	// AvailabilityPct is the availability the SLA commits to, in (0, 100].
	AvailabilityPct decimal.Decimal `json:"availability_pct"`
	// MonthlyFee is the monthly service fee the credits are a share of, CNY, > 0.
	MonthlyFee decimal.Decimal `json:"monthly_fee"`
	// MonthBasis is the month the SLA measures availability over: "28d",
	// "29d", "30d", "31d" or "730h"; empty means "30d".
	MonthBasis Basis `json:"month_basis,omitempty"`
	// Credits is the SLA's credit table.
	Credits Credits `json:"credits"`
	// Compensation is how credits are paid: "money", "voucher" or "hours"
	// (extra service time); empty when the contract does not say.
	Compensation Compensation `json:"compensation,omitempty"`
	// OutageHours is the outage to price (rule K6); nil means 48 hours.
	OutageHours *decimal.Decimal `json:"outage_hours,omitempty"`
	// SurvivesOutage is the buyer's answer to rule K6: can the business
	// survive an outage of OutageHours? nil when not yet answered.
	SurvivesOutage *bool `json:"survives_outage,omitempty"`
	// Data is the data clause (rule K2).
	Data Data `json:"data"`
	// Termination is the early-termination clause; nil when the contract
	// has none.
	Termination *Termination `json:"termination,omitempty"`
	// TermMonths is the contract term in months, in [1, 120].
	TermMonths int `json:"term_months"`
	// PaymentPeriod is "monthly", "quarterly" or "annual"; empty when not
	// stated.
	PaymentPeriod Period `json:"payment_period,omitempty"`
	// FirstContract is true for the first contract with this vendor
	// (rule B3: start monthly or quarterly).
	FirstContract bool `json:"first_contract,omitempty"`
	// BillingStart is "on_order" or "on_ready"; empty when not stated.
	BillingStart BillingStart `json:"billing_start,omitempty"`
	// Names lists what the contract spells out (rule K4).
	Names Names `json:"names"`
	// Document is "service_contract" or "user_agreement" (rule K5); empty
	// when not known.
	Document Document `json:"document,omitempty"`
}

// Basis is the length of the month an SLA measures availability over.
type Basis string

// The month bases. Calendar-month SLAs (Alibaba, Tencent) use the month's
// days × 1440 minutes; price conversions use the 730-hour month.
const (
	Days28   Basis = "28d"
	Days29   Basis = "29d"
	Days30   Basis = "30d"
	Days31   Basis = "31d"
	Hours730 Basis = "730h"
)

// Bases lists every month basis, shortest first.
var Bases = []Basis{Days28, Days29, Days30, Hours730, Days31}

// Minutes is the length of the month in minutes; zero for an unknown basis.
func (b Basis) Minutes() decimal.Decimal {
	switch b {
	case Days28, Days29, Days30, Days31:
		days := int64(b[0]-'0')*10 + int64(b[1]-'0')
		return decimal.NewFromInt(days * 1440)
	case Hours730:
		return money.HoursPerMonth.Mul(decimal.NewFromInt(60))
	}
	return decimal.Zero
}

// Compensation is how an SLA pays for missed availability.
type Compensation string

// The forms of compensation.
const (
	CompMoney   Compensation = "money"   // a share of the fee, refunded or deducted
	CompVoucher Compensation = "voucher" // vouchers for the same product, no cash
	CompHours   Compensation = "hours"   // extra service time ("补时长")
)

// Period is how often the rent is paid.
type Period string

// The payment periods.
const (
	Monthly   Period = "monthly"
	Quarterly Period = "quarterly"
	Annual    Period = "annual"
)

// BillingStart is when billing starts (rule K4).
type BillingStart string

// The billing starts.
const (
	OnOrder BillingStart = "on_order" // billing starts when the order is placed
	OnReady BillingStart = "on_ready" // billing starts when the machine is ready
)

// Document is the kind of document the terms are in (rule K5).
type Document string

// The kinds of document.
const (
	ServiceContract Document = "service_contract"
	UserAgreement   Document = "user_agreement"
)

// Owner is who the contract says owns the data.
type Owner string

// The data owners.
const (
	OwnerCustomer Owner = "customer"
	OwnerVendor   Owner = "vendor"
)

// Data is the data clause (rule K2).
type Data struct {
	// Owner is "customer" or "vendor"; empty when the contract does not say.
	Owner Owner `json:"owner,omitempty"`
	// NoVendorAccess is true when the vendor may not access, copy or keep
	// the data.
	NoVendorAccess bool `json:"no_vendor_access,omitempty"`
	// DeletionWorkingDays is the number of working days after termination
	// within which the data are deleted, in [0, 365]; 0 when not stated.
	DeletionWorkingDays int `json:"deletion_working_days,omitempty"`
	// Certificate is true when the vendor gives a written deletion
	// certificate.
	Certificate bool `json:"certificate,omitempty"`
}

// Termination is an early-termination clause.
type Termination struct {
	// RemainingPct is the penalty as a percentage of the rent still to run,
	// in [0, 100]: 50 for "剩余租金的50%".
	RemainingPct decimal.Decimal `json:"remaining_pct"`
	// CapMonths caps the penalty at this many monthly fees, in [0, 120];
	// nil when the clause has no cap.
	CapMonths *decimal.Decimal `json:"cap_months,omitempty"`
}

// Names lists the items rule K4 wants named in the contract; true means the
// contract names it.
type Names struct {
	Model          bool `json:"model,omitempty"`           // exact GPU model
	Memory         bool `json:"memory,omitempty"`          // memory per card
	CardCount      bool `json:"card_count,omitempty"`      // number of cards
	Virtualisation bool `json:"virtualisation,omitempty"`  // bare metal or virtualised
	DeliveryTime   bool `json:"delivery_time,omitempty"`   // delivery date or lead time
	ReadyCondition bool `json:"ready_condition,omitempty"` // a verifiable "ready" condition
	BillingPeriod  bool `json:"billing_period,omitempty"`  // the billing period
	SeparateItems  bool `json:"separate_items,omitempty"`  // whether bandwidth and storage are billed apart
	FaultResponse  bool `json:"fault_response,omitempty"`  // fault response time
	ExitProcess    bool `json:"exit_process,omitempty"`    // exit process and data destruction
	InvoiceTax     bool `json:"invoice_tax,omitempty"`     // invoice type and tax rate
}

// DefaultOutageHours is rule K6's test outage. It is a variable only
// because Go has no decimal constants: never reassign it.
var DefaultOutageHours = decimal.NewFromInt(48)

// Limits of the inputs.
var (
	hundred     = decimal.NewFromInt(100)
	maxFee      = decimal.New(1, 12)
	maxCredit   = decimal.NewFromInt(1000)
	maxCapMonth = decimal.NewFromInt(120)
	maxOutage   = decimal.NewFromInt(744)
)

// Validate reports the first input outside its allowed range, naming it.
func (in Input) Validate() error {
	checks := []error{
		valid.InRange("availability_pct", in.AvailabilityPct, decimal.Zero, hundred, false,
			msg.New("want.in_eg", msg.Label("want.noun.percentage"), msg.Text("(0, 100]"), msg.Text("99.9"))),
		valid.InRange("monthly_fee", in.MonthlyFee, decimal.Zero, maxFee, false, msg.New("want.in", msg.Label("want.noun.amount"), msg.Text("(0, 10^12]"))),
		valid.OneOf("month_basis", string(in.MonthBasis), "", "28d", "29d", "30d", "31d", "730h"),
		in.Credits.validate(),
		valid.OneOf("compensation", string(in.Compensation), "", "money", "voucher", "hours"),
		in.validateOutage(),
		in.Data.validate(),
		in.Termination.validate(),
		valid.IntRange("term_months", in.TermMonths, 1, 120),
		valid.OneOf("payment_period", string(in.PaymentPeriod), "", "monthly", "quarterly", "annual"),
		valid.OneOf("billing_start", string(in.BillingStart), "", "on_order", "on_ready"),
		valid.OneOf("document", string(in.Document), "", "service_contract", "user_agreement"),
	}
	return valid.First(checks...)
}

func (in Input) validateOutage() error {
	if in.OutageHours == nil {
		return nil
	}
	return valid.InRange("outage_hours", *in.OutageHours, decimal.Zero, maxOutage, true, msg.New("want.in", msg.Label("want.noun.hours"), msg.Text("[0, 744]")))
}

func (d Data) validate() error {
	if err := valid.OneOf("data.owner", string(d.Owner), "", "customer", "vendor"); err != nil {
		return err
	}
	return valid.IntRange("data.deletion_working_days", d.DeletionWorkingDays, 0, 365)
}

func (t *Termination) validate() error {
	if t == nil {
		return nil
	}
	if err := valid.InRange("termination.remaining_pct", t.RemainingPct, decimal.Zero, hundred, true,
		msg.New("want.in", msg.Label("want.noun.percentage"), msg.Text("[0, 100]"))); err != nil {
		return err
	}
	if t.CapMonths == nil {
		return nil
	}
	return valid.InRange("termination.cap_months", *t.CapMonths, decimal.Zero, maxCapMonth, true,
		msg.New("want.in", msg.Label("want.noun.monthly_fees"), msg.Text("[0, 120]")))
}

// basis returns the month basis, defaulting to 30 days.
func (in Input) basis() Basis {
	if in.MonthBasis == "" {
		return Days30
	}
	return in.MonthBasis
}

// outageHours returns the outage to price, defaulting to K6's 48 hours.
func (in Input) outageHours() decimal.Decimal {
	if in.OutageHours == nil {
		return DefaultOutageHours
	}
	return *in.OutageHours
}

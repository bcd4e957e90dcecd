package tco

import (
	"github.com/gpuplan/gpuplan/shared/costitem"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// The item names are costitem's. These are the same constants under the
// names the planner and the site still use (shared/plan, wasm/); new code
// names costitem.
const (
	ItemRent       = costitem.Rent
	ItemEgress     = costitem.Egress
	ItemStorage    = costitem.Storage
	ItemIPs        = costitem.IPs
	ItemSupport    = costitem.Support
	ItemAfterHours = costitem.AfterHours
	ItemMigration  = costitem.Migration
)

// Item is one line of the monthly cost.
type Item struct {
	// Name is one of costitem's C1 names.
	Name string          `json:"name"`
	Low  decimal.Decimal `json:"low"`  // the low estimate, CNY a month
	High decimal.Decimal `json:"high"` // the high estimate, CNY a month
	// Rule is the rule the item comes from.
	Rule string `json:"rule"`
	// UserEntered is true when the figure rests on the user's input alone:
	// their own amount, or their quantities at their own prices.
	UserEntered bool `json:"user_entered"`
	// Basis says how the figure was obtained, e.g. "8 cards × 1,200.00–1,800.00".
	Basis msg.M `json:"basis"`
	// Assumption is the source of a default price the figure used, or the
	// rent's source as the input gives it; empty when none was used.
	Assumption string `json:"assumption,omitempty"`
	// AssumptionSays is how a reader sees Assumption: the default price's
	// Says, or the rent's source as written; zero when none was used.
	AssumptionSays msg.M `json:"-"`
}

// Range returns the item's low–high cost.
func (it Item) Range() money.Range { return money.Range{Low: it.Low, High: it.High} }

// Band places the hidden-fee share against rule C3's 10–25%.
type Band string

// The C3 bands.
const (
	BandBelow   Band = "below"   // under 10% at both ends: the quote likely leaves items out
	BandWithin  Band = "within"  // 10–25% at both ends
	BandAbove   Band = "above"   // over 25% at both ends: extras are eating the budget
	BandPartial Band = "partial" // the two ends fall in different bands
)

// Shares holds the hidden-fee share at the low estimate (hidden low ÷
// total low) and at the high estimate (hidden high ÷ total high). Either may
// be the larger, so it is not a money.Range.
type Shares struct {
	Low  decimal.Decimal `json:"low"`  // hidden low ÷ total low
	High decimal.Decimal `json:"high"` // hidden high ÷ total high
}

// Result is the full monthly cost.
type Result struct {
	// Items lists every C1 item, in rule order, including zero ones, so the
	// page doubles as a checklist of what a quote may leave out.
	Items []Item `json:"items"`
	// Monthly is the sum of the items.
	Monthly money.Range `json:"monthly"`
	// Rent is the GPU rent item alone.
	Rent money.Range `json:"rent"`
	// Hidden is every item except the rent.
	Hidden money.Range `json:"hidden"`
	// HiddenShare is Hidden ÷ Monthly at each end (fractions).
	HiddenShare Shares `json:"hidden_share"`
	// Band places HiddenShare against C3's 10–25%.
	Band Band `json:"band"`
	// Warning explains a share outside the band; zero within it.
	Warning msg.M `json:"warning,omitzero"`
	// BandTotal is what the total would be if hidden items were 10% (low
	// end, on the low rent) to 25% (high end, on the high rent) of it:
	// rent ÷ (1 − share): 61,111.11–73,333.33 for C2's 55,000 rent.
	BandTotal money.Range `json:"band_total"`
}

// C3's band, as fractions of the total.
var (
	bandLow  = decimal.RequireFromString("0.10")
	bandHigh = decimal.RequireFromString("0.25")
)

// Compute validates in and returns the full monthly cost (rule C1) with the
// C3 hidden-fee check.
func Compute(in Input) (Result, error) {
	if err := in.Validate(); err != nil {
		return Result{}, err
	}
	def := DefaultPrices()
	texts := !in.FiguresOnly
	items := []Item{
		rentItem(in),
		egressItem(in.Egress, def.EgressPerGB, texts),
		meteredItem(ItemStorage, "tco.qty.gb", in.Storage, def.StoragePerGBMonth, texts),
		meteredItem(ItemIPs, "tco.qty.ips", in.IPs, def.IPPerMonth, texts),
		flatItem(ItemSupport, in.Support, def.Support, texts),
		flatItem(ItemAfterHours, in.AfterHours, def.AfterHours, texts),
		migrationItem(in.Migration, in.TermMonths, def.MigrationPerGB, texts),
	}
	r := Result{Items: items, Rent: items[0].Range()}
	for _, it := range items[1:] {
		r.Hidden = r.Hidden.Add(it.Range())
	}
	r.Monthly = r.Rent.Add(r.Hidden)
	if in.FiguresOnly {
		return r, nil
	}
	r.HiddenShare = Shares{
		Low:  r.Hidden.Low.DivRound(r.Monthly.Low, money.DivPrecision),
		High: r.Hidden.High.DivRound(r.Monthly.High, money.DivPrecision),
	}
	r.Band = band(r.HiddenShare)
	r.Warning = warning(r.Band, r.HiddenShare)
	r.BandTotal = money.Range{Low: TotalForShare(r.Rent.Low, bandLow), High: TotalForShare(r.Rent.High, bandHigh)}
	return r, nil
}

// TotalForShare is the total at which hidden items make up share of it when
// the rent is rent: rent ÷ (1 − share). For share ≥ 1 there is no such
// total, and it returns zero.
func TotalForShare(rent, share decimal.Decimal) decimal.Decimal {
	rest := decimal.NewFromInt(1).Sub(share)
	if !rest.IsPositive() {
		return decimal.Zero
	}
	return rent.DivRound(rest, money.DivPrecision)
}

func bandOf(share decimal.Decimal) Band {
	switch {
	case share.LessThan(bandLow):
		return BandBelow
	case share.GreaterThan(bandHigh):
		return BandAbove
	}
	return BandWithin
}

func band(s Shares) Band {
	lo, hi := bandOf(s.Low), bandOf(s.High)
	if lo != hi {
		return BandPartial
	}
	return lo
}

// overrun is C3's second claim (message tco.warn.overrun). Note that it
// does not match the first: a hidden share s of the total puts the total at
// 1/(1−s) of the rent, so 10–25% means 1.11–1.33×, and 1.3–1.5× means
// 23–33%. The article's overrun presumably includes waste the C1 items do
// not (idle cards, rework).
func warning(b Band, s Shares) msg.M {
	// The share at the low estimate may exceed the one at the high
	// estimate; the sentence gives the span smallest first.
	lo, hi := decimal.Min(s.Low, s.High), decimal.Max(s.Low, s.High)
	span := msg.New("tco.share.range", msg.Percent(lo), msg.Percent(hi))
	if msg.En.Percent(lo) == msg.En.Percent(hi) {
		span = msg.New("tco.share", msg.Percent(s.Low))
	}
	id := map[Band]string{BandBelow: "tco.warn.below", BandAbove: "tco.warn.above", BandPartial: "tco.warn.partial"}[b]
	if id == "" {
		return msg.M{}
	}
	return msg.Seq(msg.New(id, msg.Sub(span)), msg.New("tco.warn.overrun"))
}

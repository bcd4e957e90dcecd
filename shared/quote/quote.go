package quote

import (
	"cmp"
	"sort"

	"github.com/gpuplan/gpuplan/shared/costitem"
	"github.com/gpuplan/gpuplan/shared/finding"
	"github.com/gpuplan/gpuplan/shared/internal/msgjson"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Line is one item of a quote priced for the need, as quoted (VAT as the
// quote has it).
type Line struct {
	// Item is a costitem name: Rent or Bundled for the GPUs, else one of C1.
	Item string `json:"item"`
	// Amount is the monthly cost of the item; zero when not stated.
	Amount decimal.Decimal `json:"amount"`
	// Stated is false when the need uses the item and the quote gives no
	// price for it: Amount is then a lower bound of zero.
	Stated bool `json:"stated"`
	// Basis says how Amount was obtained, e.g. "8 cards × ¥1,500"; the
	// JSON writes it as "basis" (English) and "basis_message".
	Basis msg.M `json:"-"`
}

// MarshalJSON writes the line with the English of its basis.
func (l Line) MarshalJSON() ([]byte, error) {
	type plain Line
	return msgjson.Marshal(plain(l), msgjson.One("basis", "basis_message", &l.Basis))
}

// UnmarshalJSON reads what MarshalJSON writes; a basis with only its
// English reads as that text.
func (l *Line) UnmarshalJSON(b []byte) error {
	type plain Line
	var p plain
	if err := msgjson.Unmarshal(b, &p, msgjson.One("basis", "basis_message", &p.Basis)); err != nil {
		return err
	}
	*l = Line(p)
	return nil
}

// line makes a line whose basis is a catalogue message.
func line(item string, amount decimal.Decimal, stated bool, basis msg.M) Line {
	return Line{Item: item, Amount: amount, Stated: stated, Basis: basis}
}

// BasisIn renders the basis in l.
func (l Line) BasisIn(lang msg.Lang) string { return l.Basis.In(lang) }

// Priced is one quote priced for the need.
type Priced struct {
	// Vendor names the vendor.
	Vendor string `json:"vendor"`
	// Rank is 1 for the cheapest, by the high end of ExVAT.
	Rank int `json:"rank"`
	// Lines are the items, in rule C1's order.
	Lines []Line `json:"lines"`
	// AsQuoted is the monthly total as the vendor wrote it.
	AsQuoted decimal.Decimal `json:"as_quoted"`
	// ExVAT is the monthly total without VAT: a range when the quote does
	// not say whether VAT is included or at what rate.
	ExVAT money.Range `json:"ex_vat"`
	// ExtrasShare is the share of the total that is not GPU rent; nil for a
	// bundled quote.
	ExtrasShare *decimal.Decimal `json:"extras_share,omitempty"`
	// Complete is false when the need uses an item the quote does not
	// price: the totals are then lower bounds.
	Complete bool `json:"complete"`
	// WaitCost is the rent billed while waiting for delivery when billing
	// starts on order; zero otherwise.
	WaitCost decimal.Decimal `json:"wait_cost"`
	// Flags are what to ask this vendor.
	Flags []finding.Flag `json:"flags"`

	gpu, extras decimal.Decimal // VAT-exclusive high ends, for C5
}

// Result compares the quotes.
type Result struct {
	// Need is the need priced.
	Need Need `json:"need"`
	// Quotes are the priced quotes, cheapest first.
	Quotes []Priced `json:"quotes"`
	// Spread is (dearest − cheapest) ÷ cheapest on the high ends of ExVAT;
	// nil with one quote.
	Spread *decimal.Decimal `json:"spread,omitempty"`
	// Flags are the findings across quotes.
	Flags []finding.Flag `json:"flags"`
}

// Thresholds of rules C5 and C3.
var (
	spreadLimit = decimal.RequireFromString("0.30")
	extrasLimit = decimal.RequireFromString("0.25")
)

// Compare validates in, prices every quote for the need and flags what to
// ask (rules C5, C3, V4, K4).
func Compare(in Input) (Result, error) {
	if err := in.Validate(); err != nil {
		return Result{}, err
	}
	r := Result{Need: in.Need}
	for _, q := range in.Quotes {
		r.Quotes = append(r.Quotes, price(in.Need, q))
	}
	// The sort package, not slices: each element type of a generic sort
	// adds about 12 KB of uncompressed code and data to app.wasm.
	order := func(a, b Priced) int {
		return cmp.Or(a.ExVAT.High.Cmp(b.ExVAT.High), a.ExVAT.Low.Cmp(b.ExVAT.Low), cmp.Compare(a.Vendor, b.Vendor))
	}
	sort.SliceStable(r.Quotes, func(i, j int) bool { return order(r.Quotes[i], r.Quotes[j]) < 0 })
	for i := range r.Quotes {
		r.Quotes[i].Rank = i + 1
	}
	r.Flags = append(r.Flags, countFlag(len(in.Quotes))...)
	r.Spread, r.Flags = spread(r.Quotes, r.Flags)
	movedCost(r.Quotes)
	return r, nil
}

// price prices one quote for the need.
func price(n Need, q Quote) Priced {
	p := Priced{Vendor: q.Vendor, Complete: true}
	cards := decimal.NewFromInt(int64(n.Cards))
	var gpu decimal.Decimal
	if q.Bundled != nil {
		gpu = *q.Bundled
		p.Lines = append(p.Lines, line(costitem.Bundled, gpu, true, msg.New("quote.basis.bundled")))
		p.Flags = append(p.Flags, finding.New("C5", finding.Amber, "quote.flag.bundled"))
	} else {
		gpu = q.GPUPerCard.Mul(cards)
		p.Lines = append(p.Lines, line(costitem.Rent, gpu, true,
			msg.New("quote.basis.rent", msg.Int(n.Cards), msg.Price(*q.GPUPerCard))))
		p.Lines = append(p.Lines,
			metered(costitem.Egress, n.EgressTB, "quote.qty.tb", q.Egress),
			metered(costitem.Storage, n.StorageGB, "quote.qty.gb", q.Storage),
			metered(costitem.IPs, decimal.NewFromInt(int64(n.IPs)), "quote.qty.ips", q.IPs))
	}
	p.Lines = append(p.Lines, fee(costitem.Support, q.SupportMonthly))
	mig := fee(costitem.Migration, q.Migration)
	if q.Migration != nil {
		mig = line(costitem.Migration, q.Migration.DivRound(decimal.NewFromInt(int64(n.TermMonths)), money.DivPrecision), true,
			msg.New("quote.basis.migration", msg.Money(*q.Migration), msg.Int(n.TermMonths)))
	}
	p.Lines = append(p.Lines, mig)
	for _, l := range p.Lines {
		p.AsQuoted = p.AsQuoted.Add(l.Amount)
		if !l.Stated && isMetered(l.Item) {
			p.Complete = false
			p.Flags = append(p.Flags, finding.New("C1", finding.Amber, "quote.flag.unpriced", msg.Sub(l.Basis)))
		}
	}
	if q.SupportMonthly == nil {
		p.Flags = append(p.Flags, finding.New("C1", finding.Info, "quote.flag.no_support"))
	}
	if q.Migration == nil {
		p.Flags = append(p.Flags, finding.New("C1", finding.Info, "quote.flag.no_migration"))
	}
	var vatFlags []finding.Flag
	p.ExVAT, vatFlags = exVAT(p.AsQuoted, q.VAT)
	p.Flags = append(p.Flags, vatFlags...)
	hi := func(x decimal.Decimal) decimal.Decimal {
		r, _ := exVAT(x, q.VAT)
		return r.High
	}
	p.gpu, p.extras = hi(gpu), hi(p.AsQuoted.Sub(gpu))
	if q.Bundled == nil && p.AsQuoted.IsPositive() {
		share := p.AsQuoted.Sub(gpu).DivRound(p.AsQuoted, money.DivPrecision)
		p.ExtrasShare = &share
		if share.GreaterThan(extrasLimit) {
			p.Flags = append(p.Flags, finding.New("C3", finding.Amber, "quote.flag.extras", msg.Percent(share)))
		}
	}
	p.WaitCost, p.Flags = delivery(q, gpu, p.Flags)
	return p
}

func isMetered(item string) bool {
	return item == costitem.Egress || item == costitem.Storage || item == costitem.IPs
}

// metered prices need units of an item above its free quota; unit is the
// catalogue id of the quantity ("quote.qty.tb").
func metered(item string, need decimal.Decimal, unit string, e Extra) Line {
	over := decimal.Max(decimal.Zero, need.Sub(e.Included))
	qty := func(d decimal.Decimal) msg.Arg { return msg.Sub(msg.New(unit, msg.Dec(d))) }
	switch {
	case over.IsZero():
		return line(item, decimal.Zero, true, msg.New("quote.basis.within", qty(need), msg.Dec(e.Included)))
	case e.UnitPrice == nil:
		return line(item, decimal.Zero, false,
			msg.New("quote.basis.unpriced", qty(over), msg.Label("quote.item."+item), msg.Dec(e.Included)))
	}
	return line(item, over.Mul(*e.UnitPrice), true,
		msg.New("quote.basis.priced", qty(over), msg.Dec(e.Included), msg.Price(*e.UnitPrice)))
}

// fee prices a flat monthly item.
func fee(item string, v *decimal.Decimal) Line {
	if v == nil {
		return line(item, decimal.Zero, false, msg.New("quote.basis.not_stated"))
	}
	return line(item, *v, true, msg.New("quote.basis.monthly", msg.Money(*v)))
}

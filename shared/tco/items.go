package tco

import (
	"github.com/gpuplan/gpuplan/shared/costitem"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// own is the item for a figure the user gave directly.
func own(name string, amount decimal.Decimal) Item {
	return Item{Name: name, Low: amount, High: amount, Rule: "C1", UserEntered: true, Basis: msg.New("tco.basis.own")}
}

func none(name, why string) Item {
	return Item{Name: name, Rule: "C1", Basis: msg.New(why)}
}

func rentItem(in Input) Item {
	if in.Rent.Amount != nil {
		return own(costitem.Rent, *in.Rent.Amount)
	}
	r := in.Rent.PerCard.Mul(decimal.NewFromInt(int64(in.Cards)))
	it := Item{
		Name: ItemRent, Low: r.Low, High: r.High, Rule: "C1",
		UserEntered: in.Rent.Source == "",
		Assumption:  in.Rent.Source,
	}
	if in.Rent.Source != "" {
		it.AssumptionSays = msg.Verbatim(in.Rent.Source) // a price book's citation, data
	}
	if !in.FiguresOnly {
		unit := msg.MoneyRange(in.Rent.PerCard.Low, in.Rent.PerCard.High)
		if in.Rent.Unit != nil {
			unit = msg.Sub(*in.Rent.Unit)
		}
		it.Basis = msg.New("tco.basis.rent", msg.Int(in.Cards), unit)
	}
	return it
}

// priced fills an item from a quantity range and a unit price that is the
// user's (price != nil) or the default. A default price multiplied by a zero
// quantity is not an assumption: the figure is zero whatever the price.
func priced(name string, qty money.Range, price *money.Range, def Price, basis func() msg.M) Item {
	p, userPrice := def.Range, price != nil
	if userPrice {
		p = *price
	}
	it := Item{
		Name: name, Low: qty.Low.Mul(p.Low), High: qty.High.Mul(p.High), Rule: "C1",
		UserEntered: userPrice || qty.High.IsZero(),
	}
	if basis != nil {
		it.Basis = msg.New("tco.basis.priced", msg.Sub(basis()), msg.MoneyRange(p.Low, p.High), unitArg(def.Unit))
	}
	if !it.UserEntered {
		it.Assumption, it.AssumptionSays = def.Source, def.Says
	}
	return it
}

func egressItem(e Egress, def Price, texts bool) Item {
	switch {
	case e.Amount != nil:
		return own(costitem.Egress, *e.Amount)
	case e.GB.High.IsZero():
		return none(costitem.Egress, "tco.basis.no_egress")
	}
	free := func() msg.M { return msg.New("tco.basis.free", qty(e.GB), msg.Dec(e.FreeGB)) }
	if len(e.Tiers) == 0 {
		billable := money.Range{
			Low:  decimal.Max(e.GB.Low.Sub(e.FreeGB), decimal.Zero),
			High: decimal.Max(e.GB.High.Sub(e.FreeGB), decimal.Zero),
		}
		return priced(ItemEgress, billable, e.PricePerGB, def, textsOf(texts, free))
	}
	// The free quota is a first tier at price 0.
	sizes := []decimal.Decimal{e.FreeGB}
	prices := []decimal.Decimal{decimal.Zero}
	for i, t := range e.Tiers {
		if i < len(e.Tiers)-1 {
			sizes = append(sizes, t.SizeGB)
		}
		prices = append(prices, t.PricePerGB)
	}
	return Item{
		Name: costitem.Egress, Rule: "C1", UserEntered: true,
		Low:   tieredCost(e.GB.Low, sizes, prices),
		High:  tieredCost(e.GB.High, sizes, prices),
		Basis: msg.New("tco.basis.tiers", msg.Sub(free()), msg.Int(len(e.Tiers))),
	}
}

func meteredItem(name, unit string, m Metered, def Price, texts bool) Item {
	switch {
	case m.Amount != nil:
		return own(name, *m.Amount)
	case m.Quantity.High.IsZero():
		return none(name, "tco.basis.none")
	}
	return priced(name, m.Quantity, m.UnitPrice, def, textsOf(texts, func() msg.M { return msg.New(unit, qty(m.Quantity)) }))
}

func flatItem(name string, f Flat, def Price, texts bool) Item {
	switch {
	case f.Amount != nil:
		return own(name, *f.Amount)
	case !f.Needed:
		return none(name, "tco.basis.not_needed")
	}
	it := Item{Name: name, Low: def.Range.Low, High: def.Range.High, Rule: "C1", Assumption: def.Source, AssumptionSays: def.Says}
	if texts {
		it.Basis = msg.New("tco.basis.flat", msg.MoneyRange(def.Range.Low, def.Range.High), unitArg(def.Unit))
	}
	return it
}

func migrationItem(m Migration, term int, def Price, texts bool) Item {
	months := decimal.NewFromInt(int64(term))
	spread := func(it Item) Item {
		it.Low = it.Low.DivRound(months, money.DivPrecision)
		it.High = it.High.DivRound(months, money.DivPrecision)
		if texts {
			it.Basis = msg.New("tco.basis.spread", msg.Sub(it.Basis), msg.Int(term))
		}
		return it
	}
	switch {
	case m.Amount != nil:
		return spread(own(costitem.Migration, *m.Amount))
	case m.GB.High.IsZero():
		return none(costitem.Migration, "tco.basis.no_migration")
	}
	return spread(priced(ItemMigration, m.GB, m.PricePerGB, def, textsOf(texts, func() msg.M { return msg.New("tco.qty.gb", qty(m.GB)) })))
}

// textsOf is basis when texts are wanted, else nil: callers that compare
// options need only the amounts (Input.FiguresOnly).
func textsOf(texts bool, basis func() msg.M) func() msg.M {
	if !texts {
		return nil
	}
	return basis
}

// qty is a quantity range as an argument: one plain figure when both ends
// agree (so it can choose a plural), else "1000–2000".
func qty(r money.Range) msg.Arg {
	if r.IsPoint() {
		return msg.Dec(r.Low)
	}
	return msg.Text(r.Low.String() + "–" + r.High.String())
}

// unitArg is a default price's unit ("CNY/GB") as a label in the reader's
// language, or as given when the catalogue does not know it.
func unitArg(unit string) msg.Arg {
	if id := "tco.unit." + unit; msg.Known(id) {
		return msg.Label(id)
	}
	return msg.Text(" " + unit)
}

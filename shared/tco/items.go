package tco

import (
	"fmt"
	"github.com/gpuplan/gpuplan/shared/costitem"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

// own is the item for a figure the user gave directly.
func own(name string, amount decimal.Decimal) Item {
	return Item{Name: name, Low: amount, High: amount, Rule: "C1", UserEntered: true, Basis: "your figure"}
}

func none(name, why string) Item {
	return Item{Name: name, Rule: "C1", Basis: why}
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
	if !in.FiguresOnly {
		unit := in.Rent.PerCard.String()
		if in.Rent.Unit != "" {
			unit = in.Rent.Unit
		}
		it.Basis = fmt.Sprintf("%d cards × %s", in.Cards, unit)
	}
	return it
}

// priced fills an item from a quantity range and a unit price that is the
// user's (price != nil) or the default. A default price multiplied by a zero
// quantity is not an assumption: the figure is zero whatever the price.
func priced(name string, qty money.Range, price *money.Range, def Price, basis func() string) Item {
	p, userPrice := def.Range, price != nil
	if userPrice {
		p = *price
	}
	it := Item{
		Name: name, Low: qty.Low.Mul(p.Low), High: qty.High.Mul(p.High), Rule: "C1",
		UserEntered: userPrice || qty.High.IsZero(),
	}
	if basis != nil {
		it.Basis = fmt.Sprintf("%s × %s %s", basis(), p, def.Unit)
	}
	if !it.UserEntered {
		it.Assumption = def.Source
	}
	return it
}

func egressItem(e Egress, def Price, texts bool) Item {
	switch {
	case e.Amount != nil:
		return own(costitem.Egress, *e.Amount)
	case e.GB.High.IsZero():
		return none(costitem.Egress, "no egress volume entered")
	}
	free := func() string { return fmt.Sprintf("(%s GB − %s GB free)", qty(e.GB), e.FreeGB) }
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
		Basis: fmt.Sprintf("%s at %d price tiers", free(), len(e.Tiers)),
	}
}

func meteredItem(name, unit string, m Metered, def Price, texts bool) Item {
	switch {
	case m.Amount != nil:
		return own(name, *m.Amount)
	case m.Quantity.High.IsZero():
		return none(name, "none entered")
	}
	return priced(name, m.Quantity, m.UnitPrice, def, textsOf(texts, func() string { return qty(m.Quantity) + " " + unit }))
}

func flatItem(name string, f Flat, def Price, texts bool) Item {
	switch {
	case f.Amount != nil:
		return own(name, *f.Amount)
	case !f.Needed:
		return none(name, "not needed")
	}
	it := Item{Name: name, Low: def.Range.Low, High: def.Range.High, Rule: "C1", Assumption: def.Source}
	if texts {
		it.Basis = "reference fee " + def.Range.String() + " " + def.Unit
	}
	return it
}

func migrationItem(m Migration, term int, def Price, texts bool) Item {
	months := decimal.NewFromInt(int64(term))
	spread := func(it Item) Item {
		it.Low = it.Low.DivRound(months, money.DivPrecision)
		it.High = it.High.DivRound(months, money.DivPrecision)
		if texts {
			it.Basis += fmt.Sprintf(", one-off, spread over %d months", term)
		}
		return it
	}
	switch {
	case m.Amount != nil:
		return spread(own(costitem.Migration, *m.Amount))
	case m.GB.High.IsZero():
		return none(costitem.Migration, "no data to move entered")
	}
	return spread(priced(ItemMigration, m.GB, m.PricePerGB, def, textsOf(texts, func() string { return qty(m.GB) + " GB" })))
}

// textsOf is basis when texts are wanted, else nil: callers that compare
// options need only the amounts (Input.FiguresOnly).
func textsOf(texts bool, basis func() string) func() string {
	if !texts {
		return nil
	}
	return basis
}

// qty writes a quantity range without money's two places: "1000–2000".
func qty(r money.Range) string {
	if r.IsPoint() {
		return r.Low.String()
	}
	return r.Low.String() + "–" + r.High.String()
}

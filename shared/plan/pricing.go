package plan

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/shared/tco"
	"github.com/shopspring/decimal"
)

// offer is one card option priced in its best billing mode.
type offer struct {
	mode  billing.Mode    // the mode that prices the rent
	rent  money.Range     // rent of all the option's cards a month in mode
	allIn decimal.Decimal // likely all-in monthly cost: mid rent + mid hidden items
}

// priceOptions prices every qualifying option in its best billing mode with
// all of rule C1's items and sets it as the option's ranking cost: a month,
// or the whole run when the training time is known. The hidden items depend
// on the count only through the support tier (8 cards or more), so they
// are computed at most twice.
func priceOptions(req Requirements, cards []catalog.Card, cands *sizing.Candidates) (map[string]offer, error) {
	offers := make(map[string]offer, len(cands.Options))
	hidden := map[bool]money.Range{}
	usage := req.HoursPerDay.Mul(decimal.NewFromInt(int64(req.DaysPerMonth)))
	for i, o := range cands.Options {
		if !o.Fits || !o.Eligible {
			continue
		}
		card := cardByID(cards, o.CardID)
		mode, costs, err := billing.Choose(billingInput(req, card, o.Count))
		if err != nil {
			return nil, fmt.Errorf("billing: %w", err)
		}
		mode = rentMode(mode, costs)
		support := supportNeeded(req, o.Count)
		h, ok := hidden[support]
		if !ok {
			in := tcoInput(req, card, o.Count, mode)
			in.FiguresOnly = true
			r, err := tco.Compute(in)
			if err != nil {
				return nil, fmt.Errorf("cost: %w", err)
			}
			h = money.Range{Low: money.Round2(r.Hidden.Low), High: money.Round2(r.Hidden.High)}
			hidden[support] = h
		}
		rent, _ := rentRange(req, card, mode)
		of := offer{mode: mode, rent: rent.Mul(decimal.NewFromInt(int64(o.Count)))}
		of.allIn = mid(of.rent).Add(mid(h))
		offers[o.CardID] = of
		cost, label := of.allIn, msg.New("sizing.cost.month_all_in", modeLabel(string(mode)))
		if hours := cands.TrainHours(i); hours > 0 && usage.IsPositive() && hours < 1e12 {
			run := decimal.NewFromInt(int64(hours + 0.999999))
			cost = of.allIn.Mul(run).DivRound(usage, money.DivPrecision)
			label = msg.New("sizing.cost.run_all_in", modeLabel(string(mode)))
		}
		cands.SetCost(i, cost, label)
	}
	return offers, nil
}

// rentMode is the mode that can price the rent: the recommended one, or
// the commitment when the recommendation is hourly but no hourly price is
// known (rule B1's rule of thumb then names a mode it cannot price).
func rentMode(mode billing.Mode, c billing.Costs) billing.Mode {
	switch {
	case mode == billing.Hourly && c.Hourly == nil:
		return billing.Monthly
	case mode == billing.Annual && c.Annual == nil:
		return billing.Monthly
	}
	return mode
}

// rentRange is one card's rent a month in mode; ok is false when the price
// mode needs is unknown.
//   - hourly: the hourly range × hours a day × days a month;
//   - monthly: the monthly range;
//   - annual: the monthly range less the annual discount (tco.md F3).
func rentRange(req Requirements, card catalog.Card, mode billing.Mode) (r money.Range, ok bool) {
	m := money.Range{Low: card.MonthlyPrice.Low, High: card.MonthlyPrice.High}
	switch mode {
	case billing.Hourly:
		if card.HourlyPrice == nil {
			return money.Range{}, false
		}
		h := money.Range{Low: card.HourlyPrice.Low, High: card.HourlyPrice.High}
		return h.Mul(req.HoursPerDay.Mul(decimal.NewFromInt(int64(req.DaysPerMonth)))), true
	case billing.Annual:
		if req.Cost.AnnualDiscount == nil {
			return money.Range{}, false
		}
		d := *req.Cost.AnnualDiscount
		return money.Range{Low: billing.AnnualPerMonth(m.Low, d), High: billing.AnnualPerMonth(m.High, d)}, true
	}
	return m, true
}

// rentUnit says how rentRange reached a card's rent in mode, for the cost
// item's basis; nil for a monthly price, which speaks for itself.
func rentUnit(req Requirements, card catalog.Card, mode billing.Mode) *msg.M {
	var m msg.M
	switch {
	case mode == billing.Hourly && card.HourlyPrice != nil:
		m = msg.New("plan.unit.hourly", msg.MoneyRange(card.HourlyPrice.Low, card.HourlyPrice.High),
			msg.Dec(req.HoursPerDay), msg.Int(req.DaysPerMonth))
	case mode == billing.Annual && req.Cost.AnnualDiscount != nil:
		m = msg.New("plan.unit.annual", msg.MoneyRange(card.MonthlyPrice.Low, card.MonthlyPrice.High),
			msg.Percent(*req.Cost.AnnualDiscount))
	default:
		return nil
	}
	return &m
}

// supportNeeded says whether the support items are counted: for services
// (inference runs around the clock) and for clusters of 8 cards or more,
// where an outage is expensive (K6).
func supportNeeded(req Requirements, count int) bool {
	return req.Workload == "inference" || count >= 8
}

// otherModes prices the modes that were not chosen, all-in, so the plan
// shows what the other choice would cost.
func otherModes(req Requirements, card catalog.Card, count int, chosen billing.Mode, hidden money.Range) []ModeCost {
	var out []ModeCost
	for _, mode := range []billing.Mode{billing.Hourly, billing.Monthly, billing.Annual} {
		if mode == chosen {
			continue
		}
		r, ok := rentRange(req, card, mode)
		if !ok {
			continue
		}
		rent := r.Mul(decimal.NewFromInt(int64(count)))
		out = append(out, ModeCost{Mode: string(mode), Rent: rent, Monthly: rent.Add(hidden)})
	}
	return out
}

// rentSide is the rent that rent vs build compares with owning the cards:
// the GPU rent and the support items, likely figures. Egress, storage,
// public IPs and data migration are left out of both sides: an owned
// cluster pays for bandwidth, disks, addresses and the move too.
func rentSide(r tco.Result) decimal.Decimal {
	sum := decimal.Zero
	for _, it := range r.Items {
		switch it.Name {
		case tco.ItemRent, tco.ItemSupport, tco.ItemAfterHours:
			sum = sum.Add(mid(it.Range()))
		}
	}
	return sum
}

package plan

import (
	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/msg"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/shared/tco"
)

// warnings collects what a buyer must read before signing: the card's
// caveats, unconfirmed reference prices, the hidden-fee check and the
// interconnect the contract must name (rule K4).
func warnings(req Requirements, card catalog.Card, rec sizing.Recommendation, cost tco.Result, book pricebook.Book, of offer, date string) []msg.M {
	var w []msg.M
	for _, c := range card.Caveats {
		w = append(w, c.M)
	}
	o := of.taken()
	provider := msg.Text(book.ProviderName(o.Provider))
	if age, ok := pricebook.AgeMonths(o.Date, date); ok && age >= pricebook.StaleMonths {
		w = append(w, msg.New("plan.warn.stale_offer", provider, msg.Date(o.Date), msg.Int(age)))
	}
	if of.forced {
		w = append(w, msg.New("plan.warn.term_forced", provider, modeLabel(of.mode), msg.Text(of.terms[of.pick].Rule)))
	}
	if u := o.Unit.Cards(); u > 1 && rec.Pick.Count%u != 0 {
		w = append(w, msg.New("plan.warn.whole_nodes", provider, msg.Int(u), msg.Int(rec.Pick.Count), msg.Int(o.Units(rec.Pick.Count))))
	}
	if !cost.Warning.IsZero() {
		w = append(w, cost.Warning)
	}
	if rec.Pick.Nodes > 1 {
		w = append(w, msg.New("plan.warn.nodes", msg.Int(rec.Pick.Nodes)))
	}
	if req.DataClass == "classified" {
		w = append(w, msg.New("plan.warn.classified"))
	}
	if !rec.Pick.Fits {
		w = append(w, msg.New("plan.warn.no_fit"))
	}
	for _, n := range rec.Notes {
		if n.ID == "sizing.service.unreachable" { // a service target no card meets
			w = append(w, n)
		}
	}
	return w
}

// modeLabel is a billing mode ("hourly") as a label argument.
func modeLabel(mode billing.Mode) msg.Arg { return msg.Label("mode." + string(mode)) }

package plan

import (
	"github.com/gpuplan/gpuplan/shared/msg"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/shared/tco"
)

// warnings collects what a buyer must read before signing: the card's
// caveats, unconfirmed reference prices, the hidden-fee check and the
// interconnect the contract must name (rule K4).
func warnings(req Requirements, card catalog.Card, rec sizing.Recommendation, cost tco.Result, recommended, priced billing.Mode) []msg.M {
	var w []msg.M
	for _, c := range card.Caveats {
		w = append(w, msg.Caveat(c))
	}
	if recommended != priced {
		w = append(w, msg.New("plan.warn.billing", modeLabel(string(recommended)), msg.Text(card.Name), modeLabel(string(priced))))
	}
	if card.MonthlyPrice.Ref.Unconfirmed {
		w = append(w, msg.New("plan.warn.unconfirmed", msg.Text(card.Name), msg.Sub(msg.Note(card.MonthlyPrice.Ref.Note))))
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
	return w
}

// modeLabel is a billing mode ("hourly") as a label argument.
func modeLabel(mode string) msg.Arg { return msg.Label("mode." + mode) }

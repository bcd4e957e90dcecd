package plan

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/shared/tco"
)

// warnings collects what a buyer must read before signing: the card's
// caveats, unconfirmed reference prices, the hidden-fee check and the
// interconnect the contract must name (rule K4).
func warnings(req Requirements, card catalog.Card, rec sizing.Recommendation, cost tco.Result, recommended, priced billing.Mode) []string {
	var w []string
	w = append(w, card.Caveats...)
	if recommended != priced {
		w = append(w, fmt.Sprintf("billing: %s is recommended but no %s price is known for the %s, so the rent is priced %s; get an %s quote and enter it", recommended, recommended, card.Name, priced, recommended))
	}
	if card.MonthlyPrice.Ref.Unconfirmed {
		w = append(w, fmt.Sprintf("the %s rent is an unconfirmed reference range (%s): replace it with a real quote", card.Name, card.MonthlyPrice.Ref.Note))
	}
	if cost.Warning != "" {
		w = append(w, cost.Warning)
	}
	if rec.Pick.Nodes > 1 {
		w = append(w, fmt.Sprintf("%d nodes: the contract must name the InfiniBand/RoCE fabric and its bandwidth (rules A3, K4)", rec.Pick.Nodes))
	}
	if req.DataClass == "classified" {
		w = append(w, "classified data: check the vendor's isolation and that data never leaves the region (rules R1, K2)")
	}
	if !rec.Pick.Fits {
		w = append(w, "no catalogue option fits the memory this job needs: reduce precision, context or concurrency")
	}
	return w
}

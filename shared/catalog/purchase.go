package catalog

import (
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Purchase prices are what one card costs to own, its share of the server
// included, in CNY. They feed the rent-vs-build comparison (rule D1). Few
// public figures exist (press reports collected in 2026-11, all secondary
// sources); the rest are derived from the nearest sourced card and marked
// Unconfirmed.
// The planner lets the user replace every one with a real quote.
var (
	// pressPrices are the press figures for whole servers and cards.
	pressPrices = msg.New("catalog.source.press").String()

	purchase = map[string]PriceRange{
		"rtx-4090": buy("15000", "20000", Ref{Source: pressPrices + ": RTX 4090 card 12,000–15,000 CNY", Date: "2026-11",
			Unconfirmed: true, Note: note("catalog.note.098")}),
		"a100-40g-pcie": buy("50000", "70000", derived("the A100 80GB price scaled to 40GB")),
		"a100-40g-sxm":  buy("55000", "75000", derived("the A100 80GB price scaled to 40GB, SXM board")),
		"a100-80g-pcie": buy("80000", "100000", Ref{Source: pressPrices + ": A100 80GB 80,000–100,000 CNY (2023 Q3), low quality", Date: "2026-11", Unconfirmed: true}),
		"a100-80g-sxm":  buy("80000", "100000", Ref{Source: pressPrices + ": A100 80GB 80,000–100,000 CNY (2023 Q3), low quality", Date: "2026-11", Unconfirmed: true}),
		"a800-80g-sxm":  buy("80000", "100000", derived("the A100 80GB price (same board, cut NVLink)")),
		"h100-80g-sxm": buy("337500", "337500", Ref{Source: pressPrices + ": 8 x H100 NVLink server about 2,700,000 CNY (2024, grey market)", Date: "2026-11",
			Note: note("catalog.note.100")}),
		"h100-80g-pcie": buy("250000", "300000", derived("the H100 SXM server price, PCIe board")),
		"h800-80g-sxm":  buy("300000", "337500", derived("the H100 SXM server price (same board, cut NVLink)")),
		"h20-96g": buy("150000", "187500", Ref{Source: pressPrices + ": 8 x H20 server about 1,500,000 CNY (2024-02) falling to 1,200,000 (2024-07)", Date: "2026-11",
			Note: note("catalog.note.101")}),
		"h200-141g": buy("175000", "250000", Ref{Source: pressPrices + ": 8 x H200 module about 1,400,000 CNY (late 2025)", Date: "2026-11",
			Unconfirmed: true, Note: note("catalog.note.102")}),
		"l40s-48g":    buy("60000", "80000", derived("no public figure found")),
		"l20-48g":     buy("40000", "60000", derived("no public figure found")),
		"ascend-910b": buy("100000", "150000", derived("no public figure found")),
		"rtx-4090d":   buy("14000", "19000", derived("the RTX 4090 price, less for the cut-down card")),
		"h20-141g":    buy("175000", "225000", derived("the H20 96GB server price with HBM3e's premium")),
	}
)

func buy(low, high string, r Ref) PriceRange {
	return PriceRange{Low: decimal.RequireFromString(low), High: decimal.RequireFromString(high), Ref: r}
}

func derived(how string) Ref {
	return Ref{Source: "gpuplan estimate: " + how, Date: "2026-11", Unconfirmed: true,
		Note: note("catalog.note.099")}
}

// PurchasePrice returns what one card costs to own (server share included)
// for the rent-vs-build comparison.
func PurchasePrice(id string) (PriceRange, bool) {
	p, ok := purchase[id]
	return p, ok
}

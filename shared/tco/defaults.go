package tco

import (
	"sync"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Price is a reference unit price used when the user gives none: a range in
// CNY, its unit, and where it comes from. Source starts with "assumption: "
// when no public source backs it; the site must show it and let the user
// replace it with a quote.
type Price struct {
	// Range is the price, CNY per Unit.
	Range money.Range `json:"range"`
	// Unit is what one price buys, e.g. "CNY/GB".
	Unit string `json:"unit"`
	// Source is the citation or the "assumption: …" label: data, which
	// catalog.CheckSource checks and the JSON carries.
	Source string `json:"source"`
	// Says is how a reader sees the source, a tco.assume message (the
	// support figure's reads "rule C2: the article's support-tier
	// upgrade…", not the citation).
	Says msg.M `json:"-"`
}

// Prices holds every default unit price in one place.
type Prices struct {
	// EgressPerGB prices outbound traffic above the free quota.
	EgressPerGB Price `json:"egress_per_gb"`
	// StoragePerGBMonth prices storage expansion.
	StoragePerGBMonth Price `json:"storage_per_gb_month"`
	// IPPerMonth prices one extra public IP address.
	IPPerMonth Price `json:"ip_per_month"`
	// Support is the monthly fee of a support-tier upgrade.
	Support Price `json:"support"`
	// AfterHours is the monthly fee of after-hours support.
	AfterHours Price `json:"after_hours"`
	// MigrationPerGB prices the traffic of a one-off data migration.
	MigrationPerGB Price `json:"migration_per_gb"`
}

func rng(lo, hi string) money.Range {
	return money.Range{Low: decimal.RequireFromString(lo), High: decimal.RequireFromString(hi)}
}

// DefaultPrices returns the reference unit prices (CNY, August 2026). None
// of them is a quote: no public price list was found for Chinese GPU
// platforms' extras, so all but the support figure are labelled
// assumptions.
func DefaultPrices() Prices { return defaultPrices() }

// defaultPrices parses the reference prices once: Prices holds only
// values (a decimal is never changed in place), so every caller may keep
// its copy.
var defaultPrices = sync.OnceValue(func() Prices {
	egress := Price{
		Range: rng("0.5", "0.8"), Unit: "CNY/GB",
		Source: "assumption: pay-by-traffic public egress on mainland Chinese clouds is listed " +
			"around 0.8 CNY/GB, GPU platforms often lower; no public GPU-platform price list found, replace with a quote",
		Says: msg.New("tco.assume.egress"),
	}
	return Prices{
		EgressPerGB: egress,
		StoragePerGBMonth: Price{
			Range: rng("0.3", "1.0"), Unit: "CNY/GB-month",
			Source: "assumption: cloud SSD/NVMe list prices span roughly 0.3–1.0 CNY/GB-month; " +
				"no public price list found, replace with a quote",
			Says: msg.New("tco.assume.storage"),
		},
		IPPerMonth: Price{
			Range: rng("20", "100"), Unit: "CNY/IP-month",
			Source: "assumption: extra public IPv4 addresses; no public GPU-platform price list found, replace with a quote",
			Says:   msg.New("tco.assume.ips"),
		},
		Support: Price{
			Range: rng("1000", "1000"), Unit: "CNY/month",
			Source: msg.New("tco.source.support", msg.Text(catalog.Article000)).String(),
			Says:   msg.New("tco.assume.support"),
		},
		AfterHours: Price{
			Range: rng("500", "1500"), Unit: "CNY/month",
			Source: "assumption: after-hours (night and weekend) support; no public price list found, " +
				"replace with a quote",
			Says: msg.New("tco.assume.after_hours"),
		},
		MigrationPerGB: Price{
			Range:  egress.Range,
			Unit:   "CNY/GB",
			Source: "assumption: migration is billed as egress traffic; same range as egress_per_gb",
			Says:   msg.New("tco.assume.migration"),
		},
	}
})

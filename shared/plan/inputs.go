package plan

import (
	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/shared/rentbuild"
	"github.com/gpuplan/gpuplan/shared/tco"
	"github.com/shopspring/decimal"
)

// Self-build reference values used when the sheet gives none. Each is an
// assumption the plan states.
var (
	// defaultResidual is the customary 5% resale value.
	defaultResidual = decimal.RequireFromString("0.05")
	// defaultLifeMonths is the 3-year minimum for electronic equipment
	// under China's Enterprise Income Tax implementing regulations, Article 60.
	defaultLifeMonths = 36
	// defaultPUE is China's 2025 data-centre target (an average below 1.5,
	// Xinhua, July 2024).
	defaultPUE = decimal.RequireFromString("1.5")
	// defaultKWh is an illustrative industrial tariff (western provinces
	// pay about 0.4 after 2025 subsidies, per the Financial Times).
	defaultKWh = decimal.RequireFromString("0.6")
	// colocationPerKW is about USD 200 per kW a month (chanthaphan/gpu-tco's
	// default; USD 150–250 is quoted) at 7 CNY
	// per USD: an assumption, China rack prices were not found.
	colocationPerKW = decimal.NewFromInt(1400)
	// staffPerFTE is an assumed loaded monthly cost of one GPU operations
	// engineer (no public China salary data was found).
	staffPerFTE = decimal.NewFromInt(30000)
	// cardsPerFTE sizes the team: half an engineer at least,
	// one per 16 cards beyond that.
	cardsPerFTE = decimal.NewFromInt(16)
	half        = decimal.RequireFromString("0.5")
	gbPerTB     = decimal.NewFromInt(1000)
)

// tcoInput maps the sheet onto rule C1's items. Support and after-hours
// support are counted for services (inference runs around the clock) and
// for clusters of 8 cards or more, where an outage is expensive (K6).
func tcoInput(req Requirements, count int, of offer, book pricebook.Book) tco.Input {
	items := req.Cost.Items
	n := decimal.NewFromInt(int64(count))
	perCard := money.Range{Low: of.rent.Low.DivRound(n, money.DivPrecision), High: of.rent.High.DivRound(n, money.DivPrecision)}
	o := of.taken()
	in := tco.Input{
		Cards:      count,
		TermMonths: req.ProjectMonths,
		Rent:       tco.Rent{Amount: item(items, tco.ItemRent), PerCard: perCard, Source: o.Source, Unit: rentUnit(req, book, of, count)},
		Egress:     tco.Egress{Amount: item(items, tco.ItemEgress), GB: money.Point(req.EgressTBMonth.Mul(gbPerTB))},
		Storage:    tco.Metered{Amount: item(items, tco.ItemStorage), Quantity: money.Point(req.StorageTB.Mul(gbPerTB))},
		IPs:        tco.Metered{Amount: item(items, tco.ItemIPs), Quantity: money.Point(decimal.NewFromInt(int64(req.ExtraIPs)))},
		Support:    tco.Flat{Amount: item(items, tco.ItemSupport), Needed: supportNeeded(req, count)},
		AfterHours: tco.Flat{Amount: item(items, tco.ItemAfterHours), Needed: req.Workload == "inference"},
		Migration:  tco.Migration{Amount: item(items, tco.ItemMigration), GB: money.Point(req.StorageTB.Mul(gbPerTB))},
	}
	if o.Source == quoteSource {
		in.Rent.Source = ""
	}
	return in
}

func item(items map[string]decimal.Decimal, name string) *decimal.Decimal {
	v, ok := items[name]
	if !ok {
		return nil
	}
	return &v
}

// rentBuildInput prices owning the same cards (rule D1) against the likely
// all-in rent.
func rentBuildInput(req Requirements, card catalog.Card, count int, rent decimal.Decimal) rentbuild.Input {
	sb := req.Cost.SelfBuild
	n := decimal.NewFromInt(int64(count))
	perCard := purchaseMid(card.ID)
	if sb.CapexPerCard != nil {
		perCard = *sb.CapexPerCard
	}
	watts := int(card.TDPW.Value)
	pue := or(sb.PUE, defaultPUE)
	kw := decimal.NewFromInt(int64(watts*count)).Mul(pue).DivRound(decimal.NewFromInt(1000), money.DivPrecision)
	staff := decimal.Max(half, n.DivRound(cardsPerFTE, money.DivPrecision)).Mul(staffPerFTE)
	life := sb.LifeMonths
	if life == 0 {
		life = defaultLifeMonths
	}
	return rentbuild.Input{
		Build: rentbuild.SelfBuild{
			Capex:              perCard.Mul(n),
			ResidualFraction:   or(sb.ResidualFraction, defaultResidual),
			DepreciationMonths: life,
			Cards:              count,
			TDPWatts:           watts,
			PUE:                pue,
			PowerHoursPerMonth: req.HoursPerDay.Mul(decimal.NewFromInt(int64(req.DaysPerMonth))),
			PricePerKWh:        or(sb.PricePerKWh, defaultKWh),
			ColocationMonthly:  or(sb.ColocationMonthly, kw.Mul(colocationPerKW).Round(2)),
			StaffMonthly:       or(sb.OpsStaffMonthly, staff),
		},
		RentMonthly: rent,
		NoSeries:    true,
		Usage: rentbuild.Usage{
			HoursPerDay:   req.HoursPerDay,
			ProjectMonths: req.ProjectMonths,
			OpsTeam:       req.OpsTeam,
			Demand:        billing.Demand(req.Demand),
			Data:          rentbuild.Data(req.DataClass),
		},
	}
}

func purchaseMid(id string) decimal.Decimal {
	p, ok := catalog.PurchasePrice(id)
	if !ok {
		return decimal.Zero
	}
	return money.Range{Low: p.Low, High: p.High}.Mid()
}

func or(v *decimal.Decimal, def decimal.Decimal) decimal.Decimal {
	if v != nil {
		return *v
	}
	return def
}

// RentBuildInput is the rent-vs-build comparison behind p, with the
// cumulative cost series switched on (months long) for charts: the plan
// file carries the verdict, the site draws the curves from this input.
func RentBuildInput(p *Plan, months int) rentbuild.Input {
	card := cardByID(allCards(), p.GPU.ID)
	in := rentBuildInput(p.Requirements, card, p.GPU.Count, p.RentVsBuild.RentMonthly)
	in.NoSeries = false
	in.SeriesMonths = months
	return in
}

// SelfBuildReference holds the reference values the rent-vs-build
// comparison uses where the sheet gives none, for pages that list them.
type SelfBuildReference struct {
	Residual        decimal.Decimal // resale value at the end of the life
	LifeMonths      int             // depreciation period
	PUE             decimal.Decimal // power usage effectiveness
	PricePerKWh     decimal.Decimal // electricity tariff
	ColocationPerKW decimal.Decimal // rack and cooling per kW a month
	StaffPerFTE     decimal.Decimal // loaded monthly cost of one engineer
	CardsPerFTE     decimal.Decimal // cards one engineer runs
}

// SelfBuildDefaults returns the reference values of SelfBuildReference.
func SelfBuildDefaults() SelfBuildReference {
	return SelfBuildReference{
		Residual: defaultResidual, LifeMonths: defaultLifeMonths, PUE: defaultPUE, PricePerKWh: defaultKWh,
		ColocationPerKW: colocationPerKW, StaffPerFTE: staffPerFTE, CardsPerFTE: cardsPerFTE,
	}
}

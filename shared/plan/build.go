package plan

import (
	"fmt"
	"slices"
	"sync"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/rentbuild"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/shared/tco"
)

// Build turns a requirement sheet into a plan. It normalises req first, so
// a sheet built in code (the site) gets the same checks as a decoded one.
// The same function runs in the browser and in gpuverify, so the numbers
// the two show can never differ.
//
// The card is chosen on all-in cost: every card and count that fits is
// priced in its own best billing mode with every C1 item, and the cheapest
// wins (inside the G1/G2 bucket when one qualifies). The cost, the hidden
// share and rent vs build then use the rent of the recommended mode.
func Build(req Requirements) (*Plan, error) {
	if err := req.Normalize(); err != nil {
		return nil, err
	}
	pb := priceBook(req)
	book := pb.book
	cards := offered(allCards(), req.Cards)
	cands, err := sizing.Size(sizingInput(req), cards, sizing.Prefs{DomesticOnly: req.DomesticOnly, NeedsFP64: req.NeedsFP64})
	if err != nil {
		return nil, err
	}
	priced, err := priceOptions(req, pb, cands)
	if err != nil {
		return nil, err
	}
	rec, err := cands.Recommend()
	if err != nil {
		return nil, err
	}
	offers := priced[rec.Pick.CardID]
	if len(offers) == 0 {
		return nil, noOfferError(rec)
	}
	best := offers[0]
	card := cardByID(cards, rec.Pick.CardID)
	date := asOf(req)
	p := &Plan{Schema: Schema, Requirements: req, Defaults: req.atDefaults(), Rules: []string{"R1", "R3"}}
	p.Sizing = sizingSection(rec)
	p.GPU = gpuSection(rec, cards, book, priced, date)
	p.addRules(rec.Rules...)

	bill, err := billing.Recommend(billingInput(req, book, best, rec.Pick.Count))
	if err != nil {
		return nil, fmt.Errorf("billing: %w", err)
	}
	p.Billing = billingSection(bill, book, best, date)
	p.addRules(bill.Rules...)

	cost, err := tco.Compute(tcoInput(req, rec.Pick.Count, best, book))
	if err != nil {
		return nil, fmt.Errorf("cost: %w", err)
	}
	p.Cost = costSection(cost, best.mode, otherModes(best, cost.Hidden))
	p.addRules("C1", "C3")

	rb, err := rentbuild.Decide(rentBuildInput(req, card, rec.Pick.Count, rentSide(cost)))
	if err != nil {
		return nil, fmt.Errorf("rent vs build: %w", err)
	}
	p.RentVsBuild = rentBuildSection(rb, cost)
	p.addRules("D1", "D2")

	p.Acceptance = acceptanceFor(card, rec.Pick)
	p.addRules("A1", "A2", "A3", "A4")
	p.WarningMessages = warnings(req, card, rec, cost, book, best, date)
	// The procurement results are left to Encode: every page that shows
	// a section computes it itself, and a planner keystroke should not pay
	// for all of them (about 40% of Build with every section present).
	return p, nil
}

// noOfferError says that no provider of the book sells a card that fits:
// the buyer's price list or a quote must price one.
func noOfferError(rec sizing.Recommendation) error {
	return fieldErr("cost.price_list", "plan.err.no_offer", msg.Text(rec.Pick.CardID))
}

// offered keeps the cards the vendor offers (the sheet's cards), or all.
func offered(cards []catalog.Card, ids []string) []catalog.Card {
	if len(ids) == 0 {
		return cards
	}
	out := make([]catalog.Card, 0, len(ids))
	for _, c := range cards {
		if slices.Contains(ids, c.ID) {
			out = append(out, c)
		}
	}
	return out
}

func (p *Plan) addRules(ids ...string) {
	for _, id := range ids {
		if !slices.Contains(p.Rules, id) {
			p.Rules = append(p.Rules, id)
		}
	}
}

// quoteSource marks a price the user entered.
const quoteSource = "your quote"

// allCards is the catalogue's card list, copied once: Build only reads it.
var allCards = sync.OnceValue(catalog.All)

func cardByID(cards []catalog.Card, id string) catalog.Card {
	for _, c := range cards {
		if c.ID == id {
			return c
		}
	}
	return catalog.Card{ID: id, Name: id}
}

func sizingInput(req Requirements) sizing.Input {
	in := sizing.Input{
		Workload:      sizing.Workload(req.Workload),
		Model:         req.Model.Preset,
		ParamsB:       req.Model.ParamsB,
		Shape:         req.Model.Shape,
		Precision:     sizing.Precision(req.Precision),
		ContextTokens: req.ContextTokens,
		Concurrency:   req.Concurrency,
		TokensToTrain: float64(req.TokensToTrain),
		TargetDays:    trainingDays(req),
		OutputTokens:  req.OutputTokens,
		KVPrecision:   sizing.Precision(req.KVCachePrecision),
	}
	if t := req.ServiceTargets; t != nil {
		in.Targets = sizing.ServiceTargets{TokensPerSecPerSequence: t.TokensPerSecPerSequence, TimeToFirstTokenS: t.TimeToFirstTokenS, RequestsPerMinute: t.RequestsPerMinute}
	}
	if t := req.Training; t != nil {
		in.LoRARank = t.LoRARank
		in.Optimizer = sizing.Optimizer(t.Optimizer)
		in.Framework = sizing.Framework(t.Framework)
		if t.LoRATargets == "all-linear" {
			in.LoRATargets = []string{"q", "k", "v", "o", "gate", "up", "down"}
		}
		in.Recompute = sizing.RecomputeFull
		if t.GradientCheckpointing != nil && !*t.GradientCheckpointing {
			in.Recompute = sizing.RecomputeSelective
		}
	}
	return in
}

// trainingDays is the running time the project allows a training run:
// project_months of days_per_month at hours_per_day, in 24-hour days. The
// card count grows until the likely training time fits in it.
func trainingDays(req Requirements) float64 {
	if req.TokensToTrain == 0 {
		return 0
	}
	hours, _ := req.HoursPerDay.Float64()
	return float64(req.ProjectMonths*req.DaysPerMonth) * hours / 24
}

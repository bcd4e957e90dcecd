package plan

import (
	"math"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/pricebook"
	"github.com/gpuplan/gpuplan/shared/rentbuild"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/shared/tco"
)

// round2 keeps two decimals of a memory or speed figure, so the plan file
// stays readable and round-trips exactly.
func round2(v float64) float64 { return math.Round(v*100) / 100 }

func sizingSection(rec sizing.Recommendation) Sizing {
	mem, m := rec.Memory, rec.Memory.Model
	s := Sizing{
		Model: SizedModel{
			Name: m.Name, ParamsB: round2(m.Params / 1e9), ActiveParamsB: round2(m.ActiveParams / 1e9),
			Layers: m.Layers, Hidden: m.Hidden, Heads: m.Heads, KVHeads: m.KVHeads, HeadDim: m.HeadDim,
			Assumed: !m.Assumed.IsZero(), Source: m.Source,
		},
		MemoryGiB: Memory{
			Weights: round2(mem.WeightsGiB), KVCache: round2(mem.KVCacheGiB), Activations: round2(mem.ActivationsGiB),
			TrainingStates: round2(mem.TrainingStatesGiB), PagedStates: round2(mem.PagedStatesGiB),
			Overhead: round2(mem.OverheadGiB), Total: round2(mem.TotalGiB),
		},
	}
	s.NoteMessages = append(s.NoteMessages, mem.Notes...)
	for _, n := range rec.Notes {
		// The pick's caveats go to the plan's warnings, not twice.
		if n.ID != "sizing.advice.caveat" && n.ID != "sizing.advice.cann" {
			s.NoteMessages = append(s.NoteMessages, n)
		}
	}
	e := rec.Estimates
	s.NoteMessages = append(s.NoteMessages, e.Notes...)
	if e.DecodeTokensPerSec.High > 0 {
		s.DecodeTokensPerSec = &Estimate{round2(e.DecodeTokensPerSec.Low), round2(e.DecodeTokensPerSec.Likely), round2(e.DecodeTokensPerSec.High)}
	}
	if e.TimeToFirstTokenS.High > 0 {
		s.TimeToFirstTokenS = &Estimate{round2(e.TimeToFirstTokenS.Low), round2(e.TimeToFirstTokenS.Likely), round2(e.TimeToFirstTokenS.High)}
	}
	s.Service = serviceSection(rec.Pick.Service)
	s.DecodeAccuracy = accuracySection(e.DecodeAccuracy, "decode", e.DecodeTokensPerSec.High > 0)
	s.TrainingAccuracy = accuracySection(e.TrainAccuracy, "train", e.TrainHours.High > 0)
	if e.TrainHours.High > 0 {
		// Low days come from the high efficiency and the other way round.
		s.TrainingDays = &Estimate{round2(e.TrainHours.Low / 24), round2(e.TrainHours.Likely / 24), round2(e.TrainHours.High / 24)}
	}
	return s
}

// estimate2 is a range rounded for the plan file.
func estimate2(r sizing.Range) Estimate {
	return Estimate{round2(r.Low), round2(r.Likely), round2(r.High)}
}

// accuracySection is the error bar of an estimate the plan shows.
func accuracySection(a *sizing.Accuracy, what string, shown bool) *Accuracy {
	if a == nil || !shown {
		return nil
	}
	return &Accuracy{Accuracy: *a, Message: a.Note(what)}
}

func serviceSection(f *sizing.ServiceFit) *Service {
	if f == nil {
		return nil
	}
	s := &Service{Replicas: f.Replicas, CardsPerReplica: f.CardsPerReplica, Sequences: f.Sequences, SequencesPerReplica: f.PerReplica,
		TokensPerSecPerSeq: estimate2(f.TokensPerSecPerSequence), TimeToFirstTokenS: estimate2(f.TimeToFirstTokenS),
		RequestsPerMinute: estimate2(f.RequestsPerMinute), SetBy: f.SetBy}
	for _, m := range f.Unmet {
		s.Unmet = append(s.Unmet, sizing.TargetMiss{Target: m.Target, Wanted: m.Wanted, Best: round2(m.Best)})
	}
	return s
}

func gpuSection(rec sizing.Recommendation, cards []catalog.Card, book pricebook.Book, priced map[string][]offer, date string) GPU {
	g := GPU{Choice: choice(rec.Pick, cards, book, priced, date), Alternatives: make([]Choice, 0, len(rec.Alternatives))}
	counts := map[string]int{rec.Pick.CardID: rec.Pick.Count}
	for _, a := range rec.Alternatives {
		g.Alternatives = append(g.Alternatives, choice(a, cards, book, priced, date))
		counts[a.CardID] = a.Count
	}
	g.Offers = offerTable(book, priced, counts, date)
	return g
}

func choice(o sizing.Option, cards []catalog.Card, book pricebook.Book, priced map[string][]offer, date string) Choice {
	c := cardByID(cards, o.CardID)
	ch := Choice{
		ID: o.CardID, Name: c.Name, Count: o.Count, Nodes: o.Nodes,
		Interconnect: o.Interconnect, PerCardGiB: round2(o.PerCardGiB),
	}
	ch.ReasonMessage = o.Reason
	if offers := priced[o.CardID]; len(offers) > 0 && o.Fits && o.Eligible {
		best := offers[0]
		allIn := best.allIn
		ch.Monthly, ch.BillingMode, ch.AllInMonthly = best.rent, best.mode, &allIn
		ch.Offer = offerRef(book, best.taken(), date)
	}
	return ch
}

func billingSection(b billing.Result, book pricebook.Book, of offer, date string) Billing {
	reasons := append(b.Reasons, termReason(book, of))
	return Billing{
		Mode:                 of.mode,
		Offer:                offerRef(book, of.taken(), date),
		BreakevenHoursPerDay: b.BreakevenHoursPerDay,
		RuleOfThumbMode:      b.RuleOfThumbMode,
		ReasonMessages:       reasons,
	}
}

// termReason says which of the provider's terms is taken and what each
// costs a month at the sheet's use.
func termReason(book pricebook.Book, of offer) msg.M {
	parts := make([]msg.M, 0, len(of.terms))
	for _, t := range of.terms {
		parts = append(parts, msg.New("plan.term.cost", modeLabel(billing.ModeOf(t.Offer.Term)), msg.MoneyRange(money.Round2(t.Rent.Low), money.Round2(t.Rent.High))))
	}
	id := "plan.term.taken"
	if of.forced {
		id = "plan.term.forced"
	}
	return msg.New(id, msg.Text(book.ProviderName(of.provider)), modeLabel(of.mode), msg.Sub(msg.List(parts...)))
}

func costSection(r tco.Result, mode billing.Mode, others []ModeCost) Cost {
	c := Cost{Currency: "CNY", BillingMode: mode, Monthly: r.Monthly, HiddenShare: r.HiddenShare,
		WarningMessage: r.Warning, OtherModes: others}
	for _, it := range r.Items {
		ci := CostItem{Name: it.Name, Low: it.Low, High: it.High, Rule: it.Rule, UserEntered: it.UserEntered,
			BasisMessage: it.Basis, assumption: it.Assumption}
		if it.Assumption != "" {
			ci.AssumptionMessage = it.AssumptionSays
		}
		c.Items = append(c.Items, ci)
	}
	return c
}

func rentBuildSection(r rentbuild.Result, cost tco.Result) RentVsBuild {
	footing := msg.New("rentbuild.footing", msg.Money(r.RentMonthly), msg.Money(cost.Monthly.Mid().Sub(r.RentMonthly)))
	reasons := append(append([]msg.M{footing}, r.Reasons...), r.Hybrid.Note)
	rb := RentVsBuild{
		Decision:         r.Decision,
		BreakevenMonths:  r.BreakEvenMonths,
		SelfBuildMonthly: r.SelfBuildMonthly,
		RentMonthly:      r.RentMonthly,
		HybridSaving:     r.Hybrid.SavingVsBuild,
		ReasonMessages:   reasons,
	}
	for _, row := range r.D1 {
		rb.D1 = append(rb.D1, D1Row{Dimension: row.Dimension, ValueMessage: row.Input, Points: row.Points})
	}
	return rb
}

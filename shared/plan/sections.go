package plan

import (
	"math"

	"github.com/gpuplan/gpuplan/shared/billing"
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/rentbuild"
	"github.com/gpuplan/gpuplan/shared/sizing"
	"github.com/gpuplan/gpuplan/shared/tco"
	"github.com/shopspring/decimal"
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
	return &Accuracy{Class: a.Class, Runs: a.Runs, Within: a.Within, Tolerance: a.Tolerance, Median: a.Median, Min: a.Min, Max: a.Max,
		CardCovered: a.CardCovered, Message: a.Note(what)}
}

func serviceSection(f *sizing.ServiceFit) *Service {
	if f == nil {
		return nil
	}
	s := &Service{Replicas: f.Replicas, CardsPerReplica: f.CardsPerReplica, Sequences: f.Sequences, SequencesPerReplica: f.PerReplica,
		TokensPerSecPerSeq: estimate2(f.TokensPerSecPerSequence), TimeToFirstTokenS: estimate2(f.TimeToFirstTokenS),
		RequestsPerMinute: estimate2(f.RequestsPerMinute), SetBy: f.SetBy}
	for _, m := range f.Unmet {
		s.Unmet = append(s.Unmet, TargetMiss{Target: m.Target, Wanted: m.Wanted, Best: round2(m.Best)})
	}
	return s
}

func gpuSection(rec sizing.Recommendation, cards []catalog.Card, offers map[string]offer) GPU {
	g := GPU{Choice: choice(rec.Pick, cards, offers), Alternatives: make([]Choice, 0, len(rec.Alternatives))}
	for _, a := range rec.Alternatives {
		g.Alternatives = append(g.Alternatives, choice(a, cards, offers))
	}
	return g
}

func choice(o sizing.Option, cards []catalog.Card, offers map[string]offer) Choice {
	c := cardByID(cards, o.CardID)
	n := decimal.NewFromInt(int64(o.Count))
	ch := Choice{
		ID: o.CardID, Name: c.Name, Count: o.Count, Nodes: o.Nodes,
		Interconnect: string(o.Interconnect), PerCardGiB: round2(o.PerCardGiB),
		Monthly: money.Range{Low: c.MonthlyPrice.Low.Mul(n), High: c.MonthlyPrice.High.Mul(n)},
	}
	ch.ReasonMessage = o.Reason
	if of, ok := offers[o.CardID]; ok && o.Fits && o.Eligible {
		allIn := of.allIn
		ch.Monthly, ch.BillingMode, ch.AllInMonthly = of.rent, string(of.mode), &allIn
	}
	return ch
}

func billingSection(b billing.Result) Billing {
	return Billing{
		Mode:                 string(b.Mode),
		BreakevenHoursPerDay: b.BreakevenHoursPerDay,
		RuleOfThumbMode:      string(b.RuleOfThumbMode),
		ReasonMessages:       b.Reasons,
	}
}

func costSection(r tco.Result, mode billing.Mode, others []ModeCost) Cost {
	c := Cost{Currency: "CNY", BillingMode: string(mode), Monthly: r.Monthly, HiddenShare: r.HiddenShare,
		WarningMessage: r.Warning, OtherModes: others}
	for _, it := range r.Items {
		ci := CostItem{Name: it.Name, Low: it.Low, High: it.High, Rule: it.Rule, UserEntered: it.UserEntered,
			BasisMessage: it.Basis, assumption: it.Assumption}
		if it.Assumption != "" {
			ci.AssumptionMessage = tco.AssumptionText(it.Assumption)
		}
		c.Items = append(c.Items, ci)
	}
	return c
}

func rentBuildSection(r rentbuild.Result, cost tco.Result) RentVsBuild {
	footing := msg.New("rentbuild.footing", msg.Money(r.RentMonthly), msg.Money(mid(cost.Monthly).Sub(r.RentMonthly)))
	reasons := append(append([]msg.M{footing}, r.Reasons...), r.Hybrid.Note)
	rb := RentVsBuild{
		Decision:         string(r.Decision),
		BreakevenMonths:  r.BreakEvenMonths,
		SelfBuildMonthly: r.SelfBuildMonthly,
		RentMonthly:      r.RentMonthly,
		HybridSaving:     r.Hybrid.SavingVsBuild,
		ReasonMessages:   reasons,
	}
	for _, row := range r.D1 {
		rb.D1 = append(rb.D1, D1Row{Dimension: row.Dimension, ValueMessage: row.Input, Points: string(row.Points)})
	}
	return rb
}

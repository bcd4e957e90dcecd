package vendors

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

// Status is where a vendor stands after the hard filters of rule V2.
type Status string

// The statuses, best first.
const (
	Eligible   Status = "eligible"   // passed every hard filter
	Unverified Status = "unverified" // no filter failed, but some are not checked
	Excluded   Status = "excluded"   // failed a hard filter
)

// Adjustment is one soft signal's change to the score (rule V3).
type Adjustment struct {
	// Signal names the signal, e.g. "poc".
	Signal string `json:"signal"`
	// Delta is added to the score.
	Delta decimal.Decimal `json:"delta"`
	// Reason says why.
	Reason string `json:"reason"`
}

// Ranked is one vendor's screening and score.
type Ranked struct {
	// Name names the vendor.
	Name string `json:"name"`
	// Status is the result of the hard filters.
	Status Status `json:"status"`
	// Rank is 1 for the best vendor not excluded; 0 for excluded vendors.
	Rank int `json:"rank"`
	// Base is the weighted mean of the five marks, in [1, 5].
	Base decimal.Decimal `json:"base"`
	// Adjustments are the soft signals that changed the score.
	Adjustments []Adjustment `json:"adjustments"`
	// Score is Base plus the adjustments; it can leave [1, 5].
	Score decimal.Decimal `json:"score"`
	// Reasons explain an exclusion or what is left to verify.
	Reasons []string `json:"reasons"`
}

// Result is the screened and ranked vendor list.
type Result struct {
	// Weights are the weights used.
	Weights Weights `json:"weights"`
	// Vendors are eligible vendors by score, then unverified ones by
	// score, then excluded ones by name.
	Vendors []Ranked `json:"vendors"`
	// Split divides the cards between the two best eligible vendors; nil
	// when no cards were given.
	Split *Split `json:"split,omitempty"`
	// Notes are findings about the candidate list as a whole.
	Notes []string `json:"notes"`
}

// The soft-signal adjustments of rule V3. The articles rank the signals
// but give no figures; these are the package's assumptions, sized so that
// one signal moves a vendor by a quarter to a whole mark on the 1–5 scale,
// and a refused POC (a red flag) weighs most. They are variables only
// because Go has no decimal constants: never reassign them.
var (
	AdjustTier3       = decimal.RequireFromString("0.25") // ± for a Tier 3+ dedicated GPU room or not
	AdjustCases       = decimal.RequireFromString("0.25") // ± for customer cases on the same card or none
	AdjustPOCRefused  = decimal.RequireFromString("-1")   // a vendor that refuses a POC
	AdjustPreemptible = decimal.RequireFromString("-0.5") // preemptible capacity that runs out at peak
)

// Rank validates in, applies the hard filters, scores and ranks the vendors
// and, when Cards is set, splits the cards between the two best eligible
// ones (rules V1, V2, V3, V5).
func Rank(in Input) (Result, error) {
	if err := in.Validate(); err != nil {
		return Result{}, err
	}
	r := Result{Weights: in.weights()}
	for _, v := range in.Vendors {
		r.Vendors = append(r.Vendors, score(v, r.Weights))
	}
	order := map[Status]int{Eligible: 0, Unverified: 1, Excluded: 2}
	slices.SortStableFunc(r.Vendors, func(a, b Ranked) int {
		if c := cmp.Compare(order[a.Status], order[b.Status]); c != 0 {
			return c
		}
		if a.Status != Excluded {
			if c := b.Score.Cmp(a.Score); c != 0 {
				return c
			}
		}
		return cmp.Compare(a.Name, b.Name)
	})
	eligible := 0
	for i := range r.Vendors {
		if r.Vendors[i].Status != Excluded {
			r.Vendors[i].Rank = i + 1
		}
		if r.Vendors[i].Status == Eligible {
			eligible++
		}
	}
	r.Notes = notes(len(in.Vendors), eligible)
	if in.Cards > 0 {
		s := SplitCards(in.Cards)
		if eligible >= 2 {
			s.PrimaryVendor, s.BackupVendor = r.Vendors[0].Name, r.Vendors[1].Name
		} else {
			s.Reason += " Rule V5 needs two vendors that pass the hard filters; " + plural(eligible, "vendor passes", "vendors pass") + "."
		}
		r.Split = &s
	}
	return r, nil
}

// score screens and scores one vendor.
func score(v Vendor, w Weights) Ranked {
	r := Ranked{Name: v.Name, Status: Eligible, Base: weighted(v.Scores, w)}
	filters := []struct {
		ok         *bool
		fail, todo string
	}{
		{v.B11Licence, "No B11 value-added telecom licence: the legal threshold for IDC and cloud services.", "B11 licence not verified."},
		{v.BusinessLicence, "No business licence.", "Business licence not verified."},
		{v.VATSpecialInvoice, "No corporate bank transfer with VAT special invoices.", "Corporate transfer with VAT special invoices not verified."},
	}
	for _, f := range filters {
		switch {
		case f.ok == nil:
			r.unverified(f.todo)
		case !*f.ok:
			r.exclude(f.fail)
		}
	}
	switch v.SLAPays {
	case PaysHours:
		r.exclude("The SLA compensates with extra hours, not money.")
	case PaysNothing:
		r.exclude("The SLA states no compensation.")
	case PaysVoucher:
		r.Reasons = append(r.Reasons, "The SLA pays in vouchers, not cash: ask for money (rule K1).")
	case "":
		r.unverified("How the SLA compensates is not verified.")
	}
	r.Adjustments = adjustments(v)
	r.Score = r.Base
	for _, a := range r.Adjustments {
		r.Score = r.Score.Add(a.Delta)
	}
	return r
}

func (r *Ranked) exclude(reason string) {
	r.Status = Excluded
	r.Reasons = append(r.Reasons, reason)
}

func (r *Ranked) unverified(reason string) {
	if r.Status == Eligible {
		r.Status = Unverified
	}
	r.Reasons = append(r.Reasons, reason)
}

// weighted is Σ wᵢ·sᵢ ÷ Σ wᵢ; the weights are not all zero.
func weighted(s Scores, w Weights) decimal.Decimal {
	sum, total := decimal.Zero, decimal.Zero
	ws := w.list()
	for i, mark := range s.list() {
		sum = sum.Add(ws[i].Mul(decimal.NewFromInt(int64(mark))))
		total = total.Add(ws[i])
	}
	return sum.DivRound(total, money.DivPrecision)
}

// adjustments applies the soft signals of rule V3.
func adjustments(v Vendor) []Adjustment {
	var as []Adjustment
	if v.Tier3GPURoom != nil {
		if *v.Tier3GPURoom {
			as = append(as, Adjustment{"tier3_gpu_room", AdjustTier3, "Tier 3+ data centre with a dedicated GPU room."})
		} else {
			as = append(as, Adjustment{"tier3_gpu_room", AdjustTier3.Neg(), "No Tier 3+ dedicated GPU room (a converted IDC)."})
		}
	}
	if v.SameCardCases != nil {
		if *v.SameCardCases {
			as = append(as, Adjustment{"same_card_cases", AdjustCases, "Enterprise customer cases on the same GPU model."})
		} else {
			as = append(as, Adjustment{"same_card_cases", AdjustCases.Neg(), "No enterprise cases on the same GPU model: be cautious."})
		}
	}
	if v.POC == POCRefused {
		as = append(as, Adjustment{"poc", AdjustPOCRefused, "Refuses a POC: a red flag, something is likely wrong."})
	}
	if v.Preemptible != nil && *v.Preemptible {
		as = append(as, Adjustment{"preemptible", AdjustPreemptible, "Preemptible capacity: it may run out at peak times."})
	}
	return as
}

// notes applies rule V1's 3–5 candidates.
func notes(n, eligible int) []string {
	var out []string
	switch {
	case n < 3:
		out = append(out, "Fewer than 3 candidates: rule V1 scores 3–5.")
	case n > 5:
		out = append(out, "More than 5 candidates: rule V1 shortlists 3–5 before POCs.")
	}
	if eligible == 0 {
		out = append(out, "No vendor passes every hard filter yet (rule V2).")
	}
	return out
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

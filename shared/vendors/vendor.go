package vendors

import (
	"cmp"
	"sort"

	"github.com/gpuplan/gpuplan/shared/internal/msgjson"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
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
	// Reason says why; the JSON writes it as "reason" (English) and
	// "reason_message".
	Reason msg.M `json:"-"`
}

// MarshalJSON writes the adjustment with the English of its reason.
func (a Adjustment) MarshalJSON() ([]byte, error) {
	type plain Adjustment
	return msgjson.Marshal(plain(a), msgjson.One("reason", "reason_message", &a.Reason))
}

// UnmarshalJSON reads what MarshalJSON writes; a reason with only its
// English reads as that text.
func (a *Adjustment) UnmarshalJSON(b []byte) error {
	type plain Adjustment
	var p plain
	if err := msgjson.Unmarshal(b, &p, msgjson.One("reason", "reason_message", &p.Reason)); err != nil {
		return err
	}
	*a = Adjustment(p)
	return nil
}

// adjust makes an adjustment whose reason is the catalogue message id.
func adjust(signal string, delta decimal.Decimal, id string) Adjustment {
	return Adjustment{Signal: signal, Delta: delta, Reason: msg.New(id)}
}

// ReasonIn renders the reason in l.
func (a Adjustment) ReasonIn(l msg.Lang) string { return a.Reason.In(l) }

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
	// Reasons explain an exclusion or what is left to verify; the JSON
	// writes them as "reasons" (English) and "reason_messages".
	Reasons []msg.M `json:"-"`
}

// MarshalJSON writes the vendor with the English of its reasons.
func (r Ranked) MarshalJSON() ([]byte, error) {
	type plain Ranked
	return msgjson.Marshal(plain(r), msgjson.List("reasons", "reason_messages", &r.Reasons))
}

// UnmarshalJSON reads what MarshalJSON writes; reasons with only their
// English read as that text.
func (r *Ranked) UnmarshalJSON(b []byte) error {
	type plain Ranked
	var p plain
	if err := msgjson.Unmarshal(b, &p, msgjson.List("reasons", "reason_messages", &p.Reasons)); err != nil {
		return err
	}
	*r = Ranked(p)
	return nil
}

// ReasonsIn renders the reasons in l.
func (r Ranked) ReasonsIn(l msg.Lang) []string { return msg.Strings(l, r.Reasons) }

// reason appends the catalogue message id to the reasons.
func (r *Ranked) reason(id string) {
	r.Reasons = append(r.Reasons, msg.New(id))
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
	// Notes are findings about the candidate list as a whole; the JSON
	// writes them as "notes" (English) and "note_messages".
	Notes []msg.M `json:"-"`
}

// MarshalJSON writes the result with the English of its notes.
func (r Result) MarshalJSON() ([]byte, error) {
	type plain Result
	return msgjson.Marshal(plain(r), msgjson.List("notes", "note_messages", &r.Notes))
}

// UnmarshalJSON reads what MarshalJSON writes; notes with only their
// English read as that text.
func (r *Result) UnmarshalJSON(b []byte) error {
	type plain Result
	var p plain
	if err := msgjson.Unmarshal(b, &p, msgjson.List("notes", "note_messages", &p.Notes)); err != nil {
		return err
	}
	*r = Result(p)
	return nil
}

// NotesIn renders the notes in l.
func (r Result) NotesIn(l msg.Lang) []string { return msg.Strings(l, r.Notes) }

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
	// The sort package, not slices: each element type of a generic sort
	// adds about 12 KB of uncompressed code and data to app.wasm.
	byRank := func(a, b Ranked) int {
		if c := cmp.Compare(order[a.Status], order[b.Status]); c != 0 {
			return c
		}
		if a.Status != Excluded {
			if c := b.Score.Cmp(a.Score); c != 0 {
				return c
			}
		}
		return cmp.Compare(a.Name, b.Name)
	}
	sort.SliceStable(r.Vendors, func(i, j int) bool { return byRank(r.Vendors[i], r.Vendors[j]) < 0 })
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
			s.setReason(msg.Seq(s.Reason, msg.New("vendors.split.need_two", msg.Int(eligible))))
		}
		r.Split = &s
	}
	return r, nil
}

// score screens and scores one vendor.
func score(v Vendor, w Weights) Ranked {
	r := Ranked{Name: v.Name, Status: Eligible, Base: weighted(v.Scores, w)}
	filters := []struct {
		ok *bool
		id string // the messages vendors.fail.<id> and vendors.todo.<id>
	}{
		{v.B11Licence, "b11"},
		{v.BusinessLicence, "licence"},
		{v.VATSpecialInvoice, "vat"},
	}
	for _, f := range filters {
		switch {
		case f.ok == nil:
			r.unverified("vendors.todo." + f.id)
		case !*f.ok:
			r.exclude("vendors.fail." + f.id)
		}
	}
	switch v.SLAPays {
	case PaysHours:
		r.exclude("vendors.sla.hours")
	case PaysNothing:
		r.exclude("vendors.sla.nothing")
	case PaysVoucher:
		r.exclude("vendors.sla.voucher") // vouchers are not money (rule V2's hard filter)
	case "":
		r.unverified("vendors.todo.sla")
	}
	r.Adjustments = adjustments(v)
	r.Score = r.Base
	for _, a := range r.Adjustments {
		r.Score = r.Score.Add(a.Delta)
	}
	return r
}

// exclude marks the vendor excluded for the reason id.
func (r *Ranked) exclude(id string) {
	r.Status = Excluded
	r.reason(id)
}

// unverified marks what is left to verify, the reason id.
func (r *Ranked) unverified(id string) {
	if r.Status == Eligible {
		r.Status = Unverified
	}
	r.reason(id)
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
			as = append(as, adjust("tier3_gpu_room", AdjustTier3, "vendors.adj.tier3"))
		} else {
			as = append(as, adjust("tier3_gpu_room", AdjustTier3.Neg(), "vendors.adj.no_tier3"))
		}
	}
	if v.SameCardCases != nil {
		if *v.SameCardCases {
			as = append(as, adjust("same_card_cases", AdjustCases, "vendors.adj.cases"))
		} else {
			as = append(as, adjust("same_card_cases", AdjustCases.Neg(), "vendors.adj.no_cases"))
		}
	}
	if v.POC == POCRefused {
		as = append(as, adjust("poc", AdjustPOCRefused, "vendors.adj.poc_refused"))
	}
	if v.Preemptible != nil && *v.Preemptible {
		as = append(as, adjust("preemptible", AdjustPreemptible, "vendors.adj.preemptible"))
	}
	return as
}

// notes applies rule V1's 3–5 candidates.
func notes(n, eligible int) []msg.M {
	var out []msg.M
	switch {
	case n < 3:
		out = append(out, msg.New("vendors.note.few"))
	case n > 5:
		out = append(out, msg.New("vendors.note.many"))
	}
	if eligible == 0 {
		out = append(out, msg.New("vendors.note.none_eligible"))
	}
	return out
}

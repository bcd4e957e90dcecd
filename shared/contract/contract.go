package contract

import (
	"encoding/json"

	"github.com/gpuplan/gpuplan/shared/finding"
	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// worse returns the worse of two levels.
func worse(a, b finding.Level) finding.Level {
	if a == finding.Red || b == finding.Red {
		return finding.Red
	}
	if a == finding.Amber || b == finding.Amber {
		return finding.Amber
	}
	return finding.Green
}

// Clause is the grade of one K rule with the reasons for it.
type Clause struct {
	// Rule is the rule id, "K1" … "K6".
	Rule string `json:"rule"`
	// Title names the clause; the JSON writes it as "title" (English) and
	// "title_message".
	Title msg.M `json:"-"`
	// Level is the worst grade of the clause's checks.
	Level finding.Level `json:"level"`
	// Reasons explain each check, with the figures; the JSON writes them
	// as "reasons" (English) and "reason_messages".
	Reasons []msg.M `json:"-"`
}

// clauseJSON is a Clause's JSON form, the English of its title and reasons
// written next to their messages for scripts.
type clauseJSON struct {
	Rule           string        `json:"rule"`
	Title          string        `json:"title"`
	TitleMessage   msg.M         `json:"title_message,omitzero"`
	Level          finding.Level `json:"level"`
	Reasons        []string      `json:"reasons"`
	ReasonMessages []msg.M       `json:"reason_messages,omitempty"`
}

// MarshalJSON writes the clause with the English of its title and reasons.
func (c Clause) MarshalJSON() ([]byte, error) {
	return json.Marshal(clauseJSON{Rule: c.Rule, Title: c.Title.String(), TitleMessage: c.Title, Level: c.Level,
		Reasons: msg.Strings(msg.En, c.Reasons), ReasonMessages: c.Reasons})
}

// UnmarshalJSON reads what MarshalJSON writes; a title or reasons with
// only their English read as that text.
func (c *Clause) UnmarshalJSON(b []byte) error {
	var j clauseJSON
	if err := strictjson.DecodeBytes(b, &j); err != nil {
		return err
	}
	*c = Clause{Rule: j.Rule, Title: msg.FromFile(j.Title, j.TitleMessage), Level: j.Level,
		Reasons: msg.ListFromFile(j.Reasons, j.ReasonMessages)}
	return nil
}

// newClause starts the green clause of rule, titled by its catalogue entry.
func newClause(rule string) Clause {
	t := msg.New("contract.clause." + rule)
	return Clause{Rule: rule, Title: t, Level: finding.Green}
}

// add records a check's grade and its reason, the catalogue message id.
func (c *Clause) add(l finding.Level, id string, args ...msg.Arg) {
	c.Level = worse(c.Level, l)
	c.note(id, args...)
}

// note records a reason that does not grade.
func (c *Clause) note(id string, args ...msg.Arg) {
	c.Reasons = append(c.Reasons, msg.New(id, args...))
}

// TitleIn renders the title in l (the English text when the clause
// carries no message).
func (c Clause) TitleIn(l msg.Lang) string {
	return c.Title.In(l)
}

// ReasonsIn renders the reasons in l.
func (c Clause) ReasonsIn(l msg.Lang) []string {
	return msg.Strings(l, c.Reasons)
}

// Downtime is the downtime an availability allows on one month basis.
type Downtime struct {
	Basis   Basis           `json:"basis"`
	Minutes decimal.Decimal `json:"minutes"`
}

// Outage is what the K6 outage costs the vendor.
type Outage struct {
	// Hours is the outage priced.
	Hours decimal.Decimal `json:"hours"`
	// Credit is what it earns under the contract's table.
	Credit Credit `json:"credit"`
}

// ExitRow is the cost of leaving after a given month.
type ExitRow struct {
	// Month is the last month paid; the contract ends after it.
	Month int `json:"month"`
	// RemainingMonths is TermMonths − Month.
	RemainingMonths int `json:"remaining_months"`
	// Remaining is the rent still to run: RemainingMonths × MonthlyFee.
	Remaining decimal.Decimal `json:"remaining"`
	// Contract is what the contract's clause charges; nil when the contract
	// has no termination clause.
	Contract *decimal.Decimal `json:"contract"`
	// Recommended is rule K3's cap: min(20% × Remaining, 3 × MonthlyFee),
	// and at most one month's fee on a monthly contract.
	Recommended decimal.Decimal `json:"recommended"`
}

// Over reports whether the contract charges more than the recommended cap.
func (r ExitRow) Over() bool {
	return r.Contract != nil && r.Contract.GreaterThan(r.Recommended)
}

// Result is the contract check.
type Result struct {
	// Basis is the month basis the SLA uses.
	Basis Basis `json:"basis"`
	// AllowedMinutes is the monthly downtime the availability allows on
	// Basis.
	AllowedMinutes decimal.Decimal `json:"allowed_minutes"`
	// Downtime is the allowed downtime on every basis, for comparison.
	Downtime []Downtime `json:"downtime"`
	// Table is the credit table applied.
	Table Table `json:"table"`
	// Outage is the K6 outage's credit.
	Outage Outage `json:"outage"`
	// Exit is the early-termination cost after each month of the term.
	Exit []ExitRow `json:"exit"`
	// Clauses grade K1 to K6, in order.
	Clauses []Clause `json:"clauses"`
}

// Level is the worst grade of all clauses.
func (r Result) Level() finding.Level {
	l := finding.Green
	for _, c := range r.Clauses {
		l = worse(l, c.Level)
	}
	return l
}

// Check validates in and grades the contract against rules K1–K6.
func Check(in Input) (Result, error) {
	if err := in.Validate(); err != nil {
		return Result{}, err
	}
	b := in.basis()
	r := Result{Basis: b, AllowedMinutes: AllowedDowntime(in.AvailabilityPct, b), Table: in.Credits.Table()}
	for _, x := range Bases {
		r.Downtime = append(r.Downtime, Downtime{Basis: x, Minutes: AllowedDowntime(in.AvailabilityPct, x)})
	}
	h := in.outageHours()
	r.Outage = Outage{Hours: h, Credit: r.Table.Credit(OutageUptime(h, b), in.MonthlyFee)}
	r.Exit = ExitSchedule(in.MonthlyFee, in.TermMonths, in.PaymentPeriod, in.Termination)
	k1, k2, k3 := slaClause(in, r), dataClause(in.Data), exitClause(in, r.Exit)
	r.Clauses = []Clause{k1, k2, k3, namesClause(in), documentClause(in.Document), outageClause(in, r.Outage, k1, k2, k3)}
	return r, nil
}

// Rule K3's recommended cap.
var (
	capShare  = decimal.RequireFromString("0.2")
	capMonths = decimal.NewFromInt(3)
)

// ExitSchedule returns the early-termination cost after each month 1 …
// term−1 of a term at fee a month, under clause t (nil: no clause), with
// rule K3's recommended cap beside it. Fee 55,000, 8 months left →
// remaining 440,000, a 50% clause charges 220,000, the cap is
// min(88,000, 165,000) = 88,000; 30 months left → cap 165,000.
func ExitSchedule(fee decimal.Decimal, term int, period Period, t *Termination) []ExitRow {
	var rows []ExitRow
	for m := 1; m < term; m++ {
		rows = append(rows, ExitAt(fee, term, period, t, m))
	}
	return rows
}

// ExitAt is the early-termination cost of leaving after month m (0: at
// the start) of a term at fee a month, under clause t (nil: no clause),
// with rule K3's recommended cap, min(20% of the remaining rent, 3
// months' fees), one month's fee when paid monthly. m is clamped to
// [0, term]. The exit-cost chart starts from it at month 0.
func ExitAt(fee decimal.Decimal, term int, period Period, t *Termination, m int) ExitRow {
	m = min(max(m, 0), max(term, 0))
	left := decimal.NewFromInt(int64(term - m))
	row := ExitRow{Month: m, RemainingMonths: term - m, Remaining: left.Mul(fee)}
	row.Recommended = decimal.Min(capShare.Mul(row.Remaining), capMonths.Mul(fee))
	if period == Monthly {
		row.Recommended = decimal.Min(row.Recommended, fee)
	}
	if t != nil {
		c := t.RemainingPct.Mul(row.Remaining).Shift(-2)
		if t.CapMonths != nil {
			c = decimal.Min(c, t.CapMonths.Mul(fee))
		}
		row.Contract = &c
	}
	return row
}

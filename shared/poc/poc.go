package poc

import (
	"fmt"
	"strings"

	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/shopspring/decimal"
)

// Status is the outcome of one check.
type Status string

// The outcomes.
const (
	Pass        Status = "pass"
	Fail        Status = "fail"
	NotJudged   Status = "not_judged"   // measured, but there is nothing to judge it against
	NotMeasured Status = "not_measured" // the POC did not record it
)

// Check is one judged measurement.
type Check struct {
	// ID names the check, e.g. "scaling".
	ID string `json:"id"`
	// Rule is the rule it applies.
	Rule string `json:"rule"`
	// Status is the outcome.
	Status Status `json:"status"`
	// Measured and Target are the figures compared; nil when absent.
	Measured *decimal.Decimal `json:"measured,omitempty"`
	Target   *decimal.Decimal `json:"target,omitempty"`
	// Reason says what was compared and what to do.
	Reason string `json:"reason"`
}

// Result is the judged POC.
type Result struct {
	// Verdict is Fail when any check failed, NotMeasured when none failed
	// but some were not measured or judged, Pass otherwise.
	Verdict Status `json:"verdict"`
	// Checks are the checks in rule order.
	Checks []Check `json:"checks"`
	// Machine compares the POC machine with the delivered one (rule P4);
	// nil when either's facts are missing.
	Machine *Diff `json:"machine,omitempty"`
}

// Thresholds of rules P2, P3 and P5.
var (
	minScaling     = decimal.RequireFromString("0.75")
	minPerformance = decimal.RequireFromString("0.9")
	bigBuyer       = decimal.NewFromInt(500000)
)

// Judge validates in and judges the POC against rules P1–P5.
func Judge(in Input) (Result, error) {
	if err := in.Validate(); err != nil {
		return Result{}, err
	}
	r := Result{Checks: []Check{
		scaling(in),
		performance(in),
		higher("utilisation", "P1", "GPU utilisation", "%", in.UtilisationPct),
		higher("network", "P1", "network throughput", " Gbit/s", in.NetworkGbps),
		higher("storage_iops", "P1", "storage speed", " IOPS", in.StorageIOPS),
		lower("container_start", "P1", "container start", " s", in.ContainerStartS),
		ease(in.EaseOfUse),
		lower("ticket_response", "P5", "off-hours ticket response", " min", in.TicketResponseMin),
		trial(in),
	}}
	machine, check := sameMachine(in)
	r.Machine = machine
	r.Checks = append(r.Checks, check)
	r.Verdict = Pass
	for _, c := range r.Checks {
		switch {
		case c.Status == Fail:
			r.Verdict = Fail
		case c.Status != Pass && r.Verdict == Pass:
			r.Verdict = NotMeasured
		}
	}
	return r, nil
}

// ratio is a ÷ b at the package's division precision.
func ratio(a, b decimal.Decimal) decimal.Decimal { return a.DivRound(b, money.DivPrecision) }

// Efficiency is rule P2's scaling efficiency: multi ÷ (cards × single).
func Efficiency(single, multi decimal.Decimal, cards int) decimal.Decimal {
	return ratio(multi, single.Mul(decimal.NewFromInt(int64(cards))))
}

func scaling(in Input) Check {
	c := Check{ID: "scaling", Rule: "P2", Target: ptr(minScaling)}
	t := in.Throughput
	switch {
	case in.Cards < 2:
		c.Status, c.Target = NotJudged, nil
		c.Reason = "A one-card run has no scaling to judge."
	case t.Single == nil || t.Multi == nil:
		c.Status = NotMeasured
		c.Reason = fmt.Sprintf("Measure one card and %d cards on the real workload to judge scaling.", in.Cards)
	default:
		e := Efficiency(*t.Single, *t.Multi, in.Cards)
		c.Measured = &e
		c.Reason = fmt.Sprintf("%d cards give %s%s, %s× one card's %s: %s of linear scaling", in.Cards,
			t.Multi.String(), unit(t.Unit), money.Round2(ratio(*t.Multi, *t.Single)).String(), t.Single.String(), money.FormatPercent(e))
		if e.LessThan(minScaling) {
			c.Status = Fail
			c.Reason += ", under 75%: check the network (NVLink / InfiniBand configuration, bandwidth)."
		} else {
			c.Status = Pass
			c.Reason += " (at least 75%)."
		}
	}
	return c
}

func unit(u string) string {
	if u == "" {
		return ""
	}
	return " " + u
}

func performance(in Input) Check {
	c := Check{ID: "performance", Rule: "P3", Target: ptr(minPerformance)}
	t := in.Throughput
	measured := t.Multi
	if in.Cards == 1 {
		measured = t.Single
	}
	if measured == nil || t.Expected == nil {
		c.Status = NotMeasured
		c.Reason = "Give the measured and the expected throughput of the same run to check it reaches 90%."
		return c
	}
	p := ratio(*measured, *t.Expected)
	c.Measured = &p
	c.Reason = fmt.Sprintf("Measured %s%s is %s of the expected %s", measured.String(), unit(t.Unit), money.FormatPercent(p), t.Expected.String())
	if p.LessThan(minPerformance) {
		c.Status = Fail
		c.Reason += ", under 90%: find out why before signing."
	} else {
		c.Status = Pass
		c.Reason += " (at least 90%)."
	}
	return c
}

// higher judges a metric where more is better.
func higher(id, rule, name, u string, m Metric) Check {
	return metric(id, rule, name, u, m, true)
}

// lower judges a metric where less is better.
func lower(id, rule, name, u string, m Metric) Check {
	return metric(id, rule, name, u, m, false)
}

func metric(id, rule, name, u string, m Metric, up bool) Check {
	c := Check{ID: id, Rule: rule, Measured: m.Measured, Target: m.Target}
	switch {
	case m.Measured == nil:
		c.Status = NotMeasured
		c.Reason = "Record the " + name + " during the POC."
		return c
	case m.Target == nil:
		c.Status = NotJudged
		c.Reason = fmt.Sprintf("The %s was %s%s; give the promised or required figure to judge it.", name, m.Measured, u)
		return c
	}
	ok, word := m.Measured.GreaterThanOrEqual(*m.Target), "at least"
	if !up {
		ok, word = m.Measured.LessThanOrEqual(*m.Target), "at most"
	}
	c.Status = Pass
	if !ok {
		c.Status = Fail
	}
	c.Reason = fmt.Sprintf("The %s was %s%s; the target is %s %s%s.", name, m.Measured, u, word, m.Target, u)
	return c
}

func ease(mark *int) Check {
	c := Check{ID: "ease_of_use", Rule: "P1", Status: NotMeasured, Reason: "Record an ease-of-use mark (1–5) from the team that ran the POC."}
	if mark != nil {
		v := decimal.NewFromInt(int64(*mark))
		c.Measured, c.Status = &v, NotJudged
		c.Reason = fmt.Sprintf("Ease of use %d of 5, recorded for comparison with the other vendors' POCs.", *mark)
	}
	return c
}

// trial applies rule P5's trial length.
func trial(in Input) Check {
	lo, hi := 1, 2
	if in.AnnualSpend.GreaterThan(bigBuyer) {
		lo, hi = 3, 5
	}
	target := decimal.NewFromInt(int64(lo))
	c := Check{ID: "trial_days", Rule: "P5", Target: &target}
	span := fmt.Sprintf("%d–%d days", lo, hi)
	if in.TrialDays == 0 {
		c.Status = NotMeasured
		c.Reason = "Run a " + span + " trial with the real model and data."
		return c
	}
	v := decimal.NewFromInt(int64(in.TrialDays))
	c.Measured = &v
	c.Status = Pass
	c.Reason = fmt.Sprintf("A %d-day trial; rule P5 asks for %s", in.TrialDays, span)
	if in.AnnualSpend.GreaterThan(bigBuyer) {
		c.Reason += " for buyers over 500,000 a year"
	}
	if in.TrialDays < lo {
		c.Status = Fail
		c.Reason += ": too short."
	} else {
		c.Reason += "."
	}
	c.Reason += " Before a large order, also run one card for a week."
	return c
}

// sameMachine applies rule P4.
func sameMachine(in Input) (*Diff, Check) {
	c := Check{ID: "same_machine", Rule: "P4"}
	if !present(in.POCFacts) || !present(in.DeliveredFacts) {
		c.Status = NotMeasured
		c.Reason = "Save the POC machine's gpuverify facts and compare them with the delivered machine's."
		return nil, c
	}
	d, err := CompareFacts(in.POCFacts, in.DeliveredFacts)
	if err != nil {
		c.Status = NotMeasured
		c.Reason = err.Error()
		return nil, c
	}
	c.Status = Pass
	if !d.Same() {
		c.Status = Fail
	}
	c.Reason = strings.Join(d.Summary(), " ")
	return &d, c
}

func present(raw []byte) bool {
	s := strings.TrimSpace(string(raw))
	return s != "" && s != "null"
}

// ptr returns a pointer to a copy of v, so no caller can change a
// package threshold.
func ptr(v decimal.Decimal) *decimal.Decimal { return &v }

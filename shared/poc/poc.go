package poc

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/msgjson"
	"github.com/gpuplan/gpuplan/shared/money"
	"github.com/gpuplan/gpuplan/shared/msg"
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
	// Reason says what was compared and what to do; the JSON writes it as
	// "reason" (English) and "reason_message".
	Reason msg.M `json:"-"`
}

// MarshalJSON writes the check with the English of its reason.
func (c Check) MarshalJSON() ([]byte, error) {
	type plain Check
	return msgjson.Marshal(plain(c), msgjson.One("reason", "reason_message", &c.Reason))
}

// UnmarshalJSON reads what MarshalJSON writes; a reason with only its
// English reads as that text.
func (c *Check) UnmarshalJSON(b []byte) error {
	type plain Check
	var p plain
	if err := msgjson.Unmarshal(b, &p, msgjson.One("reason", "reason_message", &p.Reason)); err != nil {
		return err
	}
	*c = Check(p)
	return nil
}

// because sets the reason to the catalogue message id.
func (c *Check) because(id string, args ...msg.Arg) {
	c.setReason(msg.New(id, args...))
}

func (c *Check) setReason(m msg.M) { c.Reason = m }

// ReasonIn renders the reason in l (the English text when the check
// carries no message).
func (c Check) ReasonIn(l msg.Lang) string {
	return c.Reason.In(l)
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
		higher("utilisation", "P1", "pct", in.UtilisationPct),
		higher("network", "P1", "gbps", in.NetworkGbps),
		higher("storage_iops", "P1", "iops", in.StorageIOPS),
		lower("container_start", "P1", "s", in.ContainerStartS),
		ease(in.EaseOfUse),
		lower("ticket_response", "P5", "min", in.TicketResponseMin),
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
		c.because("poc.scaling.one")
	case t.Single == nil || t.Multi == nil:
		c.Status = NotMeasured
		c.because("poc.scaling.measure", msg.Int(in.Cards))
	default:
		e := Efficiency(*t.Single, *t.Multi, in.Cards)
		c.Measured = &e
		c.Status = Pass
		id := "poc.scaling.pass"
		if e.LessThan(minScaling) {
			c.Status, id = Fail, "poc.scaling.fail"
		}
		c.because(id, msg.Int(in.Cards), msg.Text(t.Multi.String()), msg.Text(unit(t.Unit)),
			msg.Text(money.Round2(ratio(*t.Multi, *t.Single)).String()), msg.Text(t.Single.String()), msg.Text(money.FormatPercent(e)))
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
		c.because("poc.perf.measure")
		return c
	}
	p := ratio(*measured, *t.Expected)
	c.Measured = &p
	c.Status = Pass
	id := "poc.perf.pass"
	if p.LessThan(minPerformance) {
		c.Status, id = Fail, "poc.perf.fail"
	}
	c.because(id, msg.Text(measured.String()), msg.Text(unit(t.Unit)), msg.Text(money.FormatPercent(p)), msg.Text(t.Expected.String()))
	return c
}

// higher judges a metric where more is better; u is its unit, the
// catalogue entry poc.unit.<u>.
func higher(id, rule, u string, m Metric) Check {
	return metric(id, rule, u, m, true)
}

// lower judges a metric where less is better.
func lower(id, rule, u string, m Metric) Check {
	return metric(id, rule, u, m, false)
}

// metric judges the metric id, named by the catalogue entry
// poc.metric.<id>.
func metric(id, rule, u string, m Metric, up bool) Check {
	c := Check{ID: id, Rule: rule, Measured: m.Measured, Target: m.Target}
	name, unit := msg.Label("poc.metric."+id), msg.Label("poc.unit."+u)
	switch {
	case m.Measured == nil:
		c.Status = NotMeasured
		c.because("poc.metric.record", name)
		return c
	case m.Target == nil:
		c.Status = NotJudged
		c.because("poc.metric.unjudged", name, msg.Text(m.Measured.String()), unit)
		return c
	}
	ok, word := m.Measured.GreaterThanOrEqual(*m.Target), "poc.metric.at_least"
	if !up {
		ok, word = m.Measured.LessThanOrEqual(*m.Target), "poc.metric.at_most"
	}
	c.Status = Pass
	if !ok {
		c.Status = Fail
	}
	c.because(word, name, msg.Text(m.Measured.String()), unit, msg.Text(m.Target.String()))
	return c
}

func ease(mark *int) Check {
	c := Check{ID: "ease_of_use", Rule: "P1", Status: NotMeasured}
	c.because("poc.ease.record")
	if mark != nil {
		v := decimal.NewFromInt(int64(*mark))
		c.Measured, c.Status = &v, NotJudged
		c.because("poc.ease.mark", msg.Int(*mark))
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
	if in.TrialDays == 0 {
		c.Status = NotMeasured
		c.because("poc.trial.run", msg.Int(lo), msg.Int(hi))
		return c
	}
	v := decimal.NewFromInt(int64(in.TrialDays))
	c.Measured = &v
	c.Status = Pass
	id := "poc.trial.ok"
	switch short, big := in.TrialDays < lo, in.AnnualSpend.GreaterThan(bigBuyer); {
	case short && big:
		c.Status, id = Fail, "poc.trial.short_big"
	case short:
		c.Status, id = Fail, "poc.trial.short"
	case big:
		id = "poc.trial.ok_big"
	}
	c.because(id, msg.Int(in.TrialDays), msg.Int(lo), msg.Int(hi))
	return c
}

// sameMachine applies rule P4.
func sameMachine(in Input) (*Diff, Check) {
	c := Check{ID: "same_machine", Rule: "P4"}
	if !present(in.POCFacts) || !present(in.DeliveredFacts) {
		c.Status = NotMeasured
		c.because("poc.machine.save")
		return nil, c
	}
	d, err := CompareFacts(in.POCFacts, in.DeliveredFacts)
	if err != nil {
		c.Status = NotMeasured
		c.because("common.verbatim", msg.Text(err.Error()))
		return nil, c
	}
	c.Status = Pass
	if !d.Same() {
		c.Status = Fail
	}
	c.setReason(msg.Seq(d.SummaryMessages()...))
	return &d, c
}

func present(raw []byte) bool {
	s := strings.TrimSpace(string(raw))
	return s != "" && s != "null"
}

// ptr returns a pointer to a copy of v, so no caller can change a
// package threshold.
func ptr(v decimal.Decimal) *decimal.Decimal { return &v }

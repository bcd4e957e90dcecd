package poc

import (
	"bytes"
	"encoding/json"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/valid"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// Input is what the POC measured and what it should have reached. Every
// measurement is optional: what is missing is reported as not measured.
type Input struct {
	// Cards is the card count of the multi-card run, in [1, 100000].
	Cards int `json:"cards"`
	// Throughput is the training or inference speed.
	Throughput Throughput `json:"throughput"`
	// UtilisationPct is the mean GPU utilisation during the run, in
	// percent, against the utilisation the buyer requires.
	UtilisationPct Metric `json:"utilisation_pct"`
	// NetworkGbps is the measured network or interconnect throughput in
	// Gbit/s, against the promised figure.
	NetworkGbps Metric `json:"network_gbps"`
	// StorageIOPS is the measured storage IOPS, against the promised figure.
	StorageIOPS Metric `json:"storage_iops"`
	// ContainerStartS is the container start time in seconds, against the
	// longest acceptable.
	ContainerStartS Metric `json:"container_start_s"`
	// TicketResponseMin is the response time in minutes of a ticket filed
	// on a weekend night, against the promised response time (rule P5).
	TicketResponseMin Metric `json:"ticket_response_min"`
	// EaseOfUse is the team's ease-of-use mark, 1–5; nil when not given.
	EaseOfUse *int `json:"ease_of_use,omitempty"`
	// TrialDays is the length of the trial in days, in [0, 365].
	TrialDays int `json:"trial_days"`
	// AnnualSpend is the expected annual spend with the vendor, CNY, ≥ 0;
	// over 500,000 the trial should last 3–5 days (rule P5).
	AnnualSpend decimal.Decimal `json:"annual_spend"`
	// POCFacts and DeliveredFacts are the gpuverify facts (the report's
	// "facts" object, or the whole report) of the POC machine and of the
	// delivered one (rule P4); either may be absent.
	POCFacts       json.RawMessage `json:"poc_facts,omitempty"`
	DeliveredFacts json.RawMessage `json:"delivered_facts,omitempty"`
}

// Throughput is the speed of the real workload.
type Throughput struct {
	// Unit names the unit, e.g. "tokens/s" or "samples/s".
	Unit string `json:"unit,omitempty"`
	// Single is the throughput of one card, > 0.
	Single *decimal.Decimal `json:"single,omitempty"`
	// Multi is the throughput of Cards cards together, > 0.
	Multi *decimal.Decimal `json:"multi,omitempty"`
	// Expected is the throughput expected of the measured run (Multi, or
	// Single when Cards is 1), e.g. from the vendor or from the card's
	// official figures, > 0.
	Expected *decimal.Decimal `json:"expected,omitempty"`
}

// Metric is a measurement and its target.
type Metric struct {
	// Measured is the measured value, ≥ 0; nil when not measured.
	Measured *decimal.Decimal `json:"measured,omitempty"`
	// Target is the promised or required value, ≥ 0; nil when none.
	Target *decimal.Decimal `json:"target,omitempty"`
}

var (
	maxValue = decimal.New(1, 12)
	hundred  = decimal.NewFromInt(100)
)

// Validate reports the first input outside its allowed range, naming it.
func (in Input) Validate() error {
	t := in.Throughput
	checks := []error{
		valid.IntRange("cards", in.Cards, 1, 100000),
		optDec("throughput.single", t.Single, false, maxValue),
		optDec("throughput.multi", t.Multi, false, maxValue),
		optDec("throughput.expected", t.Expected, false, maxValue),
		in.UtilisationPct.validate("utilisation_pct", hundred),
		in.NetworkGbps.validate("network_gbps", maxValue),
		in.StorageIOPS.validate("storage_iops", maxValue),
		in.ContainerStartS.validate("container_start_s", maxValue),
		in.TicketResponseMin.validate("ticket_response_min", maxValue),
		valid.IntRange("trial_days", in.TrialDays, 0, 365),
		valid.InRange("annual_spend", in.AnnualSpend, decimal.Zero, maxValue, true, msg.New("want.in", msg.Label("want.noun.amount"), msg.Text("[0, 10^12]"))),
		factsObject("poc_facts", in.POCFacts),
		factsObject("delivered_facts", in.DeliveredFacts),
	}
	if len(t.Unit) > 40 {
		return &fielderr.Error{Field: "throughput.unit", Value: t.Unit[:40] + "…", Want: msg.New("want.max_bytes", msg.Int(40))}
	}
	if in.EaseOfUse != nil {
		checks = append(checks, valid.IntRange("ease_of_use", *in.EaseOfUse, 1, 5))
	}
	return valid.First(checks...)
}

func (m Metric) validate(field string, hi decimal.Decimal) error {
	if err := optDec(field+".measured", m.Measured, true, hi); err != nil {
		return err
	}
	return optDec(field+".target", m.Target, true, hi)
}

func optDec(field string, v *decimal.Decimal, zeroOK bool, hi decimal.Decimal) error {
	if v == nil {
		return nil
	}
	limit := hi.String()
	if hi.Equal(maxValue) {
		limit = "10^12"
	}
	interval := "(0, " + limit + "]"
	if zeroOK {
		interval = "[0, " + limit + "]"
	}
	want := msg.New("want.in", msg.Label("want.noun.number"), msg.Text(interval))
	return valid.InRange(field, *v, decimal.Zero, hi, zeroOK, want)
}

// factsObject checks that raw, when present, is a JSON object.
func factsObject(field string, raw json.RawMessage) error {
	if len(raw) == 0 || bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return nil
	}
	// json.Valid scans without building the document: the site checks
	// the section on every keystroke.
	if t := bytes.TrimSpace(raw); len(t) == 0 || t[0] != '{' || !json.Valid(t) {
		return &fielderr.Error{Field: field, Value: "(not an object)", Want: msg.New("want.json_object")}
	}
	return nil
}

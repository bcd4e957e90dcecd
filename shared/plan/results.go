package plan

import (
	"github.com/gpuplan/gpuplan/shared/checklist"
	"github.com/gpuplan/gpuplan/shared/contract"
	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/ops"
	"github.com/gpuplan/gpuplan/shared/poc"
	"github.com/gpuplan/gpuplan/shared/quote"
	"github.com/gpuplan/gpuplan/shared/vendors"
)

// ProcurementResults are the verdicts computed from the procurement
// sections the user entered (requirements.procurement): the plan file's
// "procurement" section. Each is the result of the section's shared
// function (quote.Compare, vendors.Rank, contract.Check, poc.Judge,
// ops.Review, exit.Schedule, checklist.State.Summary), so the site,
// gpuverify plan --format json and any script reading the file see the
// same figures. A section is present exactly when its input is.
//
// The results are a pure function of the inputs: Build computes them and
// Decode computes them again from the inputs it read, so an edited or
// stale "procurement" section in a file never reaches a reader.
type ProcurementResults struct {
	// Quotes are the quotes normalised to the all-in monthly cost of the
	// need, ranked, with the spread and the flags (rules C5, C3, V4, K4).
	Quotes *quote.Result `json:"quotes,omitempty"`
	// Vendors are the candidates ranked after the hard filters, with the
	// primary/backup card split (rules V2, V3, V5).
	Vendors *vendors.Result `json:"vendors,omitempty"`
	// Contract holds the clause verdicts, the allowed downtime, the credit
	// of the reference outage and the exit cost by month (rules K1–K6).
	Contract *contract.Result `json:"contract,omitempty"`
	// POC is the POC judged against P1–P5, with the P4 machine comparison.
	POC *poc.Result `json:"poc,omitempty"`
	// Operations is the monthly variance, cost per useful GPU-hour, the
	// right-sizing suggestions and the quarterly scorecard (rules O1–O3).
	Operations *ops.Result `json:"operations,omitempty"`
	// Exit is the renewal and exit timeline (rules E1, E2, K2).
	Exit *exit.Calendar `json:"exit,omitempty"`
	// Checklists is the progress through the checklists, per article and
	// per stage (rule L1).
	Checklists *checklist.Summary `json:"checklists,omitempty"`
}

// ComputeProcurement computes the results of every present section of in;
// nil when in is nil or has no section. It refuses a section outside its
// ranges, naming the field as "procurement.<section>.<field>".
func ComputeProcurement(in *Procurement) (*ProcurementResults, error) {
	if in == nil {
		return nil, nil
	}
	var r ProcurementResults
	steps := []struct {
		name string
		run  func() error
	}{
		{"quotes", func() error { return result(in.Quotes, quote.Compare, &r.Quotes) }},
		{"vendors", func() error { return result(in.Vendors, vendors.Rank, &r.Vendors) }},
		{"contract", func() error { return result(in.Contract, contract.Check, &r.Contract) }},
		{"poc", func() error { return result(in.POC, poc.Judge, &r.POC) }},
		{"operations", func() error { return result(in.Operations, ops.Review, &r.Operations) }},
		{"exit", func() error { return result(in.Exit, exit.Schedule, &r.Exit) }},
		{"checklists", func() error { return result(in.Checklists, checklistSummary, &r.Checklists) }},
	}
	for _, s := range steps {
		if err := s.run(); err != nil {
			return nil, stageErr(s.name, err)
		}
	}
	if r == (ProcurementResults{}) {
		return nil, nil
	}
	return &r, nil
}

// result runs fn on *in into *out when in is present.
func result[In, Out any](in *In, fn func(In) (Out, error), out **Out) error {
	if in == nil {
		return nil
	}
	v, err := fn(*in)
	if err != nil {
		return err
	}
	*out = &v
	return nil
}

func checklistSummary(s checklist.State) (checklist.Summary, error) {
	if err := s.Validate(); err != nil {
		return checklist.Summary{}, err
	}
	return s.Summary(), nil
}

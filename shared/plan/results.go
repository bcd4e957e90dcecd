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
// The results are a pure function of the inputs: Encode computes them (Build
// leaves them out, so a keystroke on the planner does not pay for them) and
// Decode computes them again from the inputs it read, so an edited or stale
// "procurement" section in a file never reaches a reader.
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
// ranges, naming the field as "procurement.<section>.<field>". (Plain
// code, one block a section: a generic helper was compiled once per
// section into app.wasm.)
func ComputeProcurement(in *Procurement) (*ProcurementResults, error) {
	if in == nil {
		return nil, nil
	}
	var r ProcurementResults
	if in.Quotes != nil {
		v, err := quote.Compare(*in.Quotes)
		if err != nil {
			return nil, stageErr("quotes", err)
		}
		r.Quotes = &v
	}
	if in.Vendors != nil {
		v, err := vendors.Rank(*in.Vendors)
		if err != nil {
			return nil, stageErr("vendors", err)
		}
		r.Vendors = &v
	}
	if in.Contract != nil {
		v, err := contract.Check(*in.Contract)
		if err != nil {
			return nil, stageErr("contract", err)
		}
		r.Contract = &v
	}
	if in.POC != nil {
		v, err := poc.Judge(*in.POC)
		if err != nil {
			return nil, stageErr("poc", err)
		}
		r.POC = &v
	}
	if in.Operations != nil {
		v, err := ops.Review(*in.Operations)
		if err != nil {
			return nil, stageErr("operations", err)
		}
		r.Operations = &v
	}
	if in.Exit != nil {
		v, err := exit.Schedule(*in.Exit)
		if err != nil {
			return nil, stageErr("exit", err)
		}
		r.Exit = &v
	}
	if in.Checklists != nil {
		if err := in.Checklists.Validate(); err != nil {
			return nil, stageErr("checklists", err)
		}
		v := in.Checklists.Summary()
		r.Checklists = &v
	}
	if r == (ProcurementResults{}) {
		return nil, nil
	}
	return &r, nil
}

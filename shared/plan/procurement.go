package plan

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/checklist"
	"github.com/gpuplan/gpuplan/shared/contract"
	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/ops"
	"github.com/gpuplan/gpuplan/shared/poc"
	"github.com/gpuplan/gpuplan/shared/quote"
	"github.com/gpuplan/gpuplan/shared/vendors"
)

// Procurement holds the optional later stages of the purchase: quotes,
// vendors, the contract, the POC, operations records, the exit and the
// checklists (rules C5, V, K, P, O, E, L). Each is what the user entered;
// the verdicts are computed from it wherever the plan is shown, by the same
// functions in the site and in gpuverify. Absent sections are omitted, so
// plan files without them stay valid gpuplan.plan/v1 files.
type Procurement struct {
	Quotes     *quote.Input     `json:"quotes,omitempty"`
	Vendors    *vendors.Input   `json:"vendors,omitempty"`
	Contract   *contract.Input  `json:"contract,omitempty"`
	POC        *poc.Input       `json:"poc,omitempty"`
	Operations *ops.Input       `json:"operations,omitempty"`
	Exit       *exit.Input      `json:"exit,omitempty"`
	Checklists *checklist.State `json:"checklists,omitempty"`
}

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
// ranges, naming the field as "procurement.<section>.<field>".
func ComputeProcurement(in *Procurement) (*ProcurementResults, error) {
	if in == nil {
		return nil, nil
	}
	var r ProcurementResults
	for _, s := range in.stages(&r) {
		if !s.present {
			continue
		}
		if _, err := s.compute(); err != nil {
			return nil, stageErr(s.name, err)
		}
	}
	if r == (ProcurementResults{}) {
		return nil, nil
	}
	return &r, nil
}

// stage is one procurement section: its name in the plan file, whether
// p holds it, and how to read, validate, compute and render it. The table
// in stages is the one list of the sections: Sections, DecodeSection,
// validation, ComputeProcurement and rendering all range over it.
type stage struct {
	name    string
	present bool
	// fresh sets a new, empty input of the section in p and returns it.
	fresh    func() any
	validate func() error
	// compute computes the section's result, stores it in the results
	// stages was given and returns it for rendering.
	compute func() (renderer, error)
}

// renderer is what every stage's result offers: a report in either
// language.
type renderer interface {
	WriteTextIn(io.Writer, msg.Lang) error
	WriteMarkdownIn(io.Writer, msg.Lang) error
}

func write(w io.Writer, r renderer, markdown bool, l msg.Lang) error {
	if markdown {
		return r.WriteMarkdownIn(w, l)
	}
	return r.WriteTextIn(w, l)
}

// compute returns a stage's compute: fn applied to *in, its result stored
// in *out.
func compute[In any, Out renderer](in **In, fn func(In) (Out, error), out **Out) func() (renderer, error) {
	return func() (renderer, error) {
		v, err := fn(**in)
		if err != nil {
			return nil, err
		}
		*out = &v
		return v, nil
	}
}

// stages lists the sections in file order; their results go to r.
func (p *Procurement) stages(r *ProcurementResults) []stage {
	return []stage{
		{"quotes", p.Quotes != nil, func() any { p.Quotes = new(quote.Input); return p.Quotes },
			func() error { return p.Quotes.Validate() }, compute(&p.Quotes, quote.Compare, &r.Quotes)},
		{"vendors", p.Vendors != nil, func() any { p.Vendors = new(vendors.Input); return p.Vendors },
			func() error { return p.Vendors.Validate() }, compute(&p.Vendors, vendors.Rank, &r.Vendors)},
		{"contract", p.Contract != nil, func() any { p.Contract = new(contract.Input); return p.Contract },
			func() error { return p.Contract.Validate() }, compute(&p.Contract, contract.Check, &r.Contract)},
		{"poc", p.POC != nil, func() any { p.POC = new(poc.Input); return p.POC },
			func() error { return p.POC.Validate() }, compute(&p.POC, poc.Judge, &r.POC)},
		{"operations", p.Operations != nil, func() any { p.Operations = new(ops.Input); return p.Operations },
			func() error { return p.Operations.Validate() }, compute(&p.Operations, ops.Review, &r.Operations)},
		{"exit", p.Exit != nil, func() any { p.Exit = new(exit.Input); return p.Exit },
			func() error { return p.Exit.Validate() }, compute(&p.Exit, exit.Schedule, &r.Exit)},
		{"checklists", p.Checklists != nil, func() any { p.Checklists = new(checklist.State); return p.Checklists },
			func() error { return p.Checklists.Validate() }, p.checklists(r)},
	}
}

// checklists is the checklists' compute: the state is validated, its
// summary is the result and the state itself renders.
func (p *Procurement) checklists(r *ProcurementResults) func() (renderer, error) {
	return func() (renderer, error) {
		if err := p.Checklists.Validate(); err != nil {
			return nil, err
		}
		v := p.Checklists.Summary()
		r.Checklists = &v
		return *p.Checklists, nil
	}
}

// Sections are the names of the procurement sections in a plan file, in
// file order.
var Sections = (&Procurement{}).names(false)

// names returns the names of the sections, all or only those present.
func (p *Procurement) names(presentOnly bool) []string {
	var out []string
	for _, s := range p.stages(&ProcurementResults{}) {
		if s.present || !presentOnly {
			out = append(out, s.name)
		}
	}
	return out
}

// Present returns the names of the sections present, in file order
// ("quotes", "contract", …); none for a nil p.
func (p *Procurement) Present() []string {
	if p == nil {
		return nil
	}
	return p.names(true)
}

// Validate runs the checks Build makes of the sections, which are all
// that Build reads of them: for a sheet Build takes without sections, it
// refuses the sheet with sections p exactly when Validate refuses p, with
// the same error. A nil p is valid.
func (p *Procurement) Validate() error { return p.validate() }

// ValidateSection runs Validate's check of the section called name
// alone: the error Validate gives when it is the only section present
// and refused, nil when it is absent, valid or no section's name.
func (p *Procurement) ValidateSection(name string) error {
	for _, s := range p.stages(&ProcurementResults{}) {
		if s.name == name && s.present {
			if err := s.validate(); err != nil {
				return stageErr(s.name, err)
			}
		}
	}
	return nil
}

// validate checks every present section, naming the field inside it. It is
// each section's own check in turn and nothing across sections: the site
// reads saved sections one by one (ValidateSection) and keeps the ones
// that pass without checking them together again.
func (p *Procurement) validate() error {
	if p == nil {
		return nil
	}
	for _, s := range p.stages(&ProcurementResults{}) {
		if !s.present {
			continue
		}
		if err := s.validate(); err != nil {
			return stageErr(s.name, err)
		}
	}
	return nil
}

func stageErr(name string, err error) error {
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return fielderr.Prefix("procurement."+name+".", fe)
	}
	return fmt.Errorf("procurement.%s: %w", name, err)
}

// writeProcurement renders every present section after the plan, in l.
// Each section's own Markdown headings move one level down, under the
// plan's.
func writeProcurement(w io.Writer, p *Procurement, markdown bool, l msg.Lang) error {
	if p == nil {
		return nil
	}
	for _, s := range p.stages(&ProcurementResults{}) {
		if !s.present {
			continue
		}
		r, err := s.compute()
		if err != nil {
			return stageErr(s.name, err)
		}
		var b strings.Builder
		if err := write(&b, r, markdown, l); err != nil {
			return stageErr(s.name, err)
		}
		out := b.String()
		if markdown {
			out = demote(out)
		}
		if _, err := io.WriteString(w, "\n"+out); err != nil {
			return err
		}
	}
	return nil
}

// demote adds one level to every Markdown heading.
func demote(md string) string {
	lines := strings.SplitAfter(md, "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "#") {
			lines[i] = "#" + l
		}
	}
	return strings.Join(lines, "")
}

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

// stage is one procurement section: its name in the plan file and how to
// validate and render it.
type stage struct {
	name     string
	present  bool
	validate func() error
	render   func(w io.Writer, markdown bool, l msg.Lang) error
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

// run computes a stage's result with fn and renders it.
func run[In any, Out renderer](in *In, fn func(In) (Out, error)) func(io.Writer, bool, msg.Lang) error {
	return func(w io.Writer, markdown bool, l msg.Lang) error {
		out, err := fn(*in)
		if err != nil {
			return err
		}
		return write(w, out, markdown, l)
	}
}

func (p *Procurement) stages() []stage {
	return []stage{
		{"quotes", p.Quotes != nil, func() error { return p.Quotes.Validate() }, run(p.Quotes, quote.Compare)},
		{"vendors", p.Vendors != nil, func() error { return p.Vendors.Validate() }, run(p.Vendors, vendors.Rank)},
		{"contract", p.Contract != nil, func() error { return p.Contract.Validate() }, run(p.Contract, contract.Check)},
		{"poc", p.POC != nil, func() error { return p.POC.Validate() }, run(p.POC, poc.Judge)},
		{"operations", p.Operations != nil, func() error { return p.Operations.Validate() }, run(p.Operations, ops.Review)},
		{"exit", p.Exit != nil, func() error { return p.Exit.Validate() }, run(p.Exit, exit.Schedule)},
		{"checklists", p.Checklists != nil, func() error { return p.Checklists.Validate() },
			func(w io.Writer, markdown bool, l msg.Lang) error { return write(w, *p.Checklists, markdown, l) }},
	}
}

// Present returns the names of the sections present, in file order
// ("quotes", "contract", …); none for a nil p.
func (p *Procurement) Present() []string {
	if p == nil {
		return nil
	}
	var out []string
	for _, s := range p.stages() {
		if s.present {
			out = append(out, s.name)
		}
	}
	return out
}

// validate checks every present section, naming the field inside it.
func (p *Procurement) validate() error {
	if p == nil {
		return nil
	}
	for _, s := range p.stages() {
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
	for _, s := range p.stages() {
		if !s.present {
			continue
		}
		var b strings.Builder
		if err := s.render(&b, markdown, l); err != nil {
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

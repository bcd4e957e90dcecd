package plan

import (
	"io"

	"github.com/gpuplan/gpuplan/shared/msg"
)

// Helpers the tests use that neither binary reaches.

// Messages lists every message the plan carries: notes, reasons, bases,
// D1 values and warnings, for tests and for tools that check a plan file
// against the catalogue.
func Messages(p *Plan) []msg.M {
	ms := append([]msg.M{p.GPU.ReasonMessage}, p.Sizing.NoteMessages...)
	for _, a := range p.GPU.Alternatives {
		ms = append(ms, a.ReasonMessage)
	}
	ms = append(ms, p.Billing.ReasonMessages...)
	for _, it := range p.Cost.Items {
		ms = append(ms, it.BasisMessage, it.AssumptionMessage)
	}
	ms = append(ms, p.Cost.WarningMessage)
	ms = append(ms, p.RentVsBuild.ReasonMessages...)
	for _, d := range p.RentVsBuild.D1 {
		ms = append(ms, d.ValueMessage)
	}
	ms = append(ms, p.WarningMessages...)
	out := ms[:0]
	for _, m := range ms {
		if !m.IsZero() {
			out = append(out, m)
		}
	}
	return out
}

// WriteText renders the plan for a terminal in English. It is a pure
// function of the plan: the JSON form is canonical.
func WriteText(w io.Writer, p *Plan) error { return WriteTextIn(w, p, msg.En) }

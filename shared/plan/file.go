package plan

import (
	"encoding/json"
	"io"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
)

// Decode reads a plan file, refusing unknown fields, other schemas and
// values out of range (Validate), so a plan that round-trips through Decode
// and Encode is unchanged.
func Decode(r io.Reader) (*Plan, error) {
	var p Plan
	if err := strictjson.Decode(r, &p); err != nil {
		return nil, err
	}
	if p.Schema != Schema {
		return nil, fieldErr("schema", "plan.err.schema", quoted(Schema), quoted(p.Schema))
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	// The results are recomputed from the inputs: an edited section is
	// never shown.
	results, err := ComputeProcurement(p.Requirements.Procurement)
	if err != nil {
		return nil, fielderr.Prefix("requirements.", err)
	}
	p.Procurement = results
	return &p, nil
}

// Encode writes the plan file as indented JSON, each sentence's English
// text written from its message (planjson.go). Decimals are strings. It
// first fills the procurement results from the sections
// (ComputeProcurement), which Build leaves out.
func Encode(w io.Writer, p *Plan) error {
	if p.Procurement == nil {
		results, err := ComputeProcurement(p.Requirements.Procurement)
		if err != nil {
			return fielderr.Prefix("requirements.", err)
		}
		p.Procurement = results
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(p)
}

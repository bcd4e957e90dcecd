package plan

import (
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// MaxBytes is the largest sheet or plan file Decode and DecodeRequirements
// read; a larger one is refused, never cut.
const MaxBytes = strictjson.MaxInput

// DecodeRequirements reads a requirement sheet, rejects unknown fields and
// out-of-range values (naming the field and the allowed range), and fills
// defaults (defaults.go): storage_tb, egress_tb_month and extra_ips only
// when the sheet leaves them out, the others when they are zero. A sheet
// without a workload or a model size is refused (rule R3).
func DecodeRequirements(r io.Reader) (Requirements, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxBytes+1))
	if err != nil {
		return Requirements{}, err
	}
	var req Requirements
	if err := strictjson.DecodeBytes(data, &req); err != nil {
		return Requirements{}, err
	}
	req.fillAbsent(data)
	if req.Schema == "" {
		req.Schema = RequirementsSchema
	}
	if req.Schema != RequirementsSchema {
		return Requirements{}, fieldErr("schema", "plan.err.schema", quoted(RequirementsSchema), quoted(req.Schema))
	}
	if err := req.Normalize(); err != nil {
		return Requirements{}, err
	}
	return req, nil
}

// DecodeSection reads the procurement section called name (one of
// Sections) from raw into p, strictly and with bounded decimals, as Decode
// reads a plan file; on an error p is left as it was. It does not check
// ranges: plan.Build does. The site reads its saved sections one by one
// with it, so one bad section loses only itself.
func DecodeSection(p *Procurement, name string, raw []byte) error {
	q := *p
	for _, s := range q.stages(&ProcurementResults{}) {
		if s.name != name {
			continue
		}
		if err := strictjson.DecodeBytes(raw, s.fresh()); err != nil {
			return err
		}
		*p = q
		return nil
	}
	return fieldErr(name, "plan.err.unknown_section", msg.Text(strings.Join(Sections, ", ")))
}

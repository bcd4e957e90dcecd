package plan

import (
	"io"

	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
)

// MaxBytes is the largest sheet or plan file Decode and DecodeRequirements
// read; a larger one is refused, never cut.
const MaxBytes = strictjson.MaxInput

// DecodeRequirements reads a requirement sheet, rejects unknown fields and
// out-of-range values (naming the field and the allowed range), and fills
// defaults. A sheet without a workload or a model size is refused (rule R3).
func DecodeRequirements(r io.Reader) (Requirements, error) {
	var req Requirements
	if err := strictjson.Decode(r, &req); err != nil {
		return Requirements{}, err
	}
	if req.Schema == "" {
		req.Schema = RequirementsSchema
	}
	if req.Schema != RequirementsSchema {
		return Requirements{}, fieldErr("schema", "must be %q, got %q", RequirementsSchema, req.Schema)
	}
	if err := req.Normalize(); err != nil {
		return Requirements{}, err
	}
	return req, nil
}

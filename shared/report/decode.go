package report

import (
	"encoding/json"
	"fmt"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/internal/seal"
	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
)

// MaxBytes bounds the report Decode reads. An 8-GPU report is about 150 KB.
const MaxBytes = 32 << 20

// Decode reads a report file. It refuses other schemas, unknown fields,
// trailing data, unknown statuses and a digest that is not 64 hex digits:
// a field a reader cannot see must not slip past the digest.
func Decode(data []byte) (*Report, error) {
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("report is larger than %d bytes", MaxBytes)
	}
	if s := SchemaOf(data); s == "gpuplan.report/v1" && json.Valid(data) {
		return nil, fmt.Errorf("report: schema %q was written by an older gpuverify, which did not record where its facts came from: run gpuverify check again", s)
	}
	var r Report
	if err := decodeStrict(data, &r); err != nil {
		return nil, err
	}
	if r.Schema != Schema {
		return nil, fmt.Errorf("report: schema must be %q, got %q", Schema, r.Schema)
	}
	if !validVerdict(r.Summary.Verdict) {
		return nil, fmt.Errorf("report: summary.verdict must be pass, fail or incomplete, got %q", r.Summary.Verdict)
	}
	if !seal.IsDigest(r.Digest) {
		return nil, fmt.Errorf("report: digest must be 64 lower-case hex digits, got %q", r.Digest)
	}
	if err := acceptance.ValidStatuses(r.Checks); err != nil {
		return nil, fmt.Errorf("report: %w", err)
	}
	// A file keeps each check's English text; where a stated check is the
	// one this code derives from the report's facts, it gets the catalogue
	// message back, so a report read from a file renders in every language.
	acceptance.KeepMessages(r.Checks, Derive(&r))
	return &r, nil
}

// decodeStrict decodes one JSON document, refusing unknown fields,
// anything after it (seal.Decode), repeated keys and keys that differ from
// the documented ones only by case.
func decodeStrict(data []byte, v any) error {
	if err := strictjson.CheckLengths(data, lengths); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if err := seal.Decode(data, v); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	if err := strictjson.CheckKeys(data, v); err != nil {
		return fmt.Errorf("report: %w", err)
	}
	return nil
}

func validVerdict(v acceptance.Verdict) bool {
	return v == acceptance.VerdictPass || v == acceptance.VerdictFail || v == acceptance.VerdictIncomplete
}

// statuses in the order the renderers list them.
var statuses = []acceptance.Status{acceptance.Fail, acceptance.Warn, acceptance.Skip, acceptance.Pass}

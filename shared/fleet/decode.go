package fleet

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/internal/seal"
	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
	"github.com/gpuplan/gpuplan/shared/report"
)

// Seal sets the digest. It first replaces f's content by what a reader of
// the file decodes, so that a sealed fleet report always verifies.
func (f *Fleet) Seal() error {
	f.Digest = ""
	first, err := canonical(f)
	if err != nil {
		return err
	}
	var n Fleet
	if err := decodeStrict(first, &n); err != nil {
		return fmt.Errorf("fleet: cannot read back its own encoding: %w", err)
	}
	acceptance.KeepMessages(n.Checks, f.Checks)
	*f = n
	c, err := canonical(f)
	if err != nil {
		return err
	}
	if !bytes.Equal(c, first) {
		return errors.New("fleet: the encoding does not round-trip, so the digest could not be verified")
	}
	f.Digest = seal.Digest(c)
	return nil
}

func canonical(f *Fleet) ([]byte, error) {
	c := *f
	c.Digest = ""
	return Marshal(&c)
}

// Marshal returns the fleet file: f as indented JSON plus a newline.
func Marshal(f *Fleet) ([]byte, error) { return seal.Marshal(f) }

// Decode reads a fleet file. It refuses other schemas, unknown fields,
// trailing data, more than MaxReports nodes, unknown statuses and a digest
// that is not 64 hex digits.
func Decode(data []byte) (*Fleet, error) {
	if len(data) > MaxBytes {
		return nil, fmt.Errorf("fleet report is larger than %d bytes", MaxBytes)
	}
	var f Fleet
	if err := decodeStrict(data, &f); err != nil {
		return nil, err
	}
	if f.Schema != Schema {
		return nil, fmt.Errorf("fleet: schema must be %q, got %q", Schema, f.Schema)
	}
	if len(f.Nodes) > MaxReports || len(f.Rejected) > MaxReports {
		return nil, fmt.Errorf("fleet: nodes and rejected must hold at most %d entries each, got %d and %d", MaxReports, len(f.Nodes), len(f.Rejected))
	}
	if !seal.IsDigest(f.Digest) {
		return nil, fmt.Errorf("fleet: digest must be 64 lower-case hex digits, got %q", f.Digest)
	}
	if err := acceptance.ValidStatuses(f.Checks); err != nil {
		return nil, fmt.Errorf("fleet: %w", err)
	}
	return &f, nil
}

// VerifyDigest decodes a fleet file and recomputes its digest: ok is true
// when the stated digest (want) is the digest of the content (got).
func VerifyDigest(data []byte) (ok bool, want, got string, err error) {
	f, err := Decode(data)
	if err != nil {
		return false, "", "", err
	}
	c, err := canonical(f)
	if err != nil {
		return false, f.Digest, "", err
	}
	got = seal.Digest(c)
	return got == f.Digest, f.Digest, got, nil
}

// lengths bound a fleet file's arrays before it is decoded
// (strictjson.CheckLengths), as a report's are.
var lengths = map[string]int{
	"nodes": MaxReports, "rejected": MaxReports, "checks": 64, "nodes[].gpu_uuids": report.MaxGPUs,
	"nodes[].gpu_serials": report.MaxGPUs, "nodes[].host_ids": report.MaxPorts + 2, "nodes[].ib.guids": report.MaxPorts,
}

// decodeStrict reads one fleet document (seal.Decode), refusing repeated
// keys and keys that differ from the documented ones only by case, as a
// report's decoder does.
func decodeStrict(data []byte, v any) error {
	if err := strictjson.CheckLengths(data, lengths); err != nil {
		return fmt.Errorf("fleet: %w", err)
	}
	if err := seal.Decode(data, v); err != nil {
		return fmt.Errorf("fleet: %w", err)
	}
	if err := strictjson.CheckKeys(data, v); err != nil {
		return fmt.Errorf("fleet: %w", err)
	}
	return nil
}

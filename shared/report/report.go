// Package report is the evidence report of a delivery check (rule A4:
// record the evidence before any workload runs): the facts a server
// reported, the acceptance results against a plan, and a digest that shows
// the report was not edited afterwards.
//
// The JSON file is the report; the text and Markdown forms are rendered from
// the same Report value and hold nothing the JSON does not.
//
// # Layout (schema "gpuplan.report/v1")
//
//	{
//	  "schema": "gpuplan.report/v1",
//	  "tool": {"name": "gpuverify", "version": "v0.3.0"},
//	  "time": "2026-11-30T08:15:00Z",          // RFC 3339, UTC, seconds
//	  "plan_sha256": "9f2c…",                   // SHA-256 of the plan file's bytes, hex
//	  "acceptance": {…},                        // the plan's acceptance block that was checked
//	  "facts": {…},                             // facts.Facts, schema gpuplan.facts/v1
//	  "fabric": {"ib": [{"device", "port", "state", "rate_gbps", "link_layer", …}]},
//	                                            // only for multi-node plans (nvlink+ib, pcie+ib, hccs+roce)
//	  "checks": [{"id", "status", "rule", "expected", "measured", "message"}, …],
//	  "summary": {"verdict": "fail", "pass": 100, "warn": 2, "skip": 9, "fail": 1, "total": 112},
//	  "digest": "4be1…"                         // see below
//	}
//
// # Digest
//
// digest is the lower-case hex SHA-256 of the report's canonical form: the
// report encoded by Go's encoding/json with json.MarshalIndent(report, "",
// "  ") (keys in the order above, two-space indentation, encoding/json's
// escaping) with the digest field set to "", followed by one newline.
//
// gpuverify writes the report file in exactly that form, with the digest
// filled in. So the canonical form of an untouched file is the file with its
// digest value emptied, and anyone can recompute the digest without Go:
//
//	sed 's/^  "digest": "[0-9a-f]*"$/  "digest": ""/' report.json | sha256sum
//
// Verify instead decodes the report and encodes it again, so a file that was
// only re-indented still verifies, while any change of a value does not.
// The digest shows the report is unchanged since it was written; it is not
// a signature and does not prove who wrote it.
package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/fabric"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/plan"
)

// Schema is the schema id of a report file.
const Schema = "gpuplan.report/v1"

// Report is the evidence report.
type Report struct {
	// Schema is the Schema constant.
	Schema string `json:"schema"`
	// Tool is the program that wrote the report.
	Tool Tool `json:"tool"`
	// Time is when the facts were checked, RFC 3339 in UTC.
	Time string `json:"time"`
	// PlanSHA256 is the hex SHA-256 of the plan file's bytes, so the report
	// names the exact plan it was checked against.
	PlanSHA256 string `json:"plan_sha256"`
	// Acceptance is the plan's acceptance block that was checked.
	Acceptance plan.Acceptance `json:"acceptance"`
	// Facts are what the server reported.
	Facts *facts.Facts `json:"facts"`
	// Fabric is the network between nodes the server sees (InfiniBand
	// ports); recorded for multi-node plans only, absent otherwise.
	Fabric *fabric.Fabric `json:"fabric,omitempty"`
	// Checks are the acceptance results, in acceptance.Check's order.
	Checks []acceptance.Result `json:"checks"`
	// Summary counts the checks by status.
	Summary Summary `json:"summary"`
	// Digest is the hex SHA-256 of the canonical form (see the package doc).
	Digest string `json:"digest"`
}

// Tool names the program that wrote a report.
type Tool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Summary counts the checks by status. Verdict is "fail" when any check
// failed and "pass" otherwise: warnings and skips do not fail a delivery,
// but a reader must see them.
type Summary struct {
	Verdict string `json:"verdict"`
	Pass    int    `json:"pass"`
	Warn    int    `json:"warn"`
	Skip    int    `json:"skip"`
	Fail    int    `json:"fail"`
	Total   int    `json:"total"`
}

// Summarize counts results by status.
func Summarize(results []acceptance.Result) Summary {
	s := Summary{Verdict: string(acceptance.Pass), Total: len(results)}
	for _, r := range results {
		switch r.Status {
		case acceptance.Pass:
			s.Pass++
		case acceptance.Warn:
			s.Warn++
		case acceptance.Skip:
			s.Skip++
		case acceptance.Fail:
			s.Fail++
		}
	}
	if s.Fail > 0 {
		s.Verdict = string(acceptance.Fail)
	}
	return s
}

// New checks f against acc and returns the sealed report. planFile is the
// plan file as read (its bytes are hashed, not parsed); now is the time of
// the check.
func New(planFile []byte, acc plan.Acceptance, f *facts.Facts, tool Tool, now time.Time) (*Report, error) {
	if f == nil {
		f = facts.New("")
	}
	sum := sha256.Sum256(planFile)
	checks := acceptance.Check(acc, f)
	r := &Report{
		Schema:     Schema,
		Tool:       tool,
		Time:       now.UTC().Format(time.RFC3339),
		PlanSHA256: hex.EncodeToString(sum[:]),
		Acceptance: acc,
		Facts:      f,
		Checks:     checks,
		Summary:    Summarize(checks),
	}
	if err := r.Seal(); err != nil {
		return nil, err
	}
	return r, nil
}

// Seal sets the digest. It first replaces r's content by what a reader of
// the file will decode (encoding/json turns invalid UTF-8 into U+FFFD, for
// one), so that a sealed report always verifies, and it checks that the
// canonical form is stable.
func (r *Report) Seal() error {
	r.Digest = ""
	first, err := canonical(r)
	if err != nil {
		return err
	}
	var n Report
	if err := decodeStrict(first, &n); err != nil {
		return fmt.Errorf("report: cannot read back its own encoding: %w", err)
	}
	*r = n
	c, err := canonical(r)
	if err != nil {
		return err
	}
	var again Report
	if err := decodeStrict(c, &again); err != nil {
		return fmt.Errorf("report: cannot read back its own encoding: %w", err)
	}
	if c2, err := canonical(&again); err != nil || !bytes.Equal(c, c2) {
		return errors.New("report: the encoding does not round-trip, so the digest could not be verified")
	}
	r.Digest = digestOf(c)
	return nil
}

// Canonical returns the canonical form of r: its indented JSON with the
// digest field empty, plus a newline. r is not changed.
func Canonical(r *Report) ([]byte, error) {
	return canonical(r)
}

func canonical(r *Report) ([]byte, error) {
	c := *r
	c.Digest = ""
	return Marshal(&c)
}

// Marshal returns the report file: r as indented JSON plus a newline.
func Marshal(r *Report) ([]byte, error) {
	b, err := json.MarshalIndent(r, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

func digestOf(canonical []byte) string {
	sum := sha256.Sum256(canonical)
	return hex.EncodeToString(sum[:])
}

// Verify decodes a report file and recomputes its digest. want is the
// digest the file states, got the digest of its content; ok is true when
// they match. err is set when the file is not a report this package reads
// (then ok is false and want and got may be empty).
func Verify(report []byte) (ok bool, want, got string, err error) {
	r, err := Decode(report)
	if err != nil {
		return false, "", "", err
	}
	c, err := canonical(r)
	if err != nil {
		return false, r.Digest, "", err
	}
	got = digestOf(c)
	return got == r.Digest, r.Digest, got, nil
}

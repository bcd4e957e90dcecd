// Package report is the evidence report of a delivery check (rule A4:
// record the evidence before any workload runs): the facts a server
// reported, the acceptance results against a plan, and a digest that shows
// the report was not edited afterwards.
//
// The JSON file is the report; the text and Markdown forms are rendered from
// the same Report value and hold nothing the JSON does not.
//
// # Layout (schema "gpuplan.report/v2")
//
//	{
//	  "schema": "gpuplan.report/v2",
//	  "tool": {"name": "gpuverify", "version": "v0.3.0"},
//	  "time": "2026-11-30T08:15:00Z",          // RFC 3339, UTC, seconds
//	  "nonce": "buyer-7f3a…",                   // check --nonce: the buyer's challenge; absent when none
//	  "plan_sha256": "9f2c…",                   // SHA-256 of the plan file's bytes, hex
//	  "origin": {"kind": "live-nvml", "kernel": {…}},  // provenance.Origin: live NVML, or a saved file
//	  "acceptance": {…},                        // the plan's acceptance block that was checked
//	  "facts": {…},                             // facts.Facts, schema gpuplan.facts/v1
//	  "fabric": {"ib": [{"device", "port", "state", "rate_gbps", "link_layer", …}]},
//	                                            // only for multi-node plans (nvlink+ib, pcie+ib, hccs+roce)
//	  "bench": {"run": {…}, "poc": {…}},        // check --bench: the measurements; absent without
//	  "checks": [{"id", "status", "rule", "expected", "measured", "message"}, …],
//	  "summary": {"verdict": "fail", "pass": 100, "warn": 2, "skip": 9, "fail": 1, "total": 112},
//	  "digest": "4be1…"                         // see below
//	}
//
// The checks and the summary are derived: Derive computes them again from
// the origin, acceptance, facts and bench, and Verify, the one audit that
// gpuverify verify-report, gpuverify merge and the site's acceptance page
// render, gives no verdict on a report whose stated checks differ from
// what the current code derives (nor on one with a bad digest, a refused
// signature, another nonce or another plan). So editing a status
// does not make a failed delivery pass; only editing the facts does, and
// the signature (below) shows that.
//
// # Digest and signature
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
// The digest catches accidental changes only: anyone who edits the file can
// recompute it. What ties a report to a person is the SSH signature of the
// file's exact bytes that gpuverify check --sign KEY writes beside it
// (report.json.sig, namespace "gpuplan-report", package sshsig), which
// ssh-keygen -Y verify checks as well.
package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/bench"
	"github.com/gpuplan/gpuplan/shared/fabric"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/internal/seal"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/provenance"
)

// Schema is the schema id of a report file.
const Schema = "gpuplan.report/v2"

// Report is the evidence report.
type Report struct {
	// Schema is the Schema constant.
	Schema string `json:"schema"`
	// Tool is the program that wrote the report.
	Tool Tool `json:"tool"`
	// Time is when the facts were checked, RFC 3339 in UTC.
	Time string `json:"time"`
	// Nonce is the buyer's challenge (check --nonce), so that an old report
	// cannot be passed off as a new delivery's; empty when none was given.
	Nonce string `json:"nonce,omitempty"`
	// PlanSHA256 is the hex SHA-256 of the plan file's bytes, so the report
	// names the exact plan it was checked against.
	PlanSHA256 string `json:"plan_sha256"`
	// Origin says where the facts came from: live NVML (with what the
	// kernel said) or a saved file.
	Origin provenance.Origin `json:"origin"`
	// Acceptance is the plan's acceptance block that was checked.
	Acceptance planfile.Acceptance `json:"acceptance"`
	// Facts are what the server reported.
	Facts *facts.Facts `json:"facts"`
	// Fabric is the network between nodes the server sees (InfiniBand
	// ports); recorded for multi-node plans only, absent otherwise.
	Fabric *fabric.Fabric `json:"fabric,omitempty"`
	// Checks are the acceptance results, in acceptance.Check's order.
	// Bench holds the measurements of check --bench; nil without.
	Bench *Bench `json:"bench,omitempty"`
	// Checks are the results, in Derive's order.
	Checks []acceptance.Result `json:"checks"`
	// Summary counts the checks by status.
	Summary Summary `json:"summary"`
	// Digest is the hex SHA-256 of the canonical form (see the package doc).
	Digest string `json:"digest"`
}

// Bench is what check --bench measured, kept so that the bench checks can
// be derived again.
type Bench struct {
	// Run is the bench run on this server (without its own checks).
	Run *bench.Run `json:"run"`
	// POC is the POC machine's run it was compared with (rule P3); nil
	// when none.
	POC *bench.Run `json:"poc,omitempty"`
}

// Tool names the program that wrote a report.
type Tool struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// Summary counts the checks by status and gives the verdict: "fail" when
// any check failed, "incomplete" when nothing failed but a demanded check
// was not measured, "pass" otherwise (acceptance.Summarize).
type Summary = acceptance.Summary

// Summarize is acceptance.Summarize.
func Summarize(results []acceptance.Result) Summary { return acceptance.Summarize(results) }

// Input is what a report is built from.
type Input struct {
	// PlanFile is the plan file as read: its bytes are hashed, not parsed.
	PlanFile []byte
	// Acceptance is the plan's acceptance block.
	Acceptance planfile.Acceptance
	// Facts are what the server reported; nil reads as nothing.
	Facts *facts.Facts
	// Origin says where Facts came from.
	Origin provenance.Origin
	// Nonce is the buyer's challenge; see ValidNonce.
	Nonce string
	// Bench is the bench run of check --bench; nil without.
	Bench *Bench
	// Tool is the program writing the report; Time the time of the check.
	Tool Tool
	Time time.Time
}

// MaxNonce bounds the nonce: a random value is 16 to 64 characters.
const MaxNonce = 256

// ValidNonce checks a nonce: at most MaxNonce characters, printable ASCII
// without spaces, so that it reads the same in a terminal, a ticket and a
// JSON file.
func ValidNonce(n string) error {
	if len(n) > MaxNonce {
		return fmt.Errorf("nonce: at most %d characters, got %d", MaxNonce, len(n))
	}
	for _, c := range n {
		if c <= ' ' || c > '~' {
			return fmt.Errorf("nonce: only printable ASCII without spaces (such as the output of openssl rand -hex 16), got %q", n)
		}
	}
	return nil
}

// Build derives the checks of in and returns the sealed report.
func Build(in Input) (*Report, error) {
	if in.Facts == nil {
		in.Facts = facts.New("")
	}
	if err := ValidNonce(in.Nonce); err != nil {
		return nil, err
	}
	sum := sha256.Sum256(in.PlanFile)
	r := &Report{
		Schema:     Schema,
		Tool:       in.Tool,
		Time:       in.Time.UTC().Format(time.RFC3339),
		Nonce:      in.Nonce,
		PlanSHA256: hex.EncodeToString(sum[:]),
		Origin:     in.Origin,
		Acceptance: in.Acceptance,
		Facts:      in.Facts,
		Bench:      stripBench(in.Bench),
	}
	r.Checks = Derive(r)
	r.Summary = Summarize(r.Checks)
	if err := r.Seal(); err != nil {
		return nil, err
	}
	return r, nil
}

// New checks f against acc and returns the sealed report. planFile is the
// plan file as read (its bytes are hashed, not parsed); now is the time of
// the check. The origin is read from f's source: NVML facts count as live
// (without the kernel's record), any other as a saved file.
func New(planFile []byte, acc planfile.Acceptance, f *facts.Facts, tool Tool, now time.Time) (*Report, error) {
	o := provenance.Origin{Kind: provenance.File}
	if f != nil && f.Source == facts.SourceNVML {
		o.Kind = provenance.Live
	}
	return Build(Input{PlanFile: planFile, Acceptance: acc, Facts: f, Origin: o, Tool: tool, Time: now})
}

// Derive computes the checks of r from its origin, acceptance block, facts
// and bench with the current code: the origin and kernel cross-checks
// (provenance.Check), the acceptance checks (acceptance.Check), then the
// bench checks (bench.Judge). r is not changed.
func Derive(r *Report) []acceptance.Result {
	out := provenance.Check(r.Origin, r.Facts)
	out = append(out, acceptance.Check(r.Acceptance, r.Facts)...)
	if r.Bench != nil && r.Bench.Run != nil {
		run := *r.Bench.Run
		run.GPUs = slices.Clone(run.GPUs)
		if run.Ran() {
			out = append(out, provenance.CUDALibrary(r.Origin, run.CUDALibrary))
		}
		out = append(out, bench.Judge(&run, bench.OptionsFor(&run, r.Facts, r.Bench.POC))...)
	}
	return out
}

// stripBench drops the runs' own judgement: the report derives its own.
func stripBench(b *Bench) *Bench {
	if b == nil {
		return nil
	}
	out := &Bench{}
	for dst, src := range map[**bench.Run]*bench.Run{&out.Run: b.Run, &out.POC: b.POC} {
		if src != nil {
			c := *src
			c.Checks, c.Summary = nil, nil
			*dst = &c
		}
	}
	return out
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
	acceptance.KeepMessages(n.Checks, r.Checks)
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
	r.Digest = seal.Digest(c)
	return nil
}

func canonical(r *Report) ([]byte, error) {
	c := *r
	c.Digest = ""
	return Marshal(&c)
}

// Marshal returns the report file: r as indented JSON plus a newline.
func Marshal(r *Report) ([]byte, error) { return seal.Marshal(r) }

package fleet

import (
	"fmt"
	"time"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/internal/seal"
	"github.com/gpuplan/gpuplan/shared/report"
)

// VerifyOptions is what a reader checks a fleet file against.
type VerifyOptions struct {
	// Load reads a node report the fleet names, as its File states it,
	// and the signature beside it (nil when there is none). An error means
	// the report cannot be found or read.
	Load func(file string) (data, sig []byte, err error)
	// AllowedSigners is the allowed_signers file every node report's
	// signature is checked against; nil checks none.
	AllowedSigners []byte
	// Nonce is the challenge every node report must carry; "" for any.
	Nonce string
	// PlanSHA256 is the hex SHA-256 of the plan file the fleet must have
	// been checked against; "" for any.
	PlanSHA256 string
	// AllowUnsigned lets a fleet whose node signatures were not verified
	// keep a pass; without it such a fleet is at best incomplete.
	AllowUnsigned bool
}

// NodeOutcome is the verification of one node report a fleet names.
type NodeOutcome struct {
	// File is the name the fleet gives the report.
	File string
	// Err is why the report could not be read or decoded; then Report is
	// nil.
	Err error
	// SameDigest is false when the file read is not the one the fleet
	// merged: its digest differs from the one the fleet states.
	SameDigest bool
	// Report is the report's own verification (report.Verify).
	Report *report.Outcome
}

// Verified reports whether the node report was read, is the one the
// fleet merged, and verifies on its own.
func (n NodeOutcome) Verified() bool {
	return n.Err == nil && n.SameDigest && n.Report.Verified()
}

// Outcome is everything a reader learns from verifying a fleet file: its
// digest, each node report verified as a report is, the fleet checks
// derived again by merging those reports, and the verdict.
type Outcome struct {
	// Fleet is the fleet file as stated.
	Fleet *Fleet
	// DigestOK is whether the fleet's digest matches its content.
	DigestOK bool
	// PlanOK is false when a plan was given and the fleet names another.
	PlanOK bool
	// Nodes are the node reports the fleet merged, in its order.
	Nodes []NodeOutcome
	// Derived is the fleet merged again from the node reports read; nil
	// when a node report could not be read.
	Derived *Fleet
	// Disagreements are the stated fleet checks that differ from the
	// derived ones; SummaryDiffers says the summaries differ.
	Disagreements  []report.Disagreement
	SummaryDiffers bool
	// Unsigned is true when a genuine pass was lowered to incomplete
	// because some node's signature was not verified.
	Unsigned bool
	// Verdict is report.VerdictUnverified when anything does not verify,
	// else the derived fleet's verdict.
	Verdict acceptance.Verdict
}

// Material returns the disagreements that change a result.
func (o *Outcome) Material() []report.Disagreement {
	var out []report.Disagreement
	for _, d := range o.Disagreements {
		if d.Material() {
			out = append(out, d)
		}
	}
	return out
}

// Verified reports whether the fleet verifies: its digest and plan, every
// node report, and the fleet checks derived again.
func (o *Outcome) Verified() bool {
	if !o.DigestOK || !o.PlanOK || o.Derived == nil || len(o.Material()) > 0 || o.SummaryDiffers {
		return false
	}
	for _, n := range o.Nodes {
		if !n.Verified() {
			return false
		}
	}
	return true
}

// Verify is the one audit of a fleet file: it decodes the file, checks
// its digest, verifies every node report it names as report.Verify does
// (digest, derived checks, signature, nonce), merges those reports again
// with the fleet's plan and compares the checks, and gives the verdict.
// err is set only when data is not a fleet file this package reads.
func Verify(data []byte, opt VerifyOptions) (*Outcome, error) {
	f, err := Decode(data)
	if err != nil {
		return nil, err
	}
	c, err := canonical(f)
	if err != nil {
		return nil, err
	}
	o := &Outcome{Fleet: f, DigestOK: seal.Digest(c) == f.Digest, PlanOK: opt.PlanSHA256 == "" || opt.PlanSHA256 == f.Plan.SHA256}
	inputs, complete := o.readNodes(opt)
	if complete {
		o.rederive(inputs, opt)
	}
	o.Verdict = o.verdict(opt.AllowUnsigned)
	return o, nil
}

// readNodes loads and verifies every node report, and returns them as
// merge inputs, then the rejected files the fleet lists; complete is false
// when a node report could not be read.
func (o *Outcome) readNodes(opt VerifyOptions) (in []Input, complete bool) {
	complete = true
	ropt := report.VerifyOptions{AllowedSigners: opt.AllowedSigners, Nonce: opt.Nonce, AllowUnsigned: opt.AllowUnsigned}
	for _, n := range o.Fleet.Nodes {
		no := NodeOutcome{File: n.File}
		data, sig, err := load(opt, n.File)
		if err == nil {
			ropt.Signature = sig
			no.Report, err = report.Verify(data, ropt)
		}
		if err != nil {
			no.Err, complete = err, false
		} else {
			no.SameDigest = no.Report.Report.Digest == n.Digest
			in = append(in, Input{Name: n.File, Data: data, Sig: sig, audited: no.Report})
		}
		o.Nodes = append(o.Nodes, no)
	}
	for _, r := range o.Fleet.Rejected {
		data, sig, err := load(opt, r.File)
		in = append(in, Input{Name: r.File, Data: data, Sig: sig, Err: err})
	}
	return in, complete
}

// load calls opt.Load, which must be set.
func load(opt VerifyOptions, file string) ([]byte, []byte, error) {
	if opt.Load == nil {
		return nil, nil, fmt.Errorf("%s: no way to read the node reports was given", file)
	}
	return opt.Load(file)
}

// rederive merges the node reports again, as the fleet states it was
// merged (its plan, NCCL run, tool and time), and compares the checks.
// The signature check is left out of the comparison: it depends on the
// allowed signers the reader gives, and each node's signature is judged
// on its own.
func (o *Outcome) rederive(in []Input, opt VerifyOptions) {
	f := o.Fleet
	now, _ := time.Parse(time.RFC3339, f.Time)
	plan := f.Plan
	d, err := Merge(in, Options{Plan: &plan, NCCL: f.NCCL, AllowedSigners: opt.AllowedSigners, Tool: f.Tool, Now: now})
	if err != nil {
		return
	}
	o.Derived = d
	o.Disagreements = report.Compare(withoutSignatures(f.Checks), withoutSignatures(d.Checks))
	a, b := withoutSignatures(f.Checks), withoutSignatures(d.Checks)
	o.SummaryDiffers = acceptance.Summarize(a).Verdict != acceptance.Summarize(b).Verdict ||
		f.Summary != report.Summarize(f.Checks)
}

// withoutSignatures drops the fleet_signatures check.
func withoutSignatures(rs []acceptance.Result) []acceptance.Result {
	out := make([]acceptance.Result, 0, len(rs))
	for _, r := range rs {
		if r.ID != "fleet_signatures" {
			out = append(out, r)
		}
	}
	return out
}

// verdict is the fleet's verdict once everything is checked.
func (o *Outcome) verdict(allowUnsigned bool) acceptance.Verdict {
	if !o.Verified() {
		return report.VerdictUnverified
	}
	v := o.Derived.Summary.Verdict
	if v != acceptance.VerdictPass || allowUnsigned {
		return v
	}
	for _, n := range o.Nodes {
		if n.Report.Signature.Status != report.SigGood {
			o.Unsigned = true
			return acceptance.VerdictIncomplete
		}
	}
	return v
}

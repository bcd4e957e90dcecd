package report

import (
	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/internal/seal"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Disagreement is one check whose stated result differs from the one the
// current code derives from the report's facts.
type Disagreement struct {
	// ID is the check's id.
	ID string
	// Stated is the status the report gives ("" when the report lacks the
	// check); Derived the status derived ("" when the check should not be
	// there).
	Stated, Derived acceptance.Status
	// What says what differs: "status", "message", "missing", "extra".
	What string
}

// Material reports whether the disagreement changes a result: a status,
// or a check missing or extra. A check whose status agrees but whose text
// differs (a catalogue figure reworded by a newer gpuverify) is not.
func (d Disagreement) Material() bool { return d.What != "text" }

// String is In(msg.En).
func (d Disagreement) String() string { return d.In(msg.En) }

// Audit is what a reader of a report file learns from it.
type Audit struct {
	// Report is the decoded report, as stated.
	Report *Report
	// DigestOK is whether the digest matches the content.
	DigestOK bool
	// Checks and Summary are derived from the report's facts with the
	// current code.
	Checks  []acceptance.Result
	Summary Summary
	// Disagreements are the stated checks that differ from the derived
	// ones; SummaryDiffers says the stated summary differs from the
	// derived one.
	Disagreements  []Disagreement
	SummaryDiffers bool
}

// NoVerdict is what a reader is shown instead of the verdict of a report
// that does not verify: a changed, badly signed or
// contradictory report proves nothing, pass or fail.
const NoVerdict = "NO VERDICT: the report does not verify, so its checks prove nothing"

// OK reports whether the digest matches and the stated checks and summary
// are the derived ones, up to wording (Material). A report that is not OK
// gives no verdict (NoVerdict): show the mismatch, not its checks' outcome.
func (a *Audit) OK() bool {
	return a.DigestOK && len(a.Material()) == 0 && !a.SummaryDiffers
}

// Material returns the disagreements that change a result.
func (a *Audit) Material() []Disagreement {
	var out []Disagreement
	for _, d := range a.Disagreements {
		if d.Material() {
			out = append(out, d)
		}
	}
	return out
}

// AuditFile decodes a report file, checks its digest and derives its checks
// and summary again. err is set only when the file is not a report this
// package reads.
func AuditFile(data []byte) (*Audit, error) {
	r, err := Decode(data)
	if err != nil {
		return nil, err
	}
	c, err := canonical(r)
	if err != nil {
		return nil, err
	}
	a := &Audit{Report: r, DigestOK: seal.Digest(c) == r.Digest}
	a.Checks = Derive(r)
	a.Summary = Summarize(a.Checks)
	a.Disagreements = Compare(r.Checks, a.Checks)
	a.SummaryDiffers = a.Summary != r.Summary
	return a, nil
}

// Compare lists the checks of stated that differ from derived, by id: a
// status that differs, a check missing or extra, or only its wording.
func Compare(stated, derived []acceptance.Result) []Disagreement {
	var out []Disagreement
	want := map[string]acceptance.Result{}
	for _, d := range derived {
		want[d.ID] = d
	}
	seen := map[string]bool{}
	for _, s := range stated {
		d, ok := want[s.ID]
		switch {
		case seen[s.ID] || !ok:
			out = append(out, Disagreement{ID: s.ID, Stated: s.Status, What: "extra"})
		case d.Status != s.Status:
			out = append(out, Disagreement{ID: s.ID, Stated: s.Status, Derived: d.Status, What: "status"})
		case !acceptance.Same(d, s):
			out = append(out, Disagreement{ID: s.ID, Stated: s.Status, Derived: d.Status, What: "text"})
		}
		seen[s.ID] = true
	}
	for _, d := range derived {
		if !seen[d.ID] {
			out = append(out, Disagreement{ID: d.ID, Derived: d.Status, What: "missing"})
		}
	}
	return out
}

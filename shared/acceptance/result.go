// Package acceptance checks what a delivered GPU server says about itself
// (facts.Facts) against the acceptance block of a plan (planfile.Acceptance):
// rules A1 to A4 of docs/rules.md (上机验收) and the health signals behind them.
//
// Check is pure: the gpuverify CLI runs it on facts read from NVML, and the
// planner site runs it in the browser on pasted nvidia-smi output. Both get
// the same []Result.
//
// Every Result says what was expected, what was measured and why it passed
// or failed. A check that could not measure its fact is Skip (or Warn when
// only part of it was measured), with the reason; it is never Pass (the
// lesson of gpu-burn and DCGM, research/verifier.md §2: "could not run" is
// not "pass"). Checks the plan does not ask for (MIG "allowed",
// virtualization "any", no min_driver, no NVLink) are not run at all, so the
// report lists only what was demanded plus the health checks that apply to
// every GPU (ECC errors, memory wear, clock throttling, power capping,
// persistence mode).
package acceptance

import "fmt"

// Status is the outcome of one check.
type Status string

// The statuses, from best to worst. Only Fail makes a delivery fail; Warn is
// advice or a partial measurement, Skip means the fact was not available.
const (
	Pass Status = "pass"
	Warn Status = "warn"
	Skip Status = "skip"
	Fail Status = "fail"
)

// Valid reports whether s is one of the four statuses.
func (s Status) Valid() bool {
	switch s {
	case Pass, Warn, Skip, Fail:
		return true
	}
	return false
}

// Result is the outcome of one check on the whole server or on one GPU.
type Result struct {
	// ID names the check: "gpu_count", "driver", "topology", "input", or
	// "gpuN/CHECK" for a check of GPU N (e.g. "gpu0/identity").
	ID string `json:"id"`
	// Status is pass, fail, warn or skip.
	Status Status `json:"status"`
	// Rule is the docs/rules.md rule the check enforces, e.g. "A1".
	Rule string `json:"rule"`
	// Expected is what the plan (or the catalogue card) demands.
	Expected string `json:"expected"`
	// Measured is what the server reported, or why it could not be read.
	Measured string `json:"measured"`
	// Message explains the status in one or two sentences, naming the
	// signal that disagreed.
	Message string `json:"message"`
}

// ValidStatuses checks that every result has one of the four statuses:
// a report or fleet file read back must not carry a status no reader
// knows. The error names the first bad one: "checks[3].status must be …".
func ValidStatuses(rs []Result) error {
	for i, r := range rs {
		if !r.Status.Valid() {
			return fmt.Errorf("checks[%d].status must be pass, warn, skip or fail, got %q", i, r.Status)
		}
	}
	return nil
}

// Failed reports whether any result failed.
func Failed(results []Result) bool {
	for _, r := range results {
		if r.Status == Fail {
			return true
		}
	}
	return false
}

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
// lesson of wilicc/gpu-burn#12, which exits 0 on a faulty GPU, and
// NVIDIA/DCGM#284: "could not run" is not "pass"). Checks the plan does not ask for (MIG "allowed",
// virtualization "any", no min_driver, no NVLink) are not run at all, so the
// report lists only what was demanded plus the health checks that apply to
// every GPU (ECC errors, memory wear, clock throttling, power capping,
// persistence mode).
package acceptance

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/msg"
)

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
	// signal that disagreed: Msg in English, the text a report file keeps.
	Message string `json:"message"`
	// Msg is Message as a catalogue message, to render in the reader's
	// language (Text). It is not part of the report file: a result read
	// back from a file has none, and shows Message.
	Msg msg.M `json:"-"`
	// ExpectedMsg and MeasuredMsg are Expected and Measured as catalogue
	// messages, to render in the reader's language (ExpectedIn,
	// MeasuredIn); like Msg, a file does not keep them.
	ExpectedMsg msg.M `json:"-"`
	MeasuredMsg msg.M `json:"-"`
}

// Expect sets Expected, its English text, and ExpectedMsg to m.
func (r *Result) Expect(m msg.M) {
	r.ExpectedMsg, r.Expected = m, m.String()
}

// Measure sets Measured, its English text, and MeasuredMsg to m.
func (r *Result) Measure(m msg.M) {
	r.MeasuredMsg, r.Measured = m, m.String()
}

// ExpectedIn is Expected in l: the catalogue's rendering when the result
// carries ExpectedMsg, else Expected as written.
func (r Result) ExpectedIn(l msg.Lang) string {
	if r.ExpectedMsg.IsZero() {
		return r.Expected
	}
	return r.ExpectedMsg.In(l)
}

// MeasuredIn is Measured in l, as ExpectedIn.
func (r Result) MeasuredIn(l msg.Lang) string {
	if r.MeasuredMsg.IsZero() {
		return r.Measured
	}
	return r.MeasuredMsg.In(l)
}

// Say sets the status and the message, Message being its English text.
func (r *Result) Say(st Status, m msg.M) {
	r.Status, r.Msg, r.Message = st, m, m.String()
}

// Skipped returns r skipped because a value the check needs is unknown:
// Measured is the value's own account of it (facts.Value.String, e.g.
// "unavailable (not in the nvidia-smi -q output)") and m says what was not
// checked. A check over an unknown value is never a pass.
func (r Result) Skipped(measured string, m msg.M) Result {
	r.Measured, r.MeasuredMsg = measured, msg.M{}
	r.Say(Skip, m)
	return r
}

// opt is an optional part of a message: m, or nothing when m is empty.
func opt(m msg.M) msg.Arg {
	if m.IsZero() {
		return msg.Text("")
	}
	return msg.Sub(m)
}

// KeepMessages gives each result of decoded the catalogue message of the
// result of from at the same place when both state the same (Same): a
// file keeps only the English text, so what is read back from one gets its
// messages here, to render in every language.
func KeepMessages(decoded, from []Result) {
	for i := range decoded {
		if i < len(from) && Same(decoded[i], from[i]) {
			decoded[i].Msg = from[i].Msg
			decoded[i].ExpectedMsg, decoded[i].MeasuredMsg = from[i].ExpectedMsg, from[i].MeasuredMsg
		}
	}
}

// Text is the result's message in l: the catalogue's rendering when the
// result carries one, else Message as written.
func (r Result) Text(l msg.Lang) string {
	if r.Msg.IsZero() {
		return r.Message
	}
	return r.Msg.In(l)
}

// Same reports whether a and b state the same outcome in the same words
// (Msg aside, which a file does not keep).
func Same(a, b Result) bool {
	return a.ID == b.ID && a.Status == b.Status && a.Rule == b.Rule && a.Expected == b.Expected &&
		a.Measured == b.Measured && a.Message == b.Message
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

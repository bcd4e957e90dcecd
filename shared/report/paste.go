package report

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/planfile"
)

// Pasted is what one pasted text or loaded file gave the planner's
// acceptance page: the facts it holds, the checks against the plan, and
// what the page says about a gpuverify report.
type Pasted struct {
	Facts   *facts.Facts
	Results []acceptance.Result
	Report  *Loaded // set when the results come from a gpuverify report
	Err     error   // the text could not be read
}

// Loaded is what the acceptance page says about a loaded gpuverify report.
type Loaded struct {
	Tool, Time string
	PlanSHA256 string
	// DigestOK is true when the digest the file states is the digest of
	// its content. Neither digest is shown: a forger would paste the
	// computed one into the file.
	DigestOK bool
	// Derived is how many checks were derived from the report's facts;
	// Disagree lists the stated checks that differ from them (and the
	// summary, when it differs).
	Derived  int
	Disagree []string
	// Live is true when the facts were read live through NVML;
	// OriginFile names the file they were read from otherwise.
	Live       bool
	OriginFile string
	Nonce      string
	// Bytes are the report file's exact bytes, which a signature signs.
	Bytes []byte
	// Plan says how the report's plan relates to the plan on the page:
	// PlanSame, PlanSameBlock, PlanOther or PlanNone.
	Plan string
	// PagePlanSHA256 is the SHA-256 of the page's plan file, "" when
	// there is none.
	PagePlanSHA256 string
}

// How a report's plan relates to the plan on the page.
const (
	PlanSame      = "same"       // the same plan file
	PlanSameBlock = "same-block" // another file with the same acceptance block
	PlanOther     = "other"      // another acceptance block
	PlanNone      = "none"       // no plan on the page
)

// PagePlan is the plan on the page: its acceptance block and its plan
// file's bytes (as plan.Encode writes them; nil when they could not be
// written).
type PagePlan struct {
	Acceptance planfile.Acceptance
	File       []byte
}

// ReadPasted reads data (nvidia-smi output, facts JSON or a gpuverify
// report) and checks it against the page's plan pl, nil when there is
// none. Empty data gives an empty Pasted.
func ReadPasted(data []byte, pl *PagePlan) Pasted {
	trimmed := bytes.TrimSpace(data)
	if len(trimmed) == 0 {
		return Pasted{}
	}
	if trimmed[0] == '{' {
		return readJSON(data, pl)
	}
	f, err := facts.Parse(data)
	if err != nil {
		return Pasted{Err: err}
	}
	out := Pasted{Facts: f}
	if pl != nil {
		out.Results = acceptance.Check(pl.Acceptance, f)
	}
	return out
}

// readJSON reads JSON from gpuverify by its schema (SchemaOf): a report
// (gpuverify check --out) or facts (gpuverify facts --json).
func readJSON(data []byte, pl *PagePlan) Pasted {
	switch schema := SchemaOf(data); schema {
	case Schema:
		return readReport(data, pl)
	case facts.SchemaVersion:
		var f facts.Facts
		if err := json.Unmarshal(data, &f); err != nil {
			return Pasted{Err: err}
		}
		out := Pasted{Facts: &f}
		if pl != nil {
			out.Results = acceptance.Check(pl.Acceptance, &f)
		}
		return out
	default:
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			return Pasted{Err: err}
		}
		return Pasted{Err: fmt.Errorf("schema %q: not a gpuverify report (%s) or facts (%s)",
			clip(schema), Schema, facts.SchemaVersion)}
	}
}

// readReport reads a gpuverify report with Verify, the audit gpuverify
// verify-report runs: it refuses anything the report format does not
// define, checks its digest and derives every check again from the
// report's facts. The results are the derived checks; where the report
// states others, Disagree says which.
func readReport(data []byte, pl *PagePlan) Pasted {
	a, err := Verify(data, VerifyOptions{AllowUnsigned: true})
	if err != nil {
		return Pasted{Err: err}
	}
	r := a.Report
	info := &Loaded{Tool: strings.TrimSpace(r.Tool.Name + " " + r.Tool.Version), Time: r.Time,
		PlanSHA256: r.PlanSHA256, DigestOK: a.DigestOK, Derived: len(a.Checks), Plan: PlanNone,
		Live: a.Live(), OriginFile: r.Origin.File, Nonce: r.Nonce, Bytes: data}
	for _, d := range a.Material() {
		info.Disagree = append(info.Disagree, d.String())
	}
	if a.SummaryDiffers {
		info.Disagree = append(info.Disagree, fmt.Sprintf("summary: the report says %s, its checks give %s", r.Summary.Verdict, a.Summary.Verdict))
	}
	if pl != nil {
		info.Plan = PlanOther
		if reflect.DeepEqual(r.Acceptance, pl.Acceptance) {
			info.Plan = PlanSameBlock
		}
		if pl.File != nil {
			info.PagePlanSHA256 = FileSHA256(pl.File)
			if info.PagePlanSHA256 == r.PlanSHA256 {
				info.Plan = PlanSame
			}
		}
	}
	return Pasted{Facts: r.Facts, Results: a.Checks, Report: info}
}

// FileSHA256 is the lower-case hex SHA-256 of a file's bytes, as reports
// name their plan file.
func FileSHA256(b []byte) string {
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// maxQuoted bounds a value from the input quoted in an error, in bytes.
const maxQuoted = 32

// clip shortens s for an error message (%q escapes a cut rune).
func clip(s string) string {
	if len(s) > maxQuoted {
		return s[:maxQuoted] + "…"
	}
	return s
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"time"

	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/planfile"
)

func init() {
	register("plan", "build a plan from a requirement sheet (the same plan the site shows)", parsePlan)
}

// planOptions are the flags of gpuverify plan.
type planOptions struct {
	in  string // the sheet or plan file; "-" is standard input
	ics output // where to write the exit schedule; "" for nowhere
	printing
}

func parsePlan(e env, args []string) (options, error) {
	o := &planOptions{}
	fs := newFlags(e, "plan", "--in requirements.json|plan.json [--format text|json|markdown] [--lang zh|en] [--ics exit.ics [--force]]")
	fs.StringVar(&o.in, "in", "", "requirement sheet or plan file (JSON); - reads standard input")
	o.ics.flags(fs, "ics", "also write the exit schedule (procurement.exit) as an iCalendar file")
	o.printing.flags(fs, e, "output format: text, json or markdown", "; also of the --ics file's events", formatText, formatJSON, formatMarkdown)
	return o, parseFlags(fs, args)
}

func (o *planOptions) validate() error {
	if o.in == "" {
		return usageErr("--in is required: a requirement sheet, or - for standard input")
	}
	return nil
}

func (o *planOptions) run(ctx context.Context, e env) error {
	icsOut := o.ics.reading(o.in)
	if err := icsOut.check(); err != nil {
		return err
	}
	return interruptible(ctx, func() error {
		p, err := readDecoded(e, o.in, planfile.MaxBytes, readPlan)
		if err != nil {
			return err
		}
		if icsOut.path != "" {
			if err := writeICS(icsOut, p, e.now(), o.lang); err != nil {
				return err
			}
		}
		return writePlan(e.stdout, p, o.printing)
	})
}

// readPlan reads a plan file as it is (validated), or builds the plan of a
// sheet: the schema field tells which.
func readPlan(data []byte) (*plan.Plan, error) {
	var head struct {
		Schema string `json:"schema"`
	}
	_ = json.Unmarshal(data, &head) // a malformed document fails below, with its field
	if head.Schema == planfile.Schema {
		return plan.Decode(bytes.NewReader(data))
	}
	req, err := plan.DecodeRequirements(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return plan.Build(req)
}

// writeICS writes the exit schedule as an iCalendar file (rules E1, E2),
// its events in l.
func writeICS(out output, p *plan.Plan, now time.Time, l msg.Lang) error {
	pr := p.Requirements.Procurement
	if pr == nil || pr.Exit == nil {
		return usageErr("--ics: the plan has no procurement.exit section")
	}
	sched, err := exit.Schedule(*pr.Exit)
	if err != nil {
		return usageErr("procurement.exit: %v", err)
	}
	var b bytes.Buffer
	if err := sched.WriteICS(&b, now.UTC(), l); err != nil {
		return runErr("%v", err)
	}
	return out.write(b.Bytes())
}

// writePlan prints p as pr chooses (forms.print picks the writer).
func writePlan(w io.Writer, p *plan.Plan, pr printing) error {
	return forms{
		text:     func(w io.Writer) error { return plan.WriteTextIn(w, p, pr.lang) },
		markdown: func(w io.Writer) error { return plan.WriteMarkdownIn(w, p, pr.lang) },
		json:     func() ([]byte, error) { var b bytes.Buffer; err := plan.Encode(&b, p); return b.Bytes(), err },
	}.print(w, pr.format)
}

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"time"

	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/planfile"
)

func init() {
	register("plan", "build a plan from a requirement sheet (the same plan the site shows)", parsePlan)
}

// planOptions are the flags of gpuverify plan.
type planOptions struct {
	in     string // the sheet or plan file; "-" is standard input
	ics    string // where to write the exit schedule; "" for nowhere
	force  bool   // replace the ics file
	format string // text, json or markdown
}

func parsePlan(e env, args []string) (options, error) {
	o := &planOptions{}
	fs := newFlags(e, "plan", "--in requirements.json|plan.json [--format text|json|markdown] [--ics exit.ics [--force]]")
	fs.StringVar(&o.in, "in", "", "requirement sheet or plan file (JSON); - reads standard input")
	fs.StringVar(&o.ics, "ics", "", "also write the exit schedule (procurement.exit) as an iCalendar file")
	fs.BoolVar(&o.force, "force", false, "replace the --ics file if it exists")
	format := &formatFlag{value: "text", allowed: []string{"text", "json", "markdown"}}
	fs.Var(format, "format", "output format: text, json or markdown")
	err := parseFlags(fs, args)
	o.format = format.value
	return o, err
}

func (o *planOptions) validate() error {
	if o.in == "" {
		return usageErr("--in is required: a requirement sheet, or - for standard input")
	}
	return nil
}

func (o *planOptions) run(ctx context.Context, e env) error {
	icsOut := output{path: o.ics, force: o.force, inputs: []string{o.in}}
	if err := icsOut.check(); err != nil {
		return err
	}
	return interruptible(ctx, func() error {
		data, err := readInput(e, o.in, planfile.MaxBytes)
		if err != nil {
			return err
		}
		p, err := readPlan(data)
		if err != nil {
			return inputErr(o.in, err)
		}
		if o.ics != "" {
			if err := writeICS(icsOut, p, e.now()); err != nil {
				return err
			}
		}
		return writePlan(e.stdout, p, o.format)
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

// writeICS writes the exit schedule as an iCalendar file (rules E1, E2).
func writeICS(out output, p *plan.Plan, now time.Time) error {
	pr := p.Requirements.Procurement
	if pr == nil || pr.Exit == nil {
		return usageErr("--ics: the plan has no procurement.exit section")
	}
	sched, err := exit.Schedule(*pr.Exit)
	if err != nil {
		return usageErr("procurement.exit: %v", err)
	}
	var b bytes.Buffer
	if err := sched.WriteICS(&b, now.UTC()); err != nil {
		return runErr("%v", err)
	}
	return out.write(b.Bytes())
}

func writePlan(w io.Writer, p *plan.Plan, format string) error {
	switch format {
	case "json":
		return plan.Encode(w, p)
	case "markdown":
		return plan.WriteMarkdown(w, p)
	}
	return plan.WriteText(w, p)
}

// inputErr reports bad input (exit 2) with the file name and the field.
func inputErr(name string, err error) error {
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return usageErr("%s: %s", name, fe.Error())
	}
	return usageErr("%s: %v", name, err)
}

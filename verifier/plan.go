package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"time"

	"github.com/gpuplan/gpuplan/shared/exit"
	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/plan"
	"github.com/gpuplan/gpuplan/shared/planfile"
)

func init() {
	register("plan", "build a plan from a requirement sheet (the same plan the site shows)", runPlan)
}

func runPlan(ctx context.Context, e env, args []string) error {
	fs := newFlags(e, "plan", "--in requirements.json|plan.json [--format text|json|markdown] [--ics exit.ics [--force]]")
	in := fs.String("in", "", "requirement sheet or plan file (JSON); - reads standard input")
	ics := fs.String("ics", "", "also write the exit schedule (procurement.exit) as an iCalendar file")
	force := fs.Bool("force", false, "replace the --ics file if it exists")
	format := &formatFlag{value: "text", allowed: []string{"text", "json", "markdown"}}
	fs.Var(format, "format", "output format: text, json or markdown")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *in == "" {
		return usageErr("--in is required: a requirement sheet, or - for standard input")
	}
	icsOut := output{path: *ics, force: *force, inputs: []string{*in}}
	if err := icsOut.check(); err != nil {
		return err
	}
	return interruptible(ctx, func() error {
		data, err := readInput(e, *in, plan.MaxBytes)
		if err != nil {
			return err
		}
		p, err := readPlan(data)
		if err != nil {
			return inputErr(*in, err)
		}
		if *ics != "" {
			if err := writeICS(icsOut, p); err != nil {
				return err
			}
		}
		return writePlan(e.stdout, p, format.value)
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
func writeICS(out output, p *plan.Plan) error {
	pr := p.Requirements.Procurement
	if pr == nil || pr.Exit == nil {
		return usageErr("--ics: the plan has no procurement.exit section")
	}
	sched, err := exit.Schedule(*pr.Exit)
	if err != nil {
		return usageErr("procurement.exit: %v", err)
	}
	var b bytes.Buffer
	if err := sched.WriteICS(&b, time.Now().UTC()); err != nil {
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

// openInput opens a file named on the command line, or standard input for "-".
func openInput(e env, name string) (io.Reader, func(), error) {
	if name == "-" {
		return e.stdin, func() {}, nil
	}
	f, err := os.Open(name)
	if err != nil {
		return nil, nil, usageErr("%v", err)
	}
	// A directory opens, then fails on the first read: refuse it here so
	// every command says the same and exits 2.
	if st, err := f.Stat(); err == nil && st.IsDir() {
		f.Close()
		return nil, nil, usageErr("%s is a directory: give a file", name)
	}
	return f, func() { f.Close() }, nil
}

// inputErr reports bad input (exit 2) with the file name and the field.
func inputErr(name string, err error) error {
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return usageErr("%s: %s", name, fe.Error())
	}
	return usageErr("%s: %v", name, err)
}

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
	"github.com/gpuplan/gpuplan/shared/plan"
)

func init() {
	register("plan", "build a plan from a requirement sheet (the same plan the site shows)", runPlan)
}

func runPlan(_ context.Context, e env, args []string) error {
	fs := newFlags(e, "plan", "--in requirements.json|plan.json [--format text|json|markdown] [--ics exit.ics]")
	in := fs.String("in", "", "requirement sheet or plan file (JSON); - reads standard input")
	ics := fs.String("ics", "", "also write the exit schedule (procurement.exit) as an iCalendar file")
	format := &formatFlag{value: "text", allowed: []string{"text", "json", "markdown"}}
	fs.Var(format, "format", "output format: text, json or markdown")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *in == "" {
		return usageErr("--in is required: a requirement sheet, or - for standard input")
	}
	r, closeIn, err := openInput(e, *in)
	if err != nil {
		return err
	}
	defer closeIn()
	p, err := readPlan(r)
	if err != nil {
		return inputErr(*in, err)
	}
	if *ics != "" {
		if err := writeICS(*ics, p); err != nil {
			return err
		}
	}
	return writePlan(e.stdout, p, format.value)
}

// readPlan reads a plan file as it is, or builds the plan of a sheet: the
// schema field tells which.
func readPlan(r io.Reader) (*plan.Plan, error) {
	data, err := io.ReadAll(io.LimitReader(r, 1<<20))
	if err != nil {
		return nil, err
	}
	var head struct {
		Schema string `json:"schema"`
	}
	_ = json.Unmarshal(data, &head) // a malformed document fails below, with its field
	if head.Schema == plan.Schema {
		return plan.Decode(bytes.NewReader(data))
	}
	req, err := plan.DecodeRequirements(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	return plan.Build(req)
}

// writeICS writes the exit schedule as an iCalendar file (rules E1, E2).
func writeICS(path string, p *plan.Plan) error {
	pr := p.Requirements.Procurement
	if pr == nil || pr.Exit == nil {
		return usageErr("--ics: the plan has no procurement.exit section")
	}
	sched, err := exit.Schedule(*pr.Exit)
	if err != nil {
		return usageErr("procurement.exit: %v", err)
	}
	f, err := os.Create(path)
	if err != nil {
		return runErr("%v", err)
	}
	if err := sched.WriteICS(f, time.Now().UTC()); err != nil {
		f.Close()
		return runErr("%v", err)
	}
	return f.Close()
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
	return f, func() { f.Close() }, nil
}

// inputErr reports bad input (exit 2) with the file name and the field.
func inputErr(name string, err error) error {
	var fe *plan.FieldError
	if errors.As(err, &fe) {
		return usageErr("%s: %s", name, fe.Error())
	}
	return usageErr("%s: %v", name, err)
}

package main

import (
	"context"
	"errors"
	"io"
	"os"

	"github.com/gpuplan/gpuplan/shared/plan"
)

func init() {
	register("plan", "build a plan from a requirement sheet (the same plan the site shows)", runPlan)
}

func runPlan(_ context.Context, e env, args []string) error {
	fs := newFlags(e, "plan", "--in requirements.json [--format text|json|markdown]")
	in := fs.String("in", "", "requirement sheet (JSON); - reads standard input")
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
	req, err := plan.DecodeRequirements(r)
	if err != nil {
		return inputErr(*in, err)
	}
	p, err := plan.Build(req)
	if err != nil {
		return inputErr(*in, err)
	}
	return writePlan(e.stdout, p, format.value)
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

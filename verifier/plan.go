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
	"github.com/gpuplan/gpuplan/shared/pricebook"
)

func init() {
	register("plan", "build a plan from a requirement sheet (the same plan the site shows)", parsePlan)
}

// planOptions are the flags of gpuverify plan.
type planOptions struct {
	in     string // the sheet or plan file; "-" is standard input
	prices string // the buyer's CSV price list; "" for none
	ics    output // where to write the exit schedule; "" for nowhere
	printing
}

func parsePlan(e env, args []string) (options, error) {
	o := &planOptions{}
	fs := newFlags(e, "plan", "--in requirements.json|plan.json [--prices FILE] [--format text|json|markdown] [--lang zh|en] [--ics exit.ics [--force]]")
	fs.StringVar(&o.in, "in", "", "requirement sheet or plan file (JSON); - reads standard input")
	fs.StringVar(&o.prices, "prices", "", "the buyer's own price list (CSV, see gpuverify prices), laid over the built-in book: the buyer's offers win for their provider and card")
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
		var list *pricebook.Book
		if o.prices != "" {
			l, err := readPriceList(e, o.prices, o.lang)
			if err != nil {
				return err
			}
			list = &l.Book
		}
		today := e.now().UTC().Format("2006-01-02")
		p, err := readDecoded(e, o.in, planfile.MaxBytes, func(data []byte) (*plan.Plan, error) { return readPlan(data, list, today) })
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
// sheet: the schema field tells which. The offers' ages count from today
// unless the sheet gives as_of. With a buyer's price list, a plan file's sheet is planned again
// with the list laid over the one it has.
func readPlan(data []byte, list *pricebook.Book, today string) (*plan.Plan, error) {
	var head struct {
		Schema string `json:"schema"`
	}
	_ = json.Unmarshal(data, &head) // a malformed document fails below, with its field
	var req plan.Requirements
	if head.Schema == planfile.Schema {
		p, err := plan.Decode(bytes.NewReader(data))
		if err != nil || list == nil {
			return p, err
		}
		req = p.Requirements
	} else {
		r, err := plan.DecodeRequirements(bytes.NewReader(data))
		if err != nil {
			return nil, err
		}
		req = r
	}
	if list != nil {
		merged := *list
		if req.Cost.PriceList != nil {
			merged = pricebook.Merge(*req.Cost.PriceList, *list)
		}
		merged.Date = ""
		req.Cost.PriceList = &merged
	}
	req.Today = today
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

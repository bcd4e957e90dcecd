package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/provenance"
	"github.com/gpuplan/gpuplan/shared/report"
	"github.com/gpuplan/gpuplan/verifier/internal/host"
	"github.com/gpuplan/gpuplan/verifier/internal/nvml"
)

func init() {
	register("facts", "print what this server's GPUs report (NVML, or a saved nvidia-smi output)", parseFacts)
}

// maxSMIBytes bounds a saved nvidia-smi output (an 8-GPU -q -x is ~300 KB):
// the parsers' own limit.
const maxSMIBytes = facts.MaxInput

// factsOptions are the flags of gpuverify facts.
type factsOptions struct {
	smi        string   // saved nvidia-smi output; "" reads NVML
	format     string   // text or json
	printQuery bool     // print the nvidia-smi commands and exit
	lang       msg.Lang // the language of --print-query's comments
}

func parseFacts(e env, args []string) (options, error) {
	o := &factsOptions{}
	fs := newFlags(e, "facts", "[--nvidia-smi FILE] [--format text|json] [--print-query]")
	fs.StringVar(&o.smi, "nvidia-smi", "", "read saved nvidia-smi output (-q -x, -q or --query-gpu CSV) instead of NVML; - reads standard input")
	formatVar(fs, &o.format, "output format: text or json", formatText, formatJSON)
	fs.BoolVar(&o.printQuery, "print-query", false, "print the nvidia-smi commands whose output --nvidia-smi reads, and exit")
	langVar(fs, e, &o.lang, "; the readings stay as the driver gives them")
	return o, parseFlags(fs, args)
}

func (o *factsOptions) validate() error { return nil }

func (o *factsOptions) run(ctx context.Context, e env) error {
	if o.printQuery {
		return writeQuery(e.stdout, o.lang)
	}
	f, _, err := collectFacts(ctx, e, o.smi)
	if err != nil {
		return err
	}
	return forms{text: func(w io.Writer) error { return report.WriteFacts(w, f, o.lang) }, json: indentedJSON(f)}.print(e.stdout, o.format)
}

// writeQuery prints how to capture facts where gpuverify cannot run NVML,
// its comments in l.
func writeQuery(w io.Writer, l msg.Lang) error {
	_, err := fmt.Fprintf(w, "# %s\nnvidia-smi -q -x > smi.xml\nnvidia-smi -q > smi.txt\n%s > smi.csv\n# %s\n",
		l.Text("cli.facts.save"), facts.QueryCommand(), l.Text("cli.facts.then", msg.Text("gpuverify check --plan plan.json --nvidia-smi smi.xml")))
	return err
}

// collectFacts reads facts from a saved nvidia-smi output when smiFile is
// set, else from NVML with the host facts, and says where they came from:
// for a live run, with what the kernel says about the same GPUs (read while
// the NVML library is loaded, so /proc/self/maps shows which one). A file
// that cannot be read or parsed is bad input (exit 2); NVML that cannot be
// opened is a collection failure (exit 1).
func collectFacts(ctx context.Context, e env, smiFile string) (*facts.Facts, provenance.Origin, error) {
	if smiFile != "" {
		var f *facts.Facts
		err := interruptible(ctx, func() (err error) {
			f, err = readDecoded(e, smiFile, maxSMIBytes, facts.Parse)
			return err
		})
		return f, provenance.Origin{Kind: provenance.File, File: smiFile}, err
	}
	var (
		s    nvmlSession
		f    *facts.Facts
		numa map[int]facts.Value[int]
	)
	// NVML calls block in the driver; one that hangs must not hold the
	// command past Ctrl-C or SIGTERM (exit 130, nothing written) nor
	// forever (nvmlTimeout). The goroutine of a hung call is left to the
	// process exit, and its session is not closed: Close would hang too.
	err := bounded(ctx, e.nvmlTimeout(), func() error {
		var err error
		if s, err = e.openNVML(); err != nil {
			return nvmlErr(err)
		}
		if f, err = s.Facts(ctx); err != nil {
			s.Close()
			return runErr("reading NVML: %v", err)
		}
		numa = s.NUMANodes()
		return nil
	})
	if err != nil {
		return nil, provenance.Origin{}, err
	}
	defer s.Close()
	f.Host = host.Collect(e.hostRoot)
	k := host.Kernel(e.hostRoot, f.GPUs, numa, e.getenv)
	return f, provenance.Origin{Kind: provenance.Live, Kernel: k}, nil
}

// nvmlTimeout bounds the NVML calls of one collection: a healthy driver
// answers for eight GPUs in seconds.
const nvmlTimeout = 2 * time.Minute

// nvmlTimeout is e's bound on NVML calls: nvmlTimeout unless a test sets
// another.
func (e env) nvmlTimeout() time.Duration {
	if e.nvmlLimit > 0 {
		return e.nvmlLimit
	}
	return nvmlTimeout
}

// bounded is interruptible with a time limit: past it, the work is left
// and the command fails (exit 1) saying NVML did not answer.
func bounded(ctx context.Context, limit time.Duration, work func() error) error {
	tctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	err := interruptible(tctx, work)
	if ctx.Err() == nil && errors.Is(tctx.Err(), context.DeadlineExceeded) {
		return runErr("NVML did not answer within %v: the driver is hung (check dmesg for Xid errors, or reboot the server), so nothing was written", limit)
	}
	return err
}

// nvmlErr turns an NVML open error into an exit-1 error with advice.
func nvmlErr(err error) error {
	if errors.Is(err, nvml.ErrNoLibrary) || errors.Is(err, nvml.ErrNotBuilt) {
		return runErr("%v", err)
	}
	return runErr("%v (or pass --nvidia-smi FILE with saved nvidia-smi -q -x output)", err)
}

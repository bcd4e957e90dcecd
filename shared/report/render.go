package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/provenance"
)

// WriteText writes the report for a terminal: the verdict, the server, then
// the checks grouped failed, warnings, skipped, passed.
func WriteText(w io.Writer, r *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: %s (%s)\n", Headline(r), strings.ToUpper(r.Summary.Verdict), r.Summary.Counts())
	if provenance.IsFile(r.Origin) {
		fmt.Fprintf(&b, "  %s\n", NotProof)
	}
	table.WriteKeyValuesText(&b, keyWidth, header(r))
	b.WriteString("\nServer\n")
	table.WriteKeyValuesText(&b, keyWidth, serverLines(r.Facts))
	table.WriteChecksText(&b, acceptance.Groups(r.Checks, false))
	if missing := acceptance.UnmeasuredDemanded(r.Checks); len(missing) > 0 {
		fmt.Fprintf(&b, "\nNot measured, so the verdict cannot be pass (%d)\n", len(missing))
		for _, c := range missing {
			fmt.Fprintf(&b, "  %s: %s\n", c.ID, HowToMeasure(c, r.Origin))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMarkdown writes the report as Markdown, for a ticket to the vendor
// (rule A4): the same content as WriteText, with every check in a table.
func WriteMarkdown(w io.Writer, r *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# %s: %s\n\n%s.\n\n", Headline(r), strings.ToUpper(r.Summary.Verdict), r.Summary.Counts())
	if provenance.IsFile(r.Origin) {
		fmt.Fprintf(&b, "**%s**\n\n", table.Cell(NotProof))
	}
	table.WriteKeyValuesMarkdown(&b, [2]string{}, header(r))
	b.WriteString("\n## Server\n\n")
	table.WriteKeyValuesMarkdown(&b, [2]string{}, serverLines(r.Facts))
	table.WriteChecksMarkdown(&b, acceptance.Groups(r.Checks, false))
	if missing := acceptance.UnmeasuredDemanded(r.Checks); len(missing) > 0 {
		fmt.Fprintf(&b, "\n## Not measured, so the verdict cannot be pass (%d)\n\n| Check | How to measure it |\n|---|---|\n", len(missing))
		for _, c := range missing {
			fmt.Fprintf(&b, "| %s | %s |\n", table.Cell(c.ID), table.Cell(HowToMeasure(c, r.Origin)))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// keyWidth is the width of the keys in the text form's key-value lines.
const keyWidth = 8

func header(r *Report) [][2]string {
	nonce := r.Nonce
	if nonce == "" {
		nonce = "none (gpuverify check --nonce VALUE records the buyer's challenge)"
	}
	return [][2]string{
		{"origin", provenance.Describe(r.Origin, r.Facts)},
		{"tool", strings.TrimSpace(r.Tool.Name + " " + r.Tool.Version)},
		{"time", r.Time},
		{"nonce", nonce},
		{"plan", "sha256 " + r.PlanSHA256},
		{"digest", "sha256 " + r.Digest},
	}
}

// NotProof is the warning on every report whose facts were read from a
// file.
const NotProof = "NOT PROOF OF DELIVERY: the facts were read from a saved file, which anyone can edit. Run gpuverify check on the server itself."

// Headline names what the report is: a delivery check when gpuverify read
// the facts live, a check of a saved file otherwise.
func Headline(r *Report) string {
	if provenance.IsFile(r.Origin) {
		return "Check of a saved file"
	}
	return "Delivery check"
}

// HowToMeasure says which command would measure a check that was not
// measured.
func HowToMeasure(c acceptance.Result, o provenance.Origin) string {
	name := c.ID[strings.LastIndex(c.ID, "/")+1:]
	switch {
	case name == "origin":
		return "run gpuverify check --plan plan.json --out report.json --sign KEY on the server itself (live NVML)"
	case strings.HasPrefix(name, "bench_") || strings.HasPrefix(name, "poc_"):
		return "gpuverify check --plan plan.json --bench on the server (needs the NVIDIA driver's libcuda.so.1)"
	case name == "infiniband":
		return "gpuverify merge of every node's report (InfiniBand ports; NCCL with --nccl from nccl-tests' all_reduce_perf)"
	case strings.HasPrefix(name, "kernel_"):
		return "run gpuverify check as root on the server itself, not in a sandbox that hides /proc and /sys"
	case provenance.IsFile(o):
		return "gpuverify check --plan plan.json on the server: NVML reports what a saved nvidia-smi output may lack"
	}
	return "the driver did not report it: nvidia-smi -q on the server shows the same gap; a newer driver may report it"
}

// GroupTitle is acceptance.GroupTitle, kept for the renderers that
// import report.
func GroupTitle(st acceptance.Status) string { return acceptance.GroupTitle(st) }

// ByStatus is acceptance.ByStatus.
func ByStatus(rs []acceptance.Result, st acceptance.Status) []acceptance.Result {
	return acceptance.ByStatus(rs, st)
}

// serverLines summarises the facts in a few lines.
func serverLines(f *facts.Facts) [][2]string {
	if f == nil {
		return [][2]string{{"facts", "none"}}
	}
	src := string(f.Source)
	if f.SourceDetail != "" {
		src += " (" + f.SourceDetail + ")"
	}
	return [][2]string{
		{"source", src},
		{"host", hostLine(f.Host)},
		{"driver", fmt.Sprintf("%s (CUDA %s)", text(f.DriverVersion), text(f.CUDADriverVersion))},
		{"gpus", gpuSummary(f)},
	}
}

// hostLine joins the known host facts, or gives the reason when none is
// known (nvidia-smi output holds none).
func hostLine(h facts.Host) string {
	var parts []string
	add := func(label, v string, ok bool) {
		if ok {
			parts = append(parts, label+v)
		}
	}
	name, ok := h.Hostname.Get()
	add("", name, ok)
	osr, ok := h.OSRelease.Get()
	add("", osr, ok)
	kernel, ok := h.Kernel.Get()
	add("kernel ", kernel, ok)
	cpu, ok := h.CPUModel.Get()
	add("", cpu, ok)
	mem, ok := h.MemoryTotalMiB.Get()
	add("", fmt.Sprintf("%d MiB RAM", mem), ok)
	if len(parts) == 0 {
		return "unavailable (" + h.Hostname.Reason() + ")"
	}
	return strings.Join(parts, "; ")
}

// gpuSummary says how many GPUs of which names were found: "8x NVIDIA H100
// 80GB HBM3".
func gpuSummary(f *facts.Facts) string {
	var names []string
	count := map[string]int{}
	for _, g := range f.GPUs {
		n := text(g.Name)
		if count[n] == 0 {
			names = append(names, n)
		}
		count[n]++
	}
	parts := make([]string, len(names))
	for i, n := range names {
		parts[i] = fmt.Sprintf("%dx %s", count[n], n)
	}
	s := strings.Join(parts, ", ")
	if s == "" {
		s = "none listed"
	}
	if a, ok := f.AttachedGPUs.Get(); ok && a != len(f.GPUs) {
		s += fmt.Sprintf(" (%d attached)", a)
	}
	return s
}

// text formats a string fact: the value, or "unavailable (reason)".
func text(v facts.Value[string]) string {
	if s, ok := v.Get(); ok {
		return s
	}
	return v.String()
}

func mib(v facts.Value[int64]) string {
	if n, ok := v.Get(); ok {
		return fmt.Sprintf("%d MiB", n)
	}
	return v.String()
}

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

// WriteText writes the report for a terminal: the verdict, where the facts
// came from, the server, then the checks by kind, the kinds with a failure
// first, and the GPU × check grid (acceptance.Sections).
func WriteText(w io.Writer, r *Report) error { return table.WriteText(w, title(r), sections(r)) }

// WriteMarkdown writes the report as Markdown, for a ticket to the vendor
// (rule A4): the same content as WriteText, with every check in a table.
func WriteMarkdown(w io.Writer, r *Report) error {
	return table.WriteMarkdown(w, table.Escape(title(r)), sections(r))
}

// title is "Delivery check: FAIL (3 fail, … of 91 checks)".
func title(r *Report) string {
	return fmt.Sprintf("%s: %s (%s)", Headline(r), strings.ToUpper(r.Summary.Verdict), r.Summary.Counts())
}

// sections are the report's blocks in the one document model.
func sections(r *Report) []table.Section {
	var head [][]string
	if provenance.IsFile(r.Origin) {
		head = append(head, []string{NotProof})
	}
	head = append(head, header(r)...)
	out := []table.Section{{Rows: head}, {Title: "Server", Rows: serverLines(r.Facts)}}
	out = append(out, acceptance.Sections(r.Checks)...)
	if missing := acceptance.UnmeasuredDemanded(r.Checks); len(missing) > 0 {
		rows := make([][]string, len(missing))
		for i, c := range missing {
			rows[i] = []string{c.ID + ": " + HowToMeasure(c, r.Origin)}
		}
		out = append(out, table.Section{Title: fmt.Sprintf("Not measured, so the verdict cannot be pass (%d)", len(missing)), Rows: rows})
	}
	return out
}

// header is the key-value lines under the report's title.
func header(r *Report) [][]string {
	nonce := r.Nonce
	if nonce == "" {
		nonce = "none (gpuverify check --nonce VALUE records the buyer's challenge)"
	}
	return [][]string{
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

// serverLines summarises the facts in a few lines.
func serverLines(f *facts.Facts) [][]string {
	if f == nil {
		return [][]string{{"facts", "none"}}
	}
	src := string(f.Source)
	if f.SourceDetail != "" {
		src += " (" + f.SourceDetail + ")"
	}
	return [][]string{
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

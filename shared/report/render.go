package report

import (
	"fmt"
	"github.com/gpuplan/gpuplan/shared/internal/table"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
)

// WriteText writes the report for a terminal: the verdict, the server, then
// the checks grouped failed, warnings, skipped, passed.
func WriteText(w io.Writer, r *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "Delivery check: %s (%s)\n", strings.ToUpper(r.Summary.Verdict), r.Summary.Counts())
	for _, kv := range header(r) {
		fmt.Fprintf(&b, "  %-8s %s\n", kv[0], kv[1])
	}
	b.WriteString("\nServer\n")
	for _, kv := range serverLines(r.Facts) {
		fmt.Fprintf(&b, "  %-8s %s\n", kv[0], kv[1])
	}
	for _, st := range statuses {
		group := ByStatus(r.Checks, st)
		if len(group) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n%s (%d)\n", GroupTitle(st), len(group))
		for _, c := range group {
			fmt.Fprintf(&b, "  %-4s %s [%s] %s\n", strings.ToUpper(string(c.Status)), c.ID, c.Rule, c.Message)
			if st == acceptance.Fail || st == acceptance.Warn {
				fmt.Fprintf(&b, "         expected: %s\n", c.Expected)
			}
			if st != acceptance.Pass {
				fmt.Fprintf(&b, "         measured: %s\n", c.Measured)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMarkdown writes the report as Markdown, for a ticket to the vendor
// (rule A4): the same content as WriteText, with every check in a table.
func WriteMarkdown(w io.Writer, r *Report) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Delivery check: %s\n\n%s.\n\n", strings.ToUpper(r.Summary.Verdict), r.Summary.Counts())
	b.WriteString("| | |\n|---|---|\n")
	for _, kv := range header(r) {
		fmt.Fprintf(&b, "| %s | %s |\n", md(kv[0]), md(kv[1]))
	}
	b.WriteString("\n## Server\n\n| | |\n|---|---|\n")
	for _, kv := range serverLines(r.Facts) {
		fmt.Fprintf(&b, "| %s | %s |\n", md(kv[0]), md(kv[1]))
	}
	for _, st := range statuses {
		group := ByStatus(r.Checks, st)
		if len(group) == 0 {
			continue
		}
		fmt.Fprintf(&b, "\n## %s (%d)\n\n| Check | Rule | Expected | Measured | Why |\n|---|---|---|---|---|\n", GroupTitle(st), len(group))
		for _, c := range group {
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", md(c.ID), md(c.Rule), md(c.Expected), md(c.Measured), md(c.Message))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}

func header(r *Report) [][2]string {
	return [][2]string{
		{"tool", strings.TrimSpace(r.Tool.Name + " " + r.Tool.Version)},
		{"time", r.Time},
		{"plan", "sha256 " + r.PlanSHA256},
		{"digest", "sha256 " + r.Digest},
	}
}

// Counts says how many checks ended in each status.
func (s Summary) Counts() string {
	return fmt.Sprintf("%d fail, %d warn, %d skip, %d pass of %d checks", s.Fail, s.Warn, s.Skip, s.Pass, s.Total)
}

// GroupTitle is the heading of the checks that ended in status st.
func GroupTitle(st acceptance.Status) string {
	switch st {
	case acceptance.Fail:
		return "Failed"
	case acceptance.Warn:
		return "Warnings"
	case acceptance.Skip:
		return "Skipped, not measured"
	}
	return "Passed"
}

// ByStatus returns the results with status st, in order.
func ByStatus(rs []acceptance.Result, st acceptance.Status) []acceptance.Result {
	var out []acceptance.Result
	for _, r := range rs {
		if r.Status == st {
			out = append(out, r)
		}
	}
	return out
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

// md escapes a Markdown table cell.
func md(s string) string { return table.Cell(s) }

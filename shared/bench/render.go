package bench

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/internal/table"
)

// keyWidth is the width of the keys in the text form's key-value lines.
const keyWidth = 9

// WriteText writes a judged run for a terminal: the verdict, what ran, each
// GPU's measurements, then the checks grouped failed, warnings, skipped,
// passed. checks is Judge's result.
func WriteText(w io.Writer, r *Run, checks []acceptance.Result) error {
	var b strings.Builder
	s := acceptance.Summarize(checks)
	fmt.Fprintf(&b, "GPU bench: %s (%s)\n", verdict(s), s.Counts())
	table.WriteKeyValuesText(&b, keyWidth, runLines(r))
	for _, g := range r.GPUs {
		fmt.Fprintf(&b, "\nGPU %d: %s\n", g.Index, gpuLine(g))
		table.WriteKeyValuesText(&b, keyWidth, gpuRows(g))
	}
	table.WriteChecksText(&b, acceptance.Groups(checks, true))
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMarkdown writes the same content as WriteText as Markdown, for a
// ticket to the vendor (rule A4).
func WriteMarkdown(w io.Writer, r *Run, checks []acceptance.Result) error {
	var b strings.Builder
	s := acceptance.Summarize(checks)
	fmt.Fprintf(&b, "# GPU bench: %s\n\n%s.\n\n", verdict(s), s.Counts())
	table.WriteKeyValuesMarkdown(&b, [2]string{}, runLines(r))
	for _, g := range r.GPUs {
		fmt.Fprintf(&b, "\n## GPU %d: %s\n\n", g.Index, table.Cell(gpuLine(g)))
		table.WriteKeyValuesMarkdown(&b, [2]string{"Measurement", "Result"}, gpuRows(g))
	}
	table.WriteChecksMarkdown(&b, acceptance.Groups(checks, true))
	_, err := io.WriteString(w, b.String())
	return err
}

// runLines describes the run in a few lines.
func runLines(r *Run) [][2]string {
	lines := [][2]string{{"time", fmt.Sprintf("%.1f s of a %.0f s budget", r.ElapsedS, r.DurationS)}}
	if r.CUDADriver != "" {
		lines = append(lines, [2]string{"cuda", r.CUDADriver})
	}
	lines = append(lines, [2]string{"gpus", fmt.Sprintf("%d benchmarked", len(r.GPUs))})
	if r.Interrupted {
		lines = append(lines, [2]string{"stopped", "interrupted before the end: what did not run is skipped"})
	}
	if r.Skipped != "" {
		lines = append(lines, [2]string{"skipped", r.Skipped})
	}
	return lines
}

// gpuLine names a GPU: "NVIDIA H100 80GB HBM3 (h100-80g-sxm, compute 9.0,
// 132 SMs, bus 0000:18:00.0)".
func gpuLine(g GPU) string {
	var parts []string
	add := func(label, v string) {
		if v != "" {
			parts = append(parts, label+v)
		}
	}
	add("", g.CardID)
	add("compute ", g.ComputeCapability)
	if g.SMs > 0 {
		add("", fmt.Sprintf("%d SMs", g.SMs))
	}
	add("bus ", g.BusID)
	if len(parts) == 0 {
		return g.Name
	}
	return g.Name + " (" + strings.Join(parts, ", ") + ")"
}

// gpuRows lists a GPU's measurements.
func gpuRows(g GPU) [][2]string {
	if g.Skipped != "" {
		return [][2]string{{"skipped", g.Skipped}}
	}
	var rows [][2]string
	for _, m := range g.Measurements {
		v := cell(m.Failed, m.Skipped, "not measured",
			fmt.Sprintf("%s (best %s, %d samples, %.1f s)", rate(m.Value, m.Kind), Figure(m.Best), m.Samples, m.Seconds))
		rows = append(rows, [2]string{string(m.Kind), v})
	}
	if t := g.Memtest; t != nil {
		v := cell(t.Failed, t.Skipped, "not run",
			fmt.Sprintf("%s of %s, %d passes, %d wrong words, %.1f s", gib(t.TestedBytes), gib(t.TotalBytes), t.Passes, t.Errors, t.Seconds))
		rows = append(rows, [2]string{"memtest", v})
	}
	return rows
}

// cell is what a measurement's row says: why it failed, why it was
// skipped (notDone says how: "not measured", "not run"), or its figures.
func cell(failed, skipped, notDone, figures string) string {
	switch {
	case failed != "":
		return "FAILED: " + failed
	case skipped != "":
		return notDone + ": " + skipped
	}
	return figures
}

// verdict is the headline: FAIL, PASS, or NOT RUN when every check was
// skipped (a pass that measured nothing would mislead).
func verdict(s acceptance.Summary) string {
	if s.Fail == 0 && s.Pass == 0 && s.Warn == 0 {
		return "NOT RUN"
	}
	return strings.ToUpper(s.Verdict)
}

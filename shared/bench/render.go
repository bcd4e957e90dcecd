package bench

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// keyWidth is the width of the keys in the text form's key-value lines.
const keyWidth = 9

// WriteText writes a judged run for a terminal in l: the verdict, what
// ran, each GPU's measurements, then the checks grouped failed, warnings,
// skipped, passed. checks is Judge's result. Measured figures, names and
// ids are written as measured in every language.
func WriteText(w io.Writer, r *Run, checks []acceptance.Result, l msg.Lang) error {
	var b strings.Builder
	s := acceptance.Summarize(checks)
	fmt.Fprintf(&b, "%s\n", l.Text("bench.title", msg.Text(verdict(s, l)), msg.Sub(s.CountsMsg())))
	table.WriteKeyValuesText(&b, keyWidth, runLines(r, l))
	for _, g := range r.GPUs {
		fmt.Fprintf(&b, "\n%s\n", l.Text("bench.gpu.heading", msg.Int(g.Index), msg.Text(gpuLine(g, l))))
		table.WriteKeyValuesText(&b, keyWidth, gpuRows(g, l))
	}
	table.WriteChecksText(&b, acceptance.Groups(checks, true, l))
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMarkdown writes the same content as WriteText as Markdown in l, for
// a ticket to the vendor (rule A4).
func WriteMarkdown(w io.Writer, r *Run, checks []acceptance.Result, l msg.Lang) error {
	var b strings.Builder
	s := acceptance.Summarize(checks)
	fmt.Fprintf(&b, "# %s\n\n%s\n\n", l.Text("bench.title_md", msg.Text(verdict(s, l))), l.Text("bench.counts", msg.Sub(s.CountsMsg())))
	table.WriteKeyValuesMarkdown(&b, [2]string{}, runLines(r, l))
	for _, g := range r.GPUs {
		fmt.Fprintf(&b, "\n## %s\n\n", l.Text("bench.gpu.heading", msg.Int(g.Index), msg.Text(table.Cell(gpuLine(g, l)))))
		table.WriteKeyValuesMarkdown(&b, [2]string{l.Text("bench.col.measurement"), l.Text("bench.col.result")}, gpuRows(g, l))
	}
	table.WriteChecksMarkdown(&b, acceptance.Groups(checks, true, l))
	_, err := io.WriteString(w, b.String())
	return err
}

// runLines describes the run in a few lines, in l.
func runLines(r *Run, l msg.Lang) [][2]string {
	lines := [][2]string{{l.Text("bench.key.time"), l.Text("bench.time",
		msg.Text(fmt.Sprintf("%.1f", r.ElapsedS)), msg.Text(fmt.Sprintf("%.0f", r.DurationS)))}}
	if r.CUDADriver != "" {
		lines = append(lines, [2]string{l.Text("bench.key.cuda"), r.CUDADriver})
	}
	lines = append(lines, [2]string{l.Text("bench.key.gpus"), l.Text("bench.gpus", msg.Int(len(r.GPUs)))})
	if r.Interrupted {
		lines = append(lines, [2]string{l.Text("bench.key.stopped"), l.Text("bench.interrupted")})
	}
	if r.Skipped != "" {
		lines = append(lines, [2]string{l.Text("bench.key.skipped"), r.Skipped})
	}
	return lines
}

// gpuLine names a GPU in l: "NVIDIA H100 80GB HBM3 (h100-80g-sxm, compute
// 9.0, 132 SMs, bus 0000:18:00.0)".
func gpuLine(g GPU, l msg.Lang) string {
	var parts []string
	add := func(id, v string) {
		if v != "" {
			parts = append(parts, l.Text(id, msg.Text(v)))
		}
	}
	add("bench.gpu.part", g.CardID)
	add("bench.gpu.compute", g.ComputeCapability)
	if g.SMs > 0 {
		parts = append(parts, l.Text("bench.gpu.sms", msg.Int(g.SMs)))
	}
	add("bench.gpu.bus", g.BusID)
	if len(parts) == 0 {
		return g.Name
	}
	joined := parts[0]
	for _, p := range parts[1:] {
		joined = l.Text("acc.comma", msg.Text(joined), msg.Text(p))
	}
	return l.Text("bench.gpu.line", msg.Text(g.Name), msg.Text(joined))
}

// kindName is a measurement's name in l, the row's key: the kind itself in
// English ("fp32", "memtest").
func kindName(kind string, l msg.Lang) string {
	if _, ok := msg.Lookup("bench.kind." + kind); !ok {
		return kind
	}
	return l.Text("bench.kind." + kind)
}

// gpuRows lists a GPU's measurements in l.
func gpuRows(g GPU, l msg.Lang) [][2]string {
	if g.Skipped != "" {
		return [][2]string{{l.Text("bench.key.skipped"), g.Skipped}}
	}
	var rows [][2]string
	for _, m := range g.Measurements {
		v := cell(l, m.Failed, m.Skipped, "bench.not_measured", msg.New("bench.rate", msg.Text(rate(m.Value, m.Kind)),
			msg.Text(Figure(m.Best)), msg.Int(m.Samples), msg.Text(fmt.Sprintf("%.1f", m.Seconds))))
		rows = append(rows, [2]string{kindName(string(m.Kind), l), v})
	}
	if t := g.Memtest; t != nil {
		v := cell(l, t.Failed, t.Skipped, "bench.not_run_reason", msg.New("bench.memtest", msg.Text(gib(t.TestedBytes)),
			msg.Text(gib(t.TotalBytes)), msg.Int(t.Passes), msg.Int(int(min(t.Errors, math.MaxInt))), msg.Text(fmt.Sprintf("%.1f", t.Seconds))))
		rows = append(rows, [2]string{kindName("memtest", l), v})
	}
	return rows
}

// cell is what a measurement's row says in l: why it failed, why it was
// skipped (notDone is the entry that says how: "not measured", "not
// run"), or its figures.
func cell(l msg.Lang, failed, skipped, notDone string, figures msg.M) string {
	switch {
	case failed != "":
		return l.Text("bench.failed", msg.Text(failed))
	case skipped != "":
		return l.Text(notDone, msg.Text(skipped))
	}
	return figures.In(l)
}

// verdict is the headline: FAIL, PASS, or NOT RUN (in l) when every check was
// skipped (a pass that measured nothing would mislead).
func verdict(s acceptance.Summary, l msg.Lang) string {
	if s.Fail == 0 && s.Pass == 0 && s.Warn == 0 {
		return l.Text("bench.not_run")
	}
	return strings.ToUpper(string(s.Verdict))
}

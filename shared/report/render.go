package report

import (
	"fmt"
	"io"
	"strings"

	"github.com/gpuplan/gpuplan/shared/acceptance"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/internal/table"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/provenance"
)

// WriteText writes the report for a terminal in l: the verdict, where the
// facts came from, the server, then the checks by kind, the kinds with a
// failure first, and the GPU × check grid (acceptance.Sections).
func WriteText(w io.Writer, r *Report, l msg.Lang) error {
	return table.WriteText(w, title(r, l), sections(r, l))
}

// WriteMarkdown writes the report as Markdown in l, for a ticket to the
// vendor (rule A4): the same content as WriteText, with every check in a
// table.
func WriteMarkdown(w io.Writer, r *Report, l msg.Lang) error {
	return table.WriteMarkdown(w, table.Escape(title(r, l)), sections(r, l))
}

// title is "Delivery check: FAIL (3 fail, … of 91 checks)".
func title(r *Report, l msg.Lang) string {
	return l.Text("acc.heading", msg.Sub(headline(r)), msg.Text(strings.ToUpper(r.Summary.Verdict)), msg.Sub(r.Summary.CountsMsg()))
}

// sections are the report's blocks in the one document model.
func sections(r *Report, l msg.Lang) []table.Section {
	var head [][]string
	if provenance.IsFile(r.Origin) {
		head = append(head, []string{l.Text("report.not_proof")})
	}
	head = append(head, header(r, l)...)
	out := []table.Section{{Rows: head}, {Title: l.Text("report.server"), Rows: serverLines(r.Facts, l)}}
	out = append(out, acceptance.Sections(r.Checks, l)...)
	if missing := acceptance.UnmeasuredDemanded(r.Checks); len(missing) > 0 {
		rows := make([][]string, len(missing))
		for i, c := range missing {
			rows[i] = []string{l.Text("report.line", msg.Text(c.ID), msg.Sub(howToMeasure(c, r.Origin)))}
		}
		out = append(out, table.Section{Title: l.Text("report.not_measured", msg.Int(len(missing))), Rows: rows})
	}
	for i := range out {
		out[i].Wide = true // Chinese keys take two columns a character
	}
	return out
}

// header is the key-value lines under the report's title.
func header(r *Report, l msg.Lang) [][]string {
	nonce := r.Nonce
	if nonce == "" {
		nonce = l.Text("report.nonce_none")
	}
	return [][]string{
		{l.Text("report.key.origin"), provenance.Describe(r.Origin, r.Facts)},
		{l.Text("report.key.tool"), strings.TrimSpace(r.Tool.Name + " " + r.Tool.Version)},
		{l.Text("report.key.time"), r.Time},
		{l.Text("report.key.nonce"), nonce},
		{l.Text("report.key.plan"), "sha256 " + r.PlanSHA256},
		{l.Text("report.key.digest"), "sha256 " + r.Digest},
	}
}

// NotProof is the warning on every report whose facts were read from a
// file, in English ("report.not_proof" in the catalogue).
var NotProof = msg.En.Text("report.not_proof")

// Headline names what the report is, in English: a delivery check when
// gpuverify read the facts live, a check of a saved file otherwise.
func Headline(r *Report) string { return headline(r).String() }

// headline is Headline as a message.
func headline(r *Report) msg.M {
	if provenance.IsFile(r.Origin) {
		return msg.New("report.headline.file")
	}
	return msg.New("report.headline.live")
}

// HowToMeasure says, in English, which command would measure a check that
// was not measured.
func HowToMeasure(c acceptance.Result, o provenance.Origin) string {
	return howToMeasure(c, o).String()
}

// howToMeasure is HowToMeasure as a message.
func howToMeasure(c acceptance.Result, o provenance.Origin) msg.M {
	name := acceptance.CheckName(c.ID)
	switch {
	case name == "origin":
		return msg.New("report.how.origin")
	case strings.HasPrefix(name, "bench_") || strings.HasPrefix(name, "poc_"):
		return msg.New("report.how.bench")
	case name == "infiniband":
		return msg.New("report.how.infiniband")
	case strings.HasPrefix(name, "kernel_"):
		return msg.New("report.how.kernel")
	case provenance.IsFile(o):
		return msg.New("report.how.file")
	}
	return msg.New("report.how.driver")
}

// serverLines summarises the facts in a few lines.
func serverLines(f *facts.Facts, l msg.Lang) [][]string {
	if f == nil {
		return [][]string{{l.Text("report.key.facts"), l.Text("report.none")}}
	}
	src := string(f.Source)
	if f.SourceDetail != "" {
		src += " (" + f.SourceDetail + ")"
	}
	return [][]string{
		{l.Text("report.key.source"), src},
		{l.Text("report.key.host"), hostLine(f.Host)},
		{l.Text("report.key.driver"), fmt.Sprintf("%s (CUDA %s)", text(f.DriverVersion), text(f.CUDADriverVersion))},
		{l.Text("report.key.gpus"), gpuSummary(f)},
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

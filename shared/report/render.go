package report

import (
	"fmt"
	"io"
	"strconv"
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
	return l.Text("acc.heading", msg.Sub(headline(r)), msg.Text(strings.ToUpper(string(r.Summary.Verdict))), msg.Sub(r.Summary.CountsMsg()))
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
	return out
}

// header is the key-value lines under the report's title.
func header(r *Report, l msg.Lang) [][]string {
	nonce := r.Nonce
	if nonce == "" {
		nonce = l.Text("report.nonce_none")
	}
	return [][]string{
		{l.Text("report.key.origin"), DescribeOrigin(r.Origin, r.Facts, l)},
		{l.Text("report.key.tool"), strings.TrimSpace(r.Tool.Name + " " + r.Tool.Version)},
		{l.Text("report.key.time"), r.Time},
		{l.Text("report.key.nonce"), nonce},
		{l.Text("report.key.plan"), "sha256 " + r.PlanSHA256},
		{l.Text("report.key.digest"), "sha256 " + r.Digest},
	}
}

// DescribeOrigin says where the facts came from, in a few words, in l: in
// English, provenance.Describe's words.
func DescribeOrigin(o provenance.Origin, f *facts.Facts, l msg.Lang) string {
	switch o.Kind {
	case provenance.Live:
		return l.Text("report.origin.live")
	case provenance.File:
		src := ""
		if f != nil {
			src = string(f.Source)
		}
		if o.File == "" {
			return l.Text("report.origin.file", msg.Text(src))
		}
		return l.Text("report.origin.file_named", msg.Text(strconv.Quote(o.File)), msg.Text(src))
	}
	return l.Text("report.origin.unknown")
}

// In says what differs, in l: "gpu2/throttle: the report says pass, its
// facts give fail".
func (d Disagreement) In(l msg.Lang) string {
	id, stated, derived := msg.Text(d.ID), statusWord(d.Stated, l), statusWord(d.Derived, l)
	switch d.What {
	case "missing":
		return l.Text("report.disagree.missing", id, derived)
	case "extra":
		return l.Text("report.disagree.extra", id, stated)
	case "status":
		return l.Text("report.disagree.status", id, stated, derived)
	}
	return l.Text("report.disagree.text", id, stated)
}

// statusWord names a status in a line of l: the status itself in English
// ("fail", as the report file spells it), its label in Chinese.
func statusWord(s acceptance.Status, l msg.Lang) msg.Arg {
	if l == msg.En {
		return msg.Text(string(s))
	}
	return msg.Text(l.Enum("status", string(s)))
}

// NotProof is the warning on every report whose facts were read from a
// file, in English ("report.not_proof" in the catalogue).
var NotProof = msg.En.Text("report.not_proof")

// headline is Headline as a message.
func headline(r *Report) msg.M {
	if provenance.IsFile(r.Origin) {
		return msg.New("report.headline.file")
	}
	return msg.New("report.headline.live")
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
		{l.Text("report.key.host"), hostLine(f.Host, l)},
		{l.Text("report.key.driver"), l.Text("report.driver", msg.Text(textIn(f.DriverVersion, l)), msg.Text(textIn(f.CUDADriverVersion, l)))},
		{l.Text("report.key.gpus"), gpuSummary(f, l)},
	}
}

// hostLine joins the known host facts, or gives the reason when none is
// known (nvidia-smi output holds none), in l.
func hostLine(h facts.Host, l msg.Lang) string {
	var parts []string
	if name, ok := h.Hostname.Get(); ok {
		parts = append(parts, name)
	}
	if osr, ok := h.OSRelease.Get(); ok {
		parts = append(parts, osr)
	}
	if kernel, ok := h.Kernel.Get(); ok {
		parts = append(parts, l.Text("report.host.kernel", msg.Text(kernel)))
	}
	if cpu, ok := h.CPUModel.Get(); ok {
		parts = append(parts, cpu)
	}
	if mem, ok := h.MemoryTotalMiB.Get(); ok {
		parts = append(parts, l.Text("report.host.ram", msg.Text(strconv.FormatInt(mem, 10))))
	}
	if len(parts) == 0 {
		return l.Text("report.unavailable", msg.Sub(h.Hostname.Reason()))
	}
	line := parts[0]
	for _, p := range parts[1:] {
		line = l.Text("common.list", msg.Text(line), msg.Text(p))
	}
	return line
}

// gpuSummary says how many GPUs of which names were found, in l: "8x
// NVIDIA H100 80GB HBM3".
func gpuSummary(f *facts.Facts, l msg.Lang) string {
	var names []string
	count := map[string]int{}
	for _, g := range f.GPUs {
		n := textIn(g.Name, l)
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
		s = l.Text("report.gpus.none")
	}
	if a, ok := f.AttachedGPUs.Get(); ok && a != len(f.GPUs) {
		s += l.Text("report.gpus.attached", msg.Int(a))
	}
	return s
}

// textIn formats a string fact in l: the value, or "unavailable (reason)"
// (the reason is the source's own words).
func textIn(v facts.Value[string], l msg.Lang) string {
	if s, ok := v.Get(); ok {
		return s
	}
	return l.Text("report.unavailable", msg.Sub(v.Reason()))
}

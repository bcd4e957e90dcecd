package monitor

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// UnderUsedPct is rule O1's threshold: long-term utilisation under 60%
// means over-provisioned or a scheduling problem.
const UnderUsedPct = 60

// O1Window is the window rule O1 speaks of: the first week. A shorter run
// is only a hint.
const O1Window = 7 * 24 * time.Hour

// GPUSummary summarises one GPU over a run.
type GPUSummary struct {
	GPU int
	// Samples counts the samples whose utilisation was read.
	Samples int
	// MeanUtilPct and P95UtilPct are the mean and the 95th percentile
	// (nearest rank) of GPU utilisation.
	MeanUtilPct float64
	P95UtilPct  float64
	// MaxMemoryUsedMiB is the most memory in use at any sample; -1 when
	// never read.
	MaxMemoryUsedMiB int64
	// MeanPowerW is the mean power draw; NaN when never read.
	MeanPowerW float64
	// HWThrottleSamples counts samples with a hardware slowdown, hardware
	// thermal slowdown or power brake reason active.
	HWThrottleSamples int
	// UnderUsed is rule O1's flag for this GPU.
	UnderUsed bool
}

// Summary summarises a run.
type Summary struct {
	Start, End time.Time
	// Samples counts the samples taken; Missed the ones that failed.
	Samples, Missed int
	// Interrupted is true when the run ended on a signal, not its duration.
	Interrupted bool
	GPUs        []GPUSummary
	// MeanUtilPct is the mean utilisation over every GPU and sample.
	MeanUtilPct float64
	// UnderUsed is rule O1's flag for the whole server: mean utilisation
	// under UnderUsedPct.
	UnderUsed bool
}

// accumulator collects what the summary needs.
type accumulator struct {
	start           time.Time
	samples, missed int
	order           []int
	util            map[int][]int
	power           map[int][]float64
	maxMem          map[int]int64
	hw              map[int]int
}

func newAccumulator(start time.Time) *accumulator {
	return &accumulator{start: start, util: map[int][]int{}, power: map[int][]float64{}, maxMem: map[int]int64{}, hw: map[int]int{}}
}

func (a *accumulator) add(readings []Reading) {
	a.samples++
	for _, r := range readings {
		if _, seen := a.maxMem[r.GPU]; !seen {
			a.order = append(a.order, r.GPU)
			a.maxMem[r.GPU] = -1
		}
		if u, ok := r.UtilGPUPct.Get(); ok {
			a.util[r.GPU] = append(a.util[r.GPU], u)
		}
		if p, ok := r.PowerW.Get(); ok {
			a.power[r.GPU] = append(a.power[r.GPU], p)
		}
		if m, ok := r.MemoryUsedMiB.Get(); ok && m > a.maxMem[r.GPU] {
			a.maxMem[r.GPU] = m
		}
		if reasons, ok := r.ClockReasons.Get(); ok && hardwareThrottle(reasons) {
			a.hw[r.GPU]++
		}
	}
}

func hardwareThrottle(reasons []string) bool {
	for _, why := range reasons {
		switch why {
		case facts.ReasonHWSlowdown, facts.ReasonHWThermalSlowdown, facts.ReasonHWPowerBrakeSlowdown:
			return true
		}
	}
	return false
}

func (a *accumulator) summary(end time.Time, interrupted bool) Summary {
	s := Summary{Start: a.start, End: end, Samples: a.samples, Missed: a.missed, Interrupted: interrupted}
	var all []int
	for _, gpu := range a.order {
		u := a.util[gpu]
		all = append(all, u...)
		g := GPUSummary{
			GPU:               gpu,
			Samples:           len(u),
			MeanUtilPct:       mean(u),
			P95UtilPct:        p95(u),
			MaxMemoryUsedMiB:  a.maxMem[gpu],
			MeanPowerW:        mean(a.power[gpu]),
			HWThrottleSamples: a.hw[gpu],
		}
		g.UnderUsed = len(u) > 0 && g.MeanUtilPct < UnderUsedPct
		s.GPUs = append(s.GPUs, g)
	}
	s.MeanUtilPct = mean(all)
	s.UnderUsed = len(all) > 0 && s.MeanUtilPct < UnderUsedPct
	return s
}

// mean is the average of v, NaN for none.
func mean[T int | float64](v []T) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	var sum T
	for _, x := range v {
		sum += x
	}
	return float64(sum) / float64(len(v))
}

// p95 is the 95th percentile by the nearest-rank method: the smallest value
// with at least 95% of the samples at or below it.
func p95(v []int) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	s := slices.Clone(v)
	slices.Sort(s)
	rank := int(math.Ceil(0.95 * float64(len(s))))
	return float64(s[rank-1])
}

// WriteSummary writes the summary as a table and the O1 verdict, in l.
func WriteSummary(w io.Writer, s Summary, l msg.Lang) error {
	var b strings.Builder
	how := msg.New("monitor.ran")
	if s.Interrupted {
		how = msg.New("monitor.interrupted")
	}
	b.WriteString(l.Text("monitor.title", msg.Text(s.Start.UTC().Format(time.RFC3339)), msg.Text(s.End.UTC().Format(time.RFC3339)),
		msg.Text(s.End.Sub(s.Start).Round(time.Second).String()), msg.Text(strconv.Itoa(s.Samples)), msg.Text(strconv.Itoa(s.Missed)), msg.Sub(how)) + "\n\n")
	writeColumns(&b, summaryRows(s, l))
	b.WriteString("\n" + verdict(s).In(l) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// summaryRows are the summary's table: a header, a row per GPU, the mean
// of all.
func summaryRows(s Summary, l msg.Lang) [][]string {
	head := []string{"gpu", "samples", "mean_util", "p95_util", "max_memory", "mean_power", "hw_throttle"}
	for i, id := range head {
		head[i] = l.Text("monitor.col." + id)
	}
	rows := [][]string{head}
	for _, g := range s.GPUs {
		flag := ""
		if g.UnderUsed {
			flag = "  < 60%"
		}
		rows = append(rows, []string{strconv.Itoa(g.GPU), strconv.Itoa(g.Samples), pct(g.MeanUtilPct, l) + flag, pct(g.P95UtilPct, l),
			memText(g.MaxMemoryUsedMiB, l), watts(g.MeanPowerW, l), strconv.Itoa(g.HWThrottleSamples)})
	}
	return append(rows, []string{l.Text("monitor.all"), "", pct(s.MeanUtilPct, l), "", "", "", ""})
}

// writeColumns writes rows as columns two spaces apart, every cell padded
// to its column's width (as text/tabwriter pads tab-terminated cells), a
// Chinese character counting two columns.
func writeColumns(b *strings.Builder, rows [][]string) {
	var widths []int
	for _, r := range rows {
		for j, c := range r {
			if j == len(widths) {
				widths = append(widths, 0)
			}
			widths[j] = max(widths[j], displayWidth(c))
		}
	}
	for _, r := range rows {
		for j, c := range r {
			b.WriteString(c + strings.Repeat(" ", widths[j]-displayWidth(c)+2))
		}
		b.WriteString("\n")
	}
}

// displayWidth is how many terminal columns s takes: two for a wide (East
// Asian) character, one for any other.
func displayWidth(s string) int {
	n := 0
	for _, r := range s {
		n++
		if unicode.In(r, unicode.Han, unicode.Hangul, unicode.Hiragana, unicode.Katakana) || (r >= 0xFF01 && r <= 0xFF60) || (r >= 0x3000 && r <= 0x303F) {
			n++
		}
	}
	return n
}

// verdict states rule O1's conclusion.
func verdict(s Summary) msg.M {
	if math.IsNaN(s.MeanUtilPct) {
		return msg.New("monitor.o1.none")
	}
	m := msg.New("monitor.o1.ok", msg.Text(pct(s.MeanUtilPct, msg.En)), msg.Int(UnderUsedPct))
	if s.UnderUsed {
		m = msg.New("monitor.o1.under", msg.Text(pct(s.MeanUtilPct, msg.En)), msg.Int(UnderUsedPct))
	}
	if s.End.Sub(s.Start) < O1Window {
		return msg.Seq(m, msg.New("monitor.o1.short"))
	}
	return m
}

func pct(v float64, l msg.Lang) string {
	if math.IsNaN(v) {
		return l.Text("monitor.na")
	}
	return fmt.Sprintf("%.1f%%", v)
}

func watts(v float64, l msg.Lang) string {
	if math.IsNaN(v) {
		return l.Text("monitor.na")
	}
	return fmt.Sprintf("%.1f W", v)
}

func memText(m int64, l msg.Lang) string {
	if m < 0 {
		return l.Text("monitor.na")
	}
	return fmt.Sprintf("%d MiB", m)
}

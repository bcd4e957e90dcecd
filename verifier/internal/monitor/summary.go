package monitor

import (
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/gpuplan/gpuplan/shared/facts"
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

// WriteSummary writes the summary as a table and the O1 verdict.
func WriteSummary(w io.Writer, s Summary) error {
	var b strings.Builder
	how := "ran to its duration"
	if s.Interrupted {
		how = "interrupted; every sample taken is in the CSV"
	}
	fmt.Fprintf(&b, "Utilisation (rule O1) from %s to %s (%s): %d samples, %d missed, %s\n\n",
		s.Start.UTC().Format(time.RFC3339), s.End.UTC().Format(time.RFC3339), s.End.Sub(s.Start).Round(time.Second), s.Samples, s.Missed, how)
	tw := tabwriter.NewWriter(&b, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "GPU\tsamples\tmean util\tp95 util\tmax memory used\tmean power\tHW throttle samples\t")
	for _, g := range s.GPUs {
		flag := ""
		if g.UnderUsed {
			flag = "  < 60%"
		}
		fmt.Fprintf(tw, "%d\t%d\t%s%s\t%s\t%s\t%s\t%d\t\n", g.GPU, g.Samples, pct(g.MeanUtilPct), flag, pct(g.P95UtilPct), memText(g.MaxMemoryUsedMiB), watts(g.MeanPowerW), g.HWThrottleSamples)
	}
	fmt.Fprintf(tw, "all\t\t%s\t\t\t\t\t\n", pct(s.MeanUtilPct))
	tw.Flush()
	b.WriteString("\n" + verdict(s) + "\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// verdict states rule O1's conclusion.
func verdict(s Summary) string {
	if math.IsNaN(s.MeanUtilPct) {
		return "O1: no utilisation was read, so no verdict."
	}
	short := ""
	if s.End.Sub(s.Start) < O1Window {
		short = " This run is shorter than the first week rule O1 speaks of: treat it as a hint and keep monitoring."
	}
	if s.UnderUsed {
		return fmt.Sprintf("O1: mean utilisation %s is under %d%%: over-provisioned, or a scheduling problem. Consider fewer or smaller GPUs, or fix the job pipeline.%s", pct(s.MeanUtilPct), UnderUsedPct, short)
	}
	return fmt.Sprintf("O1: mean utilisation %s is at least %d%%.%s", pct(s.MeanUtilPct), UnderUsedPct, short)
}

func pct(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	return fmt.Sprintf("%.1f%%", v)
}

func watts(v float64) string {
	if math.IsNaN(v) {
		return "n/a"
	}
	return fmt.Sprintf("%.1f W", v)
}

func memText(m int64) string {
	if m < 0 {
		return "n/a"
	}
	return fmt.Sprintf("%d MiB", m)
}

package ops

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/internal/csvrec"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

// MonitorHeader is the header line `gpuverify monitor` writes
// (verifier/internal/monitor.Header). ParseMonitor needs only the time,
// gpu and utilization_gpu_pct columns, found by name.
var MonitorHeader = []string{"time", "gpu", "uuid", "utilization_gpu_pct", "utilization_memory_pct", "memory_used_mib", "power_w", "sm_clock_mhz", "clock_event_reasons"}

// Bounds of a monitor CSV: a month of samples every 10 s on 8 GPUs is
// about 170 MB; a bigger file is refused, never cut.
const (
	MaxMonitorBytes  = 256 << 20
	maxMonitorGPU    = 4095 // a GPU index
	maxMonitorMonths = 240  // as Input.Months
)

// MonitorMonth is one calendar month (UTC, as the CSV's times are) of a
// monitor CSV.
type MonitorMonth struct {
	// Month is written "2026-09".
	Month string `json:"month"`
	// GPUs counts the distinct GPU indexes seen.
	GPUs int `json:"gpus"`
	// Samples counts the readings with a utilisation; Missing those whose
	// utilisation could not be read (an empty cell).
	Samples int `json:"samples"`
	Missing int `json:"missing"`
	// MeanUtilPct is the mean utilisation of the readings, two places;
	// nil when none was read.
	MeanUtilPct *decimal.Decimal `json:"mean_util_pct,omitempty"`
	// First and Last are the earliest and latest sample times (RFC 3339).
	First string `json:"first"`
	Last  string `json:"last"`
}

// Monitor summarises a `gpuverify monitor` CSV by month, for rule O1 and
// for the months' utilisation of Input.
type Monitor struct {
	// Months are the months in order.
	Months []MonitorMonth `json:"months"`
	// GPUs counts the distinct GPU indexes seen.
	GPUs int `json:"gpus"`
	// Samples and Missing are summed over the months.
	Samples int `json:"samples"`
	Missing int `json:"missing"`
	// MeanUtilPct is the mean utilisation of every reading; nil when none.
	MeanUtilPct *decimal.Decimal `json:"mean_util_pct,omitempty"`
	// UnderUsed is rule O1's flag: mean utilisation under 60%.
	UnderUsed bool `json:"under_used"`
}

// monthAcc collects one month.
type monthAcc struct {
	gpus             map[int]bool
	sum              int64
	samples, missing int
	first, last      time.Time
}

// ParseMonitor reads a `gpuverify monitor` CSV (at most MaxMonitorBytes)
// and summarises the GPU utilisation by month (rule O1). A malformed line
// is refused as a *fielderr.Error naming the line and the column.
func ParseMonitor(r io.Reader) (Monitor, error) { return parseMonitor(r, MaxMonitorBytes) }

// parseMonitor is ParseMonitor with a byte limit.
func parseMonitor(r io.Reader, limit int64) (Monitor, error) {
	lines := newMonitorLines(&capped{r: r, left: limit, limit: limit})
	header, err := lines.next()
	if err != nil {
		return Monitor{}, fielderr.Sentence("line 1", "ops.err.monitor_header", msg.Sub(readErr(err)))
	}
	cols, err := monitorColumns(header)
	if err != nil {
		return Monitor{}, err
	}
	months := map[string]*monthAcc{}
	gpus := map[int]bool{}
	for {
		rec, err := lines.next()
		if errors.Is(err, io.EOF) {
			break
		}
		line := fmt.Sprintf("line %d", lines.n)
		if err != nil {
			return Monitor{}, &fielderr.Error{Field: line, Msg: readErr(err)}
		}
		if len(rec) != len(header) {
			return Monitor{}, fielderr.Sentence(line, "ops.err.monitor_fields", msg.Int(len(rec)), msg.Int(len(header)))
		}
		if err := addReading(months, gpus, rec, cols, lines.n); err != nil {
			return Monitor{}, err
		}
	}
	return summarise(months, gpus), nil
}

// maxMonitorLine bounds one line of a monitor file: a reading is about
// 100 bytes.
const maxMonitorLine = 64 << 10

// monitorLines reads a monitor file a line at a time: gpuverify monitor
// writes one reading a line and never breaks a field across lines, so a
// month of readings streams through without being held in memory.
type monitorLines struct {
	sc  *bufio.Scanner
	src *capped
	n   int // the line last read, from 1
}

func newMonitorLines(src *capped) *monitorLines {
	sc := bufio.NewScanner(src)
	sc.Buffer(make([]byte, 0, 4096), maxMonitorLine)
	return &monitorLines{sc: sc, src: src}
}

// next is the record on the next line that is not empty, or io.EOF.
func (m *monitorLines) next() ([]string, error) {
	for m.sc.Scan() {
		m.n++
		if m.src.over != nil {
			// The scanner hands back the line the limit cut before
			// its error: refuse the file, not the half line.
			return nil, m.src.over
		}
		line := bytes.TrimSuffix(m.sc.Bytes(), []byte("\r"))
		if len(line) == 0 {
			continue
		}
		return csvrec.NewReader(line).Read()
	}
	if err := m.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			m.n++ // the line refused, so the error's field names it
			return nil, monitorErr{msg.New("ops.err.monitor_line_long", msg.Int(m.n), msg.Int(maxMonitorLine>>10))}
		}
		return nil, err
	}
	return nil, io.EOF
}

// columns are the indexes of the columns ParseMonitor reads.
type columns struct{ time, gpu, util int }

// monitorColumns finds the columns ParseMonitor reads by name.
func monitorColumns(header []string) (columns, error) {
	c := columns{-1, -1, -1}
	for i, h := range header {
		switch h {
		case "time":
			c.time = i
		case "gpu":
			c.gpu = i
		case "utilization_gpu_pct":
			c.util = i
		}
	}
	if c.time < 0 || c.gpu < 0 || c.util < 0 {
		return c, fielderr.Sentence("line 1", "ops.err.monitor_columns")
	}
	return c, nil
}

// capped reads r and fails after limit bytes.
type capped struct {
	r           io.Reader
	left, limit int64
	over        error // set once the file is found larger than limit
}

func (c *capped) Read(p []byte) (int, error) {
	if c.left <= 0 {
		var one [1]byte
		n, err := c.r.Read(one[:])
		if n > 0 {
			c.over = monitorErr{msg.New("ops.err.monitor_too_large", msg.Int(int(c.limit)), msg.Int(int(c.limit>>20)))}
			return 0, c.over
		}
		return 0, err
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}

// monitorErr is a problem with a monitor file as a whole (a line too long,
// a file too large), carrying its message.
type monitorErr struct{ m msg.M }

func (e monitorErr) Error() string { return e.m.String() }

// Message is the problem as a message, for msg.Lang.Err.
func (e monitorErr) Message() msg.M { return e.m }

// readErr is why a line of a monitor file could not be read, as a message.
func readErr(err error) msg.M {
	var me monitorErr
	var pe *csvrec.Error
	switch {
	case errors.As(err, &me):
		return me.m
	case errors.Is(err, io.EOF):
		return msg.New("ops.err.monitor_empty")
	case errors.Is(err, csvrec.ErrBareQuote):
		return msg.New("ops.err.csv_bare_quote")
	case errors.Is(err, csvrec.ErrQuote):
		return msg.New("ops.err.csv_quote")
	case errors.Is(err, csvrec.ErrFieldCount):
		return msg.New("ops.err.csv_field_count")
	case errors.As(err, &pe):
		return msg.Verbatim(pe.Err.Error()) // a problem csvrec may add later, in its words
	}
	// The reader's own failure (the browser's or the file system's), in
	// its words.
	return msg.Verbatim(err.Error())
}

// addReading adds one CSV row to its month.
func addReading(months map[string]*monthAcc, gpus map[int]bool, rec []string, c columns, line int) error {
	at := func(col string) string { return fmt.Sprintf("line %d, %s", line, col) }
	t, err := time.Parse(time.RFC3339, rec[c.time])
	if err != nil || t.Year() < 2000 || t.Year() > 2099 {
		return fielderr.New(at("time"), rec[c.time], msg.New("want.time_written"))
	}
	gpu, err := strconv.Atoi(rec[c.gpu])
	if err != nil || gpu < 0 || gpu > maxMonitorGPU {
		return fielderr.New(at("gpu"), rec[c.gpu], msg.New("want.in", msg.Label("want.noun.gpu_index"), msg.Text(fmt.Sprintf("[0, %d]", maxMonitorGPU))))
	}
	t = t.UTC()
	key := t.Format("2006-01")
	m := months[key]
	if m == nil {
		if len(months) == maxMonitorMonths {
			return fielderr.New(at("time"), rec[c.time], msg.New("want.max_months_file", msg.Int(maxMonitorMonths)))
		}
		m = &monthAcc{gpus: map[int]bool{}, first: t, last: t}
		months[key] = m
	}
	m.gpus[gpu], gpus[gpu] = true, true
	if t.Before(m.first) {
		m.first = t
	}
	if t.After(m.last) {
		m.last = t
	}
	if rec[c.util] == "" {
		m.missing++ // unavailable on this GPU at this sample
		return nil
	}
	u, err := strconv.Atoi(rec[c.util])
	if err != nil || u < 0 || u > 100 {
		return fielderr.New(at("utilization_gpu_pct"), rec[c.util], msg.New("want.pct_or_empty"))
	}
	m.sum += int64(u)
	m.samples++
	return nil
}

func summarise(months map[string]*monthAcc, gpus map[int]bool) Monitor {
	out := Monitor{GPUs: len(gpus)}
	var sum int64
	for _, k := range slices.Sorted(maps.Keys(months)) {
		a := months[k]
		mm := MonitorMonth{Month: k, GPUs: len(a.gpus), Samples: a.samples, Missing: a.missing,
			MeanUtilPct: meanPct(a.sum, a.samples),
			First:       a.first.Format(time.RFC3339), Last: a.last.Format(time.RFC3339)}
		out.Months = append(out.Months, mm)
		out.Samples, out.Missing, sum = out.Samples+a.samples, out.Missing+a.missing, sum+a.sum
	}
	out.MeanUtilPct = meanPct(sum, out.Samples)
	out.UnderUsed = out.MeanUtilPct != nil && out.MeanUtilPct.LessThan(floorPct)
	return out
}

// meanPct is sum ÷ n to two places; nil when n is 0.
func meanPct(sum int64, n int) *decimal.Decimal {
	if n == 0 {
		return nil
	}
	m := decimal.NewFromInt(sum).DivRound(decimal.NewFromInt(int64(n)), 2)
	return &m
}

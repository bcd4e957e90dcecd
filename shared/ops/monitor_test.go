package ops_test

import (
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/ops"
)

// Rule O1 from a gpuverify monitor CSV: the mean utilisation by month
// (UTC), empty cells counted as missing, under 60% flagged.
func TestParseMonitor(t *testing.T) {
	f, err := os.Open("testdata/monitor.csv")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	m, err := ops.ParseMonitor(f)
	if err != nil {
		t.Fatal(err)
	}
	// September: (40 + 50) / 2 = 45; October: (90 + 81 + 0) / 3 = 57,
	// one cell missing; all: 261 / 5 = 52.2, under 60 (O1).
	if len(m.Months) != 2 || m.GPUs != 2 || m.Samples != 5 || m.Missing != 1 || !m.UnderUsed {
		t.Fatalf("summary %+v", m)
	}
	sep, oct := m.Months[0], m.Months[1]
	if sep.Month != "2026-09" || sep.MeanUtilPct.String() != "45" || sep.Samples != 2 || sep.GPUs != 2 {
		t.Errorf("September %+v", sep)
	}
	if oct.Month != "2026-10" || oct.MeanUtilPct.String() != "57" || oct.Missing != 1 ||
		oct.First != "2026-10-01T00:00:00Z" || oct.Last != "2026-10-01T00:00:10Z" {
		t.Errorf("October %+v", oct)
	}
	if m.MeanUtilPct.String() != "52.2" {
		t.Errorf("mean %s, want 52.2", m.MeanUtilPct)
	}
}

// At 60% or more the O1 flag is off; a file without readings has no mean
// and no flag.
func TestParseMonitorFlag(t *testing.T) {
	head := strings.Join(ops.MonitorHeader, ",") + "\n"
	tests := []struct {
		rows  string
		mean  string
		under bool
	}{
		{"2026-01-05T10:00:00+08:00,0,u,60,,,,,\n", "60", false},
		{"2026-01-05T10:00:00Z,0,u,59,,,,,\n2026-01-05T10:00:00Z,1,u,60,,,,,\n", "59.5", true},
		{"2026-01-05T10:00:00Z,0,u,,,,,,\n", "", false},
		{"", "", false},
	}
	for _, tt := range tests {
		m, err := ops.ParseMonitor(strings.NewReader(head + tt.rows))
		if err != nil {
			t.Fatalf("%q: %v", tt.rows, err)
		}
		mean := ""
		if m.MeanUtilPct != nil {
			mean = m.MeanUtilPct.String()
		}
		if mean != tt.mean || m.UnderUsed != tt.under {
			t.Errorf("%q: mean %q under %v, want %q %v", tt.rows, mean, m.UnderUsed, tt.mean, tt.under)
		}
	}
}

// A bad line is refused naming the line and the column.
func TestParseMonitorErrors(t *testing.T) {
	head := strings.Join(ops.MonitorHeader, ",") + "\n"
	tests := []struct{ in, field string }{
		{"", "line 1"},
		{"a,b,c\n", "line 1"},
		{head + "yesterday,0,u,50,,,,,\n", "line 2, time"},
		{head + "1999-12-31T00:00:00Z,0,u,50,,,,,\n", "line 2, time"},
		{head + "2026-01-05T10:00:00Z,-1,u,50,,,,,\n", "line 2, gpu"},
		{head + "2026-01-05T10:00:00Z,0,u,50,,,,,\n2026-01-05T10:00:00Z,0,u,101,,,,,\n", "line 3, utilization_gpu_pct"},
		{head + "2026-01-05T10:00:00Z,0,u,50.5,,,,,\n", "line 2, utilization_gpu_pct"},
		{head + "2026-01-05T10:00:00Z,0,u,50\n", "line 2"}, // too few fields
		{head + "2026-01-05T10:00:00Z,0,\"u,50,,,,,\n", "line 2"},
	}
	for _, tt := range tests {
		_, err := ops.ParseMonitor(strings.NewReader(tt.in))
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%q: %v, want a field error at %q", tt.in, err, tt.field)
		}
	}
}

// A file over the limit is refused, not cut; one at the limit is read.
func TestParseMonitorTooBig(t *testing.T) {
	head := strings.Join(ops.MonitorHeader, ",") + "\n"
	row := "2026-01-05T10:00:00Z,0,u,50,,,,,\n"
	limit := int64(len(head) + 1000*len(row))
	for _, tt := range []struct {
		rows int
		ok   bool
	}{{1000, true}, {1001, false}} {
		r := io.MultiReader(strings.NewReader(head), &repeat{s: row, n: tt.rows})
		m, err := ops.ParseMonitorLimit(r, limit)
		if tt.ok && (err != nil || m.Samples != 1000) {
			t.Errorf("%d rows: %v, %d samples", tt.rows, err, m.Samples)
		}
		if !tt.ok && (err == nil || !strings.Contains(err.Error(), "larger than")) {
			t.Errorf("%d rows: err %v", tt.rows, err)
		}
	}
	if ops.MaxMonitorBytes != 256<<20 {
		t.Errorf("MaxMonitorBytes = %d", ops.MaxMonitorBytes)
	}
}

// repeat reads s n times.
type repeat struct {
	s   string
	n   int
	off int
}

func (r *repeat) Read(p []byte) (int, error) {
	if r.n == 0 {
		return 0, io.EOF
	}
	k := copy(p, r.s[r.off:])
	r.off += k
	if r.off == len(r.s) {
		r.off, r.n = 0, r.n-1
	}
	return k, nil
}

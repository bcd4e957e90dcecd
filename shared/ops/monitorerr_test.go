package ops_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit/msgcheck"
	"github.com/gpuplan/gpuplan/shared/ops"
	"github.com/shopspring/decimal"
)

// TestRefusalsInBothLanguages drives every refusal of a monitor file, one
// input per error site, and of Validate, and checks that each is a
// *fielderr.Error at the right field whose problem is a catalogue message,
// never an English sentence shown as written: the Chinese differs from the
// English and has no English word but the column names it quotes.
func TestRefusalsInBothLanguages(t *testing.T) {
	head := strings.Join(ops.MonitorHeader, ",") + "\n"
	row := "2026-01-05T10:00:00Z,0,u,50,,,,,\n"
	long := strings.Repeat("x", 70<<10) + "\n"
	var months strings.Builder
	for y := 2000; y < 2030; y++ {
		for m := 1; m <= 12; m++ {
			fmt.Fprintf(&months, "%d-%02d-01T00:00:00Z,0,u,50,,,,,\n", y, m)
		}
	}
	tests := []struct {
		name, in, field, id string
		limit               int64
	}{
		{"empty file", "", "line 1", "ops.err.monitor_header", 0},
		{"header too long", long, "line 1", "ops.err.monitor_header", 0},
		{"no monitor columns", "a,b,c\n", "line 1", "ops.err.monitor_columns", 0},
		{"bare quote", head + "2026-01-05T10:00:00Z,0,u\"x,50,,,,,\n", "line 2", "ops.err.csv_bare_quote", 0},
		{"open quote", head + "2026-01-05T10:00:00Z,0,\"u,50,,,,,\n", "line 2", "ops.err.csv_quote", 0},
		{"too few fields", head + "2026-01-05T10:00:00Z,0,u,50\n", "line 2", "ops.err.monitor_fields", 0},
		{"line too long", head + row + long, "line 3", "ops.err.monitor_line_long", 0},
		{"file too large", head + row + row, "line 3", "ops.err.monitor_too_large", int64(len(head) + len(row) + 10)},
		{"time", head + "yesterday,0,u,50,,,,,\n", "line 2, time", "want.got", 0},
		{"gpu", head + "2026-01-05T10:00:00Z,-1,u,50,,,,,\n", "line 2, gpu", "want.got", 0},
		{"utilisation", head + "2026-01-05T10:00:00Z,0,u,50.5,,,,,\n", "line 2, utilization_gpu_pct", "want.got", 0},
		{"too many months", head + months.String(), "line 242, time", "want.got", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			limit := tt.limit
			if limit == 0 {
				limit = ops.MaxMonitorBytes
			}
			_, err := ops.ParseMonitorLimit(strings.NewReader(tt.in), limit)
			fe := msgcheck.Refusal(t, err, tt.field, "gpuverify monitor time gpu utilization_gpu_pct")
			if fe != nil && fe.ProblemMsg().ID != tt.id {
				t.Errorf("problem %s, want %s", fe.ProblemMsg().ID, tt.id)
			}
		})
	}
	d := func(s string) *decimal.Decimal { v := decimal.RequireFromString(s); return &v }
	good := func(f func(*ops.Input)) ops.Input {
		in := ops.Input{Budgets: []ops.Budget{{}}, Months: []ops.Month{{Month: "2026-01", Cards: 1}}}
		f(&in)
		return in
	}
	for _, tt := range []struct {
		name, field string
		in          ops.Input
	}{
		{"no budget", "budgets", good(func(in *ops.Input) { in.Budgets = nil })},
		{"month written", "months[0].month", good(func(in *ops.Input) { in.Months[0].Month = "January" })},
		{"vendor", "months[0].vendor", good(func(in *ops.Input) { in.Months[0].Vendor = "x" })},
		{"cards", "months[0].cards", good(func(in *ops.Input) { in.Months[0].Cards = 0 })},
		{"target", "target_utilisation_pct", good(func(in *ops.Input) { in.TargetUtilisationPct = d("50") })},
	} {
		t.Run(tt.name, func(t *testing.T) {
			msgcheck.Refusal(t, tt.in.Validate(), tt.field, "gpuverify monitor time gpu utilization_gpu_pct")
		})
	}
}

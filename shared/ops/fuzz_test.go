package ops_test

import (
	"bytes"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/ops"
	"github.com/shopspring/decimal"
)

// FuzzDecode checks that Decode never panics, that whatever it accepts
// Review accepts too, and that an accepted input survives a JSON round trip.
func FuzzDecode(f *testing.F) {
	testkit.AddSeeds(f, "testdata/*.json",
		`{}`, // missing everything
		`{"budgets":[{"lines":[{"item":"gpu_rent","amount":"1e999999999"}]}],"months":[{"month":"2026-01","cards":1,"utilisation_pct":"1","lines":[]}]}`,  // a huge exponent
		`{"budgets":[{"lines":[{"item":"gpu_rent","amount":"1e-999999999"}]}],"months":[{"month":"2026-01","cards":1,"utilisation_pct":"1","lines":[]}]}`, // a tiny exponent
		`{"budgets":[{"lines":[]}],"months":[{"month":"2026-01","cards":3,"utilisation_pct":0,"lines":[{"item":"other","amount":5}]}]}`,                   // bare numbers, 0% utilisation
		`{"budgets":[{"lines":[]}],"months":[{"month":"2026-01","cards":1.5}]}`,                                                                           // not an integer
		`{"nope":1}`, // unknown field
		`{} []`,      // trailing data
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := ops.Decode(bytes.NewReader(data))
		if err != nil {
			return
		}
		r, err := ops.Review(in)
		if err != nil {
			t.Fatalf("Decode accepted what Review refuses: %v", err)
		}
		var buf bytes.Buffer
		if err := r.WriteText(&buf); err != nil {
			t.Fatal(err)
		}
		testkit.RoundTrip(t, in, ops.Decode)
	})
}

// FuzzParseMonitor checks that ParseMonitor never panics and that what it
// accepts is consistent: the months' samples add up and every mean is a
// percentage.
func FuzzParseMonitor(f *testing.F) {
	testkit.AddSeeds(f, "testdata/*.csv",
		"time,gpu,utilization_gpu_pct\n2026-01-05T10:00:00Z,0,50\n",
		"time,gpu,utilization_gpu_pct\n2026-01-05T10:00:00Z,0,\n",
		"time,gpu,utilization_gpu_pct\n2026-01-05T10:00:00Z,9999,50\n",
		"gpu,time,utilization_gpu_pct\n0,2026-01-05T10:00:00+08:00,100\n",
		"time,gpu,utilization_gpu_pct\n\"2026-01-05T10:00:00Z\n",
		"",
	)
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := ops.ParseMonitor(bytes.NewReader(data))
		if err != nil {
			return
		}
		samples := 0
		for _, mm := range m.Months {
			samples += mm.Samples
			if mm.MeanUtilPct != nil && (mm.MeanUtilPct.IsNegative() || mm.MeanUtilPct.GreaterThan(decimal.NewFromInt(100))) {
				t.Fatalf("mean %s", mm.MeanUtilPct)
			}
		}
		if samples != m.Samples {
			t.Fatalf("months hold %d samples, the total says %d", samples, m.Samples)
		}
	})
}

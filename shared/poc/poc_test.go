package poc_test

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/poc"
	"github.com/shopspring/decimal"
)

func d(s string) decimal.Decimal  { return decimal.RequireFromString(s) }
func p(s string) *decimal.Decimal { v := d(s); return &v }
func n(v int) *int                { return &v }

func metric(measured, target string) poc.Metric {
	m := poc.Metric{}
	if measured != "" {
		m.Measured = p(measured)
	}
	if target != "" {
		m.Target = p(target)
	}
	return m
}

func check(t *testing.T, r poc.Result, id string) poc.Check {
	t.Helper()
	for _, c := range r.Checks {
		if c.ID == id {
			return c
		}
	}
	t.Fatalf("no check %s", id)
	return poc.Check{}
}

func judge(t *testing.T, in poc.Input) poc.Result {
	t.Helper()
	r, err := poc.Judge(in)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// Rule P2: under 75% of linear scaling fails; exactly 75% passes.
func TestScaling(t *testing.T) {
	tests := []struct {
		name          string
		cards         int
		single, multi string
		status        poc.Status
		eff           string
	}{
		{"8 cards at 6.4x: 80%", 8, "1000", "6400", poc.Pass, "0.8"},
		{"8 cards at exactly 6x: 75%", 8, "1000", "6000", poc.Pass, "0.75"},
		{"8 cards just under 6x", 8, "1000", "5999", poc.Fail, "0.749875"},
		{"4 cards at 2.5x: 62.5%", 4, "1520", "3800", poc.Fail, "0.625"},
		{"superlinear", 2, "100", "210", poc.Pass, "1.05"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := judge(t, poc.Input{Cards: tt.cards, Throughput: poc.Throughput{Unit: "samples/s", Single: p(tt.single), Multi: p(tt.multi)}})
			c := check(t, r, "scaling")
			if c.Status != tt.status || !c.Measured.Equal(d(tt.eff)) {
				t.Errorf("scaling = %s %s (%s), want %s %s", c.Status, c.Measured, c.ReasonIn(msg.En), tt.status, tt.eff)
			}
			if tt.status == poc.Fail && (!strings.Contains(c.ReasonIn(msg.En), "check the network") || r.Verdict != poc.Fail) {
				t.Errorf("reason %q, verdict %s", c.ReasonIn(msg.En), r.Verdict)
			}
		})
	}
	if c := check(t, judge(t, poc.Input{Cards: 1}), "scaling"); c.Status != poc.NotJudged {
		t.Errorf("one card: %s", c.Status)
	}
	if c := check(t, judge(t, poc.Input{Cards: 8}), "scaling"); c.Status != poc.NotMeasured {
		t.Errorf("no figures: %s", c.Status)
	}
}

// Rule P3: at least 90% of the expected figure; the multi-card run is
// judged, or the single card when only one card was tested.
func TestPerformance(t *testing.T) {
	tests := []struct {
		cards                   int
		single, multi, expected string
		status                  poc.Status
		share                   string
	}{
		{8, "1000", "7200", "8000", poc.Pass, "0.9"},
		{8, "1000", "7199", "8000", poc.Fail, "0.899875"},
		{1, "950", "", "1000", poc.Pass, "0.95"},
		{1, "899", "", "1000", poc.Fail, "0.899"},
	}
	for _, tt := range tests {
		th := poc.Throughput{Single: p(tt.single), Expected: p(tt.expected)}
		if tt.multi != "" {
			th.Multi = p(tt.multi)
		}
		c := check(t, judge(t, poc.Input{Cards: tt.cards, Throughput: th}), "performance")
		if c.Status != tt.status || !c.Measured.Equal(d(tt.share)) {
			t.Errorf("%d cards %s/%s: %s %s, want %s %s", tt.cards, tt.multi, tt.expected, c.Status, c.Measured, tt.status, tt.share)
		}
	}
}

// Rules P1 and P5: each metric against its target, in the right direction.
func TestMetrics(t *testing.T) {
	in := poc.Input{
		Cards:             1,
		UtilisationPct:    metric("82", "80"),
		NetworkGbps:       metric("90", "100"),
		StorageIOPS:       metric("50000", ""),
		ContainerStartS:   metric("45", "60"),
		TicketResponseMin: metric("95", "30"),
		EaseOfUse:         n(4),
	}
	r := judge(t, in)
	want := map[string]poc.Status{
		"utilisation": poc.Pass, "network": poc.Fail, "storage_iops": poc.NotJudged,
		"container_start": poc.Pass, "ticket_response": poc.Fail, "ease_of_use": poc.NotJudged,
	}
	for id, status := range want {
		if c := check(t, r, id); c.Status != status {
			t.Errorf("%s = %s (%s), want %s", id, c.Status, c.ReasonIn(msg.En), status)
		}
	}
	if c := check(t, r, "ticket_response"); c.Rule != "P5" || !strings.Contains(c.ReasonIn(msg.En), "at most 30 min") {
		t.Errorf("ticket = %+v", c)
	}
	// Boundaries pass: measured equal to the target.
	r = judge(t, poc.Input{Cards: 1, NetworkGbps: metric("100", "100"), ContainerStartS: metric("60", "60")})
	if check(t, r, "network").Status != poc.Pass || check(t, r, "container_start").Status != poc.Pass {
		t.Error("a measurement equal to its target failed")
	}
}

// Rule P5: 1–2 days, 3–5 days above 500,000 a year.
func TestTrial(t *testing.T) {
	tests := []struct {
		days   int
		spend  string
		status poc.Status
	}{
		{0, "100000", poc.NotMeasured},
		{1, "100000", poc.Pass},
		{2, "500000", poc.Pass}, // exactly 500,000 is not "over"
		{2, "500001", poc.Fail},
		{3, "2000000", poc.Pass},
	}
	for _, tt := range tests {
		c := check(t, judge(t, poc.Input{Cards: 1, TrialDays: tt.days, AnnualSpend: d(tt.spend)}), "trial_days")
		if c.Status != tt.status {
			t.Errorf("%d days at %s: %s (%s), want %s", tt.days, tt.spend, c.Status, c.ReasonIn(msg.En), tt.status)
		}
	}
}

func TestVerdict(t *testing.T) {
	all := poc.Input{
		Cards:             8,
		Throughput:        poc.Throughput{Single: p("1000"), Multi: p("7000"), Expected: p("7500")},
		UtilisationPct:    metric("85", "80"),
		NetworkGbps:       metric("190", "180"),
		StorageIOPS:       metric("60000", "50000"),
		ContainerStartS:   metric("20", "60"),
		TicketResponseMin: metric("25", "30"),
		TrialDays:         3,
		AnnualSpend:       d("800000"),
		POCFacts:          []byte(`{"driver_version":"535.183.01"}`),
		DeliveredFacts:    []byte(`{"driver_version":"535.183.01"}`),
	}
	r := judge(t, all)
	if r.Verdict != poc.NotMeasured { // ease of use is recorded, never judged
		t.Errorf("verdict %s", r.Verdict)
	}
	all.EaseOfUse = n(4)
	if r := judge(t, all); r.Verdict != poc.NotMeasured {
		t.Errorf("verdict %s", r.Verdict)
	}
	all.NetworkGbps = metric("100", "180")
	if r := judge(t, all); r.Verdict != poc.Fail {
		t.Errorf("verdict %s with a failed check", r.Verdict)
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		field string
		edit  func(*poc.Input)
	}{
		{"cards", func(in *poc.Input) { in.Cards = 0 }},
		{"throughput.single", func(in *poc.Input) { in.Throughput.Single = p("0") }},
		{"throughput.expected", func(in *poc.Input) { in.Throughput.Expected = p("-5") }},
		{"throughput.unit", func(in *poc.Input) { in.Throughput.Unit = strings.Repeat("x", 41) }},
		{"utilisation_pct.measured", func(in *poc.Input) { in.UtilisationPct.Measured = p("101") }},
		{"network_gbps.target", func(in *poc.Input) { in.NetworkGbps.Target = p("1e13") }},
		{"ease_of_use", func(in *poc.Input) { in.EaseOfUse = n(6) }},
		{"trial_days", func(in *poc.Input) { in.TrialDays = -1 }},
		{"annual_spend", func(in *poc.Input) { in.AnnualSpend = d("-1") }},
		{"poc_facts", func(in *poc.Input) { in.POCFacts = []byte(`[1,2]`) }},
		{"delivered_facts", func(in *poc.Input) { in.DeliveredFacts = []byte(`"x"`) }},
	}
	for _, tt := range tests {
		in := poc.Input{Cards: 2}
		tt.edit(&in)
		err := in.Validate()
		if err == nil || !strings.HasPrefix(err.Error(), tt.field+" = ") {
			t.Errorf("want an error naming %s, got %v", tt.field, err)
		}
	}
}

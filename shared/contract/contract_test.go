package contract_test

import (
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/contract"
	"github.com/gpuplan/gpuplan/shared/finding"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/shopspring/decimal"
)

func d(s string) decimal.Decimal  { return decimal.RequireFromString(s) }
func p(s string) *decimal.Decimal { v := d(s); return &v }

func table(t *testing.T, preset contract.Preset) contract.Table {
	t.Helper()
	tb, ok := contract.PresetTable(preset)
	if !ok {
		t.Fatalf("no preset %s", preset)
	}
	return tb
}

// E5 (AWS EC2's region-level table) and E6 (Alibaba DataHub's, on
// terms.aliyun.com), fee 10,000, with both
// sides of every tier boundary: tiers are half-open, "below X" excludes X.
func TestCredit(t *testing.T) {
	fee := d("10000")
	tests := []struct {
		name   string
		preset contract.Preset
		uptime string
		want   string
	}{
		{"E5 above every tier", contract.PresetAWSEC2, "99.995", "0"},
		{"E5 boundary 99.99 is not below 99.99", contract.PresetAWSEC2, "99.99", "0"},
		{"E5 just below 99.99", contract.PresetAWSEC2, "99.989", "1000"},
		{"E5 99.95", contract.PresetAWSEC2, "99.95", "1000"},
		{"E5 boundary 99.0 gets 10% not 30%", contract.PresetAWSEC2, "99.0", "1000"},
		{"E5 just below 99.0", contract.PresetAWSEC2, "98.999", "3000"},
		{"E5 98.0", contract.PresetAWSEC2, "98.0", "3000"},
		{"E5 boundary 95.0 gets 30%", contract.PresetAWSEC2, "95.0", "3000"},
		{"E5 just below 95.0", contract.PresetAWSEC2, "94.999", "10000"},
		{"E5 94.0", contract.PresetAWSEC2, "94.0", "10000"},
		{"E6 boundary 99.9 is not below 99.9", contract.PresetAlibabaDataHub, "99.9", "0"},
		{"E6 just below 99.9", contract.PresetAlibabaDataHub, "99.89", "2000"},
		{"E6 99.5", contract.PresetAlibabaDataHub, "99.5", "2000"},
		{"E6 boundary 99 in the 20% tier", contract.PresetAlibabaDataHub, "99", "2000"},
		{"E6 just below 99", contract.PresetAlibabaDataHub, "98.99", "3000"},
		{"E6 97", contract.PresetAlibabaDataHub, "97", "3000"},
		{"E6 boundary 95 in the 30% tier", contract.PresetAlibabaDataHub, "95", "3000"},
		{"E6 just below 95", contract.PresetAlibabaDataHub, "94.99", "5000"},
		{"E6 90", contract.PresetAlibabaDataHub, "90", "5000"},
		{"E6 0 never more than 5,000", contract.PresetAlibabaDataHub, "0", "5000"},
		{"ECS boundary 99.975", contract.PresetAlibabaECS, "99.975", "0"},
		{"ECS just below 99.975", contract.PresetAlibabaECS, "99.974", "1000"},
		{"ECS below 99", contract.PresetAlibabaECS, "98.5", "2500"},
		{"articles K1 boundary 99.9", contract.PresetArticles, "99.9", "0"},
		{"articles below 99.9", contract.PresetArticles, "99.8", "1000"},
		{"articles below 98 capped at 50%", contract.PresetArticles, "90", "5000"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := table(t, tt.preset).Credit(d(tt.uptime), fee)
			if !got.Amount.Equal(d(tt.want)) {
				t.Errorf("Credit(%s) = %s, want %s", tt.uptime, got.Amount, tt.want)
			}
		})
	}
}

// A tier whose contract says "at or below" includes its threshold.
func TestCreditInclusiveTier(t *testing.T) {
	c := contract.Credits{Tiers: []contract.Tier{
		{BelowPct: d("99.9"), Inclusive: true, CreditPct: d("10")},
		{BelowPct: d("99"), CreditPct: d("25")},
	}}
	tb := c.Table()
	for _, tt := range []struct{ uptime, want string }{
		{"99.91", "0"}, {"99.9", "1000"}, {"99", "1000"}, {"98.99", "2500"},
	} {
		if got := tb.Credit(d(tt.uptime), d("10000")).Amount; !got.Equal(d(tt.want)) {
			t.Errorf("Credit(%s) = %s, want %s", tt.uptime, got, tt.want)
		}
	}
}

// DataHub's cap is 50%; a custom cap overrides a preset's.
func TestCreditCap(t *testing.T) {
	c := contract.Credits{Preset: contract.PresetAWSEC2, CapPct: p("25")}
	got := c.Table().Credit(d("94"), d("10000"))
	if !got.Amount.Equal(d("2500")) || !got.Capped || !got.TierPct.Equal(d("100")) {
		t.Errorf("capped credit = %+v, want 2,500 capped from 100%%", got)
	}
}

// (1 − availability) × the month's minutes, exactly, on every month basis. 99.9% allows 43.2 minutes
// in a 30-day month, not the "7 h 12 min" a blog claims (that is 99%).
func TestAllowedDowntime(t *testing.T) {
	tests := []struct {
		avail               string
		d28, d30, h730, d31 string
	}{
		{"99.9", "40.32", "43.2", "43.8", "44.64"},
		{"99.95", "20.16", "21.6", "21.9", "22.32"},
		{"99.975", "10.08", "10.8", "10.95", "11.16"},
		{"99.99", "4.032", "4.32", "4.38", "4.464"},
		{"99.5", "201.6", "216", "219", "223.2"},
		{"99", "403.2", "432", "438", "446.4"},
	}
	for _, tt := range tests {
		for basis, want := range map[contract.Basis]string{
			contract.Days28: tt.d28, contract.Days30: tt.d30, contract.Hours730: tt.h730, contract.Days31: tt.d31,
		} {
			if got := contract.AllowedDowntime(d(tt.avail), basis); !got.Equal(d(want)) {
				t.Errorf("AllowedDowntime(%s, %s) = %s, want %s", tt.avail, basis, got, want)
			}
		}
	}
	if got := contract.AllowedDowntime(d("99"), contract.Days30); !got.Equal(d("432")) || got.Equal(d("432").Div(d("60"))) {
		t.Errorf("99%% = %s min = 7 h 12 min", got)
	}
}

// Rule K6: a 48-hour outage in a 30-day month leaves 93.33…% uptime.
func TestOutageUptime(t *testing.T) {
	tests := []struct {
		hours string
		basis contract.Basis
		want  string
	}{
		{"48", contract.Days30, "93.3333333333333333"},
		{"48", contract.Hours730, "93.4246575342465753"},
		{"0", contract.Days30, "100"},
		{"744", contract.Days30, "0"},
	}
	for _, tt := range tests {
		if got := contract.OutageUptime(d(tt.hours), tt.basis); !got.Equal(d(tt.want)) {
			t.Errorf("OutageUptime(%s, %s) = %s, want %s", tt.hours, tt.basis, got, tt.want)
		}
	}
}

// E12 (a 55,000 fee; 8 or 30 months left) and rule K3's counter-example.
func TestExitSchedule(t *testing.T) {
	fee := d("55000")
	half := &contract.Termination{RemainingPct: d("50")}
	rows := contract.ExitSchedule(fee, 12, contract.Annual, half)
	if len(rows) != 11 {
		t.Fatalf("%d rows, want 11 (months 1–11 of 12)", len(rows))
	}
	// E12: 8 months left.
	r := rows[3]
	if r.Month != 4 || r.RemainingMonths != 8 || !r.Remaining.Equal(d("440000")) ||
		!r.Contract.Equal(d("220000")) || !r.Recommended.Equal(d("88000")) || !r.Over() {
		t.Errorf("E12 8 months left: %+v, contract %s", r, r.Contract)
	}
	// K3 counter-example: leaving in month 3 of 12 costs half of 9 months.
	if r := rows[2]; r.RemainingMonths != 9 || !r.Contract.Equal(d("247500")) {
		t.Errorf("month 3 of 12: %+v, contract %s, want 247,500", r, r.Contract)
	}
	// E12: 30 months left, the 3-month cap binds.
	long := contract.ExitSchedule(fee, 36, contract.Annual, nil)
	if r := long[5]; r.RemainingMonths != 30 || !r.Remaining.Equal(d("1650000")) ||
		!r.Recommended.Equal(d("165000")) || r.Contract != nil || r.Over() {
		t.Errorf("E12 30 months left: %+v", r)
	}
	// The two caps cross at 15 months left: 20% × 15 × M = 3M.
	if r := long[36-15-1]; r.RemainingMonths != 15 || !r.Recommended.Equal(d("165000")) {
		t.Errorf("15 months left: %+v", r)
	}
	// Rule K3 (000 stage 5): a monthly contract costs at most one month.
	monthly := contract.ExitSchedule(fee, 12, contract.Monthly, nil)
	if r := monthly[3]; !r.Recommended.Equal(fee) {
		t.Errorf("monthly contract cap = %s, want one month's fee", r.Recommended)
	}
	// A clause with a cap in months.
	capped := contract.ExitSchedule(fee, 12, contract.Annual, &contract.Termination{RemainingPct: d("50"), CapMonths: p("1")})
	if r := capped[3]; !r.Contract.Equal(fee) || r.Over() {
		t.Errorf("clause capped at one month: contract %s", r.Contract)
	}
	if rows := contract.ExitSchedule(fee, 1, contract.Annual, half); len(rows) != 0 {
		t.Errorf("a one-month term has %d exit rows, want 0", len(rows))
	}
}

// TestExitAt: the exit cost at any month, month 0 (leaving at the start)
// included, by rule K3: min(20% of the remaining rent, 3 months' fees),
// one month when paid monthly; ExitSchedule's rows are ExitAt's.
func TestExitAt(t *testing.T) {
	fee := d("55000")
	half := &contract.Termination{RemainingPct: d("50")}
	tests := []struct {
		name        string
		term, month int
		period      contract.Period
		t           *contract.Termination
		left        int
		contract    string // "" when there is no clause
		recommended string
	}{
		{"K3 at the start of 12: 20% of 12 months above 3 months", 12, 0, contract.Annual, half, 12, "330000", "132000"},
		{"E12 8 months left", 12, 4, contract.Annual, half, 8, "220000", "88000"},
		{"E12 30 months left: the 3-month cap", 36, 6, contract.Annual, nil, 30, "", "165000"},
		{"K3 monthly: one month", 12, 0, contract.Monthly, nil, 12, "", "55000"},
		{"end of term: nothing left", 12, 12, contract.Annual, half, 0, "0", "0"},
		{"month past the term is clamped", 12, 99, contract.Annual, half, 0, "0", "0"},
		{"negative month is clamped", 12, -3, contract.Annual, half, 12, "330000", "132000"},
	}
	for _, tt := range tests {
		r := contract.ExitAt(fee, tt.term, tt.period, tt.t, tt.month)
		if r.RemainingMonths != tt.left || !r.Recommended.Equal(d(tt.recommended)) {
			t.Errorf("%s: %+v", tt.name, r)
		}
		if (r.Contract == nil) != (tt.contract == "") || r.Contract != nil && !r.Contract.Equal(d(tt.contract)) {
			t.Errorf("%s: contract %v, want %q", tt.name, r.Contract, tt.contract)
		}
	}
	for i, row := range contract.ExitSchedule(fee, 12, contract.Annual, half) {
		at := contract.ExitAt(fee, 12, contract.Annual, half, i+1)
		if row.Month != at.Month || !row.Contract.Equal(*at.Contract) || !row.Recommended.Equal(at.Recommended) {
			t.Errorf("month %d: schedule %+v, ExitAt %+v", i+1, row, at)
		}
	}
}

func good() contract.Input {
	yes := true
	return contract.Input{
		AvailabilityPct: d("99.9"),
		MonthlyFee:      d("55000"),
		Credits:         contract.Credits{Preset: contract.PresetArticles},
		Compensation:    contract.CompMoney,
		SurvivesOutage:  &yes,
		Data:            contract.Data{Owner: contract.OwnerCustomer, NoVendorAccess: true, DeletionWorkingDays: 7, Certificate: true},
		Termination:     &contract.Termination{RemainingPct: d("20"), CapMonths: p("3")},
		TermMonths:      12,
		PaymentPeriod:   contract.Quarterly,
		BillingStart:    contract.OnReady,
		Names: contract.Names{Model: true, Memory: true, CardCount: true, Virtualisation: true, DeliveryTime: true,
			ReadyCondition: true, BillingPeriod: true, SeparateItems: true, FaultResponse: true, ExitProcess: true, InvoiceTax: true},
		Document: contract.ServiceContract,
	}
}

func clause(t *testing.T, r contract.Result, rule string) contract.Clause {
	t.Helper()
	for _, c := range r.Clauses {
		if c.Rule == rule {
			return c
		}
	}
	t.Fatalf("no clause %s", rule)
	return contract.Clause{}
}

func TestCheckGood(t *testing.T) {
	r, err := contract.Check(good())
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range r.Clauses {
		if c.Level != finding.Green {
			t.Errorf("%s = %s: %v", c.Rule, c.Level, c.ReasonsIn(msg.En))
		}
	}
	if r.Level() != finding.Green || len(r.Clauses) != 6 {
		t.Errorf("level %s, %d clauses", r.Level(), len(r.Clauses))
	}
	if !r.AllowedMinutes.Equal(d("43.2")) || r.Basis != contract.Days30 {
		t.Errorf("allowed %s on %s, want 43.2 on 30d", r.AllowedMinutes, r.Basis)
	}
	// K6 default outage: 48 h → 93.33% → articles' 50% tier, at the 50% cap.
	if !r.Outage.Hours.Equal(d("48")) || !r.Outage.Credit.Amount.Equal(d("27500")) {
		t.Errorf("outage %+v", r.Outage)
	}
}

// Each table row changes one clause of a good contract and checks the grade
// of the clause it belongs to, citing the rule.
func TestCheckClauses(t *testing.T) {
	no := false
	tests := []struct {
		name   string
		edit   func(*contract.Input)
		rule   string
		level  finding.Level
		reason string
	}{
		{"K1 availability below 99.9", func(in *contract.Input) { in.AvailabilityPct = d("99.5") }, "K1", finding.Red, "below the 99.9% floor"},
		{"K1 compensation in hours", func(in *contract.Input) { in.Compensation = contract.CompHours }, "K1", finding.Red, "补时长"},
		{"K1 vouchers", func(in *contract.Input) { in.Compensation = contract.CompVoucher }, "K1", finding.Amber, "vouchers only"},
		{"K1 compensation not stated", func(in *contract.Input) { in.Compensation = "" }, "K1", finding.Red, "does not say how"},
		{"K1 cap below 50%", func(in *contract.Input) { in.Credits.CapPct = p("30") }, "K1", finding.Red, "the SLA pays is 30%"},
		{"K1 cap exactly 50% passes", func(in *contract.Input) { in.Credits.CapPct = p("50") }, "K1", finding.Green, "up to 50%"},
		{"K1 gap between commitment and first tier", func(in *contract.Input) {
			in.Credits = contract.Credits{Tiers: []contract.Tier{{BelowPct: d("99"), CreditPct: d("50")}}}
		}, "K1", finding.Amber, "pays nothing until uptime falls below 99%"},
		{"K2 vendor owns data", func(in *contract.Input) { in.Data.Owner = contract.OwnerVendor }, "K2", finding.Red, "vendor ownership"},
		{"K2 deletion in 10 working days", func(in *contract.Input) { in.Data.DeletionWorkingDays = 10 }, "K2", finding.Amber, "10 working days"},
		{"K2 no certificate", func(in *contract.Input) { in.Data.Certificate = false }, "K2", finding.Red, "certificate"},
		{"K3 50% of remaining rent", func(in *contract.Input) {
			in.Termination = &contract.Termination{RemainingPct: d("50")}
		}, "K3", finding.Red, "Leaving after month 1 of 12 costs ¥302,500"},
		{"K3 no clause", func(in *contract.Input) { in.Termination = nil }, "K3", finding.Amber, "no early-termination clause"},
		{"K3 first contract annual (B3)", func(in *contract.Input) { in.FirstContract, in.PaymentPeriod = true, contract.Annual }, "K3", finding.Amber, "rule B3"},
		{"K3 monthly contract, one month's fee cap", func(in *contract.Input) { in.PaymentPeriod = contract.Monthly }, "K3", finding.Red, "one month's fee"},
		{"K4 model not named", func(in *contract.Input) { in.Names.Model = false }, "K4", finding.Red, "exact GPU model"},
		{"K4 invoice not named", func(in *contract.Input) { in.Names.InvoiceTax = false }, "K4", finding.Amber, "invoice type and tax rate"},
		{"K4 billing on order", func(in *contract.Input) { in.BillingStart = contract.OnOrder }, "K4", finding.Amber, "Billing starts on order"},
		{"K4 billing start not stated", func(in *contract.Input) { in.BillingStart = "" }, "K4", finding.Red, "when billing starts"},
		{"K5 user agreement", func(in *contract.Input) { in.Document = contract.UserAgreement }, "K5", finding.Red, "not a service contract"},
		{"K6 unanswered", func(in *contract.Input) { in.SurvivesOutage = nil }, "K6", finding.Amber, "Answer the question"},
		{"K6 cannot survive, K1 weak", func(in *contract.Input) {
			in.SurvivesOutage = &no
			in.Compensation = contract.CompHours
		}, "K6", finding.Red, "K1 fall short"},
		{"K6 cannot survive, all strong", func(in *contract.Input) { in.SurvivesOutage = &no }, "K6", finding.Green, "all meet the rules"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := good()
			tt.edit(&in)
			r, err := contract.Check(in)
			if err != nil {
				t.Fatal(err)
			}
			c := clause(t, r, tt.rule)
			if c.Level != tt.level || !strings.Contains(strings.Join(c.ReasonsIn(msg.En), "\n"), tt.reason) {
				t.Errorf("%s = %s %q, want %s containing %q", tt.rule, c.Level, c.ReasonsIn(msg.En), tt.level, tt.reason)
			}
		})
	}
}

func TestValidate(t *testing.T) {
	tests := []struct {
		field string
		edit  func(*contract.Input)
	}{
		{"availability_pct", func(in *contract.Input) { in.AvailabilityPct = d("100.1") }},
		{"availability_pct", func(in *contract.Input) { in.AvailabilityPct = d("0") }},
		{"availability_pct", func(in *contract.Input) { in.AvailabilityPct = d("1e-30") }},
		{"monthly_fee", func(in *contract.Input) { in.MonthlyFee = d("0") }},
		{"monthly_fee", func(in *contract.Input) { in.MonthlyFee = d("1e300") }},
		{"month_basis", func(in *contract.Input) { in.MonthBasis = "32d" }},
		{"credits.preset", func(in *contract.Input) { in.Credits.Preset = "gcp" }},
		{"credits.tiers", func(in *contract.Input) { in.Credits.Tiers = []contract.Tier{{BelowPct: d("99"), CreditPct: d("10")}} }},
		{"credits.tiers[1].below_pct", func(in *contract.Input) {
			in.Credits = contract.Credits{Tiers: []contract.Tier{{BelowPct: d("99"), CreditPct: d("10")}, {BelowPct: d("99.0"), CreditPct: d("30")}}}
		}},
		{"credits.tiers[0].credit_pct", func(in *contract.Input) {
			in.Credits = contract.Credits{Tiers: []contract.Tier{{BelowPct: d("99"), CreditPct: d("-1")}}}
		}},
		{"credits.cap_pct", func(in *contract.Input) { in.Credits.CapPct = p("1001") }},
		{"compensation", func(in *contract.Input) { in.Compensation = "cash" }},
		{"outage_hours", func(in *contract.Input) { in.OutageHours = p("745") }},
		{"data.owner", func(in *contract.Input) { in.Data.Owner = "both" }},
		{"data.deletion_working_days", func(in *contract.Input) { in.Data.DeletionWorkingDays = -1 }},
		{"termination.remaining_pct", func(in *contract.Input) { in.Termination.RemainingPct = d("101") }},
		{"termination.cap_months", func(in *contract.Input) { in.Termination.CapMonths = p("-1") }},
		{"term_months", func(in *contract.Input) { in.TermMonths = 0 }},
		{"payment_period", func(in *contract.Input) { in.PaymentPeriod = "weekly" }},
		{"billing_start", func(in *contract.Input) { in.BillingStart = "later" }},
		{"document", func(in *contract.Input) { in.Document = "email" }},
	}
	for _, tt := range tests {
		in := good()
		tt.edit(&in)
		err := in.Validate()
		if err == nil || !strings.HasPrefix(err.Error(), tt.field+" = ") {
			t.Errorf("want an error naming %s, got %v", tt.field, err)
		}
	}
}

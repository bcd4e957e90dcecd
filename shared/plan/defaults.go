package plan

import (
	"encoding/json"
	"strconv"

	"github.com/shopspring/decimal"
)

// The defaults of a requirement sheet live here, and only here: gpuverify
// fills them when a sheet leaves a field out (DecodeRequirements,
// Normalize), and the site's form starts from the same values
// (wasm/internal/form/field.go reads DefaultText). A sheet typed into the site and the
// same sheet given to gpuverify plan therefore build the same plan file,
// byte for byte.
//
// Rule C1 is why the volumes are not zero: storage, egress and extra IPs
// are the fees a quote leaves out, and a plan that prices them at zero
// hides exactly the costs the articles warn about. The plan lists every
// field still at its default (Plan.Defaults), so a reader sees which
// figures nobody chose.

// Default is one value a requirement sheet may leave out.
type Default struct {
	// Field is the sheet's JSON path, such as "storage_tb".
	Field string
	// Inference and Training are the value as the sheet would write it,
	// for inference and for the training workloads; they differ only for
	// concurrency and hours_per_day.
	Inference, Training string
	// Rule is the rule (docs/rules.md) the value serves; "" for none.
	Rule string
}

// defaults lists every sheet default, in sheet order.
var defaults = []Default{
	{Field: "context_tokens", Inference: "4096", Training: "4096"},
	// A service answers many requests at once; a training micro-batch
	// starts at 1 sequence per GPU.
	{Field: "concurrency", Inference: "16", Training: "1"},
	// Services run all day; training and batch work 12 h a day (B1).
	{Field: "hours_per_day", Inference: "24", Training: "12", Rule: "B1"},
	{Field: "days_per_month", Inference: "30", Training: "30", Rule: "B1"},
	{Field: "project_months", Inference: "12", Training: "12", Rule: "B2"},
	{Field: "storage_tb", Inference: "2", Training: "2", Rule: "C1"},
	{Field: "egress_tb_month", Inference: "5", Training: "5", Rule: "C1"},
	{Field: "extra_ips", Inference: "2", Training: "2", Rule: "C1"},
	{Field: "demand", Inference: "steady", Training: "steady", Rule: "D1"},
	{Field: "data_class", Inference: "commercial", Training: "commercial", Rule: "D1"},
	{Field: "first_contract", Inference: "true", Training: "true", Rule: "B3"},
}

// DefaultText is the default of a sheet field for a workload, as the sheet
// would write it, and whether the field has one.
func DefaultText(field, workload string) (string, bool) {
	for _, d := range defaults {
		if d.Field == field {
			return d.value(workload), true
		}
	}
	return "", false
}

// value is d for workload.
func (d Default) value(workload string) string {
	if workload == "inference" {
		return d.Inference
	}
	return d.Training
}

// defaultInt is the default of an integer field.
func defaultInt(field, workload string) int {
	s, _ := DefaultText(field, workload)
	n, _ := strconv.Atoi(s)
	return n
}

// defaultDec is the default of a decimal field.
func defaultDec(field, workload string) decimal.Decimal {
	s, _ := DefaultText(field, workload)
	return decimal.RequireFromString(s)
}

// presenceDefaults are the fields whose zero is a real answer (no storage,
// no egress, no extra IP), so only a sheet that leaves the key out gets
// the default; DecodeRequirements fills them. Normalize fills the others,
// whose zero means "not given".
var presenceDefaults = []string{"storage_tb", "egress_tb_month", "extra_ips"}

// fillAbsent sets the presenceDefaults that the sheet data leaves out.
// data has been decoded strictly already.
func (r *Requirements) fillAbsent(data []byte) {
	var keys map[string]json.RawMessage
	if json.Unmarshal(data, &keys) != nil {
		return
	}
	for _, f := range presenceDefaults {
		if _, given := keys[f]; given {
			continue
		}
		switch f {
		case "storage_tb":
			r.StorageTB = defaultDec(f, r.Workload)
		case "egress_tb_month":
			r.EgressTBMonth = defaultDec(f, r.Workload)
		case "extra_ips":
			r.ExtraIPs = defaultInt(f, r.Workload)
		}
	}
}

// atDefaults lists the fields of the normalised sheet r whose value is
// their default, in sheet order: the plan states them (Plan.Defaults).
// It compares values, not whether the sheet gave them, so a sheet that
// spells out a default and one that leaves it out build the same plan.
func (r *Requirements) atDefaults() []string {
	var out []string
	for _, d := range defaults {
		if r.text(d.Field) == d.value(r.Workload) {
			out = append(out, d.Field)
		}
	}
	return out
}

// text is the value of a defaulted field of r as the sheet writes it.
func (r *Requirements) text(field string) string {
	switch field {
	case "context_tokens":
		return strconv.Itoa(r.ContextTokens)
	case "concurrency":
		return strconv.Itoa(r.Concurrency)
	case "hours_per_day":
		return r.HoursPerDay.String()
	case "days_per_month":
		return strconv.Itoa(r.DaysPerMonth)
	case "project_months":
		return strconv.Itoa(r.ProjectMonths)
	case "storage_tb":
		return r.StorageTB.String()
	case "egress_tb_month":
		return r.EgressTBMonth.String()
	case "extra_ips":
		return strconv.Itoa(r.ExtraIPs)
	case "demand":
		return r.Demand
	case "data_class":
		return r.DataClass
	case "first_contract":
		return strconv.FormatBool(r.FirstContract == nil || *r.FirstContract)
	}
	return ""
}

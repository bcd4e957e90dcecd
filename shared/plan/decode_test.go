package plan

import (
	"errors"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/fielderr"
)

func TestDecodeRequirementsDefaults(t *testing.T) {
	req, err := DecodeRequirements(strings.NewReader(`{"workload":"inference","model":{"preset":"Llama-3.1-70B"}}`))
	if err != nil {
		t.Fatal(err)
	}
	if req.Schema != RequirementsSchema || req.Model.Preset != "llama-3.1-70b" || req.Precision != "bf16" {
		t.Errorf("normalised = %+v", req)
	}
	// One set of defaults with the site (defaults.go): a service
	// serves 16 sequences at once.
	if req.ContextTokens != 4096 || req.Concurrency != 16 || req.ProjectMonths != 12 {
		t.Errorf("defaults = ctx %d conc %d months %d", req.ContextTokens, req.Concurrency, req.ProjectMonths)
	}
	if req.HoursPerDay.String() != "24" || req.DaysPerMonth != 30 {
		t.Errorf("inference runs all day: hours %s days %d", req.HoursPerDay, req.DaysPerMonth)
	}
	if req.FirstContract == nil || !*req.FirstContract {
		t.Error("first_contract defaults to true (rule B3)")
	}
}

// TestDecodeRequirementsRefuses pins the messages for bad sheets: each names
// the field and the allowed range (and rule R3 for missing essentials).
func TestDecodeRequirementsRefuses(t *testing.T) {
	tests := []struct {
		name, in, field, want string
	}{
		{"no workload (R3)", `{"model":{"params_b":7}}`, "workload", "rule R3"},
		{"no model (R3)", `{"workload":"lora"}`, "model", "rule R3"},
		{"unknown workload", `{"workload":"mining","model":{"params_b":7}}`, "workload", "must be one of pretrain"},
		{"unknown field", `{"workload":"lora","model":{"params_b":7},"gpu_brand":"x"}`, "gpu_brand", "unknown field"},
		{"unknown nested field", `{"workload":"lora","model":{"params_b":7,"routers":8}}`, "routers", "unknown field"},
		{"25 hours a day (B1)", `{"workload":"lora","model":{"params_b":7},"hours_per_day":"25"}`, "hours_per_day", "between 0 and 24"},
		{"negative hours", `{"workload":"lora","model":{"params_b":7},"hours_per_day":"-1"}`, "hours_per_day", "between 0 and 24"},
		{"days", `{"workload":"lora","model":{"params_b":7},"days_per_month":32}`, "days_per_month", "between 1 and 31"},
		{"months", `{"workload":"lora","model":{"params_b":7},"project_months":-3}`, "project_months", "between 1 and 120"},
		{"both preset and size", `{"workload":"lora","model":{"preset":"qwen3-8b","params_b":8}}`, "model.params_b", "either"},
		{"kv heads", `{"workload":"lora","model":{"params_b":7,"heads":32,"kv_heads":5}}`, "model.kv_heads", "must divide"},
		{"precision", `{"workload":"lora","model":{"params_b":7},"precision":"fp4"}`, "precision", "must be one of fp32"},
		{"context", `{"workload":"lora","model":{"params_b":7},"context_tokens":-1}`, "context_tokens", "between 1 and"},
		{"type", `{"workload":"lora","model":{"params_b":"seven"}}`, "model.params_b", "must be a JSON number"},
		{"demand", `{"workload":"lora","model":{"params_b":7},"demand":"spiky"}`, "demand", "steady or volatile"},
		{"storage", `{"workload":"lora","model":{"params_b":7},"storage_tb":"-2"}`, "storage_tb", "between 0"},
		{"price", `{"workload":"lora","model":{"params_b":7},"cost":{"prices":{"rtx-4090":{"monthly":"-5"}}}}`, "cost.prices.rtx-4090.monthly", "above 0"},
		{"discount", `{"workload":"lora","model":{"params_b":7},"cost":{"annual_discount":"1.5"}}`, "cost.annual_discount", "fraction"},
		{"pue", `{"workload":"lora","model":{"params_b":7},"cost":{"self_build":{"pue":"0.5"}}}`, "cost.self_build.pue", "between 1 and 5"},
		{"schema", `{"schema":"gpuplan.requirements/v9","workload":"lora","model":{"params_b":7}}`, "schema", "gpuplan.requirements/v1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := DecodeRequirements(strings.NewReader(tt.in))
			var fe *fielderr.Error
			if !errors.As(err, &fe) {
				t.Fatalf("error = %v, want a fielderr.Error for %s", err, tt.field)
			}
			if fe.Field != tt.field || !strings.Contains(fe.Msg.String(), tt.want) {
				t.Errorf("error = %q, want field %q and %q", err, tt.field, tt.want)
			}
		})
	}
}

func TestDecodeRequirementsNotJSON(t *testing.T) {
	for _, in := range []string{"", "{", "[]", `{"workload":"lora","model":{"params_b":7}} {}`} {
		if _, err := DecodeRequirements(strings.NewReader(in)); err == nil {
			t.Errorf("DecodeRequirements(%q) succeeded", in)
		}
	}
}

package form

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/plan"
)

// TestDefaultInputIsTheDocumentedExample: the first visit's sheet is
// docs/plan-file.md's example, so the site's first plan is byte for byte the
// golden plan gpuverify writes for it.
func TestDefaultInputIsTheDocumentedExample(t *testing.T) {
	o := Compute(DefaultInput())
	if o.Plan == nil {
		t.Fatalf("no plan: errors %v, err %v", o.Errors, o.Err)
	}
	got, err := planJSON(o.Plan)
	if err != nil {
		t.Fatal(err)
	}
	want, err := os.ReadFile("../../../shared/plan/testdata/inference-70b.plan.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("default plan differs from shared/plan/testdata/inference-70b.plan.json:\n%s", got)
	}
}

// TestComputeGoldenSheets: every golden requirement sheet of shared/plan,
// put through the form (FromRequirements) and back, gives the golden plan.
// This is the site-equals-CLI promise on every sheet the CLI is tested on.
func TestComputeGoldenSheets(t *testing.T) {
	for _, name := range []string{"inference-70b", "lora-7b", "pretrain-405b", "domestic-32b", "custom-13b-quotes"} {
		t.Run(name, func(t *testing.T) {
			f, err := os.Open("../../../shared/plan/testdata/" + name + ".req.json")
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			req, err := plan.DecodeRequirements(f)
			if err != nil {
				t.Fatal(err)
			}
			o := Compute(FromRequirements(req))
			if o.Plan == nil {
				t.Fatalf("no plan: %v %v", o.Errors, o.Err)
			}
			got, _ := planJSON(o.Plan)
			want, err := os.ReadFile("../../../shared/plan/testdata/" + name + ".plan.json")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("the form's plan differs from the golden %s.plan.json", name)
			}
		})
	}
}

// TestComputeFieldErrors: a refused field is named with the plan's own
// message (range and rule), and form errors come before any plan error.
func TestComputeFieldErrors(t *testing.T) {
	tests := []struct {
		key, value string
		want       []string // in the English message
	}{
		{"hours_per_day", "25", []string{"Hours of use per day", "between 0 and 24", "rule B1"}},
		{"hours_per_day", "abc", []string{"Hours of use per day", `"abc" is not a number`, "0–24", "rule B1"}},
		{"project_months", "121", []string{"Project length", "between 1 and 120", "rule B2"}},
		{"context_tokens", "4.5", []string{"is not a whole number", "1–1048576"}},
		{"cost.items.egress", "lots", []string{"is not an amount of money"}},
		{"cost.self_build.pue", "0.5", []string{"Data-centre PUE", "between 1 and 5"}},
		{"cost.annual_discount", "1.5", []string{"Annual-contract discount", "fraction"}},
		{"cost.prices.h20-96g.monthly", "-1", []string{"is not an amount of money"}},
		{"model.kv_heads", "3", nil}, // ignored: a preset is chosen
	}
	for _, tt := range tests {
		o := Compute(DefaultInput().With(tt.key, tt.value))
		fe := o.ErrorFor(tt.key)
		if tt.want == nil {
			if fe != nil || o.Plan == nil {
				t.Errorf("%s=%s: error %v, plan %v; want the field ignored", tt.key, tt.value, fe, o.Plan != nil)
			}
			continue
		}
		if fe == nil || o.Plan != nil {
			t.Errorf("%s=%s: no field error (errors %v, err %v)", tt.key, tt.value, o.Errors, o.Err)
			continue
		}
		f, _ := ByKey(tt.key)
		msg := fe.Message(msg.En, f.Label(msg.En))
		for _, w := range tt.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s=%s: message %q lacks %q", tt.key, tt.value, msg, w)
			}
		}
	}
}

// TestComputeModelBySize: without a preset the size is required (rule R3)
// and the shape fields count.
func TestComputeModelBySize(t *testing.T) {
	in := DefaultInput().With("model.preset", "")
	o := Compute(in)
	if fe := o.ErrorFor("model.params_b"); fe == nil || !strings.Contains(fe.Msg.String(), "rule R3") {
		t.Fatalf("no size: errors %v err %v, want model.params_b named with rule R3", o.Errors, o.Err)
	}
	o = Compute(in.With("model.params_b", "13"))
	if o.Plan == nil || o.Plan.Requirements.Model.ParamsB != 13 {
		t.Fatalf("13B: %v %v", o.Errors, o.Err)
	}
	o = Compute(in.With("model.params_b", "13").With("model.heads", "40").With("model.kv_heads", "3"))
	if fe := o.ErrorFor("model.kv_heads"); fe == nil || !strings.Contains(fe.Msg.String(), "must divide") {
		t.Errorf("kv_heads 3 of 40: errors %v err %v", o.Errors, o.Err)
	}
}

// TestComputeCostInputs: the user's amounts and quotes reach the plan.
func TestComputeCostInputs(t *testing.T) {
	base := Compute(DefaultInput()).Plan
	in := DefaultInput().With("cost.items.egress", "2,000").With("cost.prices.h20-96g.monthly", "8000").With("cost.prices.h20-96g.hourly", "20").
		With("cost.self_build.pue", "1.3").With("cost.annual_discount", "0.15")
	o := Compute(in)
	if o.Plan == nil {
		t.Fatalf("%v %v", o.Errors, o.Err)
	}
	req := o.Plan.Requirements
	if req.Cost.Items["egress"].String() != "2000" || req.Cost.Prices["h20-96g"].Monthly.String() != "8000" ||
		req.Cost.SelfBuild.PUE.String() != "1.3" || req.Cost.AnnualDiscount.String() != "0.15" {
		t.Errorf("cost inputs = %+v", req.Cost)
	}
	// rule C1: 2 × 8000 rent replaces the 2 × 5,000–15,000 reference range;
	// the hourly quote of 20 × 24 h × 30 days = 14,400 makes monthly billing
	// the cheaper (rule B1), so the monthly quote prices the rent.
	for _, it := range o.Plan.Cost.Items {
		if it.Name == "gpu_rent" && (it.Low.String() != "16000" || it.High.String() != "16000") {
			t.Errorf("gpu_rent = %s–%s, want 16000 (2 × the quote)", it.Low, it.High)
		}
		if it.Name == "egress" && (!it.UserEntered || it.Low.String() != "2000") {
			t.Errorf("egress = %+v, want the user's 2000", it)
		}
	}
	if o.Plan.Cost.Monthly.High.Equal(base.Cost.Monthly.High) {
		t.Error("the monthly cost did not change")
	}
}

// TestFromRequirementsRoundTrip: the form holds every field the sheet has
// (but the procurement sections), so form → sheet → form is the identity.
func TestFromRequirementsRoundTrip(t *testing.T) {
	in := DefaultInput().With("workload", "lora").With("model.preset", "").With("model.params_b", "13.5").
		With("model.layers", "40").With("tokens_to_train_b", "2.5").With("hours_per_day", "9.5").
		With("domestic_only", "true").With("first_contract", "false").With("cost.items.storage", "300").
		With("cost.prices.rtx-4090.hourly", "2.1").With("cost.self_build.life_months", "60")
	req, errs := ToRequirements(in)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	if req.TokensToTrain != 2_500_000_000 {
		t.Errorf("tokens_to_train = %d", req.TokensToTrain)
	}
	back := FromRequirements(req)
	if !back.Equal(in) {
		t.Errorf("round trip:\n got %v\nwant %v", back.v, in.v)
	}
}

// TestComputeCardsKVTrainingFields: the offered cards, the KV cache precision and
// the training settings reach the plan, and a refused value lands at its
// field, on the site as in gpuverify plan.
func TestComputeCardsKVTrainingFields(t *testing.T) {
	o := Compute(DefaultInput().With("cards.a100-80g-sxm", "true"))
	if o.Plan == nil || o.Plan.GPU.ID != "a100-80g-sxm" || len(o.Plan.Requirements.Cards) != 1 {
		t.Fatalf("one ticked card: %+v %v", o.Errors, o.Err)
	}
	bf := Compute(DefaultInput()).Plan.Sizing.MemoryGiB.KVCache
	f8 := Compute(DefaultInput().With("kv_cache_precision", "fp8")).Plan
	if f8 == nil || f8.Sizing.MemoryGiB.KVCache*2 != bf {
		t.Errorf("fp8 KV: %v GiB, want half of %v", f8.Sizing.MemoryGiB.KVCache, bf)
	}
	lora := DefaultInput().With("workload", "lora").With("model.preset", "llama-2-7b")
	bad := Compute(lora.With("training.lora_rank", "2000"))
	if len(bad.Errors) != 1 || bad.Errors[0].Key != "training.lora_rank" || !strings.Contains(bad.Errors[0].Msg.String(), "1 and 1024") {
		t.Errorf("lora_rank 2000: %+v", bad.Errors)
	}
	p := Compute(lora.With("training.optimizer", "paged-adamw-8bit").With("training.lora_targets", "all-linear")).Plan
	if p == nil || p.Requirements.Training.Optimizer != "paged-adamw-8bit" || p.Sizing.MemoryGiB.PagedStates <= 0 {
		t.Errorf("training settings did not reach the plan: %+v", p)
	}
	if f, ok := ByKey("kv_cache_precision"); !ok || f.Kind != KindChoice {
		t.Error("kv_cache_precision is not a choice field")
	}
}

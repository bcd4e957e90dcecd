//go:build !js

package e2e

import (
	"bytes"
	"slices"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/gpuplan/gpuplan/shared/plan"
)

// The sheet's newer fields, typed into the planner as a person does: each
// reaches the exported plan file and changes the plan the way plan.Build
// does for the same sheet.

// builtPlan is the plan plan.Build makes of the sheet the exported plan
// file holds: the page must show the same.
func builtPlan(t *testing.T, exported []byte) (*plan.Plan, *plan.Plan) {
	t.Helper()
	got, err := plan.Decode(bytes.NewReader(exported))
	if err != nil {
		t.Fatalf("the exported plan does not decode: %v", err)
	}
	want, err := plan.Build(got.Requirements)
	if err != nil {
		t.Fatalf("plan.Build of the exported sheet: %v", err)
	}
	return got, want
}

// TestServiceTargetsField: a decode-speed target of 40 tokens/s a sequence
// grows the llama-3.1-70b plan past its memory fit (2 H20s) to replicas
// that meet it and says the target set the count; a target no card meets
// is flagged with the best figure and the plan goes back to the memory
// fit.
func TestServiceTargetsField(t *testing.T) {
	e := setup(t, siteDir, "")
	const field = "service_targets-tokens_per_sec_per_sequence"
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	e.waitText("gpu-pick", defaultPick)

	e.do("40 tokens/s", TypeInto(field, "40"), Leave(field))
	e.waitText("gpu-pick", "8 × NVIDIA H20 141GB (H20-3e)")
	e.do("open the notes", chromedp.Click(chromedp.CSS("details.notes summary")))
	e.waitContains("sizing-notes", "the count is set by the decode speed target")
	got, want := builtPlan(t, exportPlan(t, e.ctx))
	if st := got.Requirements.ServiceTargets; st == nil || st.TokensPerSecPerSequence != 40 {
		t.Fatalf("exported service_targets = %+v, want tokens_per_sec_per_sequence 40", st)
	}
	s := got.Sizing.Service
	if s == nil || !slices.Equal(s.SetBy, []string{"tokens_per_sec_per_sequence"}) || s.Replicas*s.CardsPerReplica != 8 {
		t.Errorf("service = %+v, want 8 cards set by tokens_per_sec_per_sequence", s)
	}
	if s != nil && s.TokensPerSecPerSeq.Likely < 40 {
		t.Errorf("likely decode %v tokens/s, below the 40 asked", s.TokensPerSecPerSeq.Likely)
	}
	if got.GPU.Count != want.GPU.Count || got.GPU.ID != want.GPU.ID {
		t.Errorf("page plan %d × %s, plan.Build %d × %s", got.GPU.Count, got.GPU.ID, want.GPU.Count, want.GPU.ID)
	}

	e.do("100000 tokens/s", TypeInto(field, "100000"), Leave(field))
	e.waitText("gpu-pick", defaultPick)
	e.waitContains("sizing-notes", "no card meets the target")
	got, _ = builtPlan(t, exportPlan(t, e.ctx))
	if s := got.Sizing.Service; s == nil || len(s.Unmet) != 1 || s.Unmet[0].Target != "tokens_per_sec_per_sequence" || s.Unmet[0].Best <= 0 {
		t.Errorf("unreachable target: service = %+v, want one unmet tokens_per_sec_per_sequence with its best figure", s)
	}
}

// TestFrameworkField: QLoRA on llama-3.1-70b needs less memory under
// unsloth (chunked loss, offloaded checkpoints) than under plain Hugging
// Face, and the page's figure is plan.Build's for the same sheet.
func TestFrameworkField(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	e.waitText("gpu-pick", defaultPick)
	e.do("qlora", SelectValue("workload", "qlora"))
	e.waitText("gpu-pick", "1 × NVIDIA A100 80GB SXM4")

	total := map[string]float64{}
	for _, fw := range []string{"hf", "unsloth"} {
		e.do(fw, SelectValue("training-framework", fw))
		e.waitFor(`location.search.includes("training.framework=` + fw + `")`)
		got, want := builtPlan(t, exportPlan(t, e.ctx))
		if got.Requirements.Training == nil || got.Requirements.Training.Framework != fw {
			t.Fatalf("exported training = %+v, want framework %s", got.Requirements.Training, fw)
		}
		if got.Sizing.MemoryGiB.Total != want.Sizing.MemoryGiB.Total {
			t.Errorf("%s: page memory %v GiB, plan.Build %v", fw, got.Sizing.MemoryGiB.Total, want.Sizing.MemoryGiB.Total)
		}
		total[fw] = got.Sizing.MemoryGiB.Total
	}
	if total["unsloth"] >= total["hf"] {
		t.Errorf("unsloth needs %v GiB, hf %v: the framework changed nothing", total["unsloth"], total["hf"])
	}
}

// TestCustomMoEField: a Mixtral-8x22B-class model (141B, 8 experts, 2 a
// token) typed as a custom shape is sized as a mixture of experts: about
// 40B active parameters, 4 H20s.
func TestCustomMoEField(t *testing.T) {
	e := setup(t, siteDir, "")
	e.do("load", chromedp.Navigate(e.base+"/?lang=en"), WaitWasm("planner"))
	e.waitText("gpu-pick", defaultPick)
	e.do("custom", SelectValue("model-preset", ""))
	e.do("open the shape", chromedp.WaitVisible(chromedp.CSS("details.shape summary")), chromedp.Click(chromedp.CSS("details.shape summary")))
	for _, f := range [][2]string{{"model-params_b", "141"}, {"model-layers", "56"}, {"model-hidden", "6144"}, {"model-heads", "48"},
		{"model-kv_heads", "8"}, {"model-head_dim", "128"}, {"model-ffn", "16384"}, {"model-experts", "8"},
		{"model-experts_per_token", "2"}, {"model-moe_layers", "56"}} {
		e.do(f[0], TypeInto(f[0], f[1]), Leave(f[0]))
	}
	e.waitText("gpu-pick", "4 × NVIDIA H20 96GB")
	got, want := builtPlan(t, exportPlan(t, e.ctx))
	m := got.Requirements.Model
	if m.Experts != 8 || m.ExpertsPerToken != 2 || m.MoELayers != 56 {
		t.Errorf("exported model = %+v, want 8 experts, 2 a token, 56 MoE layers", m)
	}
	if a := got.Sizing.Model.ActiveParamsB; a < 38 || a > 42 {
		t.Errorf("active parameters %vB, want about 39–41B (Mixtral-8x22B: 39B active)", a)
	}
	if got.GPU.Count != want.GPU.Count || got.Sizing.Model.ActiveParamsB != want.Sizing.Model.ActiveParamsB {
		t.Errorf("page %d cards, %vB active; plan.Build %d, %vB", got.GPU.Count, got.Sizing.Model.ActiveParamsB, want.GPU.Count, want.Sizing.Model.ActiveParamsB)
	}
}

package plan

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/fielderr"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/rentbuild"

	"github.com/shopspring/decimal"
)

func mustBuild(t *testing.T, sheet string) *Plan {
	t.Helper()
	req, err := DecodeRequirements(strings.NewReader(sheet))
	if err != nil {
		t.Fatal(err)
	}
	p, err := Build(req)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBuildCards pins the card choice on sheets where the articles' buckets
// and the memory math meet (rules G1, G2, G4).
func TestBuildCards(t *testing.T) {
	tests := []struct {
		name, sheet string
		id          string
		minCount    int
		icon        string
	}{
		// G1: under 7B → RTX 4090; a 7B LoRA fits one card.
		{"G1 7B LoRA on one 4090", `{"workload":"lora","model":{"preset":"llama-2-7b"},"context_tokens":2048}`, "rtx-4090", 1, "none"},
		// G4: 13B bf16 weights alone are 26 GB, more than one 24 GB card.
		{"G4 13B bf16 inference needs more than one 24GB card", `{"workload":"inference","model":{"preset":"llama-2-13b"}}`, "", 1, ""},
		// G4: 70B bf16 (138 GB of weights) needs at least 2 x 80/96 GB cards.
		{"G4 70B bf16 inference needs 2+ big cards", `{"workload":"inference","model":{"preset":"llama-2-70b"}}`, "", 2, ""},
		// G2: domestic (信创) → Ascend 910B.
		{"G2 domestic_only picks Ascend", `{"workload":"inference","model":{"preset":"qwen2.5-7b"},"domestic_only":true}`, "ascend-910b", 1, ""},
		// G2: scientific FP64 work → an A100-class card.
		{"G2 needs_fp64 picks A100 class", `{"workload":"hpc","model":{"params_b":1},"needs_fp64":true}`, "a100", 1, ""},
		// G1: 100B+ → multi-node 8-card NVLink bare metal.
		{"G1 405B pretraining is multi-node NVLink", `{"workload":"pretrain","model":{"preset":"llama-3.1-405b"}}`, "", 16, "nvlink+ib"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := mustBuild(t, tt.sheet)
			if tt.id != "" && !strings.HasPrefix(p.GPU.ID, tt.id) {
				t.Errorf("card = %s, want %s", p.GPU.ID, tt.id)
			}
			if p.GPU.Count < tt.minCount {
				t.Errorf("count = %d x %s, want at least %d", p.GPU.Count, p.GPU.ID, tt.minCount)
			}
			if tt.icon != "" && string(p.GPU.Interconnect) != tt.icon {
				t.Errorf("interconnect = %s, want %s", p.GPU.Interconnect, tt.icon)
			}
			if p.GPU.Count == 1 && p.GPU.PerCardGiB <= 0 {
				t.Errorf("per-card memory = %v", p.GPU.PerCardGiB)
			}
		})
	}
}

// TestBuild13BOn4090: 13B bf16 weights alone are 26 GB, so the RTX 4090
// option needs at least two cards whatever the pick (rule G4 against G1's
// "4090 covers 7B–13B").
func TestBuild13BOn4090(t *testing.T) {
	p := mustBuild(t, `{"workload":"inference","model":{"preset":"llama-2-13b"}}`)
	for _, c := range append([]Choice{p.GPU.Choice}, p.GPU.Alternatives...) {
		if c.ID == "rtx-4090" {
			if c.Count < 2 {
				t.Errorf("13B bf16 on %d x 4090", c.Count)
			}
			return
		}
	}
	t.Error("no rtx-4090 option in the plan")
}

// TestBuildC2 rebuilds rule C2's worked example with the user's own amounts:
// one H100 at 55,000 plus egress 2,000, an extra IP 200 and support 1,000
// sums to 58,200, not "over 60,000", and its hidden
// share of 5.50% is below C3's band, so the plan warns.
func TestBuildC2(t *testing.T) {
	p := mustBuild(t, `{"workload":"inference","model":{"preset":"llama-3.1-8b"},"hours_per_day":"24",
		"cost":{"prices":{"h100-80g-sxm":{"monthly":"55000"}},
		"items":{"gpu_rent":"55000","egress":"2000","extra_ips":"200","support_tier":"1000","after_hours_support":"0","storage":"0","data_migration":"0"}}}`)
	want := decimal.NewFromInt(58200)
	if !p.Cost.Monthly.Low.Equal(want) || !p.Cost.Monthly.High.Equal(want) {
		t.Errorf("C2 total = %s–%s, want 58,200", p.Cost.Monthly.Low, p.Cost.Monthly.High)
	}
	if got := p.Cost.HiddenShare.Low.Round(4).String(); got != "0.055" {
		t.Errorf("C2 hidden share = %s, want 0.0550", got)
	}
	if p.Cost.WarningMessage.IsZero() {
		t.Error("C3: a 5.5% hidden share must warn")
	}
}

// TestBuildQuoteOverridesCatalogue: a real quote replaces the reference
// price, in the rent and in the break-even hours (rule B1 from real prices).
func TestBuildQuoteOverridesCatalogue(t *testing.T) {
	p := mustBuild(t, `{"workload":"lora","model":{"preset":"llama-2-7b"},"hours_per_day":"4",
		"cost":{"prices":{"rtx-4090":{"monthly":"1500","hourly":"3"}}}}`)
	if p.GPU.ID != "rtx-4090" {
		t.Fatalf("card = %s", p.GPU.ID)
	}
	// Hourly is recommended, so the rent is the hourly quote × 4 h × 30
	// days = 360 a month, and the monthly package stands beside it.
	if !p.GPU.Monthly.Low.Equal(decimal.NewFromInt(360)) || p.GPU.BillingMode != "hourly" {
		t.Errorf("rent = %s (%s), want 3 × 4 h × 30 days = 360 by the hour", p.GPU.Monthly.Low, p.GPU.BillingMode)
	}
	if p.Cost.BillingMode != "hourly" || !p.Cost.Items[0].Low.Equal(decimal.NewFromInt(360)) {
		t.Errorf("cost priced %s with rent %s, want hourly 360", p.Cost.BillingMode, p.Cost.Items[0].Low)
	}
	if len(p.Cost.OtherModes) != 1 || p.Cost.OtherModes[0].Mode != "monthly" || !p.Cost.OtherModes[0].Rent.Low.Equal(decimal.NewFromInt(1500)) {
		t.Errorf("other modes %+v, want the monthly package at the quoted 1,500", p.Cost.OtherModes)
	}
	// 1,500 / 3 = 500 hours a month = 16.67 hours a day over 30 days.
	if p.Billing.BreakevenHoursPerDay == nil || p.Billing.BreakevenHoursPerDay.StringFixed(2) != "16.67" {
		t.Errorf("break-even = %v h/day, want 16.67", p.Billing.BreakevenHoursPerDay)
	}
	if p.Billing.Mode != "hourly" {
		t.Errorf("4 h/day with a 16.67 h/day break-even: mode = %s, want hourly", p.Billing.Mode)
	}
}

// TestBuildAcceptance checks the block gpuverify enforces (rules A1–A4).
func TestBuildAcceptance(t *testing.T) {
	p := mustBuild(t, `{"workload":"inference","model":{"preset":"llama-3.1-70b"},"concurrency":16}`)
	a := p.Acceptance
	if a.GPUCount != p.GPU.Count || len(a.GPUIDs) != 1 || a.GPUIDs[0] != p.GPU.ID {
		t.Errorf("acceptance %+v does not match the pick %s x %d", a, p.GPU.ID, p.GPU.Count)
	}
	if a.MIG != "off" || a.MinPCIeWidth != 16 || a.MinMemoryMiB < 80000 {
		t.Errorf("acceptance = %+v", a)
	}
	if p.GPU.Count > 1 && a.Virtualization != "bare-metal" {
		t.Errorf("tensor-parallel serving on %d cards: virtualization = %s, want bare-metal", p.GPU.Count, a.Virtualization)
	}
	lora := mustBuild(t, `{"workload":"lora","model":{"preset":"llama-2-7b"}}`)
	if lora.Acceptance.ECC != "any" || lora.Acceptance.Virtualization != "vm-ok" {
		t.Errorf("one consumer card: ecc %s virtualization %s, want any / vm-ok", lora.Acceptance.ECC, lora.Acceptance.Virtualization)
	}
}

// TestAcceptanceGpuverifyReads: the acceptance block of every kind of
// plan, multi-node PCIe and Ascend plans included, is one gpuverify check
// reads (planfile.DecodeAcceptance): a plan of 208 Ascend 910B over RoCE
// once wrote "hccs+roce", which the plan file's list lacked, and gpuverify
// refused the plan the site had exported.
func TestAcceptanceGpuverifyReads(t *testing.T) {
	for _, tt := range []struct {
		sheet string
		want  planfile.Interconnect
	}{
		{`{"workload":"pretrain","model":{"preset":"deepseek-v3"},"domestic_only":true}`, planfile.HCCSRoCE},
		{`{"workload":"inference","model":{"preset":"qwen2.5-32b"},"domestic_only":true,"concurrency":8}`, planfile.HCCS},
		{`{"workload":"pretrain","model":{"preset":"llama-3.1-405b"}}`, planfile.NVLinkIB},
		{`{"workload":"lora","model":{"preset":"llama-2-7b"}}`, planfile.NoLink},
	} {
		p := mustBuild(t, tt.sheet)
		if p.Acceptance.Interconnect != tt.want {
			t.Errorf("%s: interconnect %s, want %s", tt.sheet, p.Acceptance.Interconnect, tt.want)
		}
		var b bytes.Buffer
		if err := Encode(&b, p); err != nil {
			t.Fatal(err)
		}
		a, err := planfile.DecodeAcceptance(b.Bytes())
		if err != nil || a.Interconnect != tt.want {
			t.Errorf("%s: gpuverify reads %s, %v", tt.sheet, a.Interconnect, err)
		}
	}
}

// TestBuildRentBuildNever: with rent far below the running cost of owning,
// the break-even is "never" (null), not a division by zero.
func TestBuildRentBuildNever(t *testing.T) {
	p := mustBuild(t, `{"workload":"lora","model":{"preset":"llama-2-7b"},"cost":{"prices":{"rtx-4090":{"monthly":"100"}}}}`)
	if p.RentVsBuild.BreakevenMonths != nil {
		t.Errorf("break-even = %s, want never", p.RentVsBuild.BreakevenMonths)
	}
	if p.RentVsBuild.Decision != "rent" {
		t.Errorf("decision = %s", p.RentVsBuild.Decision)
	}
	var b bytes.Buffer
	if err := Encode(&b, p); err != nil || !strings.Contains(b.String(), `"breakeven_months": null`) {
		t.Errorf("plan file must write a null break-even: %v", err)
	}
}

// TestRoundTrip: plan → JSON → plan → JSON gives the same bytes.
func TestRoundTrip(t *testing.T) {
	p := mustBuild(t, `{"workload":"inference","model":{"preset":"mixtral-8x7b"},"concurrency":4,"storage_tb":"1.5"}`)
	var a, b bytes.Buffer
	if err := Encode(&a, p); err != nil {
		t.Fatal(err)
	}
	q, err := Decode(bytes.NewReader(a.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if err := Encode(&b, q); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Errorf("round trip changed the plan:\n%s\n---\n%s", a.String(), b.String())
	}
}

func TestDecodeRefusesOtherSchema(t *testing.T) {
	_, err := Decode(strings.NewReader(`{"schema":"gpuplan.plan/v2"}`))
	if err == nil || !strings.Contains(err.Error(), "gpuplan.plan/v1") {
		t.Errorf("err = %v", err)
	}
}

func BenchmarkBuild(b *testing.B) {
	req, err := DecodeRequirements(strings.NewReader(`{"workload":"inference","model":{"preset":"llama-3.1-70b"},"concurrency":16,"storage_tb":"2","egress_tb_month":"5"}`))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Build(req); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildServiceTargets is Build with service targets over every
// card: each card's replicas × tensor parallel are searched.
func BenchmarkBuildServiceTargets(b *testing.B) {
	req, err := DecodeRequirements(strings.NewReader(`{"workload":"inference","model":{"preset":"qwen3-32b"},"context_tokens":4096,"output_tokens":512,"concurrency":32,"service_targets":{"tokens_per_sec_per_sequence":20,"time_to_first_token_s":2,"requests_per_minute":300}}`))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Build(req); err != nil {
			b.Fatal(err)
		}
	}
}

// TestRentBuildInput: the exported input gives back the plan's own verdict
// on every golden sheet, plus the chart series.
func TestRentBuildInput(t *testing.T) {
	sheets, _ := filepath.Glob("testdata/*.req.json")
	for _, sheet := range sheets {
		p := buildFile(t, sheet)
		r, err := rentbuild.Decide(RentBuildInput(p, 36))
		if err != nil {
			t.Fatal(err)
		}
		if r.Decision != p.RentVsBuild.Decision || !r.SelfBuildMonthly.Equal(p.RentVsBuild.SelfBuildMonthly) || len(r.Series) != 37 {
			t.Errorf("%s: decision %s self-build %s series %d, plan says %s %s", sheet, r.Decision, r.SelfBuildMonthly, len(r.Series), p.RentVsBuild.Decision, p.RentVsBuild.SelfBuildMonthly)
		}
	}
}

// TestBillingPricesTheRent: a part-time sheet with an
// hourly quote is priced by the hour in the cost, the hidden share and rent
// vs build; a full-time one by the month.
func TestBillingPricesTheRent(t *testing.T) {
	sheet := func(hours string) string {
		return `{"workload":"inference","model":{"preset":"llama-3.1-8b"},"cards":["h20-96g"],"hours_per_day":"` + hours + `",
			"cost":{"prices":{"h20-96g":{"monthly":"12000","hourly":"7"}}}}`
	}
	part := mustBuild(t, sheet("8"))
	// 7 × 8 h × 30 days = 1,680 a month; the package would be 12,000.
	if part.Cost.BillingMode != "hourly" || !part.Cost.Items[0].Low.Equal(decimal.NewFromInt(1680)) {
		t.Errorf("8 h/day: %s rent %s, want hourly 1,680", part.Cost.BillingMode, part.Cost.Items[0].Low)
	}
	if !part.RentVsBuild.RentMonthly.LessThan(decimal.NewFromInt(12000)) {
		t.Errorf("rent vs build compares %s, want the hourly rent (under the 12,000 package)", part.RentVsBuild.RentMonthly)
	}
	full := mustBuild(t, sheet("24"))
	// 7 × 24 × 30 = 5,040 < 12,000: still hourly at these prices.
	if full.Cost.BillingMode != "hourly" {
		t.Errorf("24 h/day at 7/h vs 12,000/month: %s, want hourly", full.Cost.BillingMode)
	}
	dear := mustBuild(t, strings.Replace(sheet("24"), `"hourly":"7"`, `"hourly":"30"`, 1))
	if dear.Cost.BillingMode != "monthly" || !dear.Cost.Items[0].Low.Equal(decimal.NewFromInt(12000)) {
		t.Errorf("24 h/day at 30/h: %s rent %s, want the 12,000 package", dear.Cost.BillingMode, dear.Cost.Items[0].Low)
	}
}

// TestCardsPinAndFilter: a sheet's card list pins the cards the plan
// may pick.
func TestCardsPinAndFilter(t *testing.T) {
	p := mustBuild(t, `{"workload":"inference","model":{"preset":"llama-3.1-8b"},"cards":["a100-80g-sxm"]}`)
	if p.GPU.ID != "a100-80g-sxm" || len(p.GPU.Alternatives) != 0 {
		t.Errorf("one offered card: pick %s with %d alternatives", p.GPU.ID, len(p.GPU.Alternatives))
	}
	_, err := DecodeRequirements(strings.NewReader(`{"workload":"inference","model":{"preset":"llama-3.1-8b"},"cards":["h100-80g-sxm","h300"]}`))
	var fe *fielderr.Error
	if !errors.As(err, &fe) || fe.Field != "cards[1]" || !strings.Contains(fe.Msg.String(), "rtx-4090") {
		t.Errorf("unknown card: %v, want a cards[1] error listing the ids", err)
	}
}

// TestCardChosenOnAllInCost: every qualifying card is
// priced in its own best mode, and the alternatives show it.
func TestCardChosenOnAllInCost(t *testing.T) {
	p := mustBuild(t, `{"workload":"inference","model":{"preset":"llama-3.1-8b"},"hours_per_day":"4","cards":["rtx-4090","l40s-48g"]}`)
	// The 4090 has an hourly reference (1.24–1.98), the L40S none: at 4
	// h/day the 4090 is priced by the hour.
	if p.GPU.BillingMode != "hourly" || p.GPU.AllInMonthly == nil {
		t.Errorf("pick %s in %q (all-in %v), want hourly", p.GPU.ID, p.GPU.BillingMode, p.GPU.AllInMonthly)
	}
	for _, a := range p.GPU.Alternatives {
		if a.AllInMonthly == nil || a.BillingMode == "" {
			t.Errorf("alternative %s without all-in cost or mode", a.ID)
		}
	}
}

// TestTrainingSettings: the QLoRA paper's 65B settings (rank 64 on all
// linear layers, paged AdamW, sequence 512) fit one 48 GB card as the qlora
// repository runs them, with lm_head, the embeddings and the adapters cast
// back to bf16 (the llama-factory setting); the Transformers Trainer's fp32
// upcast (PEFT's prepare_model_for_kbit_training, the default hf) does not.
func TestTrainingSettings(t *testing.T) {
	sheet := func(framework string) string {
		return `{"workload":"qlora","model":{"preset":"llama-65b"},"context_tokens":512,"cards":["l40s-48g"],
		"training":{"lora_rank":64,"lora_targets":"all-linear","optimizer":"paged-adamw","gradient_checkpointing":true` + framework + `}}`
	}
	p := mustBuild(t, sheet(`,"framework":"llama-factory"`))
	if p.GPU.Count != 1 || p.Sizing.MemoryGiB.PagedStates <= 0 {
		t.Errorf("QLoRA 65B: %d× %s, paged %.1f GiB; want one 48 GB card with paged states", p.GPU.Count, p.GPU.ID, p.Sizing.MemoryGiB.PagedStates)
	}
	req, err := DecodeRequirements(strings.NewReader(sheet("")))
	if err != nil {
		t.Fatal(err)
	}
	if req.Training.Framework != "hf" {
		t.Errorf("default framework %q, want hf", req.Training.Framework)
	}
	if _, err := Build(req); err == nil {
		t.Errorf("QLoRA 65B under hf fits one L40S; its fp32 embeddings and full logits should not")
	}
	_, err = DecodeRequirements(strings.NewReader(`{"workload":"qlora","model":{"preset":"llama-2-7b"},"training":{"framework":"megatron"}}`))
	if fe := (*fielderr.Error)(nil); !errors.As(err, &fe) || fe.Field != "training.framework" {
		t.Errorf("qlora under megatron: %v, want a training.framework error", err)
	}
	for _, tt := range []struct{ sheet, field string }{
		{`"training":{"framework":"deepspeed"}`, "training.framework"},
		{`"training":{"lora_rank":2000}`, "training.lora_rank"},
		{`"training":{"optimizer":"adam"}`, "training.optimizer"},
		{`"training":{"lora_targets":"mlp"}`, "training.lora_targets"},
		{`"kv_cache_precision":"fp4"`, "kv_cache_precision"},
	} {
		_, err := DecodeRequirements(strings.NewReader(`{"workload":"lora","model":{"preset":"llama-2-7b"},` + tt.sheet + `}`))
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%s: %v, want a %s error", tt.sheet, err, tt.field)
		}
	}
}

// BenchmarkBuildProcurement is a planner keystroke with every procurement
// section saved: the results are left to Encode, so it costs about what
// BenchmarkBuild does.
func BenchmarkBuildProcurement(b *testing.B) {
	f, err := os.Open("testdata/procurement.req.json")
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	req, err := DecodeRequirements(f)
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Build(req); err != nil {
			b.Fatal(err)
		}
	}
}

// TestBuildKeepsPresetPrecision: a sheet that leaves precision out sizes a
// preset in the format it is published in (gpt-oss-120b ships its experts
// in MXFP4, https://huggingface.co/openai/gpt-oss-120b), not in bf16; a
// sheet that says bf16 keeps bf16.
func TestBuildKeepsPresetPrecision(t *testing.T) {
	p := mustBuild(t, `{"workload":"inference","model":{"preset":"gpt-oss-120b"},"cards":["h100-80g-sxm"],"concurrency":1,"context_tokens":8192}`)
	if p.Requirements.Precision != "int4" || p.GPU.Count != 1 {
		t.Errorf("default: precision %q on %d cards, want int4 on 1 H100", p.Requirements.Precision, p.GPU.Count)
	}
	p = mustBuild(t, `{"workload":"inference","model":{"preset":"gpt-oss-120b"},"precision":"bf16","cards":["h100-80g-sxm"],"concurrency":1,"context_tokens":8192}`)
	if p.Requirements.Precision != "bf16" || p.GPU.Count < 4 {
		t.Errorf("given bf16: precision %q on %d cards, want bf16 on 4 or more", p.Requirements.Precision, p.GPU.Count)
	}
	p = mustBuild(t, `{"workload":"lora","model":{"preset":"gpt-oss-120b"},"cards":["h100-80g-sxm"]}`)
	if p.Requirements.Precision != "bf16" {
		t.Errorf("lora default precision %q, want bf16 (training keeps 16-bit weights)", p.Requirements.Precision)
	}
}

// TestBuildCustomMoE: a Mixtral-8x22B-class model given in the sheet
// (https://huggingface.co/mistralai/Mixtral-8x22B-v0.1 config) is sized
// from its 141B total and decodes from its active share; its MoE fields are
// checked like the dense shape's.
func TestBuildCustomMoE(t *testing.T) {
	p := mustBuild(t, `{"workload":"inference","model":{"params_b":141,"layers":56,"hidden":6144,"heads":48,"kv_heads":8,"head_dim":128,"ffn":16384,"experts":8,"experts_per_token":2},"cards":["h100-80g-sxm"],"concurrency":1}`)
	if m := p.Sizing.Model; m.ParamsB != 141 || m.ActiveParamsB < 37 || m.ActiveParamsB > 41 || p.GPU.Count != 4 {
		t.Errorf("custom MoE: %gB with %gB active on %d× %s, want 141B with about 39B active on 4 H100 (282 GB of bf16 weights)", m.ParamsB, m.ActiveParamsB, p.GPU.Count, p.GPU.ID)
	}
	for _, tt := range []struct{ model, field string }{
		{`{"params_b":141,"experts":8}`, "model.experts_per_token"},
		{`{"params_b":141,"experts_per_token":2}`, "model.experts_per_token"},
		{`{"params_b":141,"experts":8,"experts_per_token":2,"layers":4,"moe_layers":5}`, "model.moe_layers"},
		{`{"preset":"llama-2-7b","experts":8,"experts_per_token":2}`, "model.experts"},
	} {
		_, err := DecodeRequirements(strings.NewReader(`{"workload":"inference","model":` + tt.model + `}`))
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%s: %v, want a %s error", tt.model, err, tt.field)
		}
	}
}

// TestBuildServiceTargets: a sheet's service targets size replicas × tensor
// parallel past the memory fit, the plan says which target set the count,
// and a target no card meets is flagged with the best figure, not dropped.
func TestBuildServiceTargets(t *testing.T) {
	sheet := func(targets string) string {
		return `{"workload":"inference","model":{"preset":"qwen3-32b"},"cards":["h20-96g"],"context_tokens":4096,"output_tokens":512,"concurrency":32` + targets + `}`
	}
	plain := mustBuild(t, sheet(""))
	p := mustBuild(t, sheet(`,"service_targets":{"tokens_per_sec_per_sequence":20}`))
	s := p.Sizing.Service
	if s == nil || s.TokensPerSecPerSeq.Likely < 20 || p.GPU.Count <= plain.GPU.Count || s.Replicas*s.CardsPerReplica != p.GPU.Count {
		t.Fatalf("service %+v on %d cards (memory alone %d), want 20 tokens/s on more cards", s, p.GPU.Count, plain.GPU.Count)
	}
	if len(s.SetBy) != 1 || s.SetBy[0] != "tokens_per_sec_per_sequence" || p.Sizing.DecodeTokensPerSec.Likely < 20 {
		t.Errorf("set by %v, decode %+v", s.SetBy, p.Sizing.DecodeTokensPerSec)
	}
	p = mustBuild(t, sheet(`,"service_targets":{"tokens_per_sec_per_sequence":5000}`))
	if s := p.Sizing.Service; s == nil || len(s.Unmet) != 1 || s.Unmet[0].Best <= 0 {
		t.Errorf("unreachable target: %+v, want it flagged with the best figure", p.Sizing.Service)
	}
	warned := false
	for _, w := range p.WarningMessages {
		warned = warned || w.ID == "sizing.service.unreachable"
	}
	if !warned {
		t.Errorf("warnings %v lack the unreachable target", p.WarningMessages)
	}
	for _, tt := range []struct{ sheet, field string }{
		{sheet(`,"service_targets":{"time_to_first_token_s":-1}`), "service_targets.time_to_first_token_s"},
		{sheet(`,"service_targets":{"requests_per_minute":1e9}`), "service_targets.requests_per_minute"},
	} {
		_, err := DecodeRequirements(strings.NewReader(tt.sheet))
		var fe *fielderr.Error
		if !errors.As(err, &fe) || fe.Field != tt.field {
			t.Errorf("%s: %v, want a %s error", tt.sheet, err, tt.field)
		}
	}
	req, err := DecodeRequirements(strings.NewReader(`{"workload":"lora","model":{"preset":"qwen3-8b"},"service_targets":{"time_to_first_token_s":1}}`))
	if err != nil || req.ServiceTargets != nil {
		t.Errorf("lora sheet keeps service targets: %+v, %v", req.ServiceTargets, err)
	}
}

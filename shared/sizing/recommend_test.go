package sizing

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
)

// TestBuckets checks the articles' buckets, rules G1 and G2.
func TestBuckets(t *testing.T) {
	tests := []struct {
		name  string
		in    Input
		prefs Prefs
		want  []string
		rule  string
	}{
		{"G1: inference under 7B", Input{Workload: Inference, ParamsB: 3}, Prefs{}, []string{"rtx-4090"}, "G1"},
		{"G2: production inference, nominal 7B", Input{Workload: Inference, Model: "llama-2-7b"}, Prefs{}, []string{"h20"}, "G2"},
		{"G2: LoRA under 13B", Input{Workload: LoRA, Model: "llama-2-7b"}, Prefs{}, []string{"rtx-4090"}, "G2"},
		{"G2: full fine-tune under 13B", Input{Workload: FullFinetune, Model: "qwen2.5-7b"}, Prefs{}, []string{"rtx-4090"}, "G2"},
		{"G1: 13B–70B", Input{Workload: FullFinetune, Model: "llama-2-13b"}, Prefs{}, []string{"h100", "h20"}, "G1"},
		{"G2: large-model training, nominal 70B", Input{Workload: Pretrain, Model: "llama-2-70b"}, Prefs{}, []string{"h100"}, "G2"},
		{"G2: LoRA of larger models", Input{Workload: QLoRA, Model: "qwen2.5-32b"}, Prefs{}, []string{"rtx-4090", "a100", "h20"}, "G2"},
		{"G1: 100B+ multi-node", Input{Workload: Pretrain, Model: "llama-3.1-405b"}, Prefs{}, []string{"h100"}, "G1"},
		{"G2: image generation", Input{Workload: ImageGen}, Prefs{}, []string{"rtx-4090"}, "G2"},
		{"G2: video generation", Input{Workload: VideoGen}, Prefs{}, []string{"rtx-4090"}, "G2"},
		{"G2: scientific", Input{Workload: HPC}, Prefs{}, []string{"a100"}, "G2"},
		{"G2: FP64 preference", Input{Workload: Inference, Model: "llama-2-7b"}, Prefs{NeedsFP64: true}, []string{"a100"}, "G2"},
		{"G2: domestic", Input{Workload: Pretrain, Model: "llama-3.1-405b"}, Prefs{DomesticOnly: true}, []string{"ascend-910b"}, "G2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.in.ContextTokens, tt.in.Concurrency = 1, 1
			j, err := prepare(tt.in)
			if err != nil {
				t.Fatal(err)
			}
			b := j.bucket(tt.prefs)
			if !slices.Equal(b.families, tt.want) || !slices.Contains(b.rules, tt.rule) {
				t.Errorf("bucket = %v %v, want %v under %s", b.families, b.rules, tt.want, tt.rule)
			}
		})
	}
}

// TestRecommendBuckets checks where the pick follows rules G1/G2 and where
// the memory math overrides them (rule G4).
func TestRecommendBuckets(t *testing.T) {
	tests := []struct {
		name     string
		in       Input
		pick     string
		count    int
		override bool
	}{
		{"G2 holds: LoRA 7B on one 4090", Input{Workload: LoRA, Model: "llama-2-7b", ContextTokens: 2048, Concurrency: 1}, "rtx-4090", 1, false},
		{"G2 holds: QLoRA 13B on one 4090", Input{Workload: QLoRA, Model: "llama-2-13b", ContextTokens: 2048, Concurrency: 1}, "rtx-4090", 1, false},
		{"G1 holds: 3B inference on one 4090", Input{Workload: Inference, ParamsB: 3, ContextTokens: 4096, Concurrency: 4}, "rtx-4090", 1, false},
		{"G2 holds: 13B inference on one H20", infer("llama-2-13b", 4096, 1), "h20-96g", 1, false},
		{"G2 count: 70B bf16 inference needs 2 H20", infer("llama-2-70b", 4096, 1), "h20-96g", 2, false},
		{"G2 count: 70B int4 inference on one H20", Input{Workload: Inference, Model: "llama-2-70b", Precision: INT4, ContextTokens: 4096, Concurrency: 1}, "h20-96g", 1, false},
		{"G4: full fine-tune of 7B is no 4090 job", Input{Workload: FullFinetune, Model: "llama-2-7b", ContextTokens: 2048, Concurrency: 1}, "a100-80g-sxm", 2, true},
		{"G2 row for larger models: LoRA 13B bf16 on one A100", Input{Workload: LoRA, Model: "llama-2-13b", ContextTokens: 2048, Concurrency: 1}, "a100-80g-sxm", 1, false},
		{"G4: FLUX bf16 does not fit a 4090", Input{Workload: ImageGen, Concurrency: 1}, "l20-48g", 1, true},
		{"G2 holds: FLUX fp8 on one 4090", Input{Workload: ImageGen, Precision: FP8, Concurrency: 1}, "rtx-4090", 1, false},
		{"G2 count: 70B full fine-tune on H100 nodes", Input{Workload: FullFinetune, Model: "llama-2-70b", ContextTokens: 4096, Concurrency: 1}, "h100-80g-sxm", 24, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustRecommend(t, tt.in, fixtureCards(), Prefs{})
			if r.Pick.CardID != tt.pick || r.Pick.Count != tt.count {
				t.Fatalf("pick %d× %s, want %d× %s (%s)", r.Pick.Count, r.Pick.CardID, tt.count, tt.pick, r.Pick.Reason)
			}
			notes := strings.Join(msg.Strings(msg.En, r.Notes), "\n")
			if got := strings.Contains(notes, "overrides the bucket"); got != tt.override {
				t.Errorf("override note %v, want %v:\n%s", got, tt.override, notes)
			}
		})
	}
}

// TestMemoryOverridesG1: 13B bf16 (26 GB of weights) does not fit one
// 24 GB card, and 70B bf16 needs at least two 80/96 GB cards.
func TestMemoryOverridesG1(t *testing.T) {
	r := mustRecommend(t, infer("llama-2-13b", 1, 1), fixtureCards(), Prefs{})
	if o, _ := option(r, "rtx-4090"); o.Count < 2 {
		t.Errorf("13B bf16 inference on %d× 4090", o.Count)
	}
	r = mustRecommend(t, Input{Workload: LoRA, Model: "llama-2-13b", ContextTokens: 2048, Concurrency: 1}, fixtureCards(), Prefs{})
	if o, _ := option(r, "rtx-4090"); o.Eligible || !strings.HasPrefix(o.Reason.String(), "does not fit one card") {
		t.Errorf("13B bf16 LoRA on the 4090: %+v", o)
	}
	r = mustRecommend(t, infer("llama-2-70b", 1, 1), fixtureCards(), Prefs{})
	for _, id := range []string{"a100-80g-sxm", "h100-80g-sxm", "h20-96g"} {
		if o, _ := option(r, id); o.Count < 2 {
			t.Errorf("70B bf16 on %d× %s", o.Count, id)
		}
	}
}

// trainingInputs are training jobs of many sizes for the NVLink rule.
func trainingInputs() []Input {
	var ins []Input
	for _, m := range []string{"llama-2-7b", "qwen2.5-14b", "llama-2-70b", "mixtral-8x7b"} {
		for _, w := range []Workload{Pretrain, FullFinetune, LoRA, QLoRA} {
			ins = append(ins, Input{Workload: w, Model: m, ContextTokens: 4096, Concurrency: 2})
		}
	}
	return ins
}

// TestNoPCIeTrainingWithoutFlag: cards without NVLink (4090, L40S, L20,
// PCIe A100/H100) are never picked for multi-card training unless the
// buyer allows it: tensor-parallel traffic over PCIe is slow.
func TestNoPCIeTrainingWithoutFlag(t *testing.T) {
	lists := [][]catalog.Card{fixtureCards()}
	if live := catalog.All(); len(live) > 0 {
		lists = append(lists, live)
	}
	for _, cards := range lists {
		for _, in := range trainingInputs() {
			r := mustRecommend(t, in, cards, Prefs{})
			if r.Pick.Count > 1 && !r.Pick.card.HasNVLink() {
				t.Errorf("%s %s: picked %d× %s without NVLink", in.Workload, in.Model, r.Pick.Count, r.Pick.CardID)
			}
			if o, ok := option(r, "rtx-4090"); ok && o.Count > 1 && o.Fits && o.Eligible {
				t.Errorf("%s %s: %d× 4090 eligible for training", in.Workload, in.Model, o.Count)
			}
		}
	}
	// With the flag the G2 bucket wins again: 8 × 4090 for a 7B full
	// fine-tune, sharded over PCIe.
	r := mustRecommend(t, Input{Workload: FullFinetune, Model: "llama-2-7b", ContextTokens: 2048, Concurrency: 1}, fixtureCards(), Prefs{AllowPCIeTraining: true})
	if r.Pick.CardID != "rtx-4090" || r.Pick.Count != 8 || r.Pick.TP != 1 || r.Pick.DP != 8 || r.Pick.Interconnect != planfile.PCIe {
		t.Errorf("with allow_pcie_training: %+v", r.Pick)
	}
}

// TestTPDividesHeads checks every option's layout over every preset.
func TestTPDividesHeads(t *testing.T) {
	cards := catalogCards(t)
	for _, m := range Presets() {
		if len(m.Components) > 0 {
			continue
		}
		for _, in := range []Input{infer(m.ID, 32768, 16), {Workload: FullFinetune, Model: m.ID, ContextTokens: 4096, Concurrency: 1}} {
			r := mustRecommend(t, in, cards, Prefs{})
			for _, o := range append([]Option{r.Pick}, r.Alternatives...) {
				if m.Heads%o.TP != 0 || !m.validTP(o.TP) {
					t.Errorf("%s %s on %s: TP %d does not divide %d heads / %d KV heads", in.Workload, m.ID, o.CardID, o.TP, m.Heads, m.KVHeads)
				}
				if o.TP*o.PP*o.DP != o.Count || o.TP > CardsPerNode {
					t.Errorf("%s %s on %s: TP %d × PP %d × DP %d != %d cards", in.Workload, m.ID, o.CardID, o.TP, o.PP, o.DP, o.Count)
				}
				if o.Count > CardsPerNode && o.Count%CardsPerNode != 0 {
					t.Errorf("%s on %s: %d cards is not whole nodes", m.ID, o.CardID, o.Count)
				}
			}
		}
	}
}

func TestDomesticOnly(t *testing.T) {
	for _, in := range []Input{infer("llama-3.1-70b", 4096, 4), {Workload: LoRA, Model: "qwen2.5-7b", ContextTokens: 2048, Concurrency: 1}, {Workload: Pretrain, Model: "llama-2-13b", ContextTokens: 4096, Concurrency: 1}} {
		r := mustRecommend(t, in, catalogCards(t), Prefs{DomesticOnly: true})
		if r.Pick.CardID != "ascend-910b" {
			t.Errorf("%s %s domestic_only: picked %s", in.Workload, in.Model, r.Pick.CardID)
		}
		if !strings.Contains(english(r.Notes), "CANN") {
			t.Errorf("no software-stack caveat in %q", r.Notes)
		}
	}
	// Without the preference the Ascend is not planned: CUDA code does not run on it.
	r := mustRecommend(t, infer("llama-3.1-70b", 4096, 4), catalogCards(t), Prefs{})
	if o, _ := option(r, "ascend-910b"); o.Eligible {
		t.Error("ascend-910b eligible without domestic_only")
	}
}

func TestNeedsFP64(t *testing.T) {
	for _, in := range []Input{{Workload: HPC, WorkingSetGiB: 30}, {Workload: HPC, WorkingSetGiB: 500}, infer("llama-2-7b", 4096, 1)} {
		r := mustRecommend(t, in, catalogCards(t), Prefs{NeedsFP64: true})
		if f := Family(r.Pick.CardID); f != "a100" || r.Pick.card.FP64TFLOPS.Value < 9 {
			t.Errorf("%s needs_fp64: picked %s (FP64 %.1f)", in.Workload, r.Pick.CardID, r.Pick.card.FP64TFLOPS.Value)
		}
	}
}

// TestMoreMemoryNeverFewerCards is a property: a job that needs more memory
// (longer context, more sequences, more parameters of the same shape) never
// gets fewer cards of the same type.
func TestMoreMemoryNeverFewerCards(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	cards := fixtureCards()
	presets := []string{"llama-2-7b", "llama-3.1-8b", "qwen2.5-7b", "qwen2.5-32b", "llama-2-70b", "mixtral-8x7b", "deepseek-v3"}
	workloads := []Workload{Inference, Pretrain, FullFinetune, LoRA, QLoRA}
	for i := 0; i < 300; i++ {
		small := Input{Workload: workloads[rng.IntN(len(workloads))], Model: presets[rng.IntN(len(presets))],
			ContextTokens: 1 + rng.IntN(65536), Concurrency: 1 + rng.IntN(64)}
		big := small
		big.ContextTokens += rng.IntN(65536)
		big.Concurrency += rng.IntN(64)
		if i%3 == 0 { // same shape, more parameters
			shape := Shape{Layers: 32, Hidden: 4096, Heads: 32, KVHeads: 8, HeadDim: 128, FFN: 14336}
			small.Model, small.ParamsB, small.Shape = "", 1+rng.Float64()*100, shape
			big.Model, big.ParamsB, big.Shape = "", small.ParamsB+rng.Float64()*100, shape
		}
		// Recommend returns every option even when none qualifies.
		rs, _ := Recommend(small, cards, Prefs{})
		rb, _ := Recommend(big, cards, Prefs{})
		for _, c := range cards {
			os, _ := option(rs, c.ID)
			ob, _ := option(rb, c.ID)
			if ob.Count < os.Count {
				t.Fatalf("%s on %s: %+v needs %d cards, the larger %+v only %d", small.Workload, c.ID, small, os.Count, big, ob.Count)
			}
		}
	}
}

func TestInterconnect(t *testing.T) {
	cards := fixtureCards()
	r := mustRecommend(t, Input{Workload: Pretrain, Model: "llama-3.1-405b", ContextTokens: 4096, Concurrency: 1}, cards, Prefs{})
	if r.Pick.Nodes < 2 || r.Pick.Interconnect != planfile.NVLinkIB || r.Pick.Nodes != (r.Pick.Count+7)/8 {
		t.Errorf("405B pretraining: %d cards on %d nodes over %s", r.Pick.Count, r.Pick.Nodes, r.Pick.Interconnect)
	}
	if !slices.Contains(r.Rules, "G1") || !strings.Contains(english(r.Notes), "InfiniBand") {
		t.Errorf("405B pretraining: rules %v, notes %q", r.Rules, r.Notes)
	}
	c := fixtureCard(t, "ascend-910b")
	for n, want := range map[int]planfile.Interconnect{1: planfile.NoLink, 8: planfile.HCCS, 16: planfile.HCCSRoCE} {
		if got := interconnect(c, n); got != want {
			t.Errorf("ascend ×%d: %s, want %s", n, got, want)
		}
	}
	c = fixtureCard(t, "rtx-4090")
	for n, want := range map[int]planfile.Interconnect{2: planfile.PCIe, 16: planfile.PCIeIB} {
		if got := interconnect(c, n); got != want {
			t.Errorf("4090 ×%d: %s, want %s", n, got, want)
		}
	}
}

func TestTargetDays(t *testing.T) {
	in := Input{Workload: Pretrain, Model: "llama-2-7b", ContextTokens: 4096, Concurrency: 1, TokensToTrain: 2e12, TargetDays: 30}
	r := mustRecommend(t, in, fixtureCards(), Prefs{})
	if r.Estimates.TrainHours.Likely > 30*24 {
		t.Errorf("%d× %s trains in %.0f h, over the 720 h target", r.Pick.Count, r.Pick.CardID, r.Estimates.TrainHours.Likely)
	}
	in.TargetDays = 0
	r0 := mustRecommend(t, in, fixtureCards(), Prefs{})
	if r0.Pick.Count >= r.Pick.Count {
		t.Errorf("without a target %d cards, with 30 days %d", r0.Pick.Count, r.Pick.Count)
	}
}

func TestEveryOptionExplained(t *testing.T) {
	r := mustRecommend(t, infer("qwen2.5-72b", 32768, 8), catalogCards(t), Prefs{})
	if r.Pick.Reason.IsZero() || len(r.Alternatives) != len(catalogCards(t))-1 || r.Rules[0] != "G4" {
		t.Fatalf("pick %+v, %d alternatives, rules %v", r.Pick, len(r.Alternatives), r.Rules)
	}
	for _, o := range r.Alternatives {
		if o.Reason.IsZero() {
			t.Errorf("%s has no reason", o.CardID)
		}
	}
}

func TestNothingQualifies(t *testing.T) {
	var cards []catalog.Card
	for _, c := range fixtureCards() {
		if !c.Domestic {
			cards = append(cards, c)
		}
	}
	r, err := Recommend(infer("llama-2-7b", 1, 1), cards, Prefs{DomesticOnly: true})
	if err == nil || !strings.Contains(err.Error(), "not domestic hardware") || r.Pick.CardID != "" || len(r.Alternatives) != len(cards) {
		t.Errorf("no domestic card: err %v, pick %q, %d alternatives", err, r.Pick.CardID, len(r.Alternatives))
	}
	_, err = Recommend(Input{Workload: ImageGen, ParamsB: 200, Concurrency: 1}, fixtureCards(), Prefs{})
	if err == nil || !strings.Contains(err.Error(), "does not fit one card") {
		t.Errorf("200B image model: err %v", err)
	}
	if _, err := Recommend(infer("llama-2-7b", 1, 1), nil, Prefs{}); err == nil || !strings.HasPrefix(err.Error(), "cards: ") {
		t.Errorf("no cards: err %v", err)
	}
}

// TestCatalogPicks runs the bucket cases over the live catalogue.
func TestCatalogPicks(t *testing.T) {
	cards := catalogCards(t)
	tests := []struct {
		name  string
		in    Input
		prefs Prefs
		pick  string
		count int
	}{
		{"G2: LoRA 7B on one 4090", Input{Workload: LoRA, Model: "llama-2-7b", ContextTokens: 2048, Concurrency: 1}, Prefs{}, "rtx-4090", 1},
		{"G2: FLUX in fp8 on one 4090", Input{Workload: ImageGen, Precision: FP8, Concurrency: 1}, Prefs{}, "rtx-4090", 1},
		{"G2: 70B bf16 serving on 2 H20", infer("llama-2-70b", 4096, 1), Prefs{}, "h20-96g", 2},
		{"G2: DeepSeek-V3 fp8 serving on one 8-H20 node", Input{Workload: Inference, Model: "deepseek-v3", Precision: FP8, ContextTokens: 8192, Concurrency: 4}, Prefs{}, "h20-96g", 8},
		// 112: the rebuilt layer's gated MLP and Megatron's bf16 + fp32 logits
		// (6 B per vocabulary entry) need one more node than the GeLU formula did.
		{"G2: 405B pretraining on H100 nodes", Input{Workload: Pretrain, Model: "llama-3.1-405b", ContextTokens: 8192, Concurrency: 1}, Prefs{}, "h100-80g-sxm", 112},
		{"G2: domestic 70B serving", infer("llama-3.1-70b", 4096, 4), Prefs{DomesticOnly: true}, "ascend-910b", 4},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := mustRecommend(t, tt.in, cards, tt.prefs)
			if r.Pick.CardID != tt.pick || r.Pick.Count != tt.count {
				t.Errorf("pick %d× %s, want %d× %s; notes %q", r.Pick.Count, r.Pick.CardID, tt.count, tt.pick, r.Notes)
			}
		})
	}
}

func TestPCIeReasonUnderTimeTarget(t *testing.T) {
	in := Input{Workload: LoRA, Model: "llama-2-7b", ContextTokens: 2048, Concurrency: 1, TokensToTrain: 1e11, TargetDays: 1}
	r := mustRecommend(t, in, fixtureCards(), Prefs{})
	o, _ := option(r, "rtx-4090")
	if o.Eligible || !strings.HasPrefix(o.Reason.String(), "the 1-day target needs") {
		t.Errorf("4090 under a time target: %d cards, %q", o.Count, o.Reason)
	}
}

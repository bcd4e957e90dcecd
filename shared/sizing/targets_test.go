package sizing

import (
	"errors"
	"slices"
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/fielderr"
)

func h20(t *testing.T) []catalog.Card {
	t.Helper()
	c, ok := catalog.ByID("h20-96g")
	if !ok {
		t.Fatal("no h20-96g")
	}
	return []catalog.Card{c}
}

// TestServiceTargets: a 32B dense model on H20s (rule G2's inference card)
// sized by what its users must see.
func TestServiceTargets(t *testing.T) {
	in := Input{Workload: Inference, Model: "qwen3-32b", ContextTokens: 4096, OutputTokens: 512, Concurrency: 32}
	plain := mustRecommend(t, in, h20(t), Prefs{})
	t.Run("no target: memory sets the count", func(t *testing.T) {
		if plain.Pick.Service != nil {
			t.Errorf("service fit without targets: %+v", plain.Pick.Service)
		}
	})
	t.Run("a decode speed target adds replicas or tensor parallelism", func(t *testing.T) {
		in := in
		in.Targets = ServiceTargets{TokensPerSecPerSequence: 20}
		r := mustRecommend(t, in, h20(t), Prefs{})
		f := r.Pick.Service
		if f == nil || f.TokensPerSecPerSequence.Likely < 20 || r.Pick.Count <= plain.Pick.Count {
			t.Fatalf("pick %d× (memory %d), fit %+v; want more cards reaching 20 tokens/s", r.Pick.Count, plain.Pick.Count, f)
		}
		if !slices.Equal(f.SetBy, []string{TargetTokensPerSec}) || len(f.Unmet) != 0 {
			t.Errorf("set by %v, unmet %v; want the decode speed target", f.SetBy, f.Unmet)
		}
		if r.Pick.Count != f.Replicas*f.CardsPerReplica || r.Pick.DP != f.Replicas {
			t.Errorf("count %d, DP %d, fit %d × %d", r.Pick.Count, r.Pick.DP, f.Replicas, f.CardsPerReplica)
		}
		if r.Estimates.DecodeTokensPerSec.Likely < 20 {
			t.Errorf("the pick's estimate %.1f tokens/s is under the target", r.Estimates.DecodeTokensPerSec.Likely)
		}
	})
	t.Run("a first-token target", func(t *testing.T) {
		in := in
		in.Targets = ServiceTargets{TimeToFirstTokenS: 0.5}
		r := mustRecommend(t, in, h20(t), Prefs{})
		if f := r.Pick.Service; f == nil || f.TimeToFirstTokenS.Likely > 0.5 || !slices.Contains(f.SetBy, TargetTTFT) {
			t.Errorf("fit %+v, want a first token within 0.5 s set by the target", f)
		}
	})
	t.Run("requests per minute put more sequences in flight", func(t *testing.T) {
		in := in
		in.Targets = ServiceTargets{RequestsPerMinute: 2000}
		r := mustRecommend(t, in, h20(t), Prefs{})
		f := r.Pick.Service
		if f == nil || f.Sequences <= in.Concurrency || f.RequestsPerMinute.Likely < 2000 {
			t.Fatalf("fit %+v, want more than %d sequences and 2000 requests a minute", f, in.Concurrency)
		}
	})
	t.Run("an unreachable target is flagged with the best figure", func(t *testing.T) {
		in := in
		in.Targets = ServiceTargets{TokensPerSecPerSequence: 5000}
		r := mustRecommend(t, in, h20(t), Prefs{})
		f := r.Pick.Service
		if f == nil || len(f.Unmet) != 1 || f.Unmet[0].Target != TargetTokensPerSec || f.Unmet[0].Best <= 0 || f.Unmet[0].Best >= 5000 {
			t.Fatalf("fit %+v, want the speed target unmet with its best figure", f)
		}
		found := false
		for _, n := range r.Notes {
			if n.ID == "sizing.service.unreachable" {
				found = true
			}
		}
		if !found || r.Pick.Count != plain.Pick.Count {
			t.Errorf("notes %v, count %d; want the unreachable note and the memory-fit count %d", r.Notes, r.Pick.Count, plain.Pick.Count)
		}
	})
	t.Run("bad targets name the field", func(t *testing.T) {
		for _, tt := range []struct {
			in    Input
			field string
		}{
			{Input{Workload: Inference, Model: "qwen3-8b", ContextTokens: 1024, Concurrency: 1, Targets: ServiceTargets{TokensPerSecPerSequence: -1}}, "service_targets.tokens_per_sec_per_sequence"},
			{Input{Workload: LoRA, Model: "qwen3-8b", ContextTokens: 1024, Concurrency: 1, Targets: ServiceTargets{TimeToFirstTokenS: 1}}, "service_targets"},
		} {
			_, err := Estimate(tt.in)
			if got := fieldOf(err); got != tt.field {
				t.Errorf("%+v: %v, want %s", tt.in.Targets, err, tt.field)
			}
		}
	})
}

// fieldOf is the field an error names, "" for none.
func fieldOf(err error) string {
	var fe *fielderr.Error
	if errors.As(err, &fe) {
		return fe.Field
	}
	return ""
}

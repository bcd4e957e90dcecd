package sizing

import (
	"testing"

	"github.com/gpuplan/gpuplan/shared/catalog"
)

func benchCards() []catalog.Card {
	if cards := catalog.All(); len(cards) > 0 {
		return cards
	}
	return fixtureCards()
}

// BenchmarkRecommend sizes Llama-3.1-70B serving over the whole catalogue.
func BenchmarkRecommend(b *testing.B) {
	cards := benchCards()
	in := infer("llama-3.1-70b", 8192, 16)
	for b.Loop() {
		if _, err := Recommend(in, cards, Prefs{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRecommendPretrain sizes a time-bound 405B pretraining run, the
// case that searches the most card counts.
func BenchmarkRecommendPretrain(b *testing.B) {
	cards := benchCards()
	in := Input{Workload: Pretrain, Model: "llama-3.1-405b", ContextTokens: 8192, Concurrency: 1, TokensToTrain: 15e12, TargetDays: 90}
	for b.Loop() {
		if _, err := Recommend(in, cards, Prefs{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkEstimate sizes one job's memory.
func BenchmarkEstimate(b *testing.B) {
	in := Input{Workload: QLoRA, Model: "qwen2.5-72b", ContextTokens: 4096, Concurrency: 2}
	for b.Loop() {
		if _, err := Estimate(in); err != nil {
			b.Fatal(err)
		}
	}
}

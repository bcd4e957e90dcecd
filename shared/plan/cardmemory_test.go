package plan_test

import (
	"math"
	"testing"

	"github.com/gpuplan/gpuplan/internal/testkit"
	"github.com/gpuplan/gpuplan/shared/plan"
)

// TestCardMemory: the per-card split of inference-70b's golden plan, two
// H20s at 77.4 GiB each (rule G4). Weights 131.42 GiB shard to 65.71 a card,
// the overhead is 1 GiB, and the 10.69 GiB left go to the KV cache (20 GiB
// in all) and the activations (1.38) in proportion: 10.00 and 0.69. An H20
// reports 97871 MiB (95.58 GiB), of which a plan fills at most 90%.
func TestCardMemory(t *testing.T) {
	p := testkit.DecodeFile(t, "testdata/inference-70b.plan.json", plan.Decode)
	got := p.CardMemory()
	for _, c := range []struct {
		name      string
		got, want float64
	}{
		{"weights", got.Weights, 65.71},
		{"kv cache", got.KVCache, 10.00},
		{"activations", got.Activations, 0.69},
		{"training states", got.TrainingStates, 0},
		{"overhead", got.Overhead, 1},
		{"needed", got.Needed, 77.4},
		{"total", got.Total, 97871.0 / 1024},
		{"usable", got.Usable, 0.9 * 97871 / 1024},
	} {
		if math.Abs(c.got-c.want) > 0.005 {
			t.Errorf("%s = %.4f GiB, want %.2f", c.name, c.got, c.want)
		}
	}
	if sum := got.Weights + got.KVCache + got.Activations + got.TrainingStates + got.Overhead; math.Abs(sum-got.Needed) > 1e-9 {
		t.Errorf("parts sum to %.4f GiB, want the per-card %.1f", sum, got.Needed)
	}

	// A card the catalogue does not know has no limits to draw.
	p.GPU.ID = "no-such-card"
	if c := p.CardMemory(); c.Total != 0 || c.Usable != 0 {
		t.Errorf("unknown card: total %v, usable %v; want 0", c.Total, c.Usable)
	}
}

package plan

import (
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/sizing"
)

// CardMemory is what one card of the chosen option holds, in GiB (rule
// G4): the parts of the per-card figure and the card's limits.
type CardMemory struct {
	Weights, KVCache, Activations, TrainingStates, Overhead float64
	// Needed is the plan's per-card figure (GPU.PerCardGiB).
	Needed float64
	// Usable is the share of the card a plan may fill
	// (sizing.UsableFraction); Total is the card's memory as NVML reports
	// it. Both are 0 for a card missing from the catalogue.
	Usable, Total float64
}

// CardMemory splits the chosen card's per-card memory into its parts.
// Weights, training states and the overhead are exact per card (sharded
// evenly, as the sizing does); the KV cache and the activations share the
// rest of the per-card figure in proportion to their totals, since the
// plan does not keep the tensor-parallel split.
func (p *Plan) CardMemory() CardMemory {
	g, mem := p.GPU, p.Sizing.MemoryGiB
	n := float64(max(g.Count, 1))
	c := CardMemory{
		Weights:        mem.Weights / n,
		TrainingStates: mem.TrainingStates / n,
		Overhead:       mem.Overhead,
		Needed:         g.PerCardGiB,
	}
	rest := g.PerCardGiB - c.Weights - c.TrainingStates - c.Overhead
	if both := mem.KVCache + mem.Activations; both > 0 && rest > 0 {
		c.KVCache = rest * mem.KVCache / both
		c.Activations = rest - c.KVCache
	}
	if card, ok := catalog.ByID(g.ID); ok {
		c.Total = card.MemoryMiB.Value / 1024
		c.Usable = sizing.UsableFraction * c.Total
	}
	return c
}

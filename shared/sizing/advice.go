package sizing

import (
	"fmt"
	"strings"
)

// advice writes the recommendation's notes: how the pick relates to the
// articles' bucket (rule G4) and what a buyer must know about it.
func (j job) advice(rec Recommendation, b bucket) []string {
	p := rec.Pick
	notes := []string{b.text + "."}
	notes = append(notes, j.bucketVerdict(rec, b))
	if alt, ok := cheaperOffBucket(rec); ok {
		notes = append(notes, fmt.Sprintf("A cheaper card outside the bucket also fits: %d× %s at %s CNY %s against %s CNY %s.", alt.Count, alt.CardID, alt.costText, alt.costLabel, p.costText, p.costLabel))
	}
	if p.headroom < tightShare*p.UsableGiB {
		notes = append(notes, fmt.Sprintf("Tight: %.1f GiB free per card of %.1f usable; a longer context, more sequences or a framework update may not fit. Consider %d cards or a narrower precision.", p.headroom, p.UsableGiB, nextCount(p.Count)))
	}
	if p.Nodes > 1 {
		notes = append(notes, fmt.Sprintf("%d nodes of %d cards: the nodes need InfiniBand or RoCE between them (Llama 2 trained over 200 Gbps).", p.Nodes, CardsPerNode))
	}
	if p.Interconnect == PCIe && p.TP > 1 {
		notes = append(notes, "Tensor parallelism over PCIe: decode is slower than the bandwidth estimate on NVLink cards.")
	}
	if j.Workload.Training() && Family(p.CardID) == "h20" {
		notes = append(notes, "The H20's dense BF16 is 148 TFLOPS, 15% of an H100: training takes far longer per card; give tokens_to_train to rank by the cost of the whole run.")
	}
	if p.card.Domestic {
		notes = append(notes, p.CardID+": the software stack is CANN (MindSpore/MindSpeed, MindIE or vllm-ascend), not CUDA; run your own model and kernels on it before committing.")
	}
	for _, c := range p.card.Caveats {
		notes = append(notes, p.CardID+": "+c)
	}
	return notes
}

// bucketVerdict says whether the bucket holds, and where the memory math
// or a preference overrides it.
func (j job) bucketVerdict(rec Recommendation, b bucket) string {
	p, m := rec.Pick, rec.Memory
	if p.InBucket && p.Count == 1 {
		return "The bucket holds: one card carries the job."
	}
	if p.InBucket && p.memCount > 0 && p.Count > p.memCount {
		return fmt.Sprintf("The bucket holds for the card type; the %g-day target sets the count: memory alone needs %d× %s, and %d train %.3g tokens in time at the likely MFU.",
			j.TargetDays, p.memCount, p.CardID, p.Count, j.TokensToTrain)
	}
	if p.InBucket {
		need := fmt.Sprintf("%.1f GiB of weights and states, %.1f GiB of KV cache and %.1f GiB of activations", m.WeightsGiB+m.TrainingStatesGiB, m.KVCacheGiB, m.ActivationsGiB)
		if j.Workload == HPC {
			need = fmt.Sprintf("a %.1f GiB working set", m.ActivationsGiB)
		}
		return fmt.Sprintf("The bucket holds for the card type; the memory math (rule G4) sets the count: %s need %d× %s (%.1f GiB per card of %.1f usable).",
			need, p.Count, p.CardID, p.PerCardGiB, p.UsableGiB)
	}
	var lost []string
	for _, o := range rec.Alternatives {
		if o.InBucket {
			lost = append(lost, o.CardID+" "+o.Reason)
		}
	}
	if len(lost) == 0 {
		return "No card of the bucket is in the catalogue; the memory math (rule G4) picks " + p.CardID + "."
	}
	return fmt.Sprintf("The memory math overrides the bucket (rule G4): %s. It picks %d× %s instead.", strings.Join(lost, "; "), p.Count, p.CardID)
}

// cheaperOffBucket finds the best qualifying card outside the bucket that
// costs less than an in-bucket pick on no more nodes.
func cheaperOffBucket(rec Recommendation) (Option, bool) {
	p := rec.Pick
	if !p.InBucket || !p.priced {
		return Option{}, false
	}
	for _, o := range rec.Alternatives {
		if o.Fits && o.Eligible && !o.InBucket && o.priced && o.cost.LessThan(p.cost) && o.Nodes <= p.Nodes {
			return o, true
		}
	}
	return Option{}, false
}

// nextCount is the next card count after n.
func nextCount(n int) int {
	if n < CardsPerNode {
		return 2 * n
	}
	return n + CardsPerNode
}

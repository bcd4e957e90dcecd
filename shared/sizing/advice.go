package sizing

import (
	"fmt"

	"github.com/gpuplan/gpuplan/shared/msg"
	"github.com/gpuplan/gpuplan/shared/planfile"
)

// advice writes the recommendation's notes: how the pick relates to the
// articles' bucket (rule G4) and what a buyer must know about it.
func (j *job) advice(rec Recommendation, b bucket) []msg.M {
	p := rec.Pick
	notes := []msg.M{msg.New("sizing.sentence", msg.Sub(b.text))}
	notes = append(notes, j.bucketVerdict(rec, b))
	if alt, ok := cheaperOffBucket(rec); ok {
		notes = append(notes, msg.New("sizing.advice.cheaper_off_bucket", msg.Int(alt.Count), msg.Text(alt.CardID), costArg(alt), costArg(p)))
	}
	if p.headroom < tightShare*p.UsableGiB {
		notes = append(notes, msg.New("sizing.advice.tight", msg.Num(p.headroom, 1), msg.Num(p.UsableGiB, 1), msg.Int(nextCount(p.Count))))
	}
	if p.Nodes > 1 {
		notes = append(notes, msg.New("sizing.advice.nodes", msg.Int(p.Nodes), msg.Int(CardsPerNode)))
	}
	if p.Interconnect == planfile.PCIe && p.TP > 1 {
		notes = append(notes, msg.New("sizing.advice.pcie_tp"))
	}
	if j.Workload.Training() && Family(p.CardID) == "h20" {
		notes = append(notes, msg.New("sizing.advice.h20"))
	}
	if p.card.Domestic {
		notes = append(notes, msg.New("sizing.advice.cann", msg.Text(p.CardID)))
	}
	for _, c := range p.card.Caveats {
		notes = append(notes, msg.New("sizing.advice.caveat", msg.Text(p.CardID), msg.Sub(c.M)))
	}
	return notes
}

// bucketVerdict says whether the bucket holds, and where the memory math
// or a preference overrides it.
func (j *job) bucketVerdict(rec Recommendation, b bucket) msg.M {
	p, m := rec.Pick, rec.Memory
	if p.InBucket && p.Count == 1 {
		return msg.New("sizing.verdict.one_card")
	}
	if p.InBucket && p.Service != nil && p.memCount > 0 && p.Count > p.memCount {
		return msg.New("sizing.verdict.service", msg.Int(p.memCount), msg.Text(p.CardID), msg.Int(p.Count), setByArg(p.Service.SetBy))
	}
	if p.InBucket && p.memCount > 0 && p.Count > p.memCount {
		return msg.New("sizing.verdict.target", msg.Fig(j.TargetDays), msg.Int(p.memCount), msg.Text(p.CardID),
			msg.Int(p.Count), msg.Text(fmt.Sprintf("%.3g", j.TokensToTrain)))
	}
	if p.InBucket {
		need := msg.New("sizing.verdict.need", msg.Num(m.WeightsGiB+m.TrainingStatesGiB, 1), msg.Num(m.KVCacheGiB, 1), msg.Num(m.ActivationsGiB, 1))
		if j.Workload == HPC {
			need = msg.New("sizing.verdict.need_hpc", msg.Num(m.ActivationsGiB, 1))
		}
		return msg.New("sizing.verdict.math", msg.Sub(need), msg.Int(p.Count), msg.Text(p.CardID), msg.Num(p.PerCardGiB, 1), msg.Num(p.UsableGiB, 1))
	}
	var parts []msg.M
	for _, o := range rec.Alternatives {
		if o.InBucket {
			parts = append(parts, msg.New("sizing.verdict.lost", msg.Text(o.CardID), msg.Sub(o.Reason)))
		}
	}
	lost := msg.List(parts...)
	if lost.IsZero() {
		return msg.New("sizing.verdict.no_bucket_card", msg.Text(p.CardID))
	}
	return msg.New("sizing.verdict.override", msg.Sub(lost), msg.Int(p.Count), msg.Text(p.CardID))
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

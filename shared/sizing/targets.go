package sizing

import (
	"fmt"
	"math"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// ServiceTargets are what an inference service must deliver, each 0 when
// not asked. The plan sizes replicas × tensor parallel so that every given
// target holds at the likely estimate.
type ServiceTargets struct {
	// TokensPerSecPerSequence is the decode speed one user must see, in
	// steady state at the sheet's concurrency.
	TokensPerSecPerSequence float64 `json:"tokens_per_sec_per_sequence,omitempty"`
	// TimeToFirstTokenS is the longest wait for the first token, in
	// seconds, at the sheet's prompt length and concurrency.
	TimeToFirstTokenS float64 `json:"time_to_first_token_s,omitempty"`
	// RequestsPerMinute is the request rate the service must sustain. By
	// Little's law it needs rate × (time to first token + decode time)
	// requests in flight; when that is more than the sheet's concurrency,
	// the plan serves that many.
	RequestsPerMinute float64 `json:"requests_per_minute,omitempty"`
}

// Target limits: they catch typing mistakes.
const (
	MaxTargetTokensPerSec = 100000
	MaxTargetTTFTSeconds  = 3600
	MaxTargetRPM          = 1e7
)

// The target names, as the sheet spells them.
const (
	TargetTokensPerSec = "tokens_per_sec_per_sequence"
	TargetTTFT         = "time_to_first_token_s"
	TargetRPM          = "requests_per_minute"
	// SetByMemory says no target raised the count above the memory fit.
	SetByMemory = "memory"
)

// Set reports whether any target is given.
func (t ServiceTargets) Set() bool {
	return t.TokensPerSecPerSequence > 0 || t.TimeToFirstTokenS > 0 || t.RequestsPerMinute > 0
}

func (t ServiceTargets) validate() error {
	for _, f := range []struct {
		name   string
		v, max float64
	}{{TargetTokensPerSec, t.TokensPerSecPerSequence, MaxTargetTokensPerSec}, {TargetTTFT, t.TimeToFirstTokenS, MaxTargetTTFTSeconds}, {TargetRPM, t.RequestsPerMinute, MaxTargetRPM}} {
		if !(f.v >= 0 && f.v <= f.max) {
			return figErr("service_targets."+f.name, f.v, zeroOr("want.zero.no_target", wantIn("want.noun.number", fmt.Sprintf("(0, %g]", f.max))))
		}
	}
	return nil
}

// ServiceFit is how one card type meets the service targets: replicas of
// a tensor- (and pipeline-) parallel group, the figures they reach at the
// likely estimate, which target set the count and which cannot be met.
type ServiceFit struct {
	Replicas        int `json:"replicas"`
	CardsPerReplica int `json:"cards_per_replica"`
	// Sequences is how many requests are in flight: the sheet's
	// concurrency, or more when requests_per_minute needs more.
	Sequences int `json:"sequences"`
	// PerReplica is the sequences each replica serves.
	PerReplica int `json:"sequences_per_replica"`
	// TokensPerSecPerSequence, TimeToFirstTokenS and RequestsPerMinute are
	// what the replicas reach (low / likely / high).
	TokensPerSecPerSequence Range `json:"tokens_per_sec_per_sequence"`
	TimeToFirstTokenS       Range `json:"time_to_first_token_s"`
	RequestsPerMinute       Range `json:"requests_per_minute"`
	// SetBy names what set the count: SetByMemory or the targets the
	// memory fit misses.
	SetBy []string `json:"set_by"`
	// Unmet are the targets no count of this card meets.
	Unmet []TargetMiss `json:"unmet,omitempty"`
}

// TargetMiss is a target a card cannot meet and the best it reaches: the
// fastest decode or the shortest first-token wait with one sequence per
// replica on the widest tensor-parallel group.
type TargetMiss struct {
	Target string  `json:"target"`
	Wanted float64 `json:"wanted"`
	Best   float64 `json:"best"`
}

// serving is one candidate configuration evaluated against the targets.
type serving struct {
	size, replicas, seqs, perReplica int
	tp, pp                           int
	perCard                          float64
	fits                             bool
	speed, ttft, rpm                 Range
}

// misses lists the targets a configuration does not meet at the likely
// estimate.
func (j *job) misses(s serving) []string {
	var out []string
	t := j.Targets
	if t.TokensPerSecPerSequence > 0 && s.speed.Likely < t.TokensPerSecPerSequence {
		out = append(out, TargetTokensPerSec)
	}
	if t.TimeToFirstTokenS > 0 && s.ttft.Likely > t.TimeToFirstTokenS {
		out = append(out, TargetTTFT)
	}
	if t.RequestsPerMinute > 0 && (s.rpm.Likely < t.RequestsPerMinute || !s.fits) {
		out = append(out, TargetRPM)
	}
	return out
}

// evaluate works out replicas of size cards serving the sheet's sequences.
// With requests_per_minute each replica takes more sequences, if need be,
// until it completes its share of the requests: throughput rises with the
// batch (Little's law: rate × time in the system = requests in flight).
func (j *job) evaluate(base Memory, c *catalog.Card, usable float64, size, replicas int) serving {
	b := (j.Concurrency + replicas - 1) / replicas
	s := j.at(base, c, usable, size, replicas, b)
	rpm := j.Targets.RequestsPerMinute
	if rpm <= 0 || s.rpm.Likely >= rpm {
		return s
	}
	lo, hi := b, b
	for s.rpm.Likely < rpm {
		if hi >= MaxConcurrency || !s.fits {
			return s
		}
		lo, hi = hi+1, min(2*hi, MaxConcurrency)
		s = j.at(base, c, usable, size, replicas, hi)
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if j.at(base, c, usable, size, replicas, mid).rpm.Likely >= rpm {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return j.at(base, c, usable, size, replicas, hi)
}

// at works out replicas of size cards serving perReplica sequences each.
func (j *job) at(base Memory, c *catalog.Card, usable float64, size, replicas, perReplica int) serving {
	s := serving{size: size, replicas: replicas, perReplica: perReplica, seqs: max(j.Concurrency, replicas*perReplica)}
	r := *j
	r.Concurrency = perReplica
	mem := r.servingMemory(base)
	s.tp, s.pp, _, s.perCard = r.layout(mem, c, size)
	s.fits = s.perCard <= usable
	calc := r.decodeSteps(mem, c, s.tp, float64(perReplica))
	s.speed = calc.perSequence()
	s.ttft = calc.firstToken(j.prompt())
	out := float64(j.OutputTokens)
	rate := func(v float64) float64 { return 60 * float64(replicas*perReplica) * v / out }
	s.rpm = Range{Low: rate(s.speed.Low), Likely: rate(s.speed.Likely), High: rate(s.speed.High)}
	return s
}

// servingMemory is base (the job's memory at the sheet's concurrency)
// with the KV cache and activations of j's concurrency: the figures layout
// and decodeSteps read, without the notes.
func (j *job) servingMemory(base Memory) Memory {
	m := base
	m.Notes = nil
	m.KVCacheGiB = j.model.KVBytes(float64(j.ContextTokens), j.kvValueBytes()) * float64(j.Concurrency) / GiB
	m.ActivationsGiB = j.inferenceActivationBytes() / GiB
	m.TotalGiB = m.WeightsGiB + m.KVCacheGiB + m.ActivationsGiB + m.TrainingStatesGiB + m.OverheadGiB
	return m
}

// ok reports whether a configuration fits memory and meets every target.
func (j *job) ok(s serving) bool { return s.fits && len(j.misses(s)) == 0 }

// fitTargets grows an option that holds the job in memory until every
// service target holds, trying replica groups of the memory-fit size and
// wider tensor-parallel groups inside a node, and as many replicas of each
// as needed. It sets the option's count and layout and returns the fit.
func (j *job) fitTargets(mem Memory, c *catalog.Card, o *Option) *ServiceFit {
	base := j.evaluate(mem, c, o.UsableGiB, o.Count, 1)
	sizes := []int{o.Count}
	// Wider groups help speed and the first token; the request rate alone
	// is met by replicas of the memory-fit size.
	for s := 2 * o.Count; s <= CardsPerNode && j.model.validTP(s) && !onlyRPM(j.misses(base)); s *= 2 {
		sizes = append(sizes, s)
	}
	best, found := base, j.ok(base)
	if found {
		sizes = nil // the memory fit meets every target: nothing smaller exists
	}
	for _, size := range sizes {
		s, ok := j.fewestReplicas(mem, c, o.UsableGiB, size)
		if ok && (!found || s.size*s.replicas < best.size*best.replicas) {
			best, found = s, true
		}
	}
	fit := &ServiceFit{SetBy: []string{SetByMemory}}
	if !found {
		fit.Unmet = j.unmet(mem, c, o.UsableGiB, sizes[len(sizes)-1])
		best = base
	} else if best.size*best.replicas > o.Count || best.seqs > j.Concurrency {
		fit.SetBy = j.binding(base)
	}
	if best.fits && best.size*best.replicas > o.Count {
		o.memCount = o.Count
	}
	if best.fits {
		o.Count, o.TP, o.PP, o.DP, o.PerCardGiB = best.size*best.replicas, best.tp, best.pp, best.replicas, best.perCard
	}
	fit.Replicas, fit.CardsPerReplica, fit.Sequences, fit.PerReplica = best.replicas, best.size, best.seqs, best.perReplica
	fit.TokensPerSecPerSequence, fit.TimeToFirstTokenS, fit.RequestsPerMinute = best.speed, best.ttft, best.rpm
	return fit
}

// binding names the targets the memory fit misses: they set the count.
// requests_per_minute binds when the sequences it puts in flight do not
// fit the memory-fit count.
func (j *job) binding(base serving) []string {
	out := j.misses(base)
	if len(out) == 0 {
		return []string{SetByMemory}
	}
	return out
}

// fewestReplicas finds the fewest replicas of size cards that meet every
// target, by doubling and then bisection (more replicas serve fewer
// sequences each, so each replica only gets faster).
func (j *job) fewestReplicas(base Memory, c *catalog.Card, usable float64, size int) (serving, bool) {
	limit := MaxCards / size
	lo, hi := 1, 1
	s := j.evaluate(base, c, usable, size, 1)
	for !j.ok(s) {
		if hi >= limit || (s.perReplica <= 1 && !onlyRPM(j.misses(s))) {
			return s, false
		}
		lo, hi = hi+1, min(2*hi, limit)
		s = j.evaluate(base, c, usable, size, hi)
	}
	for lo < hi {
		mid := (lo + hi) / 2
		if j.ok(j.evaluate(base, c, usable, size, mid)) {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return j.evaluate(base, c, usable, size, hi), true
}

// onlyRPM reports whether the request rate is the only target missed: more
// replicas always add throughput, but not speed once each serves one
// sequence.
func onlyRPM(missed []string) bool { return len(missed) == 1 && missed[0] == TargetRPM }

// unmet lists the targets no configuration of this card meets, each with
// the best figure: one sequence per replica on the widest group.
func (j *job) unmet(base Memory, c *catalog.Card, usable float64, size int) []TargetMiss {
	s := j.evaluate(base, c, usable, size, max(1, j.Concurrency))
	var out []TargetMiss
	for _, name := range j.misses(s) {
		switch name {
		case TargetTokensPerSec:
			out = append(out, TargetMiss{Target: name, Wanted: j.Targets.TokensPerSecPerSequence, Best: s.speed.Likely})
		case TargetTTFT:
			out = append(out, TargetMiss{Target: name, Wanted: j.Targets.TimeToFirstTokenS, Best: s.ttft.Likely})
		case TargetRPM:
			out = append(out, TargetMiss{Target: name, Wanted: j.Targets.RequestsPerMinute, Best: s.rpm.Likely})
		}
	}
	if len(out) == 0 && !s.fits {
		out = append(out, TargetMiss{Target: TargetRPM, Wanted: j.Targets.RequestsPerMinute, Best: s.rpm.Likely})
	}
	return out
}

// applyTargets makes the options that miss a target ineligible when some
// card meets them all; when none does, every option stays and the
// recommendation says which target is out of reach and the best figure.
func applyTargets(opts []Option) {
	met := false
	for _, o := range opts {
		if o.Service != nil && o.Fits && len(o.Service.Unmet) == 0 {
			met = true
		}
	}
	if !met {
		return
	}
	for i, o := range opts {
		if o.Service != nil && o.Fits && o.Eligible && len(o.Service.Unmet) > 0 {
			opts[i].Eligible, opts[i].Reason = false, missReason(o.Service.Unmet[0])
		}
	}
}

// missReason says that a card cannot meet a target and what it reaches.
func missReason(m TargetMiss) msg.M {
	return msg.New("sizing.service.unmet."+m.Target, msg.Num(m.Wanted, 2), msg.Num(m.Best, 2))
}

// serviceNotes explain how the pick meets the targets, or which ones no
// card meets and the best any card reaches.
func serviceNotes(p Option, opts []Option) []msg.M {
	f := p.Service
	if f == nil {
		return nil
	}
	var notes []msg.M
	if len(f.Unmet) == 0 {
		notes = append(notes, msg.New("sizing.service.fit", msg.Int(f.Replicas), msg.Int(f.CardsPerReplica), msg.Int(f.Sequences),
			msg.Int(f.PerReplica), msg.Num(f.TokensPerSecPerSequence.Likely, 1), msg.Num(f.TimeToFirstTokenS.Likely, 2),
			msg.Num(f.RequestsPerMinute.Likely, 0), setByArg(f.SetBy)))
		return notes
	}
	for _, m := range f.Unmet {
		bestCard, best := bestReach(m.Target, opts)
		notes = append(notes, msg.New("sizing.service.unreachable", msg.Sub(missReason(m)), msg.Text(bestCard), msg.Num(best, 2)))
	}
	return notes
}

// bestReach is the card that comes closest to a target and its figure.
func bestReach(target string, opts []Option) (string, float64) {
	id, best := "", math.NaN()
	for _, o := range opts {
		if o.Service == nil {
			continue
		}
		for _, m := range o.Service.Unmet {
			if m.Target != target {
				continue
			}
			better := math.IsNaN(best) || (target == TargetTTFT && m.Best < best) || (target != TargetTTFT && m.Best > best)
			if better {
				id, best = o.CardID, m.Best
			}
		}
	}
	return id, best
}

// setByArg names what set the count in the reader's language.
func setByArg(names []string) msg.Arg {
	parts := make([]msg.M, len(names))
	for i, n := range names {
		parts[i] = msg.New("sizing.service.by." + n)
	}
	return msg.Sub(msg.List(parts...))
}

package acceptance

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/facts"
	"github.com/gpuplan/gpuplan/shared/msg"
)

// Tolerances of the identity signals of fake, refurbished and down-binned
// cards, compared against a per-SKU table. NVML reports what the VBIOS
// claims, so each signal alone is spoofable; together they catch a
// relabelled, down-binned, power-capped or memory-modded card.
const (
	// memoryTolerance is how far the reported framebuffer may be from the
	// catalogue figure, either way: GDDR cards lose 6.25% to ECC when it is
	// on, so ±7% keeps both ECC states and still catches a 48 GB "4090" or
	// a 40 GB card sold as 80 GB.
	memoryTolerance = 0.07
	// powerTolerance and clockTolerance are how far below the catalogue the
	// default power limit and the max SM clock may be. Higher is fine: some
	// boards ship with a higher limit (the A100-SXM4-80GB fixture reports
	// 500 W against 400 W in the datasheet).
	powerTolerance = 0.05
	clockTolerance = 0.02
)

// signal is one identity signal of one GPU compared with one card.
type signal struct {
	name     string // "name", "PCI device id", ...
	measured string // what the GPU says, or "unavailable (reason)"
	expected string // what the card has, "" when the catalogue has no figure
	read     bool   // the GPU reported it
	agree    bool   // it matches (only meaningful when read and expected != "")
	limit    bool   // a power or clock limit (rule A2) rather than identity (A1)
	reason   msg.M  // why it is unavailable, when not read
	want     msg.M  // expected as a message, zero when expected is ""
}

// compareCard compares the five identity signals of g with card c.
func compareCard(g facts.GPU, c catalog.Card) []signal {
	return []signal{
		textSignal("name", g.Name, c.ProductNames),
		textSignal("PCI device id", g.PCIDeviceID, c.PCIDeviceIDs),
		memorySignal(g.MemoryTotalMiB, c.MemoryMiB),
		lowerBoundSignal("default power limit", "W", g.DefaultPowerLimitW, c.DefaultPowerW, powerTolerance),
		lowerBoundSignal("max SM clock", "MHz", intAsFloat(g.MaxSMClockMHz), c.MaxSMClockMHz, clockTolerance),
	}
}

func textSignal(name string, v facts.Value[string], allowed []string) signal {
	s := signal{name: name, measured: v.String(), expected: strings.Join(allowed, " or "), reason: v.Reason()}
	if len(allowed) > 0 {
		names := make([]msg.M, len(allowed))
		for i, a := range allowed {
			names[i] = msg.New("acc.text", msg.Text(a))
		}
		s.want = joined("acc.or", names)
	}
	got, ok := v.Get()
	if !ok {
		return s
	}
	s.read = true
	s.measured = got
	for _, a := range allowed {
		if strings.EqualFold(strings.TrimSpace(got), a) {
			s.agree = true
		}
	}
	return s
}

func memorySignal(v facts.Value[int64], spec catalog.Spec) signal {
	s := signal{name: "memory", measured: v.String(), reason: v.Reason()}
	if spec.Known() {
		s.expected = fmt.Sprintf("%.0f MiB ±%.0f%%", spec.Value, memoryTolerance*100)
		s.want = msg.New("acc.x.mib_tolerance", msg.Text(fmt.Sprintf("%.0f", spec.Value)), msg.Text(fmt.Sprintf("%.0f", memoryTolerance*100)))
	}
	got, ok := v.Get()
	if !ok {
		return s
	}
	s.read = true
	s.measured = fmt.Sprintf("%d MiB", got)
	s.agree = math.Abs(float64(got)-spec.Value) <= spec.Value*memoryTolerance
	return s
}

func lowerBoundSignal(name, unit string, v facts.Value[float64], spec catalog.Spec, tol float64) signal {
	s := signal{name: name, measured: v.String(), limit: true, reason: v.Reason()}
	if spec.Known() {
		s.expected = fmt.Sprintf("≥ %s %s less %.0f%%", trimFloat(spec.Value), unit, tol*100)
		s.want = msg.New("acc.x.less", msg.Text(trimFloat(spec.Value)), msg.Text(unit), msg.Text(fmt.Sprintf("%.0f", tol*100)))
	}
	got, ok := v.Get()
	if !ok {
		return s
	}
	s.read = true
	s.measured = trimFloat(got) + " " + unit
	s.agree = got >= spec.Value*(1-tol)
	return s
}

// intAsFloat turns an int fact into a float one; a zero clock (vGPU guests
// print 0 MHz) counts as unavailable.
func intAsFloat(v facts.Value[int]) facts.Value[float64] {
	n, ok := v.Get()
	if !ok {
		return facts.Unavailable[float64](v.Reason())
	}
	if n <= 0 {
		return facts.Unavailable[float64](msg.New("facts.reason.reported_as", msg.Text(strconv.Itoa(n))))
	}
	return facts.Known(float64(n))
}

// disagreements counts the signals that were read, have a catalogue figure
// and do not match.
func disagreements(sig []signal) int {
	n := 0
	for _, s := range sig {
		if s.read && s.expected != "" && !s.agree {
			n++
		}
	}
	return n
}

// bestCard returns the plan card closest to g: the one with the fewest
// disagreeing signals (the first in plan order on a tie), and its signals.
// ok is false when the plan names no catalogue card.
func bestCard(g facts.GPU, cards []catalog.Card) (catalog.Card, []signal, bool) {
	if len(cards) == 0 {
		return catalog.Card{}, nil, false
	}
	best, bestSig := cards[0], compareCard(g, cards[0])
	for _, c := range cards[1:] {
		sig := compareCard(g, c)
		if disagreements(sig) < disagreements(bestSig) {
			best, bestSig = c, sig
		}
	}
	return best, bestSig, true
}

// identity checks that GPU g is one of the plan's cards. The rule is A1
// (model and memory as contracted), or A2 when only the power limit or the
// max clock disagrees (a down-binned or capped card).
func (r *run) identity(g facts.GPU) Result {
	res := Result{ID: gpuID(g, "identity"), Rule: "A1"}
	res.Expect(r.cardList())
	card, sig, ok := bestCard(g, r.cards)
	if !ok {
		res.Measure(nameOf(g))
		res.Say(Skip, msg.New("acc.identity.unknown", msg.Text(r.unknownIDs())))
		return res
	}
	res.Expect(msg.New("acc.x.card", msg.Text(card.ID), msg.Sub(expectedSignals(sig))))
	res.Measure(measuredSignals(sig))
	var wrong, unread, uncatalogued []msg.M
	read, limits := 0, 0
	for _, s := range sig {
		name := msg.Label(signalLabels[s.name])
		switch {
		case !s.read:
			unread = append(unread, msg.New("acc.identity.signal", name, msg.Text(s.measured)))
		case s.expected == "":
			uncatalogued = append(uncatalogued, msg.New("acc.text", name))
			read++
		case !s.agree:
			wrong = append(wrong, msg.New("acc.identity.wrong", name, msg.Text(s.measured), msg.Text(s.expected)))
			read++
			if s.limit {
				limits++
			}
		default:
			read++
		}
	}
	var note msg.M
	if len(uncatalogued) > 0 {
		note = msg.New("acc.identity.uncatalogued", msg.Sub(joined("acc.comma", uncatalogued)))
	}
	switch {
	case len(wrong) > 0:
		if limits == len(wrong) {
			res.Rule = "A2" // only the power limit or clock: a down-binned or capped card
		}
		res.Say(Fail, msg.New("acc.identity.fail", msg.Int(g.Index), msg.Text(card.Name), msg.Text(card.ID), msg.Sub(joined("acc.semi", wrong)), opt(note)))
	case read == 0:
		res.Say(Skip, msg.New("acc.identity.unread_all", msg.Sub(joined("acc.semi", unread))))
	case len(unread) > 0:
		res.Say(Warn, msg.New("acc.identity.warn", msg.Text(card.Name), msg.Sub(joined("acc.semi", unread)), opt(note)))
	default:
		res.Say(Pass, msg.New("acc.identity.pass", msg.Text(card.Name), opt(note)))
	}
	return res
}

// signalLabels are the catalogue labels of the identity signals' names.
var signalLabels = map[string]string{
	"name": "acc.signal.name", "PCI device id": "acc.signal.pci_id", "memory": "acc.signal.memory",
	"default power limit": "acc.signal.power", "max SM clock": "acc.signal.clock",
}

// joined joins messages with the catalogue's separator sep ("acc.semi":
// "a; b; c").
func joined(sep string, ms []msg.M) msg.M {
	if len(ms) == 1 {
		return ms[0]
	}
	return msg.New(sep, msg.Sub(ms[0]), msg.Sub(joined(sep, ms[1:])))
}

// expectedSignals lists what the card has: "name H100 or H200, memory
// 81559 MiB ±3%".
func expectedSignals(sig []signal) msg.M {
	parts := make([]msg.M, 0, len(sig))
	for _, s := range sig {
		if s.expected != "" {
			parts = append(parts, msg.New("acc.x.signal", msg.Label(signalLabels[s.name]), msg.Sub(s.want)))
		}
	}
	if len(parts) == 0 {
		return msg.New("acc.text", msg.Text(""))
	}
	return joined("acc.comma", parts)
}

// measuredSignals lists what the GPU says, signal by signal.
func measuredSignals(sig []signal) msg.M {
	parts := make([]msg.M, 0, len(sig))
	for _, s := range sig {
		got := msg.Text(s.measured)
		if !s.read {
			got = msg.Sub(unavailable(s.reason))
		}
		parts = append(parts, msg.New("acc.x.signal", msg.Label(signalLabels[s.name]), got))
	}
	return joined("acc.comma", parts)
}

// trimFloat formats v without trailing zeros: 700, 72.5.
func trimFloat(v float64) string {
	return fmt.Sprintf("%.10g", math.Round(v*100)/100)
}

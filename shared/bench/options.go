package bench

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/facts"
)

// OptionsFor matches the run's GPUs to the facts by PCI bus id: a matched
// GPU takes the facts' index (NVML's numbering; OptionsFor sets it in r),
// its card comes from its PCI device id (else its name) and its PCIe link
// from the facts (the highest generation and width card and slot allow).
// f may be nil; poc is the POC machine's run or nil.
func OptionsFor(r *Run, f *facts.Facts, poc *Run) Options {
	opt := Options{POC: poc, Cards: map[int]catalog.Card{}, Links: map[int]Link{}}
	if f == nil {
		return opt
	}
	for i := range r.GPUs {
		g := &r.GPUs[i]
		fg, ok := factsGPU(f, g.BusID)
		if !ok {
			continue
		}
		g.Index = fg.Index
		if card, ok := cardOfFacts(fg); ok {
			opt.Cards[g.Index] = card
		}
		gen, okGen := fg.PCIe.GenMax.Get()
		width, okWidth := fg.PCIe.WidthMax.Get()
		if okGen && okWidth {
			opt.Links[g.Index] = Link{Gen: gen, Width: width}
		}
	}
	return opt
}

// factsGPU finds the GPU with a PCI bus id in the facts.
func factsGPU(f *facts.Facts, busID string) (facts.GPU, bool) {
	if busID == "" {
		return facts.GPU{}, false
	}
	for _, g := range f.GPUs {
		if id, ok := g.BusID.Get(); ok && SameBus(id, busID) {
			return g, true
		}
	}
	return facts.GPU{}, false
}

// SameBus compares PCI bus ids written with different domain widths: CUDA
// writes "0000:07:00.0", NVML "00000000:07:00.0".
func SameBus(a, b string) bool {
	norm := func(s string) string {
		s = strings.ToLower(strings.TrimSpace(s))
		domain, rest, ok := strings.Cut(s, ":")
		if !ok {
			return s
		}
		return strings.TrimLeft(domain, "0") + ":" + rest
	}
	return norm(a) == norm(b)
}

// cardOfFacts is the catalogue card a GPU identifies as.
func cardOfFacts(g facts.GPU) (catalog.Card, bool) {
	if id, ok := g.PCIDeviceID.Get(); ok {
		if c, ok := catalog.ByPCIDeviceID(id); ok {
			return c, true
		}
	}
	if name, ok := g.Name.Get(); ok {
		return catalog.ByProductName(name)
	}
	return catalog.Card{}, false
}

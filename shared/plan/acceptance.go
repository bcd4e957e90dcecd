package plan

import (
	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/sizing"
)

// acceptanceFor derives what gpuverify demands of the delivered machine
// (rules A1–A4, K4): the exact card and count, its full memory, the
// interconnect the plan needs, no MIG slice, no vGPU slice, full PCIe
// width, and ECC on the cards that have it.
func acceptanceFor(card catalog.Card, pick sizing.Option) Acceptance {
	a := Acceptance{
		GPUCount:       pick.Count,
		GPUIDs:         []string{card.ID},
		MinMemoryMiB:   int(card.MemoryMiB.Value),
		Interconnect:   string(pick.Interconnect),
		MIG:            "off",
		Virtualization: "vm-ok",
		MinPCIeWidth:   int(card.PCIeWidth.Value),
		ECC:            "on",
	}
	// Tensor-parallel or multi-node work needs the whole machine: a VM
	// hides the topology and NVLink/IB state the plan depends on.
	if pick.Count >= 8 || pick.Nodes > 1 || pick.TP > 1 {
		a.Virtualization = "bare-metal"
	}
	// Consumer cards (RTX 4090) ship with ECC off or without it.
	if card.Vendor != "nvidia" || card.ID == "rtx-4090" {
		a.ECC = "any"
	}
	return a
}

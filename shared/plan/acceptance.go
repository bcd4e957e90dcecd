package plan

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/catalog"
	"github.com/gpuplan/gpuplan/shared/planfile"
	"github.com/gpuplan/gpuplan/shared/sizing"
)

// acceptanceFor derives what gpuverify demands of the delivered machine
// (rules A1–A4, K4): the exact card and count, its full memory, the
// interconnect the plan needs, no MIG slice, no vGPU slice, full PCIe
// width, and ECC on the cards that have it.
func acceptanceFor(card catalog.Card, pick sizing.Option) planfile.Acceptance {
	a := planfile.Acceptance{
		GPUCount:       pick.Count,
		GPUsPerNode:    (pick.Count + pick.Nodes - 1) / max(pick.Nodes, 1),
		GPUIDs:         []string{card.ID},
		MinMemoryMiB:   minMemoryMiB(card),
		Interconnect:   pick.Interconnect,
		MIG:            planfile.MIGOff,
		Virtualization: planfile.VMOK,
		MinPCIeWidth:   int(card.PCIeWidth.Value),
		ECC:            planfile.ECCOn,
	}
	// Tensor-parallel or multi-node work needs the whole machine: a VM
	// hides the topology and NVLink/IB state the plan depends on.
	if pick.Count >= 8 || pick.Nodes > 1 || pick.TP > 1 {
		a.Virtualization = planfile.BareMetal
	}
	// Consumer cards (RTX 4090) ship with ECC off or without it.
	if card.Vendor != "nvidia" || card.ID == "rtx-4090" {
		a.ECC = planfile.ECCAny
	}
	return a
}

// minMemoryMiB is the memory each delivered GPU must report: the catalogue
// figure, less the 1/16 that ECC takes on GDDR cards (an RTX 4090 shows
// 24,564 MiB with ECC off and 23,028 MiB with it on), so turning ECC on does
// not fail the check while a smaller card still does.
func minMemoryMiB(card catalog.Card) int {
	mib := int(card.MemoryMiB.Value)
	if strings.HasPrefix(card.MemoryType, "GDDR") {
		return mib * 15 / 16
	}
	return mib
}

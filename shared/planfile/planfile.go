// Package planfile is the wire contract of the plan file: the schema ids,
// the acceptance block that gpuverify checks a delivered server against,
// the values each of its fields allows, its validation and the size limit.
//
// The planner (shared/plan) writes plan files; gpuverify check, the
// evidence report (shared/report) and the site's acceptance page read them
// through this package alone, so they never import the planner. It depends
// only on the catalogue (to know the card ids) and the field-error type.
// docs/plan-file.md documents the file for its users.
package planfile

import (
	"strings"

	"github.com/gpuplan/gpuplan/shared/internal/strictjson"
)

// Schema ids of the documents the planner exchanges.
const (
	// Schema is the schema id of a plan file.
	Schema = "gpuplan.plan/v1"
	// RequirementsSchema is the schema id of a requirement sheet, which
	// every plan file also carries under "requirements".
	RequirementsSchema = "gpuplan.requirements/v1"
)

// MaxBytes bounds the plan file (and the requirement sheet) every reader
// takes: DecodeAcceptance, the planner's own decoder (plan.MaxBytes is the
// same strictjson.MaxInput), gpuverify plan, check and merge, and the
// site's import. A larger one is refused, never cut. A plan file is a few
// KiB.
const MaxBytes = strictjson.MaxInput

// Acceptance is what gpuverify will demand of the delivered machine: the
// "acceptance" block of a plan file (rules A1 to A4).
type Acceptance struct {
	// GPUCount is every GPU of the plan, all nodes together.
	GPUCount int `json:"gpu_count"`
	// GPUsPerNode is what one server must show: gpuverify runs on one node
	// at a time. Zero (absent) means GPUCount.
	GPUsPerNode int `json:"gpus_per_node,omitempty"`
	// GPUIDs are the catalogue ids accepted.
	GPUIDs []string `json:"gpu_ids"`
	// MinMemoryMiB is the least total memory each GPU must report. For
	// GDDR cards it allows the 1/16 that ECC reserves when it is on.
	MinMemoryMiB int `json:"min_memory_mib"`
	// Interconnect is one of Interconnects: the link the plan needs
	// inside and between nodes.
	Interconnect Interconnect `json:"interconnect"`
	// MIG is one of MIGModes.
	MIG MIGMode `json:"mig"`
	// Virtualization is one of Virtualizations.
	Virtualization Virtualization `json:"virtualization"`
	// MinPCIeWidth is one of PCIeWidths (lanes); 0 asks for nothing.
	MinPCIeWidth int `json:"min_pcie_width"`
	// ECC is one of ECCModes.
	ECC ECCMode `json:"ecc"`
	// MinDriver is the least driver version, dotted ("535.104.05").
	MinDriver string `json:"min_driver,omitempty"`
}

// Interconnect is what a plan needs between its cards: inside a node and,
// for several nodes, the network between them. The planner's sizing
// decides it; the plan file and the fleet report carry it.
type Interconnect string

// Plan interconnects.
const (
	NoLink   Interconnect = "none"      // a single card
	PCIe     Interconnect = "pcie"      // one node, cards without NVLink
	NVLink   Interconnect = "nvlink"    // one node, NVLink / NVSwitch
	HCCS     Interconnect = "hccs"      // one Ascend node, HCCS mesh
	PCIeIB   Interconnect = "pcie+ib"   // several nodes of PCIe cards
	NVLinkIB Interconnect = "nvlink+ib" // several NVLink nodes over InfiniBand / RoCE
	HCCSRoCE Interconnect = "hccs+roce" // several Ascend nodes over RoCE
)

// MultiNode reports whether the interconnect joins several nodes over a
// network.
func (i Interconnect) MultiNode() bool { return strings.Contains(string(i), "+") }

// NVLinked reports whether the cards of a node must share NVLink.
func (i Interconnect) NVLinked() bool { return i == NVLink || i == NVLinkIB }

// MIGMode is whether the plan accepts MIG slices of a GPU.
type MIGMode string

// MIG modes.
const (
	MIGOff     MIGMode = "off"     // whole GPUs only (rule A1)
	MIGAllowed MIGMode = "allowed" // MIG slices are acceptable
)

// Virtualization is how the plan accepts the GPUs being handed over.
type Virtualization string

// Virtualizations.
const (
	BareMetal Virtualization = "bare-metal" // no hypervisor: topology and NVLink are visible
	VMOK      Virtualization = "vm-ok"      // a VM with whole GPUs passed through; no vGPU slice
	AnyVirt   Virtualization = "any"        // no requirement
)

// ECCMode is what the plan demands of ECC.
type ECCMode string

// ECC modes.
const (
	ECCOn  ECCMode = "on"  // ECC enabled on every GPU that has it
	ECCAny ECCMode = "any" // no requirement (consumer cards)
)

// Allowed values of the acceptance fields. The empty string means the plan
// sets no requirement for that field.
var (
	Interconnects   = []string{string(NoLink), string(PCIe), string(NVLink), string(HCCS), string(PCIeIB), string(NVLinkIB), string(HCCSRoCE)}
	MIGModes        = []string{string(MIGOff), string(MIGAllowed)}
	Virtualizations = []string{string(BareMetal), string(VMOK), string(AnyVirt)}
	ECCModes        = []string{string(ECCOn), string(ECCAny)}
	PCIeWidths      = []int{0, 1, 2, 4, 8, 16, 32}
)
